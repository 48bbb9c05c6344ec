import { afterEach, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { parseConfig } from '../src/config/load-config';
import { topicBounds } from '../src/services/topics';
import { topicGraph } from './graphs';
import { DATABASES, openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { TestDatabase, TestServer } from './harness';

// Publishes through the API obey the embedded managers' backpressure: while a topic's slowest active consumer is
// `maxTopicBacklog` records behind, a publish waits up to `publishWaitMs` and is then refused with 429 and
// Retry-After, a refusal a client can act on (not a 400 for input that was fine).

function configWith(bounds: { maxTopicBacklog: number; publishWaitMs: number }) {
  const input = testConfigInput();
  const streaming = input.processingTypes['streaming']!;
  input.processingTypes = { ...input.processingTypes, streaming: { ...streaming, deploymentManager: { ...streaming.deploymentManager, ...bounds } } };
  return parseConfig(input, 'test');
}

describe('topicBounds', () => {
  test('takes the strictest bound of the embedded managers, their defaults when nothing is set', () => {
    expect(topicBounds(parseConfig(testConfigInput(), 'test'))).toEqual({ maxBacklog: 10_000, waitMs: 5_000 });
    expect(topicBounds(configWith({ maxTopicBacklog: 3, publishWaitMs: 0 }))).toEqual({ maxBacklog: 3, waitMs: 0 });
  });
});

describe.each(DATABASES)('publishing to a topic whose consumer is behind (%s)', (kind) => {
  let database: TestDatabase | undefined;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database?.cleanup();
    database = undefined;
  });

  test('is refused with 429 and Retry-After once the backlog is full', { timeout: 120_000 }, async () => {
    database = await openTestDatabase(kind);
    const shared = { handle: database.handle, cleanup: async () => {} };
    const first = await startTestServer(kind, { database: shared });
    await first.call('writer', api.createScenario, { json: { name: 'reader-of-orders', isFragment: false, category: 'Default' } });
    expect((await first.call('writer', api.updateScenario, { params: { scenarioName: 'reader-of-orders' }, json: { scenarioGraph: topicGraph('orders', 'big-orders') } })).ok).toBe(true);
    expect((await first.call('writer', api.deployScenario, { params: { scenarioName: 'reader-of-orders' } })).status).toBe(200);
    // One record through the job: its consumer of `orders` exists and has read everything so far.
    expect((await first.call('admin', api.publishTopicRecords, { params: { topic: 'orders' }, json: { records: [{ value: { id: 'x', amount: 99 } }] } })).status).toBe(200);
    for (let attempt = 0; ; attempt++) {
      const output = await first.call('admin', api.readTopicRecords, { params: { topic: 'big-orders' }, query: {} });
      if (output.ok && output.data.records.length === 1) break;
      if (attempt > 600) throw new Error('the deployed scenario never read its first record');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Its managers close, the deployment stays active: a consumer of `orders` that reads nothing until a manager
    // resumes it. The second server must not resume it (it would, building its managers at start): its job would
    // read the first two records, often before the second publish looks, and that publish would rightly pass.
    await first.close();

    const second = await startTestServer(kind, { database: shared, config: configWith({ maxTopicBacklog: 2, publishWaitMs: 0 }), resume: false });
    servers.push(second);
    const records = { records: [{ value: { id: 'a', amount: 50 } }, { value: { id: 'b', amount: 60 } }] };
    expect((await second.call('admin', api.publishTopicRecords, { params: { topic: 'orders' }, json: records })).status).toBe(200);
    const refused = await second.fetchRaw(undefined, '/api/topics/orders/records', {
      user: 'admin',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(records),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { message: string }).message).toMatch(/slowest consumer/i);
    // Another topic is not held back.
    expect((await second.call('admin', api.publishTopicRecords, { params: { topic: 'payments' }, json: records })).status).toBe(200);
  });
});
