import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JetStreamConnection, partitionOf, publishToTopic, readTopic, readTopicTail } from '../src/index';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { deleteNamespace, testSettings, uniqueNamespace } from './support';

describe('topics', () => {
  const namespace = uniqueNamespace();
  let connection: JetStreamConnection;
  beforeAll(async () => {
    connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(testSettings(namespace, { partitions: 3 })), 'topics test');
  });
  afterAll(async () => {
    await connection.close();
    await deleteNamespace(namespace);
  });

  it('puts each record in the partition of its key and reads the newest over all partitions, oldest first', async () => {
    const records = Array.from({ length: 30 }, (_, i) => ({ key: `key-${i % 7}`, value: { n: i }, timestamp: 1_000 + i }));
    expect(await publishToTopic(connection, 'events', records)).toEqual({ ok: true, value: { stored: 30 } });
    const all = await readTopic(connection, 'events', { limit: 100 });
    expect(all.map((r) => (r.value as { n: number }).n)).toEqual(records.map((r) => r.value.n));
    for (const record of all) expect(record.partition).toBe(partitionOf(record.key, 3));
    const tail = await readTopicTail(connection, 'events', { limit: 5 });
    expect(tail.map((r) => [r.key, (r.value as { n: number }).n, r.timestamp])).toEqual(records.slice(25).map((r) => [r.key, r.value.n, r.timestamp]));
    expect(await readTopicTail(connection, 'empty', { limit: 5 })).toEqual([]);
  });

  it('drops a record whose id it already stored, and refuses a bad topic name as a value', async () => {
    expect(await publishToTopic(connection, 'ids', [{ id: 'a', value: 1 }, { id: 'a', value: 2 }, { id: 'b', value: 3 }])).toEqual({ ok: true, value: { stored: 2 } });
    const refused = await publishToTopic(connection, 'no.dots', [{ value: 1 }]);
    expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['InvalidTopicName']);
  });
});
