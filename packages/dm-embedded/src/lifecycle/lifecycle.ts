import { randomUUID } from 'node:crypto';
import { DeploymentManagerClosed } from '@scenaria/deployment-sdk';
import type { Clock, DeploymentLogger, StatusDetails } from '@scenaria/deployment-sdk';
import { compileInputSchema } from '@scenaria/engine';
import { scenarioSlug } from '@scenaria/graph';
import { addNodeCounts, readNodeCounts, sumNodeCounts } from '../storage/counts-store';
import type { EmbeddedDatabase } from '../storage/database';
import {
  acquireRunnerLease,
  endDeployments,
  findAllStatusDeployments,
  findDeploymentsRunningIn,
  findLatestDeployment,
  findOpenDeployments,
  findStatusDeployments,
  isStillRunner,
  releaseRunnerLease,
} from '../storage/deployments-store';
import type { DeploymentRow, DeploymentStatusRow } from '../storage/deployments-store';
import { prepareLiveScenario } from '../runtime/live-scenario';
import type { LiveScenario, LiveScenarioOptions } from '../runtime/live-scenario';
import { addCounts } from '../runtime/node-counters';
import type { CountsRange, NodeCount } from '../runtime/node-counters';
import type { ScenarioExecutor } from '../runtime/executor';
import type { ScenarioRunners } from '../runtime/executors';
import type { RunOutcome } from '../runtime/run-outcome';
import { isWorkerFailure, ScenarioUnavailable } from '../errors';
import type { RequestResponseServer } from '../runtime/request-response';
import type { ScheduledTask, Scheduler } from '../runtime/scheduler';
import { StreamingJob } from '../runtime/streaming-job';
import { onWakeup } from '../storage/wakeups';
import { applyTopicRetention } from '../topics/retention';
import type { ResolvedEmbeddedManagerSettings } from '../settings';
import { ScenarioLocks } from './scenario-locks';
import { deploymentStatus } from './status';
import type { LocalDeploymentStatus } from './status';

/** What the lifecycle runs with; the manager builds it once. */
export interface LifecycleContext {
  db: EmbeddedDatabase;
  settings: ResolvedEmbeddedManagerSettings;
  scheduler: Scheduler;
  clock: Clock;
  logger: DeploymentLogger;
  /** Request-response endpoints are registered here; the lifecycle closes it when it closes. */
  server: RequestResponseServer;
  /** How stored scenarios are compiled when they are resumed or picked up from another manager. */
  liveOptions: LiveScenarioOptions;
  /** Where scenarios execute (worker threads, or this thread). */
  runners: ScenarioRunners;
}

/**
 * What runs in this manager: deployments started, stopped, restarted and picked up from other managers,
 * streaming leases, and what is read from running deployments. The stored state is the caller's business
 * (the command handlers write it); this follows it.
 */
export interface DeploymentLifecycle {
  /** Runs work on one scenario after the work queued before it on the same scenario. */
  exclusively<T>(scenarioName: string, work: () => Promise<T>): Promise<T>;
  /** Starts what a stored ACTIVE deployment runs (`prepared` when the caller compiled it already). */
  start(row: DeploymentRow, prepared?: LiveScenario): Promise<void>;
  /** Stops what runs here for a scenario and gives its lease up; the stored deployment is left as it is. */
  stop(scenarioName: string): Promise<void>;
  /** Whether this manager runs the stored deployment. */
  isRunningHere(row: DeploymentRow): boolean;
  /** Runs work unless the manager is closed or closing: a command then throws `DeploymentManagerClosed`. */
  whileOpen<T>(work: () => Promise<T>): Promise<T>;
  /** Starts every deployment stored as active, then keeps up with the other managers over the database. */
  resume(): Promise<void>;
  statusesOf(scenarioName: string): Promise<StatusDetails[]>;
  allStatuses(): Promise<Map<string, StatusDetails[]>>;
  scenarioUrl(scenarioName: string): string | undefined;
  nodeCounts(scenarioName: string, range?: CountsRange): Promise<Record<string, NodeCount>>;
  allNodeCounts(): Promise<Map<string, Record<string, NodeCount>>>;
  idle(): Promise<void>;
  /** Stops everything here and hands the streaming leases over; stored deployments stay active. */
  close(): Promise<void>;
}

// Failures further apart than this start the restart count again.
const RESTART_COUNT_RESET_MS = 5 * 60_000;
// A request-response worker is restarted however often it fails (each failure is one request's), but at
// most this far apart, so a client that keeps killing it costs one worker start per this period.
const MAX_WORKER_RESTART_BACKOFF_MS = 60_000;

interface RunningDeployment {
  row: DeploymentRow;
  status: LocalDeploymentStatus;
  restarts: number;
  lastFailureAt: number;
  errors: string[];
  live?: LiveScenario;
  job?: StreamingJob;
  slug?: string;
  flushTask?: ScheduledTask;
  /** Where a request-response scenario runs; undefined while its worker is restarted. */
  executor?: ScenarioExecutor;
  /** Request-response counters not yet written to the database. */
  pendingCounts: Map<string, NodeCount>;
  restartTask?: ScheduledTask;
  /** When this manager last took or renewed the streaming lease (renewed every third of the lease). */
  leaseRenewedAt?: number;
}

/** Creates the lifecycle of one manager; nothing runs until `resume` or `start`. See README.md beside it. */
export function createDeploymentLifecycle(context: LifecycleContext): DeploymentLifecycle {
  const { db, settings, scheduler, clock, logger, server, runners } = context;
  // Streaming jobs run in one manager per database (the lease holder); request-response endpoints in all.
  const instanceId = randomUUID();
  // Leases are renewed this far apart: a manager may stall for three quarters of a lease before losing one.
  const leaseRenewalMs = settings.runnerLeaseMs / 4;
  const running = new Map<string, RunningDeployment>();
  const locks = new ScenarioLocks();
  const exclusively = <T>(scenarioName: string, work: () => Promise<T>) => locks.exclusively(scenarioName, work);
  let isClosed = false;
  // Set as soon as close begins, so a synchronisation under way starts nothing new.
  let isClosing = false;

  const flushRequestResponseCounts = async (deployment: RunningDeployment) => {
    if (!deployment.live || deployment.live.kind !== 'request-response') return;
    const deltas = deployment.pendingCounts;
    deployment.pendingCounts = new Map();
    await addNodeCounts(db, deployment.row.externalId, deltas);
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
    deployment.restartTask?.cancel();
    const executor = deployment.executor;
    deployment.executor = undefined;
    await executor?.close();
    if (isClosed) return;
    try {
      await endDeployments(db, [deployment.row.externalId], 'FAILED', clock.now(), errors);
    } catch (error) {
      logger.error('Recording a failed deployment failed', { scenarioName: deployment.row.scenarioName, error: String(error) });
    }
  };

  // A scenario that no longer compiles (the model changed since it was deployed) fails its deployment.
  const start = async (row: DeploymentRow, prepared?: LiveScenario) => {
    const deployment: RunningDeployment = { row, status: 'DURING_DEPLOY', errors: [], restarts: 0, lastFailureAt: 0, pendingCounts: new Map() };
    running.set(row.scenarioName, deployment);
    let live = prepared;
    if (!live) {
      const outcome = prepareLiveScenario(row.scenario, context.liveOptions);
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
      const inputSchema = compileInputSchema(row.scenario.metaData.additionalFields.properties?.['inputSchema']);
      if (!inputSchema.ok) return fail(deployment, [inputSchema.message]);
      const started = await runners.startExecutor(row.scenario, live);
      if (!started.ok) return fail(deployment, started.errors.map((e) => (e.nodeId ? `${e.nodeId}: ${e.message}` : e.message)));
      deployment.executor = started.executor;
      deployment.slug = slug;
      server.register({ scenarioName: row.scenarioName, slug, scenario: row.scenario, checkInput: inputSchema.check, run: (input) => runRequest(deployment, input) });
      scheduleCountsFlush(deployment);
    } else {
      await claimStreaming(deployment);
    }
    // A stream whose worker could not start is RESTARTING by now.
    if (deployment.status === 'DURING_DEPLOY') deployment.status = 'RUNNING';
  };

  /** Runs one request in the deployment's worker; a worker that fails is replaced after a pause. */
  const runRequest = async (deployment: RunningDeployment, input: unknown): Promise<RunOutcome> => {
    const executor = deployment.executor;
    if (!executor || !deployment.live) {
      throw new ScenarioUnavailable(`Scenario ${deployment.row.scenarioName} is restarting: ${deployment.errors.join('; ')}`);
    }
    try {
      const outcome = await executor.processRequest(deployment.live.requestSourceId as string, input, scheduler.now());
      addCounts(deployment.pendingCounts, outcome.counts);
      return outcome;
    } catch (error) {
      if (isWorkerFailure(error) && deployment.executor === executor) restartWorkerLater(deployment, error);
      throw error;
    }
  };

  /**
   * Replaces a request-response worker that ran out of memory or time: RESTARTING with the reason meanwhile
   * (requests get a 503), after `restartBackoffMs` doubled per failure within five minutes, at most a minute.
   */
  const restartWorkerLater = (deployment: RunningDeployment, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const executor = deployment.executor;
    deployment.executor = undefined;
    void executor?.close();
    const now = clock.now();
    if (now - deployment.lastFailureAt > RESTART_COUNT_RESET_MS) deployment.restarts = 0;
    deployment.lastFailureAt = now;
    deployment.restarts += 1;
    deployment.status = 'RESTARTING';
    deployment.errors = [message];
    const scenarioName = deployment.row.scenarioName;
    logger.warn('Scenario worker failed; restarting', { scenarioName, attempt: deployment.restarts, error: message });
    const delay = Math.min(settings.restartBackoffMs * 2 ** (deployment.restarts - 1), MAX_WORKER_RESTART_BACKOFF_MS);
    deployment.restartTask = scheduler.schedule(delay, () => {
      void exclusively(scenarioName, async () => {
        const { live } = deployment;
        if (isClosing || running.get(scenarioName) !== deployment || deployment.status !== 'RESTARTING' || !live) return;
        const started = await runners.startExecutor(deployment.row.scenario, live);
        if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('; '));
        if (isClosing || running.get(scenarioName) !== deployment) return started.executor.close();
        deployment.executor = started.executor;
        deployment.status = 'RUNNING';
        deployment.errors = [];
      }).catch((restartError: unknown) => restartWorkerLater(deployment, restartError));
    });
  };

  /** Runs the streaming job here when this manager holds (or can take) the deployment's lease; renews it. */
  const claimStreaming = async (deployment: RunningDeployment) => {
    const { row, live } = deployment;
    const isStarting = deployment.status === 'RUNNING' || deployment.status === 'DURING_DEPLOY';
    if (!live || live.kind !== 'streaming' || !isStarting || isClosing) return;
    const now = clock.now();
    // Renewing costs a transaction: an idle deployment renews a quarter of a lease apart, not every sync.
    if (deployment.job && deployment.leaseRenewedAt !== undefined && now - deployment.leaseRenewedAt < leaseRenewalMs) return;
    const isRunner = await acquireRunnerLease(db, row.externalId, instanceId, now, settings.runnerLeaseMs);
    deployment.leaseRenewedAt = isRunner ? now : undefined;
    if (!isRunner) {
      const job = deployment.job;
      deployment.job = undefined;
      await job?.stop();
      return;
    }
    if (deployment.job) return;
    const started = await runners.startExecutor(row.scenario, live);
    if (!started.ok) return restartLater(deployment, new Error(started.errors.map((e) => (e.nodeId ? `${e.nodeId}: ${e.message}` : e.message)).join('; ')));
    if (deployment.job || isClosing) return started.executor.close();
    const job = new StreamingJob({
      db,
      scheduler,
      logger,
      externalId: row.externalId,
      scenarioName: row.scenarioName,
      live,
      executor: started.executor,
      pollIntervalMs: settings.pollIntervalMs,
      safetyPollIntervalMs: settings.safetyPollIntervalMs,
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
    const now = clock.now();
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

  const stop = async (scenarioName: string) => {
    const deployment = running.get(scenarioName);
    if (!deployment) return;
    running.delete(scenarioName);
    deployment.flushTask?.cancel();
    deployment.restartTask?.cancel();
    if (deployment.slug && server.endpoint(deployment.slug)?.scenarioName === scenarioName) server.unregister(deployment.slug);
    const executor = deployment.executor;
    deployment.executor = undefined;
    await executor?.close();
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
    const open = await findOpenDeployments(db);
    const activeIds = new Map(open.filter((row) => row.state === 'ACTIVE').map((row) => [row.scenarioName, row.externalId]));
    const scenarioNames = new Set([...running.keys(), ...open.map((row) => row.scenarioName)]);
    for (const scenarioName of scenarioNames) {
      if (isClosing) return;
      await exclusively(scenarioName, async () => {
        if (isClosing) return;
        const here = running.get(scenarioName);
        // Unchanged since the read above: only the lease needs looking after, no second read.
        if (here && activeIds.get(scenarioName) === here.row.externalId) return claimStreaming(here);
        // Read again under the scenario's lock: a command of this manager may have changed it meanwhile.
        const active = (await findOpenDeployments(db, scenarioName)).find((row) => row.state === 'ACTIVE');
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
  let isSyncing = false;
  // A wake-up that came during a synchronisation: it may have missed the change, so another follows at once.
  let isSyncWanted = false;
  const runSync = () => {
    syncTask?.cancel();
    syncTask = undefined;
    if (isClosing) return;
    if (isSyncing) {
      isSyncWanted = true;
      return;
    }
    isSyncing = true;
    isSyncWanted = false;
    syncing = synchronise()
      .catch((error: unknown) => logger.error('Synchronising deployments failed', { error: String(error) }))
      .then(() => {
        isSyncing = false;
        if (isClosing) return;
        if (isSyncWanted) runSync();
        else scheduleSync();
      });
  };
  // A manager running streaming jobs synchronises at least as often as their leases need renewing.
  const scheduleSync = () => {
    syncTask?.cancel();
    const isRunningJobs = [...running.values()].some((deployment) => deployment.job);
    syncTask = scheduler.schedule(isRunningJobs ? Math.min(settings.syncIntervalMs, leaseRenewalMs) : settings.syncIntervalMs, runSync);
  };
  // Deployments made or ended, and leases given up, by any manager over the database: catch up at once.
  let unsubscribeDeployments: (() => void) | undefined;
  const listenForDeployments = async () => {
    const subscription = await onWakeup(db, 'deployments', () => runSync(), (error) =>
      logger.warn('Listening for deployment changes failed; synchronising on the interval only', { error: String(error) }),
    );
    unsubscribeDeployments = subscription.unsubscribe;
  };

  let retentionTask: ScheduledTask | undefined;
  let retaining: Promise<void> = Promise.resolve();
  const scheduleRetention = () => {
    retentionTask = scheduler.schedule(settings.retentionIntervalMs, () => {
      retaining = applyTopicRetention(
        db,
        { defaults: settings.topicRetention, overrides: settings.topicRetentionOverrides, chunkSize: settings.retentionChunkSize },
        clock.now(),
      ).then(
        () => undefined,
        (error: unknown) => logger.error('Applying topic retention failed', { error: String(error) }),
      ).then(() => {
        if (!isClosing) scheduleRetention();
      });
    });
  };

  const statusOf = (row: DeploymentStatusRow): StatusDetails => {
    const deployment = running.get(row.scenarioName);
    return deploymentStatus(row, deployment?.row.externalId === row.externalId ? deployment : undefined);
  };

  const nodeCounts = async (scenarioName: string, range?: CountsRange): Promise<Record<string, NodeCount>> => {
    const deployment = running.get(scenarioName);
    if (deployment) await flushRequestResponseCounts(deployment);
    if (range) {
      const ran = await findDeploymentsRunningIn(db, scenarioName, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER);
      return Object.fromEntries(await sumNodeCounts(db, ran.map((row) => row.externalId)));
    }
    const row = deployment?.row ?? (await findLatestDeployment(db, scenarioName));
    return row ? Object.fromEntries(await readNodeCounts(db, row.externalId)) : {};
  };

  return {
    exclusively,
    start,
    stop,
    isRunningHere: (row) => running.get(row.scenarioName)?.row.externalId === row.externalId,
    async whileOpen(work) {
      // From the moment close begins: a command let in then could start what close has already stopped.
      if (isClosing) throw new DeploymentManagerClosed('The embedded deployment manager is closed');
      return work();
    },
    async resume() {
      // Each failure is recorded on its own deployment; the others start regardless.
      for (const row of await findOpenDeployments(db)) {
        if (row.state === 'ACTIVE') await exclusively(row.scenarioName, () => start(row));
      }
      await listenForDeployments();
      scheduleSync();
      scheduleRetention();
    },
    async statusesOf(scenarioName) {
      return (await findStatusDeployments(db, scenarioName)).map(statusOf);
    },
    // The same statuses `statusesOf` reports, for every scenario at once: a list and a scenario's details agree.
    async allStatuses() {
      const byScenario = new Map<string, StatusDetails[]>();
      for (const [scenarioName, rows] of await findAllStatusDeployments(db)) byScenario.set(scenarioName, rows.map(statusOf));
      return byScenario;
    },
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
      retentionTask?.cancel();
      unsubscribeDeployments?.();
      await syncing;
      await retaining;
      await locks.settled();
      for (const scenarioName of [...running.keys()]) await stop(scenarioName);
      isClosed = true;
      await server.close();
    },
  };
}
