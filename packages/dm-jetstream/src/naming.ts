import type { Issue } from '@scenaria/issues';

/**
 * Names on the broker. Subjects and stream names forbid `.`, `*`, `>` and spaces in a token, so a topic is
 * limited to letters, digits, `_` and `-`; scenario names (free text) are hex-encoded where they become keys.
 */
export interface Names {
  namespace: string;
  partitions: number;
}

const TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** Problems of a topic name: an `InvalidTopicName` issue, or none. */
export function validateTopicName(topic: string): Issue[] {
  return TOPIC_PATTERN.test(topic)
    ? []
    : [{ code: 'InvalidTopicName', message: `Topic ${JSON.stringify(topic)} must be 1 to 200 letters, digits, _ or -` }];
}

/** The stream holding a topic. */
export const topicStream = (names: Names, topic: string): string => `${names.namespace}_topic_${topic}`;

/** The subject of one partition of a topic. */
export const partitionSubject = (names: Names, topic: string, partition: number): string => `${names.namespace}.topic.${topic}.${partition}`;

/** Every subject of a topic (the stream's subject filter). */
export const topicSubjects = (names: Names, topic: string): string => `${names.namespace}.topic.${topic}.*`;

/** The key-value bucket of one kind of coordination data. */
export const bucketName = (names: Names, kind: 'deployments' | 'leases' | 'checkpoints' | 'workers'): string => `${names.namespace}_${kind}`;

/** A scenario name as a key token (KV keys allow only `[-/_=.a-zA-Z0-9]`). */
export const scenarioKey = (scenarioName: string): string => Buffer.from(scenarioName, 'utf8').toString('hex') || '00';

/** The key of one partition of a scenario in the leases and checkpoints buckets. */
export const partitionKey = (scenarioName: string, partition: number): string => `${scenarioKey(scenarioName)}.${partition}`;

/**
 * The partition of a record key: FNV-1a over its UTF-16 units, so every client (worker, designer, the
 * benchmark's hand-written consumer) agrees. Records without a key all go to partition 0.
 */
export function partitionOf(key: string | null, partitions: number): number {
  if (key === null) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
