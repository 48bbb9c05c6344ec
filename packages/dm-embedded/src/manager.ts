import { randomUUID } from 'node:crypto';
import type {
  CommandResult,
  DeploymentIssue,
  DeploymentManager,
  DeploymentManagerCommand,
  DeploymentManagerDependencies,
  DeploymentManagerProvider,
  RunDeploymentCommand,
  StatusDetails,
} from '@scenaria/deployment-sdk';
import { ProblemStatus } from '@scenaria/deployment-sdk';
import { componentsById } from '@scenaria/components';
import { aggregateHelperValue, createSpelCompilerFactory, defaultComponentRuntimes, runScenarioTest } from '@scenaria/engine';
import type { ComponentRuntime } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import { z } from 'zod';
import { addNodeCounts, readNodeCounts } from './storage/counts-store';
import type { EmbeddedDatabase } from './storage/database';
import {
  acquireRunnerLease,
  endDeployments,
  findLatestDeployment,
  findOpenDeployments,
  insertDeployment,
  isStillRunner,
  lockDeployment,
  releaseRunnerLease,
} from './storage/deployments-store';
import type { DeploymentRow } from './storage/deployments-store';
import { migrate } from './storage/migrate';
import { makeSavepoint, restoreSavepoint } from './storage/savepoints-store';
import { defaultEmbeddedModels, prepareLiveScenario, scenarioKindOf } from './runtime/live-scenario';
import type { EmbeddedModels, LiveScenario } from './runtime/live-scenario';
import type { NodeCount } from './runtime/node-counters';
import { RequestResponseServer, scenarioSlug } from './runtime/request-response';
import { createRealtimeScheduler } from './runtime/scheduler';
import type { ScheduledTask, Scheduler } from './runtime/scheduler';
import { StreamingJob } from './runtime/streaming-job';

/** Settings of the embedded manager that fit in a configuration file. */
export const EmbeddedManagerSettingsSchema = z.object({
  /** Port of the request-response HTTP server (0 = any free port); `null` serves no HTTP. */
  port: z.number().int().min(0).max(65_535).nullable().default(8181),
  host: z.string().default('127.0.0.1'),
  /** How often topic sources look for records appended by other processes. */
  pollIntervalMs: z.number().int().positive().default(500),
  /** Records read and committed per transaction. */
  batchSize: z.number().int().positive().default(100),
  /** How often request-response counters are written to the database. */
  countsFlushIntervalMs: z.number().int().positive().default(1_000),
  /** How often the manager picks up deployments made or canceled by other managers over the same database. */
  syncIntervalMs: z.number().int().positive().default(1_000),
  /** How long a manager that stopped answering keeps the streaming jobs it ran before another takes over. */
  runnerLeaseMs: z.number().int().positive().default(10_000),
  /** A streaming job that fails (a database error) is restarted this many times before its deployment fails. */
  maxRestarts: z.number().int().min(0).default(3),
  /** Wait before the first restart; doubled for each further one. */
  restartBackoffMs: z.number().int().positive().default(1_000),
});
/** Settings of the embedded manager that fit in a configuration file. */
export type EmbeddedManagerSettings = z.input<typeof EmbeddedManagerSettingsSchema>;

/** Everything the embedded manager is created with. */
export interface EmbeddedManagerOptions extends EmbeddedManagerSettings {
  /** The designer's database (PGlite or PostgreSQL through drizzle); the manager keeps its own tables there. */
  db: EmbeddedDatabase;
  /** Models per scenario kind (default: `defaultModel` of @scenaria/components); must match the designer's. */
  models?: EmbeddedModels;
  /** Component implementations beyond the default model's. */
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  /** Fragments by id, for scenarios that use them. */
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  /** Time for generators, polling and windows; the wall clock (the dependencies' clock) by default. */
  scheduler?: Scheduler;
  /** Apply the manager's migrations on creation (default true). */
  migrate?: boolean;
}

/** The embedded manager: the SDK's interface plus what the designer reads from it. */
export interface EmbeddedDeploymentManager extends DeploymentManager {
  /** Base URL of the request-response server (`http://host:port`), when it serves HTTP. */
  requestResponseUrl(): string | undefined;
  /** Where a deployed request-response scenario answers, e.g. `http://127.0.0.1:8181/scenario/fraud`. */
  scenarioUrl(scenarioName: string): string | undefined;
  /** Per-node counters of the scenario's current (or last) deployment, since it started. */
  nodeCounts(scenarioName: string): Promise<Record<string, NodeCount>>;
  /** Per-node counters of every scenario running here (for a metrics exporter). */
  allNodeCounts(): Promise<Map<string, Record<string, NodeCount>>>;
  /** Resolves when the streaming work queued so far is done. */
  idle(): Promise<void>;
}

// Failures further apart than this start the restart count again.
const RESTART_COUNT_RESET_MS = 5 * 60_000;

interface RunningDeployment {
  row: DeploymentRow;
  status: 'DURING_DEPLOY' | 'RUNNING' | 'RESTARTING' | 'FAILED';
  restarts: number;
  lastFailureAt: number;
  errors: string[];
  live?: LiveScenario;
  job?: StreamingJob;
  slug?: string;
  flushTask?: ScheduledTask;
}

const refusal = (code: string, message: string) => ({ ok: false as const, errors: [{ code, message }] });

/**
 * Creates the embedded deployment manager over the designer's database: migrates its tables, resumes every
 * deployment stored as active, and serves request-response scenarios over HTTP.
 * @example
 * const manager = await createEmbeddedDeploymentManager({ db, port: 0 }, dependencies);
 * await manager.processCommand({ type: 'runDeployment', processVersion, deploymentData, scenario, updateStrategy });
 */
export async function createEmbeddedDeploymentManager(
  options: EmbeddedManagerOptions,
  dependencies: DeploymentManagerDependencies,
): Promise<EmbeddedDeploymentManager> {
  const settings = EmbeddedManagerSettingsSchema.parse({
    port: options.port,
    host: options.host,
    pollIntervalMs: options.pollIntervalMs,
    batchSize: options.batchSize,
    countsFlushIntervalMs: options.countsFlushIntervalMs,
    syncIntervalMs: options.syncIntervalMs,
    runnerLeaseMs: options.runnerLeaseMs,
    maxRestarts: options.maxRestarts,
    restartBackoffMs: options.restartBackoffMs,
  });
  const { db } = options;
  const { logger } = dependencies;
  const scheduler = options.scheduler ?? createRealtimeScheduler(() => dependencies.clock.now());
  const models = options.models ?? defaultEmbeddedModels();
  if (options.migrate !== false) await migrate(db);

  // Streaming jobs run in one manager per database (the lease holder); request-response endpoints in all.
  const instanceId = randomUUID();
  const running = new Map<string, RunningDeployment>();
  const locks = new Map<string, Promise<unknown>>();
  const server = new RequestResponseServer(logger);
  if (settings.port !== null) await server.listen(settings.port, settings.host);
  let isClosed = false;
  // Set as soon as close begins, so a synchronisation under way starts nothing new.
  let isClosing = false;

  // Commands on one scenario run one at a time; different scenarios proceed in parallel.
  const exclusively = <T>(scenarioName: string, work: () => Promise<T>): Promise<T> => {
    const previous = locks.get(scenarioName) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    locks.set(scenarioName, settled);
    void settled.then(() => {
      if (locks.get(scenarioName) === settled) locks.delete(scenarioName);
    });
    return result;
  };

  const prepare = (scenario: CanonicalProcess) =>
    prepareLiveScenario(scenario, {
      models,
      now: () => scheduler.now(),
      ...(options.runtimes ? { runtimes: options.runtimes } : {}),
      ...(options.fragments ? { fragments: options.fragments } : {}),
    });

  const slugTakenBy = (scenario: CanonicalProcess): string | undefined => {
    if (scenarioKindOf(scenario) !== 'request-response') return undefined;
    const endpoint = server.endpoint(scenarioSlug(scenario));
    return endpoint && endpoint.scenarioName !== scenario.metaData.id ? endpoint.scenarioName : undefined;
  };

  const flushRequestResponseCounts = async (deployment: RunningDeployment) => {
    if (!deployment.live || deployment.live.kind !== 'request-response') return;
    await addNodeCounts(db, deployment.row.externalId, deployment.live.counters.takeDeltas());
  };

  const scheduleCountsFlush = (deployment: RunningDeployment) => {
    deployment.flushTask = scheduler.schedule(settings.countsFlushIntervalMs, () => {
      flushRequestResponseCounts(deployment).then(
        () => {
          if (running.get(deployment.row.scenarioName) === deployment) scheduleCountsFlush(deployment);
        },
        (error: unknown) => logger.error('Writing counters failed', { scenarioName: deployment.row.scenarioName, error: String(error) }),
      );
    });
  };

  const fail = async (deployment: RunningDeployment, errors: string[]) => {
    deployment.status = 'FAILED';
    deployment.errors = errors;
    if (deployment.slug) server.unregister(deployment.slug);
    deployment.flushTask?.cancel();
    if (isClosed) return;
    try {
      await endDeployments(db, [deployment.row.externalId], 'FAILED', dependencies.clock.now(), errors);
    } catch (error) {
      logger.error('Recording a failed deployment failed', { scenarioName: deployment.row.scenarioName, error: String(error) });
    }
  };

  /** Starts what a stored ACTIVE deployment runs; a scenario that no longer compiles fails the deployment. */
  const start = async (row: DeploymentRow, prepared?: LiveScenario) => {
    const deployment: RunningDeployment = { row, status: 'DURING_DEPLOY', errors: [], restarts: 0, lastFailureAt: 0 };
    running.set(row.scenarioName, deployment);
    let live = prepared;
    if (!live) {
      const outcome = prepare(row.scenario);
      if (!outcome.ok) return fail(deployment, outcome.errors.map((e) => (e.nodeId ? `${e.nodeId}: ${e.message}` : e.message)));
      live = outcome.value;
    }
    deployment.live = live;
    if (live.kind === 'request-response') {
      const slug = scenarioSlug(row.scenario);
      const owner = server.endpoint(slug);
      if (owner && owner.scenarioName !== row.scenarioName) {
        return fail(deployment, [`The endpoint /scenario/${slug} is already served for ${owner.scenarioName}`]);
      }
      deployment.slug = slug;
      server.register({ scenarioName: row.scenarioName, slug, scenario: row.scenario, live });
      scheduleCountsFlush(deployment);
    } else {
      await claimStreaming(deployment);
    }
    deployment.status = 'RUNNING';
  };

  /** Runs the streaming job here when this manager holds (or can take) the deployment's lease; renews it. */
  const claimStreaming = async (deployment: RunningDeployment) => {
    const { row, live } = deployment;
    const isStarting = deployment.status === 'RUNNING' || deployment.status === 'DURING_DEPLOY';
    if (!live || live.kind !== 'streaming' || !isStarting || isClosing) return;
    const isRunner = await acquireRunnerLease(db, row.externalId, instanceId, dependencies.clock.now(), settings.runnerLeaseMs);
    if (!isRunner) {
      const job = deployment.job;
      deployment.job = undefined;
      await job?.stop();
      return;
    }
    if (deployment.job) return;
    const job = new StreamingJob({
      db,
      scheduler,
      logger,
      externalId: row.externalId,
      scenarioName: row.scenarioName,
      live,
      pollIntervalMs: settings.pollIntervalMs,
      batchSize: settings.batchSize,
      onFailure: (error) => {
        if (deployment.job === job) deployment.job = undefined;
        restartLater(deployment, error);
      },
      isStillRunner: (tx) => isStillRunner(tx, row.externalId, instanceId),
      onRunnerLost: () => {
        if (deployment.job === job) deployment.job = undefined;
      },
    });
    deployment.job = job;
    job.start();
  };

  /** Restarts a failed streaming job after a growing pause; past `maxRestarts` the deployment fails. */
  const restartLater = (deployment: RunningDeployment, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const now = dependencies.clock.now();
    if (now - deployment.lastFailureAt > RESTART_COUNT_RESET_MS) deployment.restarts = 0;
    deployment.lastFailureAt = now;
    if (deployment.restarts >= settings.maxRestarts) {
      void fail(deployment, [message]);
      return;
    }
    deployment.restarts += 1;
    deployment.status = 'RESTARTING';
    deployment.errors = [message];
    logger.warn('Streaming job failed; restarting', { scenarioName: deployment.row.scenarioName, attempt: deployment.restarts, error: message });
    const scenarioName = deployment.row.scenarioName;
    deployment.flushTask = scheduler.schedule(settings.restartBackoffMs * 2 ** (deployment.restarts - 1), () => {
      void exclusively(scenarioName, async () => {
        if (isClosing || running.get(scenarioName) !== deployment || deployment.status !== 'RESTARTING') return;
        deployment.status = 'RUNNING';
        deployment.errors = [];
        await claimStreaming(deployment);
      }).catch((restartError: unknown) => restartLater(deployment, restartError));
    });
  };

  /** Stops what runs here for a scenario (the stored state is the caller's business). */
  const stop = async (scenarioName: string) => {
    const deployment = running.get(scenarioName);
    if (!deployment) return;
    running.delete(scenarioName);
    deployment.flushTask?.cancel();
    if (deployment.slug && server.endpoint(deployment.slug)?.scenarioName === scenarioName) server.unregister(deployment.slug);
    if (deployment.job) {
      await deployment.job.stop();
      await releaseRunnerLease(db, deployment.row.externalId, instanceId);
    }
    await flushRequestResponseCounts(deployment);
  };

  /**
   * Catches up with the database: starts deployments other managers made, stops those they canceled or
   * replaced, and renews (or takes over) streaming leases.
   */
  const synchronise = async () => {
    const scenarioNames = new Set([...running.keys(), ...(await findOpenDeployments(db)).map((row) => row.scenarioName)]);
    for (const scenarioName of scenarioNames) {
      if (isClosing) return;
      await exclusively(scenarioName, async () => {
        if (isClosing) return;
        // Read again under the scenario's lock: a command of this manager may have changed it meanwhile.
        const active = (await findOpenDeployments(db, scenarioName)).find((row) => row.state === 'ACTIVE');
        const here = running.get(scenarioName);
        if (!active) {
          if (here) await stop(scenarioName);
          return;
        }
        if (here?.row.externalId === active.externalId) return claimStreaming(here);
        await stop(scenarioName);
        await start(active);
      });
    }
  };

  let syncTask: ScheduledTask | undefined;
  let syncing: Promise<void> = Promise.resolve();
  const scheduleSync = () => {
    syncTask = scheduler.schedule(settings.syncIntervalMs, () => {
      syncing = synchronise().then(
        () => {
          if (!isClosing) scheduleSync();
        },
        (error: unknown) => {
          logger.error('Synchronising deployments failed', { error: String(error) });
          if (!isClosing) scheduleSync();
        },
      );
    });
  };

  const statusOf = (row: DeploymentRow): StatusDetails => {
    const deployment = running.get(row.scenarioName);
    const here = deployment?.row.externalId === row.externalId ? deployment : undefined;
    const base = { deploymentId: row.deploymentId, externalDeploymentId: row.externalId, version: row.processVersion, startTime: row.startedAt };
    if (row.state === 'CANCELED') return { ...base, status: { name: 'CANCELED' }, errors: [] };
    if (row.state === 'FAILED' || here?.status === 'FAILED') {
      return { ...base, status: ProblemStatus.failed(), errors: here?.status === 'FAILED' ? here.errors : row.errors };
    }
    if (here?.status === 'RESTARTING') return { ...base, status: { name: 'RESTARTING' }, errors: here.errors };
    // Stored as active but not started by this manager (another designer instance started it): the shared
    // database is the record of what runs.
    return { ...base, status: { name: here?.status ?? 'RUNNING' }, errors: [] };
  };

  const statusesOf = async (scenarioName: string): Promise<StatusDetails[]> => {
    const open = await findOpenDeployments(db, scenarioName);
    if (open.length > 0) return open.map(statusOf);
    const latest = await findLatestDeployment(db, scenarioName);
    return latest ? [statusOf(latest)] : [];
  };

  const runDeployment = (command: RunDeploymentCommand) =>
    exclusively(command.processVersion.processName, async () => {
      const scenarioName = command.processVersion.processName;
      if (command.scenario.metaData.id !== scenarioName) {
        return refusal('ScenarioNameMismatch', `The scenario is named ${command.scenario.metaData.id}, the version ${scenarioName}`);
      }
      const prepared = prepare(command.scenario);
      if (!prepared.ok) return { ok: false as const, errors: prepared.errors };
      const owner = slugTakenBy(command.scenario);
      if (owner) return refusal('SlugAlreadyUsed', `The endpoint /scenario/${scenarioSlug(command.scenario)} is already served for ${owner}`);
      const open = await findOpenDeployments(db, scenarioName);
      if (command.updateStrategy.type === 'dontReplaceDeployment' && open.some((row) => row.state === 'ACTIVE')) {
        return refusal('DeploymentAlreadyRunning', `Scenario ${scenarioName} already has a running deployment`);
      }
      const restoring = command.updateStrategy.type === 'replaceDeploymentWithSameScenarioName' ? command.updateStrategy.stateRestoringStrategy : undefined;
      await stop(scenarioName);
      const row: DeploymentRow = {
        externalId: randomUUID(),
        scenarioName,
        deploymentId: command.deploymentData.deploymentId,
        processVersion: command.processVersion,
        scenario: command.scenario,
        state: 'ACTIVE',
        errors: [],
        startedAt: dependencies.clock.now(),
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
        if (previous) await start(previous);
        return refusal('SavepointNotFound', `No savepoint ${restoring?.type === 'restoreStateFromCustomSavepoint' ? restoring.savepointPath : ''}`);
      }
      await start(row, prepared.value);
      return { ok: true as const, value: { externalDeploymentId: row.externalId } };
    });

  /** Saves the offsets of the scenario's active deployment; with `thenCancel`, cancels it in the same turn. */
  const savepoint = (scenarioName: string, thenCancel: boolean) =>
    exclusively(scenarioName, async () => {
      const active = (await findOpenDeployments(db, scenarioName)).find((row) => row.state === 'ACTIVE');
      if (!active) return refusal('NotDeployed', `Scenario ${scenarioName} is not running`);
      // Stopping first lets the batch in flight commit, so the savepoint is where the job really stopped.
      if (thenCancel) await stop(scenarioName);
      // The row lock keeps a job running in another manager from committing between the snapshot and the cancel.
      const savepointPath = await db.transaction(async (tx) => {
        await lockDeployment(tx, active.externalId);
        const path = await makeSavepoint(tx, active, randomUUID(), dependencies.clock.now());
        if (thenCancel) await endDeployments(tx, [active.externalId], 'CANCELED', dependencies.clock.now());
        return path;
      });
      return { ok: true as const, value: { savepointPath } };
    });

  const cancel = (scenarioName: string, deploymentId: string | undefined) =>
    exclusively(scenarioName, async () => {
      const open = (await findOpenDeployments(db, scenarioName)).filter((row) => deploymentId === undefined || row.deploymentId === deploymentId);
      if (open.length === 0) {
        return refusal('NotDeployed', deploymentId === undefined ? `Scenario ${scenarioName} is not deployed` : `Scenario ${scenarioName} has no deployment ${deploymentId}`);
      }
      if (open.some((row) => running.get(scenarioName)?.row.externalId === row.externalId)) await stop(scenarioName);
      await endDeployments(db, open.map((r) => r.externalId), 'CANCELED', dependencies.clock.now());
      return { ok: true as const, value: null };
    });

  const handle = async (command: DeploymentManagerCommand): Promise<unknown> => {
    if (isClosed) throw new Error('The embedded deployment manager is closed');
    switch (command.type) {
      case 'validate': {
        const prepared = prepare(command.scenario);
        if (!prepared.ok) return { ok: false, errors: prepared.errors };
        const owner = slugTakenBy(command.scenario);
        if (owner) return refusal('SlugAlreadyUsed', `The endpoint /scenario/${scenarioSlug(command.scenario)} is already served for ${owner}`);
        return { ok: true, value: null };
      }
      case 'runDeployment':
        return runDeployment(command);
      case 'cancelScenario':
        return cancel(command.scenarioName, undefined);
      case 'cancelDeployment':
        return cancel(command.scenarioName, command.deploymentId);
      // A savepoint holds the committed topic offsets (the only state kept across deployments); it lives in
      // the database, so `savepointDir` has no meaning here.
      case 'stopScenario':
        return savepoint(command.scenarioName, true);
      case 'makeScenarioSavepoint':
        return savepoint(command.scenarioName, false);
      case 'testScenario': {
        const kind = scenarioKindOf(command.scenario);
        if (!kind) return refusal('UnsupportedScenarioType', `Cannot test a scenario of type ${command.scenario.metaData.additionalFields.metaDataType}`);
        const model = models[kind];
        const outcome = await runScenarioTest(command.scenario, command.testData, {
          components: componentsById(model, { isFragment: false }),
          runtimes: defaultComponentRuntimes().with(options.runtimes ?? {}),
          expressionCompilers: createSpelCompilerFactory({ classes: model.classes, config: model.expressionConfig, globals: { clock: () => scheduler.now() } }),
          additionalVariableValues: { AGG: aggregateHelperValue },
          services: { clock: { now: () => scheduler.now() } },
          ...(options.fragments ? { fragments: options.fragments } : {}),
        });
        if (!outcome.ok) return { ok: false, errors: outcome.errors.map((e): DeploymentIssue => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
        return outcome;
      }
      case 'customAction':
        return refusal('UnknownCustomAction', `The embedded engine has no custom action ${command.actionName}`);
    }
  };

  const nodeCounts = async (scenarioName: string): Promise<Record<string, NodeCount>> => {
    const deployment = running.get(scenarioName);
    if (deployment) await flushRequestResponseCounts(deployment);
    const row = deployment?.row ?? (await findLatestDeployment(db, scenarioName));
    return row ? Object.fromEntries(await readNodeCounts(db, row.externalId)) : {};
  };

  // Deployments stored as active come back; each failure is recorded on its own deployment.
  for (const row of await findOpenDeployments(db)) {
    if (row.state === 'ACTIVE') await exclusively(row.scenarioName, () => start(row));
  }
  scheduleSync();

  return {
    processCommand: <C extends DeploymentManagerCommand>(command: C) => handle(command) as Promise<CommandResult<C>>,
    getScenarioStatuses: (scenarioName) => statusesOf(scenarioName),
    statusDefinitions: [],
    customActions: [],
    stateQueryForAllScenarios: {
      async getAllScenariosStatuses() {
        const byScenario = new Map<string, StatusDetails[]>();
        for (const row of await findOpenDeployments(db)) byScenario.set(row.scenarioName, [...(byScenario.get(row.scenarioName) ?? []), statusOf(row)]);
        return byScenario;
      },
    },
    requestResponseUrl: () => server.url(),
    scenarioUrl(scenarioName) {
      const slug = running.get(scenarioName)?.slug;
      const base = server.url();
      return slug && base ? `${base}/scenario/${encodeURIComponent(slug)}` : undefined;
    },
    nodeCounts,
    async allNodeCounts() {
      const all = new Map<string, Record<string, NodeCount>>();
      for (const scenarioName of [...running.keys()]) all.set(scenarioName, await nodeCounts(scenarioName));
      return all;
    },
    async idle() {
      await Promise.all([...running.values()].map((d) => d.job?.idle()));
    },
    async close() {
      if (isClosing) return;
      isClosing = true;
      syncTask?.cancel();
      await syncing;
      await Promise.all([...locks.values()]);
      for (const scenarioName of [...running.keys()]) await stop(scenarioName);
      isClosed = true;
      await server.close();
    },
  };
}

/**
 * The provider the designer registers for `deploymentConfig.type = "embedded"`; the database is the
 * designer's own, the rest comes from configuration.
 */
export function createEmbeddedDeploymentManagerProvider(
  base: Omit<EmbeddedManagerOptions, keyof EmbeddedManagerSettings>,
): DeploymentManagerProvider<EmbeddedManagerSettings> {
  return {
    name: 'embedded',
    configSchema: EmbeddedManagerSettingsSchema,
    createDeploymentManager: (config, dependencies) => createEmbeddedDeploymentManager({ ...base, ...config }, dependencies),
  };
}
