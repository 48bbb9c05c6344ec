import { randomUUID } from 'node:crypto';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import type { ComponentRuntime } from '@scenaria/engine';
import { kindOfMetaDataType } from '@scenaria/graph';
import { KvWatchInclude } from '@nats-io/kv';
import type { KV } from '@nats-io/kv';
import { JetStreamConnection } from './connection';
import type { BrokerWait } from './connection';
import { jsonBytes, readJson, writeIfUnchanged } from './coordination';
import type { Lease, StoredDeployment, WorkerHeartbeat } from './coordination';
import { partitionKey, partitionOf } from './naming';
import { PartitionRunner } from './partition-runner';
import { RequestResponseServer } from './request-response-server';
import { serveTestRuns } from './test-runs';
import { defaultJetStreamModels } from './scenario';
import type { JetStreamModels, ScenarioCompileOptions } from './scenario';
import { JetStreamManagerSettingsSchema } from './settings';
import type { JetStreamManagerSettings, JetStreamManagerSettingsInput } from './settings';

/** What a worker runs with. */
export interface WorkerOptions {
  settings: JetStreamManagerSettingsInput;
  /** The models scenarios compile with (the designer's, so that what validated there runs here). */
  models?: JetStreamModels;
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  logger?: DeploymentLogger;
  /** Unique per process; a random one by default. */
  workerId?: string;
  /** Waits for NATS while it cannot be reached, instead of failing at once (`JetStreamConnection.openWhenReachable`). */
  waitForBroker?: BrokerWait;
}

/** A running worker. */
export interface ScenarioWorker {
  readonly workerId: string;
  /** The partitions it holds, as `scenarioName#partition`. */
  heldPartitions(): string[];
  /** Where this worker serves request-response scenarios (`http://host:port`), when it does. */
  requestResponseUrl(): string | undefined;
  /** Commits what runs, hands its partitions over at once (deletes its leases) and disconnects. */
  stop(): Promise<void>;
}

interface HeldLease {
  scenarioName: string;
  partition: number;
  revision: number;
  /** Local time the last successful renewal was sent. */
  renewedAt: number;
  runner: PartitionRunner | undefined;
  ended: string | undefined;
}

const silentLogger: DeploymentLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Starts a worker: it announces itself in the workers bucket, and on every tick (a quarter of the lease) runs
 * the share of the deployed scenarios' partitions that falls to it. The share is deterministic: the live
 * workers sorted by id take partitions in turn, so every worker computes the same plan and a joining worker
 * gets partitions handed over (the holder commits and deletes its lease) without a stop. A lease or a
 * heartbeat counts as expired when its revision has not changed for a whole lease period by the observer's
 * own clock, so clocks of different machines need not agree.
 * @example const worker = await startWorker({ settings: { servers: 'nats://127.0.0.1:4222', namespace: 'prod' } });
 */
export async function startWorker(options: WorkerOptions): Promise<ScenarioWorker> {
  const settings = JetStreamManagerSettingsSchema.parse(options.settings);
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const name = `scenaria-worker ${workerId}`;
  const connection = options.waitForBroker ? await JetStreamConnection.openWhenReachable(settings, name, options.waitForBroker) : await JetStreamConnection.open(settings, name);
  const compileOptions: ScenarioCompileOptions = {
    models: options.models ?? defaultJetStreamModels(),
    ...(options.runtimes ? { runtimes: options.runtimes } : {}),
    eventTime: { maxOutOfOrdernessMs: settings.maxOutOfOrdernessMs, idleTimeoutMs: settings.idleTimeoutMs },
    now: () => Date.now(),
  };
  const logger = options.logger ?? silentLogger;
  let server: RequestResponseServer | undefined;
  if (settings.requestResponsePort !== null) {
    server = new RequestResponseServer(compileOptions, logger);
    try {
      await server.listen(settings.requestResponsePort, settings.requestResponseHost);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  const worker = new Worker(connection, settings, workerId, compileOptions, logger, server, serveTestRuns(connection, compileOptions));
  await worker.tick();
  worker.schedule();
  await worker.watchDeployments();
  return worker;
}

class Worker implements ScenarioWorker {
  private readonly held = new Map<string, HeldLease>();
  private readonly problems = new Map<string, WorkerHeartbeat['problems'][number]>();
  // Revisions seen per key (leases and heartbeats) and since when, by this process's clock.
  private readonly observed = new Map<string, { revision: number; since: number }>();
  private readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private isStopped = false;
  private stopWatching: (() => void) | undefined;
  private isTickRequested = false;

  constructor(
    private readonly connection: JetStreamConnection,
    private readonly settings: JetStreamManagerSettings,
    readonly workerId: string,
    private readonly compileOptions: ScenarioCompileOptions,
    private readonly logger: DeploymentLogger,
    private readonly server: RequestResponseServer | undefined,
    private readonly testRuns: { close(): void },
  ) {}

  requestResponseUrl(): string | undefined {
    return this.server?.url();
  }

  heldPartitions(): string[] {
    return [...this.held.values()].filter((lease) => lease.runner).map((lease) => `${lease.scenarioName}#${lease.partition}`).sort();
  }

  schedule(delayMs = Math.max(50, Math.floor(this.settings.leaseMs / 4))): void {
    if (this.isStopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ticking = this.tick()
        .catch((error: unknown) => this.logger.warn('Worker tick failed', { workerId: this.workerId, error: String(error) }))
        .finally(() => {
          const isRequested = this.isTickRequested;
          this.isTickRequested = false;
          if (!this.timer) this.schedule(isRequested ? 0 : undefined);
        });
    }, delayMs);
  }

  /** A deploy, a cancel or a lease handed over is acted on at once rather than on the next tick. */
  async watchDeployments(): Promise<void> {
    const watchers = [
      { watcher: await (await this.connection.bucket('deployments')).watch({ include: KvWatchInclude.UpdatesOnly }), isRelevant: () => true },
      // Leases deleted by a worker handing partitions over; renewals (puts) change no plan.
      { watcher: await (await this.connection.bucket('leases')).watch({ include: KvWatchInclude.UpdatesOnly }), isRelevant: (operation: string) => operation !== 'PUT' },
    ];
    this.stopWatching = () => watchers.forEach(({ watcher }) => watcher.stop());
    for (const { watcher, isRelevant } of watchers) {
      void (async () => {
        for await (const update of watcher) {
          if (!isRelevant(update.operation)) continue;
          // A planned tick is brought forward; one in progress may have read the bucket before the change.
          if (this.timer) this.schedule(0);
          else this.isTickRequested = true;
        }
      })().catch(() => undefined);
    }
  }

  private expired(key: string, revision: number, now: number): boolean {
    const seen = this.observed.get(key);
    if (!seen || seen.revision !== revision) {
      this.observed.set(key, { revision, since: now });
      return false;
    }
    return now - seen.since >= this.settings.leaseMs;
  }

  async tick(): Promise<void> {
    if (this.isStopped) return;
    const [workers, leases, deploymentsBucket] = await Promise.all([this.connection.bucket('workers'), this.connection.bucket('leases'), this.connection.bucket('deployments')]);
    const heartbeat: WorkerHeartbeat = { workerId: this.workerId, startedAt: this.startedAt, partitions: [...this.held.keys()], problems: [...this.problems.values()] };
    await workers.put(this.workerId, jsonBytes(heartbeat));
    const now = Date.now();
    const live: string[] = [];
    for (const id of await this.connection.keys('workers')) {
      const entry = await workers.get(id);
      if (!entry || entry.operation !== 'PUT') continue;
      if (id === this.workerId || !this.expired(`worker:${id}`, entry.revision, now)) live.push(id);
      else await workers.delete(id, { previousSeq: entry.revision }).catch(() => undefined);
    }
    live.sort();
    const deployments: StoredDeployment[] = [];
    const requestResponse: StoredDeployment[] = [];
    for (const key of await this.connection.keys('deployments')) {
      const found = await readJson<StoredDeployment>(deploymentsBucket, key);
      if (found?.value.state !== 'RUNNING') continue;
      // Request-response scenarios have no partitions: every worker with a port serves them.
      if (kindOfMetaDataType(found.value.scenario.metaData.additionalFields.metaDataType) === 'request-response') requestResponse.push(found.value);
      else deployments.push(found.value);
    }
    if (this.server) {
      for (const key of [...this.problems.keys()]) if (key.startsWith('endpoint:')) this.problems.delete(key);
      for (const problem of this.server.sync(requestResponse)) this.problems.set(`endpoint:${problem.scenarioName}`, { ...problem, partition: null });
    }
    for (const deployment of deployments) {
      const offset = partitionOf(deployment.scenarioName, 1 << 30);
      for (let partition = 0; partition < this.settings.partitions; partition++) {
        const key = partitionKey(deployment.scenarioName, partition);
        const owner = live[(partition + offset) % live.length];
        await this.manage(leases, key, deployment, partition, owner === this.workerId);
      }
    }
    // Canceled or removed deployments: their partitions stop here.
    for (const [key, lease] of this.held) {
      if (!deployments.some((d) => d.scenarioName === lease.scenarioName)) await this.release(leases, key, lease);
    }
  }

  private async manage(leases: KV, key: string, deployment: StoredDeployment, partition: number, isMine: boolean): Promise<void> {
    const held = this.held.get(key);
    if (held) {
      if (!isMine) return this.release(leases, key, held);
      const sentAt = Date.now();
      const revision = await writeIfUnchanged(leases, key, { owner: this.workerId } satisfies Lease, held.revision);
      if (revision === undefined) {
        this.logger.warn('Lease lost', { workerId: this.workerId, key });
        this.held.delete(key);
        this.problems.delete(key);
        await held.runner?.stop();
        return;
      }
      held.revision = revision;
      held.renewedAt = sentAt;
      if (held.runner && (held.ended !== undefined || held.runner.deploymentId !== deployment.deploymentId)) {
        // A redeploy (or a runner that ended): the next one continues from the committed checkpoint.
        await held.runner.stop();
        held.runner = undefined;
      }
      if (!held.runner && held.ended !== 'fenced') this.startRunner(held, deployment);
      return;
    }
    if (!isMine) return;
    const current = await leases.get(key);
    const now = Date.now();
    let revision: number | undefined;
    if (!current || current.operation !== 'PUT') {
      // Absent, or deleted by a worker that handed it over (a delete marker has a revision to write over).
      revision = await writeIfUnchanged(leases, key, { owner: this.workerId } satisfies Lease, current ? current.revision : undefined);
    } else if (this.expired(`lease:${key}`, current.revision, now)) {
      revision = await writeIfUnchanged(leases, key, { owner: this.workerId } satisfies Lease, current.revision);
    }
    if (revision === undefined) return;
    const lease: HeldLease = { scenarioName: deployment.scenarioName, partition, revision, renewedAt: now, runner: undefined, ended: undefined };
    this.held.set(key, lease);
    this.startRunner(lease, deployment);
  }

  private startRunner(lease: HeldLease, deployment: StoredDeployment): void {
    lease.ended = undefined;
    const runner = new PartitionRunner({
      connection: this.connection,
      workerId: this.workerId,
      deployment,
      partition: lease.partition,
      compileOptions: this.compileOptions,
      logger: this.logger,
      // A quarter of the lease is kept as margin: others judge expiry from when they saw the renewal, later than it was sent.
      holdsLease: () => this.held.get(partitionKey(lease.scenarioName, lease.partition)) === lease && Date.now() < lease.renewedAt + (this.settings.leaseMs * 3) / 4,
      onEnded: (reason, isProblem) => {
        lease.ended = reason;
        const key = partitionKey(lease.scenarioName, lease.partition);
        if (isProblem) this.problems.set(key, { scenarioName: lease.scenarioName, deploymentId: deployment.deploymentId, partition: lease.partition, message: reason });
        if (reason === 'fenced') this.held.delete(key);
      },
      onCommitted: () => this.problems.delete(partitionKey(lease.scenarioName, lease.partition)),
    });
    lease.runner = runner;
    runner.start();
  }

  private async release(leases: KV, key: string, lease: HeldLease): Promise<void> {
    this.held.delete(key);
    this.problems.delete(key);
    await lease.runner?.stop();
    await leases.delete(key, { previousSeq: lease.revision }).catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.isStopped) return;
    this.isStopped = true;
    this.stopWatching?.();
    this.testRuns.close();
    clearTimeout(this.timer);
    await this.ticking;
    const leases = await this.connection.bucket('leases');
    for (const [key, lease] of [...this.held]) await this.release(leases, key, lease);
    const workers = await this.connection.bucket('workers');
    await workers.delete(this.workerId).catch(() => undefined);
    await this.server?.close();
    await this.connection.close();
  }
}

