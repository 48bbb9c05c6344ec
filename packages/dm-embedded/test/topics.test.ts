import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listTopics, migrate, publishToTopic, readTopicTail, validateTopicName } from '../src/index';
import { DATABASES, openTestDatabase } from './support';
import type { TestDatabase } from './support';

describe('topic names', () => {
  it('follow the Kafka rule', () => {
    expect(validateTopicName('orders.v1_x-y')).toEqual([]);
    for (const bad of ['', 'a b', 'ä', '.', '..', 'x'.repeat(250)]) expect(validateTopicName(bad).map((i) => i.code)).toEqual(['InvalidTopicName']);
  });
});

describe.each(DATABASES)('topics on %s', (kind) => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    await migrate(database.db);
  });

  afterEach(async () => {
    await database.dispose();
  });

  it('migrates idempotently', async () => {
    await migrate(database.db);
    await migrate(database.db);
    expect(await listTopics(database.db)).toEqual([]);
  });

  it('gives concurrent publishers consecutive offsets without gaps', async () => {
    const publishers = Array.from({ length: 8 }, (_, p) =>
      publishToTopic(database.db, 'shared', Array.from({ length: 25 }, (_, i) => ({ value: { p, i }, key: `k${p}` })), { now: 1_000 }),
    );
    const offsets = (await Promise.all(publishers)).flatMap((result) => (result.ok ? result.value.offsets : []));
    expect([...offsets].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const tail = await readTopicTail(database.db, 'shared', { limit: 1_000 });
    expect(tail.map((r) => r.offset)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // Each publisher's records stay in its own order.
    for (let p = 0; p < 8; p++) {
      expect(tail.filter((r) => r.key === `k${p}`).map((r) => (r.value as { i: number }).i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    }
    expect(await listTopics(database.db)).toEqual([{ name: 'shared', recordCount: 200 }]);
  });

  it('reads the tail oldest first and keeps keys, timestamps and JSON values', async () => {
    await publishToTopic(database.db, 'events', [
      { value: 'text' },
      { value: [1, 2.5, null], key: 'k', timestamp: 42 },
      { value: { nested: { ok: true } } },
    ], { now: 7 });
    expect(await readTopicTail(database.db, 'events', { limit: 2 })).toEqual([
      { topic: 'events', offset: 1, key: 'k', value: [1, 2.5, null], timestamp: 42 },
      { topic: 'events', offset: 2, key: null, value: { nested: { ok: true } }, timestamp: 7 },
    ]);
    expect(await readTopicTail(database.db, 'nobody-wrote-here')).toEqual([]);
  });
});
