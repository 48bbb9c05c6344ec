import { afterAll, beforeAll, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { parseConfig } from '../src/config/load-config';
import { startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';

// A processing type on the JetStream manager whose NATS does not answer: port 1 of this machine, where nothing
// listens, so every connection is refused at once.
const settings = { servers: '127.0.0.1:1', namespace: 'unreachable', partitions: 2 };
const spel = (expression: string) => ({ language: 'spel', expression });
const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'source', ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'value', expression: spel('1') }] } },
    { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
  ],
  edges: [{ from: 'source', to: 'sink', edgeType: null }],
} as unknown as ScenarioGraph;

let server: TestServer;

beforeAll(async () => {
  const input = testConfigInput();
  const config = parseConfig({ ...input, processingTypes: { ...input.processingTypes, streaming: { ...input.processingTypes.streaming, deploymentManager: { type: 'jetstream', ...settings } } } }, 'test');
  server = await startTestServer('pglite', { config });
});

afterAll(async () => {
  await server?.close();
});

test('a deploy while the JetStream manager cannot reach NATS answers 503 with Retry-After; the server starts and answers reads', { timeout: 60_000 }, async () => {
  const name = 'unreachable-runtime';
  expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
  expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } })).status).toBe(200);
  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = await server.call('writer', api.deployScenario, { params: { scenarioName: name } });
    expect(refused.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('5');
    expect(refused.ok ? undefined : refused.error.message).toMatch(/could not reach its runtime: NATS \(127\.0\.0\.1:1\) could not be reached/);
  }
  // Reads that ask the manager answer too (the scenario's state as the designer shows it without its engine).
  const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
  expect(state.status).toBe(200);
  expect(state.ok && state.data).toMatchObject({ status: { name: 'PROBLEM' }, errors: [expect.stringMatching(/NATS \(127\.0\.0\.1:1\) could not be reached/)] });
  expect((await server.call('reader', api.listScenarios, {})).status).toBe(200);
  expect((await server.call('reader', api.healthCheck, {})).status).toBe(200);
});
