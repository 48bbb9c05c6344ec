import type { Issue } from '@scenaria/issues';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EmbeddedDatabase, Queryable } from '../storage/database';
import { topicRecords, topics } from '../storage/schema';

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

/** Why a topic operation was refused. */
export type TopicIssue = Issue<'InvalidTopicName'>;

const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

/** Topic names follow Kafka's rule (letters, digits, `.`, `_`, `-`; at most 249), so scenarios move over unchanged. */
export function validateTopicName(name: string): TopicIssue[] {
  if (TOPIC_NAME.test(name) && name !== '.' && name !== '..') return [];
  return [{ code: 'InvalidTopicName', message: `Invalid topic name "${name}": use 1-249 letters, digits, '.', '_' or '-'` }];
}

// In-process wake-ups: appends through this module tell consumers on the same database handle at once;
// consumers in other processes find the records on their next poll.
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

/**
 * Appends records inside the caller's transaction: the topic row is locked while its offset counter moves,
 * so concurrent appenders get consecutive, gap-free offsets in commit order. Answers the offsets given.
 */
export async function appendToTopic(
  tx: Queryable,
  topic: string,
  records: readonly { key: string | null; value: unknown; timestamp: number }[],
): Promise<number[]> {
  if (records.length === 0) return [];
  const now = records[0]?.timestamp ?? 0;
  await tx.insert(topics).values({ name: topic, nextOffset: 0, createdAt: now }).onConflictDoNothing();
  const [row] = await tx
    .update(topics)
    .set({ nextOffset: sql`${topics.nextOffset} + ${records.length}` })
    .where(eq(topics.name, topic))
    .returning({ nextOffset: topics.nextOffset });
  if (!row) throw new Error(`Topic ${topic} vanished while appending`);
  const first = Number(row.nextOffset) - records.length;
  const rows = records.map((record, index) => ({ topic, offset: first + index, key: record.key, value: record.value, timestamp: record.timestamp }));
  await tx.insert(topicRecords).values(rows);
  return rows.map((r) => r.offset);
}

/** Records of a topic from `fromOffset` on, in offset order, at most `limit`. */
export async function readTopic(db: Queryable, topic: string, fromOffset: number, limit: number): Promise<TopicRecord[]> {
  const rows = await db
    .select()
    .from(topicRecords)
    .where(and(eq(topicRecords.topic, topic), gte(topicRecords.offset, fromOffset)))
    .orderBy(asc(topicRecords.offset))
    .limit(limit);
  return rows.map(toTopicRecord);
}

/**
 * Publishes records to a topic (created on first use), e.g. test records from the designer. Answers the
 * offsets; an invalid topic name or record is refused as a value.
 * @example await publishToTopic(db, 'transactions', [{ value: { amount: 10 } }], { now: Date.now() });
 */
export async function publishToTopic(
  db: EmbeddedDatabase,
  topic: string,
  records: readonly TopicRecordInput[],
  options: { now?: number } = {},
): Promise<{ ok: true; value: { offsets: number[] } } | { ok: false; errors: TopicIssue[] }> {
  const issues = validateTopicName(topic);
  if (issues.length > 0) return { ok: false, errors: issues };
  const now = options.now ?? Date.now();
  const offsets = await db.transaction((tx) =>
    appendToTopic(
      tx,
      topic,
      records.map((record) => ({ key: record.key ?? null, value: record.value, timestamp: record.timestamp ?? now })),
    ),
  );
  notifyTopicAppend(db, topic);
  return { ok: true, value: { offsets } };
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

function toTopicRecord(row: typeof topicRecords.$inferSelect): TopicRecord {
  return { topic: row.topic, offset: Number(row.offset), key: row.key, value: row.value, timestamp: Number(row.timestamp) };
}
