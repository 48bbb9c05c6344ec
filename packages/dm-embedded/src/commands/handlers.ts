import { randomUUID } from 'node:crypto';
import type { Clock, CommandHandlers, RunDeploymentCommand } from '@scenaria/deployment-sdk';
import { scenarioSlug } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import type { DeploymentLifecycle } from '../lifecycle/lifecycle';
import type { ScenarioRunners } from '../runtime/executors';
import { prepareLiveScenario, scenarioKindOf } from '../runtime/live-scenario';
import type { LiveScenarioOptions } from '../runtime/live-scenario';
import type { RequestResponseServer } from '../runtime/request-response';
import type { EmbeddedDatabase } from '../storage/database';
import { endDeployments, findOpenDeployments, insertDeployment, lockDeployment } from '../storage/deployments-store';
import type { DeploymentRow } from '../storage/deployments-store';
import { makeSavepoint, restoreSavepoint } from '../storage/savepoints-store';

/** What the command handlers work with. */
export interface CommandContext {
  db: EmbeddedDatabase;
  clock: Clock;
  /** Where request-response endpoints are served, to refuse a slug another scenario has. */
  server: RequestResponseServer;
  liveOptions: LiveScenarioOptions;
  lifecycle: DeploymentLifecycle;
  /** Where test runs execute (a worker thread of their own, with the deployments' limits). */
  runners: ScenarioRunners;
}

const refusal = (code: string, message: string) => ({ ok: false as const, errors: [{ code, message }] });

/**
 * One handler per command of the SDK's closed union, for `commandProcessor`. Each writes the stored
 * deployments in one transaction and has the lifecycle follow, under the scenario's lock.
 */
export function createCommandHandlers(context: CommandContext): CommandHandlers {
  const { db, clock, server, liveOptions, lifecycle, runners } = context;

  const slugTakenBy = (scenario: CanonicalProcess): string | undefined => {
    if (scenarioKindOf(scenario) !== 'request-response') return undefined;
    const endpoint = server.endpoint(scenarioSlug(scenario));
    return endpoint && endpoint.scenarioName !== scenario.metaData.id ? endpoint.scenarioName : undefined;
  };

  const runDeployment = (command: RunDeploymentCommand) =>
    lifecycle.exclusively(command.processVersion.processName, async () => {
      const scenarioName = command.processVersion.processName;
      if (command.scenario.metaData.id !== scenarioName) {
        return refusal('ScenarioNameMismatch', `The scenario is named ${command.scenario.metaData.id}, the version ${scenarioName}`);
      }
      const prepared = prepareLiveScenario(command.scenario, liveOptions);
      if (!prepared.ok) return { ok: false as const, errors: prepared.errors };
      const owner = slugTakenBy(command.scenario);
      if (owner) return refusal('SlugAlreadyUsed', `The endpoint /scenario/${scenarioSlug(command.scenario)} is already served for ${owner}`);
      const open = await findOpenDeployments(db, scenarioName);
      if (command.updateStrategy.type === 'dontReplaceDeployment' && open.some((row) => row.state === 'ACTIVE')) {
        return refusal('DeploymentAlreadyRunning', `Scenario ${scenarioName} already has a running deployment`);
      }
      const restoring = command.updateStrategy.type === 'replaceDeploymentWithSameScenarioName' ? command.updateStrategy.stateRestoringStrategy : undefined;
      await lifecycle.stop(scenarioName);
      const row: DeploymentRow = {
        externalId: randomUUID(),
        scenarioName,
        deploymentId: command.deploymentData.deploymentId,
        processVersion: command.processVersion,
        scenario: command.scenario,
        state: 'ACTIVE',
        errors: [],
        startedAt: clock.now(),
        endedAt: null,
      };
      const restored = await db.transaction(async (tx) => {
        if (restoring?.type === 'restoreStateFromCustomSavepoint' && !(await restoreSavepoint(tx, restoring.savepointPath, scenarioName))) return false;
        await endDeployments(tx, open.map((r) => r.externalId), 'CANCELED', row.startedAt);
        await insertDeployment(tx, row);
        return true;
      });
      if (!restored) {
        // Nothing was changed in the database: what ran before runs again.
        const previous = open.find((r) => r.state === 'ACTIVE');
        if (previous) await lifecycle.start(previous);
        return refusal('SavepointNotFound', `No savepoint ${restoring?.type === 'restoreStateFromCustomSavepoint' ? restoring.savepointPath : ''}`);
      }
      await lifecycle.start(row, prepared.value);
      return { ok: true as const, value: { externalDeploymentId: row.externalId } };
    });

  /** Saves the offsets of the scenario's active deployment; with `thenCancel`, cancels it in the same turn. */
  const savepoint = (scenarioName: string, thenCancel: boolean) =>
    lifecycle.exclusively(scenarioName, async () => {
      const active = (await findOpenDeployments(db, scenarioName)).find((row) => row.state === 'ACTIVE');
      if (!active) return refusal('NotDeployed', `Scenario ${scenarioName} is not running`);
      // Stopping first lets the batch in flight commit, so the savepoint is where the job really stopped.
      if (thenCancel) await lifecycle.stop(scenarioName);
      // The row lock keeps a job running in another manager from committing between the snapshot and the cancel.
      const savepointPath = await db.transaction(async (tx) => {
        await lockDeployment(tx, active.externalId);
        const path = await makeSavepoint(tx, active, randomUUID(), clock.now());
        if (thenCancel) await endDeployments(tx, [active.externalId], 'CANCELED', clock.now());
        return path;
      });
      return { ok: true as const, value: { savepointPath } };
    });

  const cancel = (scenarioName: string, deploymentId: string | undefined) =>
    lifecycle.exclusively(scenarioName, async () => {
      const open = (await findOpenDeployments(db, scenarioName)).filter((row) => deploymentId === undefined || row.deploymentId === deploymentId);
      if (open.length === 0) {
        return refusal('NotDeployed', deploymentId === undefined ? `Scenario ${scenarioName} is not deployed` : `Scenario ${scenarioName} has no deployment ${deploymentId}`);
      }
      if (open.some((row) => lifecycle.isRunningHere(row))) await lifecycle.stop(scenarioName);
      await endDeployments(db, open.map((r) => r.externalId), 'CANCELED', clock.now());
      return { ok: true as const, value: null };
    });

  return {
    async validate(command) {
      const prepared = prepareLiveScenario(command.scenario, liveOptions);
      if (!prepared.ok) return { ok: false, errors: prepared.errors };
      const owner = slugTakenBy(command.scenario);
      if (owner) return refusal('SlugAlreadyUsed', `The endpoint /scenario/${scenarioSlug(command.scenario)} is already served for ${owner}`);
      return { ok: true, value: null };
    },
    runDeployment,
    cancelScenario: (command) => cancel(command.scenarioName, undefined),
    cancelDeployment: (command) => cancel(command.scenarioName, command.deploymentId),
    // A savepoint holds the committed topic offsets (the only state kept across deployments); it lives in
    // the database, so `savepointDir` has no meaning here.
    stopScenario: (command) => savepoint(command.scenarioName, true),
    makeScenarioSavepoint: (command) => savepoint(command.scenarioName, false),
    testScenario: (command) => runners.runTest(command),
    customAction: async (command) => refusal('UnknownCustomAction', `The embedded engine has no custom action ${command.actionName}`),
  };
}
