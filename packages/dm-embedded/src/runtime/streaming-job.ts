import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import { and, eq, sql } from 'drizzle-orm';
import { addNodeCounts } from '../storage/counts-store';
import type { EmbeddedDatabase, EmbeddedTransaction } from '../storage/database';
import { consumerOffsets, topicRecords, topics } from '../storage/schema';
import { onWakeup, wakeupExpression } from '../storage/wakeups';
import { hasStateChanges, loadState, writeStateChanges } from '../storage/state-store';
import { appendToTopic, notifyTopicAppend, onTopicAppend, readTopic } from '../topics/topic-store';
import type { ScenarioExecutor } from './executor';
import type { LiveScenario } from './live-scenario';
import { addCounts } from './node-counters';
import type { NodeCount } from './node-counters';
import type { RunOutcome } from './run-outcome';
import type { ScheduledTask, Scheduler } from './scheduler';

/** What a streaming job runs with. */
export interface StreamingJobOptions {
  db: EmbeddedDatabase;
  scheduler: Scheduler;
  logger: DeploymentLogger;
  externalId: string;
  scenarioName: string;
  /** The scenario's sources (which topics, which generators); it runs in `executor`. */
  live: LiveScenario;
  /** Where the scenario runs; the job owns it and closes it when it stops. */
  executor: ScenarioExecutor;
  /** How often sources look for new records when the database cannot wake them. */
  pollIntervalMs: number;
  /** How often sources look anyway when appends wake them. */
  safetyPollIntervalMs: number;
  /** Records read and committed per transaction. */
  batchSize: number;
  /** The job cannot go on (the database failed): it is stopped and reported. */
  onFailure(error: unknown): void;
  /** Checked inside every commit: false when this manager no longer runs the deployment (canceled, taken over). */
  isStillRunner(tx: EmbeddedTransaction): Promise<boolean>;
  /** The job stopped itself because another manager runs the deployment now (or it was canceled elsewhere). */
  onRunnerLost(): void;
}

// Another instance committed the same batch first: this one's work is thrown away.
class OffsetConflict extends Error {}

// This manager no longer runs the deployment: the batch is rolled back and the job stops here.
class RunnerLost extends Error {}

/** The consumer of a source: offsets belong to the scenario, so a redeploy continues where the last one stopped. */
export function consumerGroupOf(scenarioName: string, sourceNodeId: string): string {
  return `${scenarioName}/${sourceNodeId}`;
}

/**
 * Runs a streaming scenario: polls each topic source from its committed offset, runs the batch through the
 * scenario and commits, in one transaction, the records its sinks wrote, the new offset and the node
 * counters, so a restart neither loses nor repeats a record. Generators fire on the scheduler. All work of
 * a job is serialised, since compiled stateful nodes are not re-entrant. The scenario itself runs in the
 * executor (a worker thread): when it dies mid-batch nothing of the batch was committed, and the restarted
 * job reads it again from the committed offset.
 */
export class StreamingJob {
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly tasks = new Set<ScheduledTask>();
  // Per source: the poll planned but not yet queued, with when it is due.
  private readonly plannedPolls = new Map<string, { due: number; task: ScheduledTask }>();
  private readonly queuedPolls = new Set<string>();
  private readonly unsubscribes: (() => void)[] = [];
  // Whether appends by anyone over the database wake the sources (LISTEN), so polls can be rare.
  private isWoken = false;
  // Per source: the offset this job last committed (or read), so a poll needs no query for it.
  private readonly committedOffsets = new Map<string, number>();
  // The watermark state last committed (JSON), so a batch that moved nothing needs no transaction.
  private committedTime: string | undefined;

  constructor(private readonly options: StreamingJobOptions) {}

  start(): void {
    const { live, db } = this.options;
    // Before any record: the keyed state and watermark committed with the offsets the polls continue from.
    this.enqueue(() => this.restoreState());
    const wake = (topic: string) => {
      for (const source of live.topicSources) if (source.topic === topic) this.requestPoll(source.nodeId, 0);
    };
    this.unsubscribes.push(onTopicAppend(db, (topic) => !this.isWoken && wake(topic)));
    if (live.topicSources.length > 0) {
      // Listening starts before the first poll, so nothing appended after that poll's read goes unnoticed.
      this.enqueue(async () => {
        const subscription = await onWakeup(db, 'appended', wake, (error) =>
          this.options.logger.warn('Listening for appends failed; polling instead', { scenarioName: this.options.scenarioName, error: String(error) }),
        );
        this.unsubscribes.push(subscription.unsubscribe);
        this.isWoken = subscription.isListening;
        if (this.stopped) subscription.unsubscribe();
      });
      this.enqueue(() => this.registerConsumers());
    }
    for (const source of live.topicSources) this.requestPoll(source.nodeId, 0);
    for (const generator of live.generators) this.scheduleGenerator(generator.nodeId, generator.periodMs);
    if (live.topicSources.length === 0 && live.generators.length > 0) this.scheduleTimeAdvance();
  }

  /** Stops reading; waits for the batch in progress to commit (or roll back). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribeAll();
    for (const task of this.tasks) task.cancel();
    this.tasks.clear();
    await this.queue;
    await this.options.executor.close();
  }

  /** Resolves when the work queued so far is done (tests use it to wait for quiet). */
  idle(): Promise<void> {
    return this.queue;
  }

  private unsubscribeAll(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }

  /**
   * Gives each source a committed offset from the start (the first stored record), so backpressure and
   * retention count this consumer before its first batch commits.
   */
  private async registerConsumers(): Promise<void> {
    const { db, live, scenarioName } = this.options;
    await db.transaction(async (tx) => {
      for (const source of live.topicSources) {
        const first = sql`coalesce((select min(${topicRecords.offset}) from ${topicRecords} where ${topicRecords.topic} = ${source.topic}), (select ${topics.nextOffset} from ${topics} where ${topics.name} = ${source.topic}), 0)`;
        await tx
          .insert(consumerOffsets)
          .values({ consumerGroup: consumerGroupOf(scenarioName, source.nodeId), topic: source.topic, nextOffset: first })
          .onConflictDoNothing();
      }
    });
  }

  private later(delayMs: number, work: () => void): void {
    if (this.stopped) return;
    const task = this.options.scheduler.schedule(delayMs, () => {
      this.tasks.delete(task);
      work();
    });
    this.tasks.add(task);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await work();
      } catch (error) {
        this.stopped = true;
        this.unsubscribeAll();
        await this.options.executor.close();
        this.options.logger.error('Streaming job failed', { scenarioName: this.options.scenarioName, error: String(error) });
        this.options.onFailure(error);
      }
    });
  }

  /** Plans a poll of a source; an earlier request replaces a later plan (a wake-up beats the poll interval). */
  private requestPoll(nodeId: string, delayMs: number): void {
    if (this.stopped || this.queuedPolls.has(nodeId)) return;
    const due = this.options.scheduler.now() + delayMs;
    const planned = this.plannedPolls.get(nodeId);
    if (planned && planned.due <= due) return;
    if (planned) {
      planned.task.cancel();
      this.tasks.delete(planned.task);
    }
    const task = this.options.scheduler.schedule(delayMs, () => {
      this.tasks.delete(task);
      this.plannedPolls.delete(nodeId);
      this.queuedPolls.add(nodeId);
      this.enqueue(async () => {
        this.queuedPolls.delete(nodeId);
        const hasMore = await this.pollOnce(nodeId);
        // Woken sources wait for the next append; the safety poll only catches a lost notification.
        this.requestPoll(nodeId, hasMore ? 0 : this.isWoken ? this.options.safetyPollIntervalMs : this.options.pollIntervalMs);
      });
    });
    this.tasks.add(task);
    this.plannedPolls.set(nodeId, { due, task });
  }

  private scheduleGenerator(nodeId: string, periodMs: number): void {
    this.later(periodMs, () => {
      const firedAt = this.options.scheduler.now();
      this.enqueue(() => this.generateOnce(nodeId, firedAt));
      this.scheduleGenerator(nodeId, periodMs);
    });
  }

  // Without topic polls nothing else moves time for windows and delays of generator-fed scenarios.
  private scheduleTimeAdvance(): void {
    this.later(this.options.pollIntervalMs, () => {
      this.enqueue(() => this.advanceTimeOnce());
      this.scheduleTimeAdvance();
    });
  }

  private async restoreState(): Promise<void> {
    const snapshot = await loadState(this.options.db, this.options.scenarioName);
    this.committedTime = JSON.stringify(snapshot.time);
    await this.options.executor.restoreState(snapshot, this.options.scheduler.now());
  }

  private async pollOnce(nodeId: string): Promise<boolean> {
    const { db, live, executor, batchSize, scenarioName, scheduler } = this.options;
    const source = live.topicSources.find((s) => s.nodeId === nodeId);
    if (!source) return false;
    const group = consumerGroupOf(scenarioName, nodeId);
    // Only this job moves the offset while it runs (a commit checks it), so it is read once, not per batch.
    let from = this.committedOffsets.get(nodeId);
    if (from === undefined) {
      const [committed] = await db
        .select({ nextOffset: consumerOffsets.nextOffset })
        .from(consumerOffsets)
        .where(and(eq(consumerOffsets.consumerGroup, group), eq(consumerOffsets.topic, source.topic)));
      from = committed ? Number(committed.nextOffset) : 0;
    }
    const records = await readTopic(db, source.topic, from, batchSize);
    const outcome = await executor.processRecords(
      nodeId,
      records.map((record) => ({ value: record.value, eventTime: record.timestamp })),
      scheduler.now(),
    );
    // Offsets are gap-free, but retention may have deleted the head this consumer had not reached yet.
    const last = records[records.length - 1];
    const next = last ? last.offset + 1 : from;
    const committedNow = await this.commit([outcome], records.length > 0, async (tx) => {
      if (records.length === 0) return;
      // Publishers held back by backpressure look again. A backlog over the bound means full batches, so a
      // partial one has nobody to wake (held-back publishers also look again on their own, briefly). The
      // wake-up rides on the offset's statement: one round trip fewer per batch.
      const isFull = records.length === batchSize;
      const moved = await tx
        .insert(consumerOffsets)
        .values({ consumerGroup: group, topic: source.topic, nextOffset: next })
        .onConflictDoUpdate({
          target: [consumerOffsets.consumerGroup, consumerOffsets.topic],
          set: { nextOffset: next },
          where: sql`${consumerOffsets.nextOffset} = ${from}`,
        })
        .returning({ nextOffset: consumerOffsets.nextOffset, woken: isFull ? sql`${wakeupExpression('consumed', source.topic)}::text` : sql`null` });
      if (moved.length === 0) throw new OffsetConflict(`${group} on ${source.topic} moved past ${from}`);
    });
    if (committedNow) this.committedOffsets.set(nodeId, next);
    else this.committedOffsets.delete(nodeId);
    return committedNow && records.length === batchSize;
  }

  private async generateOnce(nodeId: string, firedAt: number): Promise<void> {
    const { live, executor, scheduler } = this.options;
    if (!live.generators.some((g) => g.nodeId === nodeId)) return;
    await this.commit([await executor.generate(nodeId, firedAt, scheduler.now())], false, async () => undefined);
  }

  private async advanceTimeOnce(): Promise<void> {
    await this.commit([await this.options.executor.advanceTime(this.options.scheduler.now())], false, async () => undefined);
  }

  /** Writes sink outputs, counters and whatever `inside` adds in one transaction; false when another instance won. */
  private async commit(
    outcomes: readonly RunOutcome[],
    mustCommit: boolean,
    inside: (tx: EmbeddedTransaction) => Promise<void>,
  ): Promise<boolean> {
    const { db, externalId, logger, scenarioName } = this.options;
    const writes = new Map<string, { key: string | null; value: unknown; timestamp: number }[]>();
    const deltas = new Map<string, NodeCount>();
    for (const outcome of outcomes) {
      for (const write of outcome.topicWrites) {
        const list = writes.get(write.topic) ?? [];
        list.push({ key: write.key, value: write.value, timestamp: write.timestamp });
        writes.set(write.topic, list);
      }
      for (const log of outcome.logs) logger.info('Scenario log', { scenarioName, nodeId: log.nodeId, value: log.value });
      for (const error of outcome.errors) {
        logger.warn('Record failed', { scenarioName, nodeId: error.nodeId, contextId: error.contextId, message: error.message });
      }
      addCounts(deltas, outcome.counts);
    }
    const states = outcomes.flatMap((outcome) => (outcome.state ? [outcome.state] : []));
    const changesState = states.some((state) => hasStateChanges(state, this.committedTime));
    // Idle polls find nothing to write: no transaction for them.
    if (!mustCommit && !changesState && writes.size === 0 && deltas.size === 0) return true;
    try {
      await db.transaction(async (tx) => {
        if (!(await this.options.isStillRunner(tx))) throw new RunnerLost(`${scenarioName} is run elsewhere or was canceled`);
        await inside(tx);
        for (const [topic, records] of writes) await appendToTopic(tx, topic, records);
        await addNodeCounts(tx, externalId, deltas);
        // The state the batch left goes with its offsets and outputs: a restart resumes windows where these stop.
        for (const state of states) await writeStateChanges(tx, scenarioName, state);
      });
      const last = states[states.length - 1];
      if (last) this.committedTime = JSON.stringify(last.time);
    } catch (error) {
      if (error instanceof RunnerLost) {
        logger.info('Streaming job handed over', { scenarioName, reason: error.message });
        this.stopped = true;
        await this.options.executor.close();
        this.options.onRunnerLost();
        return false;
      }
      if (error instanceof OffsetConflict) {
        logger.warn('Batch committed elsewhere; skipped', { scenarioName, reason: error.message });
        // The scenario's state took in a batch that was not committed here: back to what was.
        await this.restoreState();
        return false;
      }
      throw error;
    }
    for (const topic of writes.keys()) notifyTopicAppend(db, topic);
    return true;
  }
}
