import type { Issue } from '@scenaria/issues';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmbeddedManagerSettingsSchema } from '../settings';
import type { EmbeddedDatabase, Queryable } from '../storage/database';
import { consumerOffsets, deployments, topicRecords, topics } from '../storage/schema';
import { onWakeup, sendWakeup } from '../storage/wakeups';

/** A record to append to a topic (what the API's publish endpoint accepts). */
export const TopicRecordInputSchema = z.object({
  key: z.string().nullable().optional(),
  value: z.json(),
  /** Epoch milliseconds; the time of appending when absent. */
  timestamp: z.number().int().optional(),
});
/** A record to append to a topic. */
export type TopicRecordInput = z.infer<typeof TopicRecordInputSchema>;

/** A record as stored in a topic. */
export interface TopicRecord {
  topic: string;
  offset: number;
  key: string | null;
  /** Plain JSON. */
  value: unknown;
  timestamp: number;
}

/** A topic and how many records it holds. */
export interface TopicSummary {
  name: string;
  /** Offsets run from 0 to `recordCount - 1`. */
  recordCount: number;
}

/** Why a topic operation was refused (`TopicBacklogFull`: backpressure, try again later). */
export type TopicIssue = Issue<'InvalidTopicName' | 'TopicBacklogFull'>;

const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

/** Topic names follow Kafka's rule (letters, digits, `.`, `_`, `-`; at most 249), so scenarios move over unchanged. */
export function validateTopicName(name: string): TopicIssue[] {
  if (TOPIC_NAME.test(name) && name !== '.' && name !== '..') return [];
  return [{ code: 'InvalidTopicName', message: `Invalid topic name "${name}": use 1-249 letters, digits, '.', '_' or '-'` }];
}

// In-process wake-ups for a database handle that cannot LISTEN (there consumers in other processes find
// the records on their next poll); handles that can are woken by the NOTIFY each append sends.
const appendListeners = new WeakMap<object, Set<(topic: string) => void>>();

/** Calls `listener` after records were appended to any topic through this database handle; returns the unsubscribe. */
export function onTopicAppend(db: EmbeddedDatabase, listener: (topic: string) => void): () => void {
  let listeners = appendListeners.get(db);
  if (!listeners) appendListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells in-process consumers of `db` that `topic` grew (call after the appending transaction committed). */
export function notifyTopicAppend(db: EmbeddedDatabase, topic: string): void {
  for (const listener of appendListeners.get(db) ?? []) listener(topic);
}

// Counts what topic reads reach the database, per handle: the idle test and benchmark read it.
const readCounts = new WeakMap<object, { reads: number }>();

/** How many topic reads (one query each) went to the database through `db` so far. */
export function topicReadCount(db: Queryable): number {
  return readCounts.get(db)?.reads ?? 0;
}

/**
 * Appends records inside the caller's transaction: the topic row is locked while its offset counter moves,
 * so concurrent appenders get consecutive, gap-free offsets in commit order. Consumers over the database
 * are woken when the transaction commits. Answers the offsets given.
 */
export async function appendToTopic(
  tx: Queryable,
  topic: string,
  records: readonly { key: string | null; value: unknown; timestamp: number }[],
): Promise<number[]> {
  if (records.length === 0) return [];
  const now = records[0]?.timestamp ?? 0;
  // Each value is turned into JSON once: its length is the record's size, and it goes into the insert as is.
  const values = records.map((record) => JSON.stringify(record.value ?? null));
  const sizes = records.map((record, index) => (record.key?.length ?? 0) + (values[index] as string).length);
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  const [row] = await tx
    .insert(topics)
    .values({ name: topic, nextOffset: records.length, createdAt: now, bytes })
    .onConflictDoUpdate({ target: topics.name, set: { nextOffset: sql`${topics.nextOffset} + ${records.length}`, bytes: sql`${topics.bytes} + ${bytes}` } })
    .returning({ nextOffset: topics.nextOffset });
  if (!row) throw new Error(`Topic ${topic} vanished while appending`);
  const first = Number(row.nextOffset) - records.length;
  // One JSON parameter instead of six per record: building and binding a multi-row insert cost more CPU
  // than the database's own work on it (profiled: see BENCHMARKS.md).
  const recordset = `[${records
    .map((record, index) => `{"o":${first + index},"k":${JSON.stringify(record.key)},"v":${values[index]},"t":${record.timestamp},"s":${sizes[index]}}`)
    .join(',')}]`;
  await tx.execute(
    sql`insert into ${topicRecords} ("topic", "offset", "key", "value", "timestamp", "size") select ${topic}, r.o, r.k, r.v, r.t, r.s from jsonb_to_recordset(${recordset}::jsonb) as r(o bigint, k text, v jsonb, t bigint, s integer)`,
  );
  await sendWakeup(tx, 'appended', topic);
  return records.map((_, index) => first + index);
}

/** Records of a topic from `fromOffset` on (the first still stored when retention deleted it), in offset order, at most `limit`. */
export async function readTopic(db: Queryable, topic: string, fromOffset: number, limit: number): Promise<TopicRecord[]> {
  let counter = readCounts.get(db);
  if (!counter) readCounts.set(db, (counter = { reads: 0 }));
  counter.reads++;
  // A plain statement: the query builder's per-field mapping of every row was a good part of a batch's CPU.
  const result = await db.execute(
    sql`select "offset"::float8 as "offset", "key", "value", "timestamp"::float8 as "timestamp" from ${topicRecords} where "topic" = ${topic} and "offset" >= ${fromOffset} order by "offset" limit ${limit}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { offset: number | string; key: string | null; value: unknown; timestamp: number | string }[];
  return rows.map((row) => ({ topic, offset: Number(row.offset), key: row.key, value: row.value, timestamp: Number(row.timestamp) }));
}


/**
 * Where the slowest active consumer of a topic continues: the lowest committed offset of the sources of
 * ACTIVE deployments reading it (consumer groups are `scenario/source`); undefined when none reads it.
 */
export async function slowestActiveConsumer(tx: Queryable, topic: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ offset: sql<string | null>`min(${consumerOffsets.nextOffset})` })
    .from(consumerOffsets)
    .where(
      and(
        eq(consumerOffsets.topic, topic),
        sql`exists (select 1 from ${deployments} where ${deployments.state} = 'ACTIVE' and starts_with(${consumerOffsets.consumerGroup}, ${deployments.scenarioName} || '/'))`,
      ),
    );
  return row?.offset === null || row?.offset === undefined ? undefined : Number(row.offset);
}

/** How many records of a topic its slowest active consumer has not read yet (0 when nobody reads it). */
export async function topicBacklog(tx: Queryable, topic: string): Promise<number> {
  const slowest = await slowestActiveConsumer(tx, topic);
  if (slowest === undefined) return 0;
  const [head] = await tx.select({ nextOffset: topics.nextOffset }).from(topics).where(eq(topics.name, topic));
  if (!head) return 0;
  // Records retention deleted before this consumer was deployed are not its backlog.
  const [first] = await tx.select({ offset: topicRecords.offset }).from(topicRecords).where(eq(topicRecords.topic, topic)).orderBy(asc(topicRecords.offset)).limit(1);
  return Math.max(0, Number(head.nextOffset) - Math.max(slowest, first ? Number(first.offset) : Number(head.nextOffset)));
}

/** Backpressure of publishes (the manager's `maxTopicBacklog` and `publishWaitMs`). */
export interface PublishOptions {
  /** Epoch milliseconds for records without a timestamp (default: now). */
  now?: number;
  /** A publish waits while the topic's slowest active consumer is this many records behind or more. */
  maxBacklog?: number;
  /** How long it waits before it is refused with `TopicBacklogFull` (0: refused at once). */
  waitMs?: number;
}

// Held-back publishers look again at least this often, in case a consumer's wake-up is missed.
const BACKLOG_RECHECK_MS = 200;

class BacklogFull extends Error {}

/**
 * Publishes records to a topic (created on first use), e.g. test records from the designer. Answers the
 * offsets; an invalid topic name is refused as a value, and so is a publish held back by backpressure for
 * longer than `waitMs` (`TopicBacklogFull`).
 * @example await publishToTopic(db, 'transactions', [{ value: { amount: 10 } }], { now: Date.now() });
 */
export async function publishToTopic(
  db: EmbeddedDatabase,
  topic: string,
  records: readonly TopicRecordInput[],
  options: PublishOptions = {},
): Promise<{ ok: true; value: { offsets: number[] } } | { ok: false; errors: TopicIssue[] }> {
  const issues = validateTopicName(topic);
  if (issues.length > 0) return { ok: false, errors: issues };
  const defaults = EmbeddedManagerSettingsSchema.shape;
  const maxBacklog = options.maxBacklog ?? defaults.maxTopicBacklog.parse(undefined);
  const waitMs = options.waitMs ?? defaults.publishWaitMs.parse(undefined);
  const now = options.now ?? Date.now();
  const deadline = Date.now() + waitMs;
  const input = records.map((record) => ({ key: record.key ?? null, value: record.value, timestamp: record.timestamp ?? now }));
  let consumed: Awaited<ReturnType<typeof consumerProgress>> | undefined;
  try {
    for (;;) {
      try {
        const offsets = await db.transaction(async (tx) => {
          // Checked under the topic's row lock, so concurrent publishers cannot all slip past the bound.
          await tx.execute(sql`select 1 from ${topics} where ${topics.name} = ${topic} for update`);
          const backlog = await topicBacklog(tx, topic);
          if (backlog >= maxBacklog) throw new BacklogFull(`${backlog}`);
          return appendToTopic(tx, topic, input);
        });
        notifyTopicAppend(db, topic);
        return { ok: true, value: { offsets } };
      } catch (error) {
        if (!(error instanceof BacklogFull)) throw error;
        const left = deadline - Date.now();
        if (left <= 0) {
          const message = `Topic ${topic} has ${error.message} records its slowest consumer has not read (at most ${maxBacklog}): publish again later`;
          return { ok: false, errors: [{ code: 'TopicBacklogFull', message }] };
        }
        consumed ??= await consumerProgress(db, topic);
        await consumed.wait(Math.min(left, BACKLOG_RECHECK_MS));
      }
    }
  } finally {
    consumed?.unsubscribe();
  }
}

/** Waits for a consumer of `topic` to commit progress (or `ms`, whichever comes first). */
async function consumerProgress(db: EmbeddedDatabase, topic: string): Promise<{ wait(ms: number): Promise<void>; wake: () => void; unsubscribe: () => void }> {
  let wake = () => undefined as void;
  const subscription = await onWakeup(db, 'consumed', (payload) => {
    if (payload === topic) wake();
  });
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake(),
    unsubscribe: subscription.unsubscribe,
  };
}

/**
 * The last `limit` records of a topic (default 20), oldest first; empty for a topic nobody wrote to yet.
 * @example const tail = await readTopicTail(db, 'alerts', { limit: 10 });
 */
export async function readTopicTail(db: Queryable, topic: string, options: { limit?: number } = {}): Promise<TopicRecord[]> {
  const limit = Math.max(0, Math.min(options.limit ?? 20, 10_000));
  const rows = await db.select().from(topicRecords).where(eq(topicRecords.topic, topic)).orderBy(desc(topicRecords.offset)).limit(limit);
  return rows.map(toTopicRecord).reverse();
}

/** All topics with their record counts, by name. */
export async function listTopics(db: Queryable): Promise<TopicSummary[]> {
  const rows = await db.select().from(topics).orderBy(asc(topics.name));
  return rows.map((row) => ({ name: row.name, recordCount: Number(row.nextOffset) }));
}

function toTopicRecord(row: Omit<typeof topicRecords.$inferSelect, 'size'>): TopicRecord {
  return { topic: row.topic, offset: Number(row.offset), key: row.key, value: row.value, timestamp: Number(row.timestamp) };
}
