import { describe, expect, it } from 'vitest';
import { computeScenarioState, computeStatusDetails, extractAtMostOneStatus, isEngineStateNeeded, isStateChangingAction, reconcileEngineState } from './reconcile';
import { createStatusDefinitions } from './status-definitions';
import type { StateActionSummary, StatusDetails } from './status-types';

const job = (name: string, versionId: number | null = 3, externalDeploymentId = 'job-1'): StatusDetails => ({
  status: { name },
  externalDeploymentId,
  version: versionId === null ? null : { versionId, processName: 's1', labels: [], user: 'admin', modelVersion: 1 },
  startTime: 1_700_000_000_000,
  errors: [],
});
const action = (actionName: string, processVersionId = 3, state: StateActionSummary['state'] = 'FINISHED'): StateActionSummary => ({
  actionName,
  processVersionId,
  state,
  user: 'admin',
});
const deploy = (v = 3, state: StateActionSummary['state'] = 'FINISHED') => action('DEPLOY', v, state);
const cancel = () => action('CANCEL');
const custom = () => action('restart-with-flag');

// [description, engine jobs, last state action, expected status name, expected problem description]
const table: [string, StatusDetails[], StateActionSummary | null, string, string?][] = [
  ['no job, no action', [], null, 'NOT_DEPLOYED'],
  ['no job after cancel', [], cancel(), 'CANCELED'],
  ['no job after a non-state custom action', [], custom(), 'NOT_DEPLOYED'],
  ['no job after deploy', [], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
  ['no job after a bounded deploy finished', [], deploy(3, 'EXECUTION_FINISHED'), 'FINISHED'],
  ['running in the deployed version', [job('RUNNING')], deploy(), 'RUNNING'],
  ['during deploy in the deployed version', [job('DURING_DEPLOY')], deploy(), 'DURING_DEPLOY'],
  ['running another version', [job('RUNNING', 2)], deploy(3), 'PROBLEM', 'Scenario deployed in version 2 by admin, expected version 3.'],
  ['running without version', [job('RUNNING', null)], deploy(3), 'PROBLEM', 'Scenario deployed without version by admin, expected version 3.'],
  ['finished after deploy', [job('FINISHED')], deploy(), 'FINISHED'],
  ['finished without version after deploy', [job('FINISHED', null)], deploy(), 'FINISHED'],
  ['canceled job although last action is deploy', [job('CANCELED')], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
  ['during cancel although last action is deploy', [job('DURING_CANCEL')], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
  ['running after cancel', [job('RUNNING')], cancel(), 'PROBLEM', 'Scenario has been canceled but still is running.'],
  ['running without any action', [job('RUNNING')], null, 'PROBLEM', 'Scenario has been never deployed but now is running.'],
  ['during deploy without any action', [job('DURING_DEPLOY')], null, 'PROBLEM', 'Scenario has been never deployed but now is running.'],
  ['finished job after cancel', [job('FINISHED')], cancel(), 'CANCELED'],
  ['during cancel after cancel', [job('DURING_CANCEL')], cancel(), 'CANCELED'],
  ['restarting after deploy', [job('RESTARTING')], deploy(), 'RESTARTING'],
  ['restarting after cancel', [job('RESTARTING')], cancel(), 'RESTARTING'],
  ['restarting without action', [job('RESTARTING')], null, 'PROBLEM', 'Scenario state error - no actions found.'],
  ['during cancel without action', [job('DURING_CANCEL')], null, 'PROBLEM', 'Scenario state error - no actions found.'],
  ['finished without action', [job('FINISHED')], null, 'PROBLEM', 'Scenario state error - no actions found.'],
  ['canceled job without action', [job('CANCELED')], null, 'CANCELED'],
  ['finished job after a custom action', [job('FINISHED')], custom(), 'FINISHED'],
  ['engine-reported problem wins', [{ ...job('PROBLEM'), status: { name: 'PROBLEM', description: 'Job failed' } }], deploy(), 'PROBLEM', 'Job failed'],
  ['two running jobs', [job('RUNNING', 3, 'a'), job('RUNNING', 3, 'b')], deploy(), 'PROBLEM', 'More than one deployment is running.'],
  ['a finished and a running job after deploy', [job('FINISHED', 2, 'old'), job('RUNNING', 3, 'new')], deploy(), 'RUNNING'],
  ['a job being cancelled next to the new one', [job('DURING_CANCEL', 2, 'old'), job('DURING_DEPLOY', 3, 'new')], deploy(), 'DURING_DEPLOY'],
  ['custom manager status not declared to follow a deploy', [job('SCHEDULED')], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
  ['custom manager status without actions', [job('SCHEDULED')], null, 'SCHEDULED'],
];

describe('reconcileEngineState', () => {
  it.each(table)('%s', (_, jobs, lastAction, expectedName, expectedDescription) => {
    const result = reconcileEngineState(jobs, lastAction);
    expect(result.status.name).toBe(expectedName);
    expect(result.status.description).toBe(expectedDescription);
  });

  describe("a manager's own status declared to follow a deploy", () => {
    const owned = new Set(['SCHEDULED']);
    // [description, engine jobs, last state action, expected status name, expected problem description]
    const ownedTable: [string, StatusDetails[], StateActionSummary | null, string, string?][] = [
      ['is proper after deploy', [job('SCHEDULED')], deploy(), 'SCHEDULED'],
      ['still checks the deployed version', [job('SCHEDULED', 2)], deploy(3), 'PROBLEM', 'Scenario deployed in version 2 by admin, expected version 3.'],
      ['without a version is a problem like running', [job('SCHEDULED', null)], deploy(3), 'PROBLEM', 'Scenario deployed without version by admin, expected version 3.'],
      ['without actions is shown as is', [job('SCHEDULED')], null, 'SCHEDULED'],
      ['another own status is still a problem after deploy', [job('WAITING_FOR_SLOT')], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
      ['a canceled job after deploy stays a problem', [job('CANCELED')], deploy(), 'PROBLEM', 'Scenario deployed in version 3 by admin is not running.'],
      ['running after cancel stays a problem', [job('RUNNING')], cancel(), 'PROBLEM', 'Scenario has been canceled but still is running.'],
    ];
    it.each(ownedTable)('%s', (_, jobs, lastAction, expectedName, expectedDescription) => {
      const result = reconcileEngineState(jobs, lastAction, owned);
      expect(result.status.name).toBe(expectedName);
      expect(result.status.description).toBe(expectedDescription);
    });

    it('comes from the definitions, and a simple status cannot be declared so', () => {
      const definitions = createStatusDefinitions([
        { name: 'SCHEDULED', displayableName: 'Scheduled', icon: '/s.svg', tooltip: 'Scheduled', description: 'Scheduled', allowedActions: ['CANCEL'], followsDeploy: true },
        { name: 'CANCELED', displayableName: 'Stopped', icon: '/c.svg', tooltip: 'Stopped', description: 'Stopped', allowedActions: ['DEPLOY'], followsDeploy: true },
        { name: 'WAITING_FOR_SLOT', displayableName: 'Waiting', icon: '/w.svg', tooltip: 'Waiting', description: 'Waiting', allowedActions: [] },
      ]);
      expect([...definitions.followingDeploy]).toEqual(['SCHEDULED']);
      const scheduled = { ...job('SCHEDULED'), attributes: { nextRunAt: '2030-01-01T00:00:00.000Z' } };
      const state = computeScenarioState({ isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [scheduled] } }, definitions);
      expect(state).toMatchObject({ status: { name: 'SCHEDULED' }, icon: '/s.svg', attributes: { nextRunAt: '2030-01-01T00:00:00.000Z' } });
      const canceled = computeStatusDetails({ isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [job('CANCELED')] } }, definitions);
      expect(canceled.status.name).toBe('PROBLEM');
      // Without the definitions the old rule holds.
      expect(computeStatusDetails({ isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [scheduled] } }).status.name).toBe('PROBLEM');
    });
  });

  it('keeps the job details (external id, version, start time) on a problem', () => {
    const result = reconcileEngineState([job('RUNNING', 2, 'job-9')], deploy(3));
    expect(result.externalDeploymentId).toBe('job-9');
    expect(result.version?.versionId).toBe(2);
    expect(result.startTime).toBe(1_700_000_000_000);
  });

  it('lists the jobs in the error of several running deployments', () => {
    const result = reconcileEngineState([job('RUNNING', 3, 'a'), job('DURING_DEPLOY', 3, 'b')], deploy());
    expect(result.errors).toEqual(['Expected one job, instead: a - RUNNING, b - DURING_DEPLOY']);
    expect(result.status.allowedActions).toEqual(['CANCEL']);
  });
});

describe('extractAtMostOneStatus', () => {
  it('is undefined without jobs and picks the first finished one when all are final', () => {
    expect(extractAtMostOneStatus([])).toBeUndefined();
    expect(extractAtMostOneStatus([job('FINISHED', 1, 'x'), job('CANCELED', 2, 'y')])?.externalDeploymentId).toBe('x');
  });
});

describe('computeStatusDetails', () => {
  const base = { isArchived: false, inProgressActionNames: [] as string[], lastStateAction: null };

  it.each([
    ['archived, never deployed', null, 'NOT_DEPLOYED', undefined],
    ['archived after cancel', cancel(), 'CANCELED', undefined],
    ['archived after a finished bounded run', deploy(3, 'EXECUTION_FINISHED'), 'FINISHED', undefined],
    ['archived while deployed', deploy(), 'PROBLEM', 'Archived scenario should be canceled.'],
    ['archived after a state-changing custom action', custom(), 'PROBLEM', 'Archived scenario should be canceled.'],
  ] as const)('%s', (_, lastStateAction, name, description) => {
    const result = computeStatusDetails({ ...base, isArchived: true, lastStateAction });
    expect(result.status.name).toBe(name);
    expect(result.status.description).toBe(description);
  });

  it('answers in-progress deploy and cancel without the engine, deploy first', () => {
    expect(computeStatusDetails({ ...base, inProgressActionNames: ['DEPLOY'] }).status.name).toBe('DURING_DEPLOY');
    expect(computeStatusDetails({ ...base, inProgressActionNames: ['CANCEL'] }).status.name).toBe('DURING_CANCEL');
    expect(computeStatusDetails({ ...base, inProgressActionNames: ['CANCEL', 'DEPLOY'] }).status.name).toBe('DURING_DEPLOY');
    expect(isEngineStateNeeded({ isArchived: false, inProgressActionNames: ['CANCEL'] })).toBe(false);
    expect(isEngineStateNeeded({ isArchived: true, inProgressActionNames: [] })).toBe(false);
  });

  it('ignores other in-progress actions and asks the engine', () => {
    expect(isEngineStateNeeded({ isArchived: false, inProgressActionNames: ['my-custom'] })).toBe(true);
    const result = computeStatusDetails({
      ...base,
      inProgressActionNames: ['my-custom'],
      lastStateAction: deploy(),
      engineState: { ok: true, statuses: [job('RUNNING')] },
    });
    expect(result.status.name).toBe('RUNNING');
  });

  it('reports an engine that did not answer as a problem with the error', () => {
    const result = computeStatusDetails({ ...base, engineState: { ok: false, error: 'connection refused' } });
    expect(result.status).toMatchObject({ name: 'PROBLEM', description: 'Failed to get a state of the scenario.' });
    expect(result.errors).toEqual(['connection refused']);
  });

  it('throws on a missing engine state where one is needed (a caller bug)', () => {
    expect(() => computeStatusDetails(base)).toThrow(/engineState is required/);
  });
});

describe('computeScenarioState', () => {
  const definitions = createStatusDefinitions();

  it('serves the reference JSON of a running scenario', () => {
    const state = computeScenarioState(
      { isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [job('RUNNING')] } },
      definitions,
    );
    expect(state).toEqual({
      externalDeploymentId: 'job-1',
      status: { name: 'RUNNING' },
      version: { versionId: 3, processName: 's1', labels: [], user: 'admin', modelVersion: 1 },
      allowedActions: ['CANCEL', 'PAUSE', 'DEPLOY'],
      icon: '/assets/states/deploy-success.svg',
      tooltip: 'The scenario has been successfully deployed and currently is running.',
      description: 'The scenario is running.',
      startTime: 1_700_000_000_000,
      attributes: null,
      errors: [],
    });
  });

  it('uses the problem message as tooltip and description, with its own allowed actions', () => {
    const state = computeScenarioState({ isArchived: true, inProgressActionNames: [], lastStateAction: deploy() }, definitions);
    expect(state).toMatchObject({
      status: { name: 'PROBLEM' },
      icon: '/assets/states/error.svg',
      tooltip: 'Archived scenario should be canceled.',
      description: 'Archived scenario should be canceled.',
      allowedActions: ['CANCEL'],
      externalDeploymentId: null,
      version: null,
    });
    const generic = computeScenarioState({ isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [] } }, definitions);
    expect(generic.allowedActions).toEqual(['DEPLOY', 'CANCEL']);
  });

  it('adds custom actions allowed in the status', () => {
    const customActions = [
      { name: 'hello', allowedStateStatusNames: ['RUNNING'], icon: null, parameters: [], isStateChanging: false },
      { name: 'never', allowedStateStatusNames: ['FINISHED'], icon: null, parameters: [], isStateChanging: false },
    ];
    const state = computeScenarioState(
      { isArchived: false, inProgressActionNames: [], lastStateAction: deploy(), engineState: { ok: true, statuses: [job('RUNNING')] } },
      definitions,
      customActions,
    );
    expect(state.allowedActions).toEqual(['CANCEL', 'PAUSE', 'DEPLOY', 'hello']);
    expect(isStateChangingAction('hello', customActions)).toBe(false);
    expect(isStateChangingAction('DEPLOY')).toBe(true);
    expect(isStateChangingAction('ARCHIVE')).toBe(false);
    expect(isStateChangingAction('flip', [{ ...customActions[0]!, name: 'flip', isStateChanging: true }])).toBe(true);
  });

  it("uses a manager's own status definitions", () => {
    const periodic = createStatusDefinitions([
      { name: 'SCHEDULED', displayableName: 'Scheduled', icon: '/assets/states/scheduled.svg', tooltip: 'Scheduled', description: 'Scheduled', allowedActions: ['CANCEL', 'DEPLOY'] },
    ]);
    const state = computeScenarioState({ isArchived: false, inProgressActionNames: [], lastStateAction: null, engineState: { ok: true, statuses: [job('SCHEDULED')] } }, periodic);
    expect(state).toMatchObject({ status: { name: 'SCHEDULED' }, icon: '/assets/states/scheduled.svg', allowedActions: ['CANCEL', 'DEPLOY'] });
    expect(periodic.all.map((d) => d.name)).toContain('NOT_DEPLOYED');
  });
});
