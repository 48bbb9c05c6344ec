import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { listTopics, migrate, publishToTopic, readTopicTail } from '../src/index';
import type { EmbeddedDatabase, EmbeddedDeploymentManager } from '../src/index';
import { consumerOffsets } from '../src/storage/schema';
import { applyTopicRetention } from '../src/topics/retention';
import { topicReadCount } from '../src/topics/topic-store';
import { DATABASES, deploymentData, eventually, processVersion, topicToTopic, useTestManagers } from './support';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

const batch = (from: number, count: number, timestamp?: number) =>
  Array.from({ length: count }, (_, i) => ({ value: { id: `r${from + i}`, amount: 100 + from + i }, ...(timestamp === undefined ? {} : { timestamp }) }));

async function deployDoubler(manager: EmbeddedDeploymentManager): Promise<void> {
  const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
  await manager.idle();
}

const outputIds = async (db: EmbeddedDatabase) => (await readTopicTail(db, 'alerts', { limit: 10_000 })).map((r) => (r.value as { id: string }).id);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('the embedded log on %s', (kind) => {
  const setup = useTestManagers(kind);
  const { createManager } = setup;

  /** A deployed consumer that reads nothing: its manager closed, so the deployment is active but runs nowhere. */
  async function stalledConsumer(): Promise<void> {
    const manager = await createManager();
    await deployDoubler(manager);
    await manager.close();
    setup.release(manager);
  }

  it('refuses a publish while the slowest active consumer is too far behind, and lets a waiting one through once it catches up', async () => {
    const { db } = setup.database;
    await migrate(db);
    // Nobody reads the topic yet: no backlog, whatever it holds.
    expect((await publishToTopic(db, 'transactions', batch(0, 30), { maxBacklog: 10, waitMs: 0 })).ok).toBe(true);
    await stalledConsumer();
    const refused = await publishToTopic(db, 'transactions', batch(30, 1), { maxBacklog: 10, waitMs: 0 });
    expect(refused).toMatchObject({ ok: false, errors: [{ code: 'TopicBacklogFull' }] });
    // The consumer may have read a batch before its manager closed.
    expect(refused.ok ? '' : refused.errors[0]?.message).toMatch(/has \d+ records its slowest consumer has not read \(at most 10\)/);
    expect((await listTopics(db)).find((t) => t.name === 'transactions')?.recordCount).toBe(30);

    // A publisher that waits gets through when a manager runs the consumer again.
    const waiting = publishToTopic(db, 'transactions', batch(30, 5), { maxBacklog: 10, waitMs: 120_000 });
    await createManager();
    expect(await waiting).toEqual({ ok: true, value: { offsets: [30, 31, 32, 33, 34] } });
    await eventually(async () => expect(await outputIds(db)).toHaveLength(35));
  });

  it('deletes the records beyond a topic retention that every active consumer has read, in chunks, from the head', async () => {
    const { db } = setup.database;
    await migrate(db);
    const now = Date.now();
    const none = { maxAgeMs: null, maxBytes: null };
    const policy = (maxAgeMs: number | null, maxBytes: number | null) => ({ defaults: none, overrides: { transactions: { maxAgeMs, maxBytes } }, chunkSize: 4 });
    // Old records (by their timestamp) and new ones; a consumer that has read all of them.
    await publishToTopic(db, 'transactions', [...batch(0, 10, now - 3_600_000), ...batch(10, 5, now)]);
    const manager = await createManager();
    await deployDoubler(manager);
    await eventually(async () => expect(await outputIds(db)).toHaveLength(15));
    await manager.close();
    setup.release(manager);

    expect(await applyTopicRetention(db, policy(60_000, null), now)).toBe(10);
    const left = await readTopicTail(db, 'transactions', { limit: 100 });
    expect(left.map((r) => r.offset)).toEqual([10, 11, 12, 13, 14]);
    // Nothing more is too old.
    expect(await applyTopicRetention(db, policy(60_000, null), now)).toBe(0);

    // Records the stalled consumer has not read stay, however old.
    await publishToTopic(db, 'transactions', batch(15, 6, now - 3_600_000));
    expect(await applyTopicRetention(db, policy(1, null), now + 10_000)).toBe(5);
    expect((await readTopicTail(db, 'transactions', { limit: 100 })).map((r) => r.offset)).toEqual([15, 16, 17, 18, 19, 20]);

    // Size: a topic nobody reads keeps its newest records within the bound.
    const value = 'x'.repeat(98);
    await publishToTopic(db, 'sized', Array.from({ length: 10 }, () => ({ value })));
    const sized = (maxBytes: number) => ({ defaults: none, overrides: { sized: { maxAgeMs: null, maxBytes } }, chunkSize: 4 });
    expect(await applyTopicRetention(db, sized(300), now)).toBe(7);
    expect((await readTopicTail(db, 'sized', { limit: 100 })).map((r) => r.offset)).toEqual([7, 8, 9]);
    expect(await applyTopicRetention(db, sized(100), now)).toBe(2);
    // The default applies to topics without an override (the scenario's output, which nobody reads).
    expect((await readTopicTail(db, 'alerts', { limit: 100 })).length).toBe(15);
    expect(await applyTopicRetention(db, { defaults: { maxAgeMs: 60_000, maxBytes: null }, overrides: { transactions: none, sized: none }, chunkSize: 4 }, now)).toBe(10);

    // A consumer deployed later starts at the first record still stored.
    const again = await createManager();
    const deployed = await again.processCommand({ type: 'runDeployment', processVersion: processVersion('late'), deploymentData: deploymentData(), scenario: topicToTopic('late', 'late-alerts'), updateStrategy: replace });
    expect(deployed.ok).toBe(true);
    await eventually(async () => expect((await readTopicTail(db, 'late-alerts')).map((r) => (r.value as { id: string }).id)).toEqual(['r15', 'r16', 'r17', 'r18', 'r19', 'r20']));
  });

  it('applies retention on its interval from the settings', async () => {
    const { db } = setup.database;
    await migrate(db);
    await publishToTopic(db, 'transactions', batch(0, 6, 1_000));
    await createManager({ retentionIntervalMs: 50, topicRetentionOverrides: { transactions: { maxAgeMs: 60_000, maxBytes: null } } });
    // Deleted only once the deployed consumer read them; with no consumer, at once.
    await eventually(async () => expect(await readTopicTail(db, 'transactions')).toEqual([]));
    expect((await listTopics(db)).find((t) => t.name === 'transactions')?.recordCount).toBe(6);
  });

  it('wakes a runner with a NOTIFY from another connection, and an idle deployment runs no polls meanwhile', async () => {
    const { db } = setup.database;
    // Polls every 20 ms if it relied on polling; the safety poll is far beyond the test.
    const manager = await createManager({ pollIntervalMs: 20, safetyPollIntervalMs: 3_600_000 });
    await deployDoubler(manager);
    await eventually(async () => {
      const [row] = await db.select().from(consumerOffsets).where(and(eq(consumerOffsets.consumerGroup, 'doubler/source'), eq(consumerOffsets.topic, 'transactions')));
      expect(row).toBeDefined();
    });
    await sleep(200);
    await manager.idle();
    const readsBefore = topicReadCount(db);
    await sleep(1_500);
    expect(topicReadCount(db) - readsBefore).toBe(0);

    // Another connection (PostgreSQL: another client, as another process would be; PGlite: another handle).
    const other = await otherConnection(kind, setup.database);
    try {
      expect((await publishToTopic(other.db, 'transactions', batch(0, 3))).ok).toBe(true);
      await eventually(async () => expect(await outputIds(db)).toEqual(['r0', 'r1', 'r2']));
    } finally {
      await other.close();
    }
    expect(topicReadCount(db) - readsBefore).toBeGreaterThan(0);
  });

  it('hands a stream over at once when its runner closes cleanly, long before the lease would run out', async () => {
    const { db } = setup.database;
    // Neither the sync interval nor the lease can explain a takeover within the test.
    const settings = { syncIntervalMs: 3_600_000, runnerLeaseMs: 3_600_000 };
    const first = await createManager(settings);
    await deployDoubler(first);
    const second = await createManager(settings);
    await publishToTopic(db, 'transactions', batch(0, 5));
    await eventually(async () => expect(await outputIds(db)).toHaveLength(5));
    await first.close();
    setup.release(first);
    await publishToTopic(db, 'transactions', batch(5, 5));
    await eventually(async () => expect(await outputIds(db)).toEqual(batch(0, 10).map((r) => r.value.id)));
    expect((await second.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['RUNNING']);
  });
});

async function otherConnection(kind: 'pglite' | 'postgres', database: { db: EmbeddedDatabase; url?: string }): Promise<{ db: EmbeddedDatabase; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return { db: drizzlePglite(client) as unknown as EmbeddedDatabase, close: async () => undefined };
  }
  const client = postgres(database.url as string, { max: 1, onnotice: () => undefined });
  return { db: drizzlePostgres(client) as unknown as EmbeddedDatabase, close: () => client.end({ timeout: 5 }) };
}
