import { DeliverPolicy } from '@nats-io/jetstream';
import { z } from 'zod';
import type { JetStreamConnection } from './connection';
import { partitionOf, partitionSubject, topicStream, validateTopicName } from './naming';
import type { Issue } from '@scenaria/issues';

/** A record to publish: its key chooses the partition; the timestamp (epoch ms) is its event time, now when absent. */
export const TopicRecordInputSchema = z.object({
  key: z.string().nullable().optional(),
  value: z.unknown(),
  timestamp: z.number().int().optional(),
  /** A message id: the broker drops a second record with the same id within the de-duplication window. */
  id: z.string().min(1).max(256).optional(),
});
/** A record to publish. */
export type TopicRecordInput = z.infer<typeof TopicRecordInputSchema>;

/** A record as stored: the message body is this JSON envelope. */
export interface TopicRecord {
  key: string | null;
  value: unknown;
  timestamp: number;
}

/** A stored record with where it is. */
export interface ReadTopicRecord extends TopicRecord {
  partition: number;
  /** The stream sequence (the record's offset; increasing within a partition). */
  sequence: number;
}

/** Encodes a record for its message body. */
export const encodeRecord = (record: TopicRecord): string => JSON.stringify(record);

/** Decodes a message body; a body that is not an envelope is taken as a value without key, at `fallbackTimestamp`. */
export function decodeRecord(body: string, fallbackTimestamp: number): TopicRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { key: null, value: body, timestamp: fallbackTimestamp };
  }
  if (typeof parsed === 'object' && parsed !== null && 'value' in parsed) {
    const envelope = parsed as { key?: unknown; value: unknown; timestamp?: unknown };
    return {
      key: typeof envelope.key === 'string' ? envelope.key : null,
      value: envelope.value,
      timestamp: typeof envelope.timestamp === 'number' ? envelope.timestamp : fallbackTimestamp,
    };
  }
  return { key: null, value: parsed, timestamp: fallbackTimestamp };
}

/**
 * Publishes records to a topic (its stream is created on first use), each to the partition of its key; all
 * are acknowledged before this answers. Answers how many the broker stored (duplicates by id are not).
 */
export async function publishToTopic(
  connection: JetStreamConnection,
  topic: string,
  records: readonly TopicRecordInput[],
): Promise<{ ok: true; value: { stored: number } } | { ok: false; errors: Issue[] }> {
  const errors = validateTopicName(topic);
  if (errors.length > 0) return { ok: false, errors };
  await connection.ensureTopic(topic);
  const now = Date.now();
  let stored = 0;
  // Bounded in-flight publishes: enough to keep the broker busy, few enough not to flood a slow one.
  const window = 1_000;
  for (let at = 0; at < records.length; at += window) {
    const acks = records.slice(at, at + window).map((record) => {
      const key = record.key ?? null;
      const subject = partitionSubject(connection.names, topic, partitionOf(key, connection.names.partitions));
      const body = encodeRecord({ key, value: record.value, timestamp: record.timestamp ?? now });
      return connection.js.publish(subject, body, record.id ? { msgID: record.id } : undefined);
    });
    for (const ack of await Promise.all(acks)) if (!ack.duplicate) stored += 1;
  }
  return { ok: true, value: { stored } };
}

/** Reads up to `limit` records of a topic from its start, in stream order (tests, test data from a topic). */
export async function readTopic(connection: JetStreamConnection, topic: string, options: { limit: number; partition?: number }): Promise<ReadTopicRecord[]> {
  if (validateTopicName(topic).length > 0) return [];
  await connection.ensureTopic(topic);
  const stream = topicStream(connection.names, topic);
  const info = await connection.jsm.streams.info(stream);
  const filter = options.partition === undefined ? undefined : partitionSubject(connection.names, topic, options.partition);
  const total = filter === undefined ? info.state.messages : Number.POSITIVE_INFINITY;
  if (total === 0) return [];
  const consumer = await connection.js.consumers.get(stream, filter ? { filter_subjects: filter } : {});
  const records: ReadTopicRecord[] = [];
  const want = Math.min(options.limit, total);
  while (records.length < want) {
    const batch = await consumer.fetch({ max_messages: Math.min(want - records.length, 1_000), expires: 1_000 });
    let got = 0;
    for await (const message of batch) {
      got += 1;
      const record = decodeRecord(message.string(), Math.floor(message.info.timestampNanos / 1e6));
      const partition = Number(message.subject.slice(message.subject.lastIndexOf('.') + 1));
      records.push({ ...record, partition, sequence: message.seq });
    }
    if (got === 0) break;
  }
  return records;
}

/** The newest `limit` records of a topic over all its partitions, oldest first (test data from a topic). */
export async function readTopicTail(connection: JetStreamConnection, topic: string, options: { limit: number }): Promise<ReadTopicRecord[]> {
  if (validateTopicName(topic).length > 0 || options.limit <= 0) return [];
  await connection.ensureTopic(topic);
  const stream = topicStream(connection.names, topic);
  const { state } = await connection.jsm.streams.info(stream);
  if (state.messages === 0) return [];
  // Sequences are the stream's: the last `limit` of them are the newest records, whatever their partitions.
  const from = Math.max(state.first_seq, state.last_seq - Math.min(options.limit, 10_000) + 1);
  const consumer = await connection.js.consumers.get(stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
  const records: ReadTopicRecord[] = [];
  const want = state.last_seq - from + 1;
  while (records.length < want) {
    const batch = await consumer.fetch({ max_messages: want - records.length, expires: 1_000 });
    let got = 0;
    for await (const message of batch) {
      got += 1;
      const record = decodeRecord(message.string(), Math.floor(message.info.timestampNanos / 1e6));
      records.push({ ...record, partition: Number(message.subject.slice(message.subject.lastIndexOf('.') + 1)), sequence: message.seq });
      if (message.seq >= state.last_seq) break;
    }
    if (got === 0 || records[records.length - 1]?.sequence === state.last_seq) break;
  }
  return records;
}

/** Deletes a topic's stream (tests clean up with it). */
export async function deleteTopic(connection: JetStreamConnection, topic: string): Promise<void> {
  try {
    await connection.jsm.streams.delete(topicStream(connection.names, topic));
  } catch {
    // Already gone.
  }
}
