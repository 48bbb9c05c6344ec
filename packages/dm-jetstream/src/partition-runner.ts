import { DeliverPolicy } from '@nats-io/jetstream';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import type { StateEntry, StateSnapshot } from '@scenaria/engine';
import type { JetStreamConnection } from './connection';
import { readJson, writeIfUnchanged } from './coordination';
import type { Checkpoint, StoredDeployment } from './coordination';
import { partitionKey, partitionOf, partitionSubject, scenarioKey, topicStream } from './naming';
import { addCounts, prepareScenario, sinkWritesOf } from './scenario';
import type { ScenarioCompileOptions, SinkWrite } from './scenario';
import { decodeRecord, encodeRecord } from './topics';

/** What a partition runner needs from its worker. */
export interface PartitionRunnerContext {
  connection: JetStreamConnection;
  workerId: string;
  deployment: StoredDeployment;
  partition: number;
  compileOptions: ScenarioCompileOptions;
  logger: DeploymentLogger;
  /** True while this worker's lease on the partition is certainly still its own (outputs are published only then). */
  holdsLease(): boolean;
  /** The runner ended on its own: fenced by a newer owner, or (`isProblem`) the scenario failed or does not compile here. */
  onEnded(reason: string, isProblem?: boolean): void;
  /** A batch was committed: the partition runs. */
  onCommitted(): void;
}

/** A source's records as they arrive, buffered a little ahead of the runner. */
class SourceFeed {
  readonly buffer: JsMsg[] = [];
  private wake: (() => void) | undefined;
  private resume: (() => void) | undefined;
  private messages: ConsumerMessages | undefined;
  private isClosed = false;

  constructor(readonly nodeId: string, private readonly limit: number) {}

  async start(connection: JetStreamConnection, topic: string, partition: number, afterSequence: number): Promise<void> {
    const stream = topicStream(connection.names, topic);
    const consumer = await connection.js.consumers.get(stream, {
      filter_subjects: partitionSubject(connection.names, topic, partition),
      ...(afterSequence > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: afterSequence + 1 } : {}),
    });
    this.messages = await consumer.consume({ max_messages: this.limit });
    void (async () => {
      for await (const message of this.messages as ConsumerMessages) {
        if (this.isClosed) break;
        this.buffer.push(message);
        this.wake?.();
        // Read ahead at most `limit` records: a slow scenario must not pile up the stream in memory.
        if (this.buffer.length >= this.limit) await new Promise<void>((resolve) => (this.resume = resolve));
      }
    })().catch(() => undefined);
  }

  take(max: number): JsMsg[] {
    const taken = this.buffer.splice(0, max);
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
    return taken;
  }

  /** Resolves when `count` records are buffered (one by default) or after `ms`. */
  waitForRecords(ms: number, count = 1): Promise<void> {
    if (this.buffer.length >= count) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        if (this.buffer.length < count) return;
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.resume?.();
    this.wake?.();
    // The client may hold `close()` until its pull request expires (half a minute): stopping is enough, the
    // iterator ends by itself and nothing more is read from it.
    this.messages?.stop();
  }
}

const LINGER_MS = 5;
const emptySnapshot = (): StateSnapshot => ({ entries: [], time: { sources: {}, watermark: null } });
const entryId = (entry: { nodeId: string; key: string }) => `${entry.nodeId}\u0000${entry.key}`;

/**
 * Runs one partition of a deployed scenario in this worker: fences the previous owner by writing the
 * checkpoint first, restores the state, then loops: read a batch of the partition's records, run them,
 * publish the sinks' writes with deterministic message ids (the source's sequence and the output's index),
 * and commit offsets, state and counts as one revision-checked checkpoint. A crash between publishing and
 * committing makes the next owner run the batch again and publish the same ids, which the broker drops
 * within its de-duplication window.
 */
export class PartitionRunner {
  private stopping = false;
  private done: Promise<void> | undefined;
  private feeds: SourceFeed[] = [];
  private idleEmits = 0;

  constructor(private readonly context: PartitionRunnerContext) {}

  get deploymentId(): string {
    return this.context.deployment.deploymentId;
  }

  start(): void {
    this.done = this.run().catch((error: unknown) => {
      this.context.logger.error('Partition runner failed', { scenarioName: this.context.deployment.scenarioName, partition: this.context.partition, error: String(error) });
      this.context.onEnded(`failed: ${String(error)}`, true);
    });
  }

  /** Stops after the batch in progress is committed (or dropped when the lease is gone). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const feed of this.feeds) await feed.close();
    await this.done;
  }

  private async run(): Promise<void> {
    const { connection, deployment, partition, workerId, logger } = this.context;
    const { settings } = connection;
    const checkpoints = await connection.bucket('checkpoints');
    const key = partitionKey(deployment.scenarioName, partition);
    const prepared = prepareScenario(deployment.scenario, this.context.compileOptions);
    if (!prepared.ok) {
      this.context.onEnded(`does not compile here: ${prepared.errors.map((e) => e.message).join('; ')}`, true);
      return;
    }
    const runnable = prepared.value;
    const stored = await readJson<Checkpoint>(checkpoints, key);
    const previous = stored?.value;
    let checkpoint: Checkpoint = {
      owner: workerId,
      epoch: (previous?.epoch ?? 0) + 1,
      deploymentId: deployment.deploymentId,
      offsets: previous?.offsets ?? {},
      state: previous?.state ?? emptySnapshot(),
      counts: previous && previous.deploymentId === deployment.deploymentId ? previous.counts : {},
    };
    // The takeover write: from here on the previous owner's commits fail their revision check.
    let revision = await writeIfUnchanged(checkpoints, key, checkpoint, stored?.revision);
    if (revision === undefined) {
      this.context.onEnded('another worker wrote the checkpoint while taking it over');
      return;
    }
    await runnable.compiled.restoreState(checkpoint.state);
    runnable.compiled.takeStateChanges();
    runnable.takeCounts();
    const entries = new Map<string, StateEntry>(checkpoint.state.entries.map((entry) => [entryId(entry), entry]));
    for (const topic of new Set([...runnable.topicSources.map((s) => s.topic), ...runnable.sinkTopics])) await connection.ensureTopic(topic);
    this.feeds = runnable.topicSources.map((source) => new SourceFeed(source.nodeId, settings.batchSize * 2));
    await Promise.all(
      runnable.topicSources.map((source, index) => (this.feeds[index] as SourceFeed).start(connection, source.topic, partition, checkpoint.offsets[source.nodeId] ?? 0)),
    );
    const idPrefix = `${scenarioKey(deployment.scenarioName)}.${partition}`;
    while (!this.stopping) {
      const feed = this.feeds.find((f) => f.buffer.length > 0);
      if (!feed) {
        await Promise.race(this.feeds.map((f) => f.waitForRecords(250)));
        // Idle partitions still move processing time (a quiet source stops holding the watermark back).
        const scope = await runnable.compiled.advanceTime(Date.now());
        const writes = sinkWritesOf(scope);
        if (writes.length === 0) continue;
        if (!(await this.publish(writes.map((write, i) => ({ write, id: `${idPrefix}.idle.${checkpointSequence(checkpoint)}.${checkpoint.epoch}.${this.idleEmits++}.${i}` }))))) return;
      } else {
        // Records arrive a pull at a time: waiting a moment for a full batch saves a commit per few records
        // under load, and costs at most LINGER_MS of latency when traffic is sparse.
        if (feed.buffer.length < settings.batchSize) await feed.waitForRecords(LINGER_MS, settings.batchSize);
        const messages = feed.take(settings.batchSize);
        const outputs: { write: SinkWrite; id: string }[] = [];
        for (const message of messages) {
          const record = decodeRecord(message.string(), Math.floor(message.info.timestampNanos / 1e6));
          const scope = await runnable.compiled.processRecord(feed.nodeId, record.value, { eventTime: record.timestamp });
          sinkWritesOf(scope).forEach((write, i) => outputs.push({ write, id: `${idPrefix}.${feed.nodeId}.${message.seq}.${i}` }));
        }
        const last = messages[messages.length - 1] as JsMsg;
        checkpoint = { ...checkpoint, offsets: { ...checkpoint.offsets, [feed.nodeId]: last.seq } };
        if (!(await this.publish(outputs))) return;
      }
      const changes = runnable.compiled.takeStateChanges();
      for (const entry of changes.deletes) entries.delete(entryId(entry));
      for (const entry of changes.upserts) entries.set(entryId(entry), entry);
      const counts = structuredClone(checkpoint.counts);
      addCounts(counts, runnable.takeCounts());
      checkpoint = { ...checkpoint, counts, state: { entries: [...entries.values()], time: changes.time } };
      revision = await writeIfUnchanged(checkpoints, key, checkpoint, revision);
      if (revision === undefined) {
        logger.warn('Partition fenced: another worker owns it now', { scenarioName: deployment.scenarioName, partition });
        this.context.onEnded('fenced');
        return;
      }
      this.context.onCommitted();
    }
  }

  /** Publishes in order and waits for every acknowledgement; false (nothing published) once the lease is not surely held. */
  private async publish(outputs: readonly { write: SinkWrite; id: string }[]): Promise<boolean> {
    if (outputs.length === 0) return true;
    // Waiting out a renewal is cheaper than a takeover; a lease that is really gone ends the runner.
    for (let waited = 0; !this.context.holdsLease(); waited += 50) {
      if (this.stopping || waited >= this.context.connection.settings.leaseMs) {
        this.context.onEnded('lease not held while publishing');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { connection } = this.context;
    const acks = outputs.map(({ write, id }) =>
      connection.js.publish(
        partitionSubject(connection.names, write.topic, partitionOf(write.key, connection.names.partitions)),
        encodeRecord({ key: write.key, value: write.value, timestamp: write.timestamp }),
        { msgID: id },
      ),
    );
    await Promise.all(acks);
    return true;
  }
}

/** The highest offset of a checkpoint, naming outputs that no record of this run caused. */
function checkpointSequence(checkpoint: Checkpoint): number {
  return Math.max(0, ...Object.values(checkpoint.offsets));
}
