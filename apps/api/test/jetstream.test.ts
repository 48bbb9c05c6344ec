import { afterAll, beforeAll, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { JetStreamConnection, JetStreamManagerSettingsSchema, publishToTopic, readTopic, startWorker } from '@scenaria/dm-jetstream';
import type { ScenarioWorker } from '@scenaria/dm-jetstream';
import type { ScenarioGraph } from '@scenaria/graph';
import { jetstreamManager } from '@nats-io/jetstream';
import { parseConfig } from '../src/config/load-config';
import { startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';

// A processing type on the JetStream manager, with a worker of its own in this process, over the real
// nats-server (127.0.0.1:4222, or NATS_URL) in a namespace nobody else uses.
const servers = process.env['NATS_URL'] ?? '127.0.0.1:4222';
const namespace = `api${process.pid.toString(36)}${Date.now().toString(36)}`;
const settings = { servers, namespace, partitions: 2, leaseMs: 1_000, batchSize: 20, maxOutOfOrdernessMs: 0 };
const spel = (expression: string) => ({ language: 'spel', expression });

const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'transactions', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'payments_in'") }, { name: 'Schema version', expression: spel("'latest'") }] } },
    { type: 'Filter', id: 'large', expression: spel("#input['amount'] > 10") },
    {
      type: 'Sink',
      id: 'alerts',
      ref: {
        typ: 'kafka',
        parameters: [
          { name: 'Topic', expression: spel("'alerts_out'") },
          { name: 'Schema version', expression: spel("'latest'") },
          { name: 'Key', expression: spel("#input['id']") },
          { name: 'Raw editor', expression: spel('true') },
          { name: 'Value validation mode', expression: spel("'lax'") },
          { name: 'Value', expression: spel("{id: #input['id'], amount: #input['amount']}") },
        ],
      },
    },
  ],
  edges: [
    { from: 'transactions', to: 'large', edgeType: null },
    { from: 'large', to: 'alerts', edgeType: { type: 'FilterTrue' } },
  ],
} as unknown as ScenarioGraph;

let server: TestServer;
let worker: ScenarioWorker;
let connection: JetStreamConnection;

beforeAll(async () => {
  const input = testConfigInput();
  const config = parseConfig({ ...input, processingTypes: { ...input.processingTypes, streaming: { ...input.processingTypes.streaming, deploymentManager: { type: 'jetstream', ...settings } } } }, 'test');
  server = await startTestServer('pglite', { config });
  worker = await startWorker({ settings });
  connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'api test');
});

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  if (connection) {
    const jsm = await jetstreamManager(connection.nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names()) names.push(name);
    for (const name of names) if (name.startsWith(`${namespace}_`) || name.startsWith(`KV_${namespace}_`)) await jsm.streams.delete(name);
    await connection.close();
  }
});

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stateName = async (name: string) => {
  const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
  return state.ok ? state.data.status.name : undefined;
};

test('a streaming processing type configured with jetstream deploys to workers, counts, generates test data from its topic and cancels', async () => {
  const name = 'scaled-alerts';
  expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
  const saved = await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
  expect(saved.ok && saved.data.errors, JSON.stringify(saved)).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
  expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
  expect(await eventually(async () => ((await stateName(name)) === 'RUNNING' ? 'RUNNING' : undefined), 'RUNNING')).toBe('RUNNING');

  const records = [{ id: 'a', amount: 120 }, { id: 'b', amount: 5 }, { id: 'c', amount: 50 }].map((value) => ({ key: value.id, value }));
  expect((await publishToTopic(connection, 'payments_in', records)).ok).toBe(true);
  const alerts = await eventually(async () => {
    const out = await readTopic(connection, 'alerts_out', { limit: 10 });
    return out.length === 2 ? out : undefined;
  }, 'two alerts');
  expect(alerts.map((record) => record.value).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual([{ id: 'a', amount: 120 }, { id: 'c', amount: 50 }]);

  const counts = await eventually(async () => {
    const result = await server.call('reader', api.getProcessCounts, { params: { scenarioName: name } });
    return result.ok && result.data.alerts?.all === 2 ? result.data : undefined;
  }, 'counts of the alerts sink');
  expect(counts.transactions?.all).toBe(3);

  // Test data from the topic the source reads: the newest records on the broker.
  const generated = await server.call('reader', api.generateTestData, { params: { scenarioName: name, testSampleSize: 2 }, json: graph });
  expect(generated.status).toBe(200);
  const lines = new TextDecoder().decode((generated.ok ? generated.data : new ArrayBuffer(0)) as ArrayBuffer).split('\n').map((line) => JSON.parse(line) as { record: unknown });
  expect(lines.map((line) => line.record)).toEqual([{ id: 'b', amount: 5 }, { id: 'c', amount: 50 }]);

  expect((await server.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
  expect(await eventually(async () => ((await stateName(name)) === 'CANCELED' ? 'CANCELED' : undefined), 'CANCELED')).toBe('CANCELED');
}, 120_000);
