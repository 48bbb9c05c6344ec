import type { CanonicalProcess } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import type { CommandResult, DeploymentManagerCommand } from '../commands';
import type { DeploymentManager } from '../manager';
import type { StatusDetails } from '../status/status-types';
import { conformanceCheckNames, runConformanceCheck, runDeploymentManagerConformance } from './checks';
import type { ConformanceEnvironment, DeploymentManagerConformanceOptions } from './harness';
import { describeDeploymentManagerConformance } from './index';

// Test fixture only: a tiny in-memory "engine" (a map of jobs shared by every manager created in one
// environment, standing for a cluster that outlives the designer) and a manager over it. The flaws switch off
// one behaviour each, so every check is shown to catch the flaw it is about.
interface Flaws {
  keepsOldJobOnRedeploy?: boolean;
  forgetsJobsOnRestart?: boolean;
  acceptsInvalidScenarios?: boolean;
  ignoresCancel?: boolean;
  neverStarts?: boolean;
  acceptsUnknownActions?: boolean;
  answersMalformedTestResults?: boolean;
  throwsCancellingNothing?: boolean;
}

type Job = StatusDetails & { scenarioName: string };

function createFixtureEnvironment(flaws: Flaws): ConformanceEnvironment {
  const jobs: Job[] = [];
  let jobCounter = 0;
  return {
    async createManager() {
      if (flaws.forgetsJobsOnRestart) jobs.length = 0;
      const isValid = (scenario: CanonicalProcess) => scenario.nodes.some((node) => node.type === 'Source');
      const refusal = { ok: false as const, errors: [{ code: 'InvalidScenario', message: 'scenario has no source' }] };
      const handle = async (command: DeploymentManagerCommand): Promise<unknown> => {
        switch (command.type) {
          case 'validate':
            return isValid(command.scenario) || flaws.acceptsInvalidScenarios ? { ok: true, value: null } : refusal;
          case 'runDeployment': {
            if (!isValid(command.scenario) && !flaws.acceptsInvalidScenarios) return refusal;
            const name = command.processVersion.processName;
            if (!flaws.keepsOldJobOnRedeploy) {
              for (const job of jobs) if (job.scenarioName === name && job.status.name === 'RUNNING') job.status = { name: 'CANCELED' };
            }
            jobCounter += 1;
            const job: Job = {
              scenarioName: name,
              status: { name: flaws.neverStarts ? 'DURING_DEPLOY' : 'RUNNING' },
              externalDeploymentId: `job-${jobCounter}`,
              deploymentId: command.deploymentData.deploymentId,
              version: command.processVersion,
              startTime: 0,
              errors: [],
            };
            jobs.push(job);
            return { ok: true, value: { externalDeploymentId: job.externalDeploymentId } };
          }
          case 'cancelScenario':
            if (flaws.throwsCancellingNothing && !jobs.some((job) => job.scenarioName === command.scenarioName)) throw new Error('no such job');
            if (!flaws.ignoresCancel) {
              for (const job of jobs) if (job.scenarioName === command.scenarioName) job.status = { name: 'CANCELED' };
            }
            return { ok: true, value: null };
          case 'testScenario': {
            if (flaws.answersMalformedTestResults) return { ok: true, value: { nodeResults: {} } };
            const all = command.testData.records.length;
            return {
              ok: true,
              value: {
                results: { nodeResults: {}, invocationResults: {}, externalInvocationResults: {}, exceptions: [] },
                counts: { source: { all, errors: 0, fragmentCounts: {} } },
              },
            };
          }
          case 'customAction':
            return flaws.acceptsUnknownActions
              ? { ok: true, value: { msg: 'done' } }
              : { ok: false, errors: [{ code: 'UnknownCustomAction', message: `unknown action ${command.actionName}` }] };
          default:
            return { ok: false, errors: [{ code: 'Unsupported', message: command.type }] };
        }
      };
      const manager: DeploymentManager = {
        processCommand: <C extends DeploymentManagerCommand>(command: C) => handle(command) as Promise<CommandResult<C>>,
        getScenarioStatuses: async (name) => jobs.filter((job) => job.scenarioName === name).map(({ scenarioName: _, ...details }) => details),
        statusDefinitions: [],
        customActions: [],
        close: async () => undefined,
      };
      return manager;
    },
  };
}

const scenario = (name: string, withSource: boolean): CanonicalProcess => ({
  metaData: { id: name, additionalFields: { metaDataType: 'StreamMetaData', properties: {} } },
  nodes: withSource ? [{ type: 'Source', id: 'source', ref: { typ: 'events', parameters: [] } }] : [],
  additionalBranches: [],
});

const optionsFor = (flaws: Flaws): DeploymentManagerConformanceOptions => ({
  name: 'fixture',
  setup: () => createFixtureEnvironment(flaws),
  validScenario: (name) => scenario(name, true),
  invalidScenario: (name) => scenario(name, false),
  testData: () => ({ records: [{ sourceId: 'source', record: { amount: 1 } }] }),
  timeoutMs: 150,
  pollIntervalMs: 5,
});

describe('conformance checks against a correct fixture manager', () => {
  it('report no findings', async () => {
    const report = await runDeploymentManagerConformance(optionsFor({}));
    expect(Object.keys(report)).toEqual(conformanceCheckNames);
    expect(Object.values(report).flat()).toEqual([]);
  });
});

describe('conformance checks catch broken managers', () => {
  it.each([
    ['redeployReplaces', { keepsOldJobOnRedeploy: true }, /More than one deployment is running|exactly one active job/],
    ['statusSurvivesRestart', { forgetsJobsOnRestart: true }, /after a restart/],
    ['badScenarioRefused', { acceptsInvalidScenarios: true }, /validate accepted the invalid scenario/],
    ['cancelStops', { ignoresCancel: true }, /expected CANCELED/],
    ['deployReachesRunning', { neverStarts: true }, /expected RUNNING in version 1 .* last state: DURING_DEPLOY/],
    ['unknownCustomActionRefused', { acceptsUnknownActions: true }, /unknown custom action/],
    ['testAnswersResults', { answersMalformedTestResults: true }, /ResultsWithCounts shape/],
    ['cancelWithoutDeployment', { throwsCancellingNothing: true }, /threw: no such job/],
  ] as const)('%s fails for %o', async (check, flaws, message) => {
    const findings = await runConformanceCheck(check, optionsFor(flaws));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.map((f) => f.message).join('\n')).toMatch(message);
    expect(findings.every((f) => f.check === check)).toBe(true);
  });

  it('turns a throwing manager into a finding instead of an exception', async () => {
    const findings = await runConformanceCheck('deployReachesRunning', {
      ...optionsFor({}),
      setup: () => ({
        createManager: async () => ({
          processCommand: async () => {
            throw new Error('engine unreachable');
          },
          getScenarioStatuses: async () => [],
          statusDefinitions: [],
          customActions: [],
          close: async () => undefined,
        }),
      }),
    });
    expect(findings.map((f) => f.message)).toContain('threw: engine unreachable');
  });
});

describeDeploymentManagerConformance(optionsFor({}));
