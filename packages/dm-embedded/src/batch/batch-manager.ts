import { randomUUID } from 'node:crypto';
import { CRON_PROPERTY, nextScheduledRun, tableId } from '@scenaria/components';
import type { Model, QueryDefinition, TableDefinition } from '@scenaria/components';
import { commandProcessor, DeploymentManagerClosed, ProblemStatus, SimpleStateStatusName } from '@scenaria/deployment-sdk';
import type {
  CommandHandlers,
  DeploymentIssue,
  DeploymentManager,
  DeploymentManagerDependencies,
  RunDeploymentCommand,
  ScheduledRun,
  StatusDefinition,
  StatusDetails,
} from '@scenaria/deployment-sdk';
import { compileScenario, defaultEngineOptions, runScenarioTest } from '@scenaria/engine';
import type { CompiledScenario, ComponentRuntime, ComponentRuntimeRegistry } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import { addCounts, NodeCounters } from '../runtime/node-counters';
import type { NodeCount } from '../runtime/node-counters';
import { createRealtimeScheduler } from '../runtime/scheduler';
import type { ScheduledTask, Scheduler } from '../runtime/scheduler';
import type { EmbeddedDatabase } from '../storage/database';
import { migrate } from '../storage/migrate';
import { BatchRunFailed, isCanceled, runBatchJob } from './batch-job';
import type { BatchJobLimits, BatchProgress } from './batch-job';
import { batchRunsIn, insertBatchRun, latestBatchRun, scenarioBatchRunsIn, updateBatchRun } from './batch-runs-store';
import type { BatchRunRow } from './batch-runs-store';
import { generateBatchTestData } from './test-data';
import type { TestDataGenerationMode } from './test-data';
import type { SqlDatabase } from './sql-database';

/** What the batch manager runs with. */
export interface BatchManagerOptions {
  /** The designer's database: the manager keeps its runs there (`scenaria_dm_embedded.batch_runs`). */
  db: EmbeddedDatabase;
  /** The batch model (`defaultModel('batch', { tables, queries })`): the designer must validate with the same. */
  model: Model;
  tables: readonly TableDefinition[];
  queries: readonly QueryDefinition[];
  /** The databases the tables and queries live in, by configured name (the manager does not close them). */
  databases: ReadonlyMap<string, SqlDatabase>;
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  scheduler?: Scheduler;
  limits?: Partial<BatchJobLimits>;
  /** How generated test data is made: `live` samples the table's rows (the default), `random` makes rows from the column types. */
  testDataGenerationMode?: TestDataGenerationMode;
  /** Apply the manager's migrations on creation (default true). */
  migrate?: boolean;
}

/** The batch manager: the SDK's interface plus counts, scheduled runs and test data generation. */
export interface BatchDeploymentManager extends DeploymentManager {
  /** Per-node counters of the scenario's current (or last) run in this manager. */
  nodeCounts(scenarioName: string): Promise<Record<string, NodeCount>>;
  /** Test data from the scenario's sources, one record per line. */
  generateTestData(scenario: CanonicalProcess, samples: number): Promise<{ ok: true; value: string } | { ok: false; errors: DeploymentIssue[] }>;
  /** Resolves when no run is under way here. */
  idle(): Promise<void>;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

const DEFAULT_LIMITS: BatchJobLimits = { chunkRows: 10_000, insertRows: 1_000, maxBufferedRows: 1_000_000 };

/** Statuses a batch deployment adds to the simple ones. */
const SCHEDULED_STATUS: StatusDefinition = {
  name: 'SCHEDULED',
  displayableName: 'Scheduled',
  icon: '/assets/states/deploy-success.svg',
  tooltip: 'The scenario waits for its next scheduled run',
  description: 'Scheduled',
  allowedActions: ['CANCEL', 'DEPLOY', 'RUN_OFF_SCHEDULE'],
  // Waiting for the next run is what a deployed scheduled scenario does, not a deployment that stopped.
  followsDeploy: true,
};

const refusal = (code: string, message: string) => ({ ok: false as const, errors: [{ code, message }] });

interface ActiveRun {
  row: BatchRunRow;
  controller: AbortController;
  progress: BatchProgress;
  done: Promise<void>;
}

/**
 * Creates the manager of bounded (batch) scenarios: a deploy runs the scenario to its end over SQL tables (or
 * waits for its `cron` schedule), one deployment per scenario at a time, its status RUNNING, then FINISHED for
 * good (FAILED with the refused row, CANCELED when canceled). Runs execute on this thread, chunk by chunk.
 * @example const manager = await createBatchDeploymentManager({ db, model, tables, queries: [], databases }, dependencies);
 */
export async function createBatchDeploymentManager(options: BatchManagerOptions, dependencies: DeploymentManagerDependencies): Promise<BatchDeploymentManager> {
  const { db, model } = options;
  const { logger } = dependencies;
  const scheduler = options.scheduler ?? createRealtimeScheduler(() => dependencies.clock.now());
  // One time for schedules and records: the scheduler's (a manual one in tests).
  const clock = { now: () => scheduler.now() };
  const limits: BatchJobLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const tables = new Map(options.tables.map((table) => [tableId(table), table]));
  const queries = new Map(options.queries.map((query) => [query.name, query]));
  const active = new Map<string, ActiveRun>();
  const timers = new Map<string, ScheduledTask>();
  // Per scenario, the counters of its latest run here and what was taken from them so far.
  const counts = new Map<string, { counters: NodeCounters; totals: Map<string, NodeCount> }>();
  // Scheduled runs whose start is under way (they read the database before they are active).
  const starting = new Set<Promise<void>>();
  let isClosed = false;
  if (options.migrate !== false) await migrate(db);

  const engineOptions = (sinkTables?: Map<string, TableDefinition>) =>
    defaultEngineOptions(model, {
      now: () => scheduler.now(),
      ...(options.fragments ? { fragments: options.fragments } : {}),
      runtimes: (defaults: ComponentRuntimeRegistry) => {
        const withExtra = defaults.with(options.runtimes ?? {});
        const sink = withExtra.get('sink-table');
        if (!sinkTables || sink?.kind !== 'sink') return withExtra;
        // Learns which table each sink node writes (its `Table` is evaluated when the node is compiled).
        return withExtra.with({
          'sink-table': {
            kind: 'sink',
            create(args) {
              const table = tables.get(String(args.constants['Table'] ?? ''));
              if (table) sinkTables.set(args.nodeId, table);
              return sink.create(args);
            },
          },
        });
      },
    });

  const compile = (scenario: CanonicalProcess): { ok: true; compiled: CompiledScenario; sinkTables: Map<string, TableDefinition>; counters: NodeCounters } | { ok: false; errors: DeploymentIssue[] } => {
    const sinkTables = new Map<string, TableDefinition>();
    const counters = new NodeCounters(scenario);
    const base = engineOptions(sinkTables);
    const result = compileScenario(scenario, { ...base, runtimes: counters.countingJoins(base.runtimes), listener: counters.listener });
    if (!result.ok) return { ok: false, errors: result.errors.map((e) => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
    const notBatch = result.value.sources.filter((source) => !source.instance.batchRead);
    if (notBatch.length > 0) return { ok: false, errors: notBatch.map((s) => ({ code: 'UnsupportedSource', message: `A batch scenario reads tables and queries; ${s.componentId} cannot be read to an end`, nodeId: s.nodeId })) };
    if (result.value.sources.length === 0) return { ok: false, errors: [{ code: 'MissingSource', message: 'A batch scenario needs a source' }] };
    return { ok: true, compiled: result.value, sinkTables, counters };
  };

  const scheduleOf = (scenario: CanonicalProcess, after: number) => nextScheduledRun(scenario.metaData.additionalFields.properties?.[CRON_PROPERTY], after);

  /** Runs a stored deployment once; afterwards it is FINISHED or FAILED, or SCHEDULED again when it has a schedule. */
  const execute = (row: BatchRunRow): ActiveRun => {
    const controller = new AbortController();
    const run: ActiveRun = { row, controller, progress: { rowsRead: 0, rowsWritten: 0, recordErrors: 0 }, done: Promise.resolve() };
    active.set(row.scenarioName, run);
    run.done = (async () => {
      const prepared = compile(row.scenario);
      let state: BatchRunRow['state'] = 'FINISHED';
      let failure: BatchRunRow['failure'] = null;
      try {
        if (!prepared.ok) throw new BatchRunFailed({ message: prepared.errors.map((e) => e.message).join('; ') });
        counts.set(row.scenarioName, { counters: prepared.counters, totals: new Map() });
        await runBatchJob({
          compiled: prepared.compiled,
          sinkTables: prepared.sinkTables,
          tables,
          queries,
          databases: options.databases,
          limits,
          signal: controller.signal,
          onProgress: (progress) => {
            run.progress = progress;
          },
        });
      } catch (error) {
        if (isCanceled(error)) state = 'CANCELED';
        else {
          state = 'FAILED';
          failure = error instanceof BatchRunFailed ? error.failure : { message: String(error) };
          logger.warn('Batch run failed', { scenarioName: row.scenarioName, error: failure.message });
        }
      }
      if (active.get(row.scenarioName) === run) active.delete(row.scenarioName);
      if (isClosed && state === 'CANCELED') return;
      const now = clock.now();
      const next = state === 'CANCELED' ? null : scheduleOf(row.scenario, now);
      const nextRunAt = next?.ok ? next.nextRunAt : null;
      const changes = {
        state: nextRunAt !== null ? ('SCHEDULED' as const) : state,
        failure,
        rowsRead: run.progress.rowsRead,
        rowsWritten: state === 'FINISHED' ? run.progress.rowsWritten : 0,
        recordErrors: run.progress.recordErrors,
        runs: row.runs + 1,
        nextRunAt,
        endedAt: now,
      };
      // A cancel recorded its own state; a run that ends after it does not overwrite it.
      if (run.controller.signal.aborted && state !== 'CANCELED') return;
      await updateBatchRun(db, row.externalId, changes);
      Object.assign(row, changes);
      if (nextRunAt !== null) arm(row);
    })().catch((error: unknown) => logger.error('Recording a batch run failed', { scenarioName: row.scenarioName, error: String(error) }));
    return run;
  };

  /** Sets the timer of a scheduled deployment's next run. */
  const arm = (row: BatchRunRow) => {
    timers.get(row.scenarioName)?.cancel();
    if (row.nextRunAt === null || isClosed) return;
    const nextRunAt = row.nextRunAt;
    timers.set(
      row.scenarioName,
      // Timers hold at most ~24.8 days (a longer delay fires at once): a far run is armed again on the way.
      scheduler.schedule(Math.min(Math.max(0, nextRunAt - scheduler.now()), MAX_TIMER_MS), () => {
        timers.delete(row.scenarioName);
        if (scheduler.now() < nextRunAt) return arm(row);
        const started = startScheduled(row).catch((error: unknown) => logger.error('Starting a scheduled batch run failed', { scenarioName: row.scenarioName, error: String(error) }));
        starting.add(started);
        void started.finally(() => starting.delete(started));
      }),
    );
  };

  const startScheduled = async (row: BatchRunRow) => {
    const latest = await latestBatchRun(db, row.scenarioName);
    if (isClosed || latest?.externalId !== row.externalId || latest.state !== 'SCHEDULED' || active.has(row.scenarioName)) return;
    await updateBatchRun(db, row.externalId, { state: 'RUNNING', nextRunAt: null });
    execute({ ...latest, state: 'RUNNING', nextRunAt: null });
  };

  const runDeployment = async (command: RunDeploymentCommand) => {
    const scenarioName = command.processVersion.processName;
    if (command.scenario.metaData.id !== scenarioName) return refusal('ScenarioNameMismatch', `The scenario is named ${command.scenario.metaData.id}, the version ${scenarioName}`);
    // Batch: one deployment per scenario at a time (semantics.md §4).
    if (active.has(scenarioName) || (await scenarioBatchRunsIn(db, scenarioName, ['RUNNING'])).length > 0) {
      return refusal('DeploymentAlreadyRunning', `Scenario ${scenarioName} is running; a batch scenario runs one deployment at a time: wait for it to finish or cancel it`);
    }
    const prepared = compile(command.scenario);
    if (!prepared.ok) return { ok: false as const, errors: prepared.errors };
    const now = clock.now();
    const schedule = scheduleOf(command.scenario, now);
    if (!schedule.ok) return refusal('InvalidSchedule', schedule.message);
    const row: BatchRunRow = {
      externalId: randomUUID(),
      scenarioName,
      deploymentId: command.deploymentData.deploymentId,
      processVersion: command.processVersion,
      scenario: command.scenario,
      state: schedule.nextRunAt === null ? 'RUNNING' : 'SCHEDULED',
      failure: null,
      rowsRead: 0,
      rowsWritten: 0,
      recordErrors: 0,
      runs: 0,
      nextRunAt: schedule.nextRunAt,
      startedAt: now,
      endedAt: null,
    };
    // The row is RUNNING before the deploy answers, so a status synchronisation right after never sees it finished.
    await db.transaction(async (tx) => {
      for (const waiting of await scenarioBatchRunsIn(tx, scenarioName, ['SCHEDULED'])) await updateBatchRun(tx, waiting.externalId, { state: 'CANCELED', endedAt: now, nextRunAt: null });
      await insertBatchRun(tx, row);
    });
    if (row.state === 'RUNNING') execute(row);
    else arm(row);
    return { ok: true as const, value: { externalDeploymentId: row.externalId } };
  };

  const cancel = async (scenarioName: string, deploymentId?: string) => {
    // Stopped before anything is awaited: a run must not reach its end (and commit) after the cancel was asked.
    const running = active.get(scenarioName);
    const stopped = running && (deploymentId === undefined || running.row.deploymentId === deploymentId) ? running : undefined;
    stopped?.controller.abort();
    const open = (await scenarioBatchRunsIn(db, scenarioName, ['RUNNING', 'SCHEDULED'])).filter((row) => deploymentId === undefined || row.deploymentId === deploymentId);
    if (open.length === 0) {
      // The run stopped above may record its own CANCELED before this read: it was running, and now it is canceled.
      if (stopped) {
        await stopped.done;
        return { ok: true as const, value: null };
      }
      return refusal('NotDeployed', `Scenario ${scenarioName} has no running or scheduled deployment`);
    }
    timers.get(scenarioName)?.cancel();
    timers.delete(scenarioName);
    const run = active.get(scenarioName);
    await db.transaction(async (tx) => {
      for (const row of open) await updateBatchRun(tx, row.externalId, { state: 'CANCELED', endedAt: clock.now(), nextRunAt: null });
    });
    if (run && open.some((row) => row.externalId === run.row.externalId)) await run.done;
    return { ok: true as const, value: null };
  };

  const handlers: CommandHandlers = {
    async validate(command) {
      const prepared = compile(command.scenario);
      if (!prepared.ok) return { ok: false, errors: prepared.errors };
      const schedule = scheduleOf(command.scenario, clock.now());
      return schedule.ok ? { ok: true, value: null } : refusal('InvalidSchedule', schedule.message);
    },
    runDeployment,
    cancelScenario: (command) => cancel(command.scenarioName),
    cancelDeployment: (command) => cancel(command.scenarioName, command.deploymentId),
    stopScenario: async (command) => refusal('SavepointsNotSupported', `A batch run of ${command.scenarioName} keeps no state between runs; cancel it instead`),
    makeScenarioSavepoint: async (command) => refusal('SavepointsNotSupported', `A batch run of ${command.scenarioName} keeps no state between runs`),
    async testScenario(command) {
      const result = await runScenarioTest(command.scenario, command.testData, engineOptions());
      return result.ok ? result : { ok: false, errors: result.errors.map((e) => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
    },
    customAction: async (command) => refusal('UnknownCustomAction', `The batch engine has no custom action ${command.actionName}`),
  };
  const processCommand = commandProcessor(handlers);

  const statusOf = (row: BatchRunRow): StatusDetails => {
    const run = active.get(row.scenarioName);
    const progress = run?.row.externalId === row.externalId ? run.progress : row;
    const base = {
      deploymentId: row.deploymentId,
      externalDeploymentId: row.externalId,
      version: row.processVersion,
      startTime: row.startedAt,
      attributes: {
        rowsRead: progress.rowsRead,
        rowsWritten: progress.rowsWritten,
        recordErrors: progress.recordErrors,
        runs: row.runs,
        ...(row.nextRunAt !== null ? { nextRunAt: new Date(row.nextRunAt).toISOString() } : {}),
        ...(row.failure ? { failure: row.failure } : {}),
      },
    };
    switch (row.state) {
      case 'RUNNING':
        return { ...base, status: { name: SimpleStateStatusName.RUNNING }, errors: [] };
      case 'SCHEDULED':
        return { ...base, status: { name: SCHEDULED_STATUS.name }, errors: row.failure ? [row.failure.message] : [] };
      case 'FINISHED':
        return { ...base, status: { name: SimpleStateStatusName.FINISHED }, errors: [] };
      case 'CANCELED':
        return { ...base, status: { name: SimpleStateStatusName.CANCELED }, errors: [] };
      case 'FAILED':
        return { ...base, status: ProblemStatus.failed(), errors: row.failure ? [row.failure.message] : [] };
    }
  };

  // A run interrupted by a stop of the designer rolled its writes back with its connection: it failed.
  for (const row of await batchRunsIn(db, ['RUNNING'])) {
    await updateBatchRun(db, row.externalId, { state: 'FAILED', endedAt: clock.now(), failure: { message: 'The run was interrupted by a restart of the designer; its writes were rolled back' } });
  }
  for (const row of await batchRunsIn(db, ['SCHEDULED'])) arm(row);

  return {
    processCommand: (command) => {
      if (isClosed) throw new DeploymentManagerClosed('The batch deployment manager is closed');
      return processCommand(command);
    },
    async getScenarioStatuses(scenarioName) {
      const latest = await latestBatchRun(db, scenarioName);
      return latest ? [statusOf(latest)] : [];
    },
    statusDefinitions: [SCHEDULED_STATUS],
    customActions: [],
    deploymentSynchronisation: {
      // Only ended runs: a deployment that is RUNNING (or was inserted a moment ago) is never reported finished.
      async getDeploymentStatusesToUpdate(scenarioName) {
        const ended = await scenarioBatchRunsIn(db, scenarioName, ['FINISHED', 'FAILED']);
        return ended.map((row) => ({
          deploymentId: row.deploymentId,
          status: row.state === 'FINISHED' ? ('FINISHED' as const) : ('FAILED' as const),
          changedAt: row.endedAt ?? row.startedAt,
          ...(row.failure ? { problemDescription: row.failure.message } : {}),
        }));
      },
    },
    scheduling: {
      async listScheduledRuns(scenarioName): Promise<ScheduledRun[]> {
        const latest = await latestBatchRun(db, scenarioName);
        if (!latest || latest.nextRunAt === null) return [];
        return [{ scenarioName, scheduleName: null, runAt: latest.nextRunAt, status: 'SCHEDULED' }];
      },
      async runOffSchedule({ processVersion }) {
        const latest = await latestBatchRun(db, processVersion.processName);
        if (!latest || latest.state !== 'SCHEDULED') return refusal('NotScheduled', `Scenario ${processVersion.processName} is not waiting for a scheduled run`);
        timers.get(latest.scenarioName)?.cancel();
        await startScheduled(latest);
        return { ok: true, msg: `Scenario ${processVersion.processName} runs now` };
      },
    },
    async nodeCounts(scenarioName) {
      const counters = counts.get(scenarioName);
      if (!counters) return {};
      addCounts(counters.totals, counters.counters.takeDeltas());
      return Object.fromEntries(counters.totals);
    },
    async generateTestData(scenario, samples) {
      const prepared = compile(scenario);
      if (!prepared.ok) return { ok: false, errors: prepared.errors };
      return generateBatchTestData(prepared.compiled, samples, { mode: options.testDataGenerationMode ?? 'live', tables, queries, databases: options.databases });
    },
    async idle() {
      await Promise.all([...starting]);
      await Promise.all([...active.values()].map((run) => run.done));
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      for (const timer of timers.values()) timer.cancel();
      for (const run of active.values()) run.controller.abort();
      await Promise.all([...active.values()].map((run) => run.done));
    },
  };
}
