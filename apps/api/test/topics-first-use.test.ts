import { afterEach, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { DATABASES, startTestServer } from './harness';
import type { TestServer } from './harness';

// The topics' tables belong to the embedded manager, which makes them when it is first built. A designer just
// started has built none: its first request may be a topic's.
describe.each(DATABASES)('topics on a designer that has not built a manager yet (%s)', (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('the first request writes records to a topic, the second reads them', async () => {
    server = await startTestServer(kind);
    const published = await server.call('admin', api.publishTopicRecords, { params: { topic: 'first-use' }, json: { records: [{ value: { amount: 1 } }] } });
    expect(published.status, JSON.stringify(published)).toBe(200);
    const tail = await server.call('admin', api.readTopicRecords, { params: { topic: 'first-use' }, query: {} });
    expect(tail.ok && tail.data.records.map((record) => record.value)).toEqual([{ amount: 1 }]);
  });

  test('reading a topic is the first request', async () => {
    server = await startTestServer(kind);
    const tail = await server.call('admin', api.readTopicRecords, { params: { topic: 'never-written' }, query: {} });
    expect(tail.ok && tail.data.records).toEqual([]);
  });
});
