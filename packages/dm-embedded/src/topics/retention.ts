import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { TopicRetention } from '../settings';
import type { EmbeddedDatabase } from '../storage/database';
import { topicRecords, topics } from '../storage/schema';
import { slowestActiveConsumer } from './topic-store';

/** Retention as the manager's settings give it: one for every topic, and replacements by topic name. */
export interface RetentionPolicy {
  defaults: TopicRetention;
  overrides: Readonly<Record<string, TopicRetention>>;
  /** Records deleted per transaction. */
  chunkSize: number;
  /** Transactions per topic and run at most, so one run is bounded however far behind retention is. */
  maxChunksPerTopic?: number;
}

/**
 * Deletes, from the head of every topic, the records beyond its retention (older than `maxAgeMs`, or the
 * oldest while the topic holds more than `maxBytes`) that every active consumer has read, in transactions of
 * at most `chunkSize` records. Only a contiguous head is deleted, so a topic keeps gap-free offsets from its
 * first stored record on. Answers how many records were deleted.
 */
export async function applyTopicRetention(db: EmbeddedDatabase, policy: RetentionPolicy, now: number): Promise<number> {
  let deleted = 0;
  for (const { name } of await db.select({ name: topics.name }).from(topics)) {
    const retention = policy.overrides[name] ?? policy.defaults;
    if (retention.maxAgeMs === null && retention.maxBytes === null) continue;
    for (let chunk = 0; chunk < (policy.maxChunksPerTopic ?? 100); chunk++) {
      const count = await deleteChunk(db, name, retention, policy.chunkSize, now);
      deleted += count;
      if (count < policy.chunkSize) break;
    }
  }
  return deleted;
}

async function deleteChunk(db: EmbeddedDatabase, topic: string, retention: TopicRetention, chunkSize: number, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    // The topic row lock orders this against appends (which move `bytes` too).
    const [head] = await tx.select({ nextOffset: topics.nextOffset, bytes: topics.bytes }).from(topics).where(eq(topics.name, topic)).for('update');
    if (!head) return 0;
    const readByAll = (await slowestActiveConsumer(tx, topic)) ?? Number(head.nextOffset);
    const candidates = await tx
      .select({ offset: topicRecords.offset, timestamp: topicRecords.timestamp, size: topicRecords.size })
      .from(topicRecords)
      .where(and(eq(topicRecords.topic, topic), lt(topicRecords.offset, readByAll)))
      .orderBy(asc(topicRecords.offset))
      .limit(chunkSize);
    let bytes = Number(head.bytes);
    let end: number | undefined;
    let freed = 0;
    for (const record of candidates) {
      const isTooOld = retention.maxAgeMs !== null && Number(record.timestamp) < now - retention.maxAgeMs;
      const isTooMuch = retention.maxBytes !== null && bytes > retention.maxBytes;
      if (!isTooOld && !isTooMuch) break;
      end = Number(record.offset) + 1;
      bytes -= record.size;
      freed += record.size;
    }
    if (end === undefined) return 0;
    const removed = await tx
      .delete(topicRecords)
      .where(and(eq(topicRecords.topic, topic), lt(topicRecords.offset, end)))
      .returning({ offset: topicRecords.offset });
    await tx.update(topics).set({ bytes: sql`greatest(0, ${topics.bytes} - ${freed})` }).where(eq(topics.name, topic));
    return removed.length;
  });
}
