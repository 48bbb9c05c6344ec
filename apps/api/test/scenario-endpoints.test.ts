import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { parseConfig } from '../src/config/load-config';
import { greetingGraph } from './graphs';
import { DATABASES, startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';

// Deployed request-response scenarios are served by the API server itself under /scenario/*: public (no
// credentials, as the original's endpoints), behind the server's request limits.
describe.each(DATABASES)('request-response endpoints on the API port (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { config: parseConfig(testConfigInput({ requestLimits: { maxBodyBytes: 4096 } }), 'test') });
    const name = 'greeter';
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: greetingGraph('hello') } })).ok).toBe(true);
    const deployed = await server.call('writer', api.deployScenario, { params: { scenarioName: name } });
    expect(deployed.status, JSON.stringify(deployed)).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (path: string, body: string) => fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  test('a deployed scenario answers at {API base URL}/scenario/{slug} without credentials', async () => {
    const manager = await server.built.managers.managerFor('request-response');
    expect(manager?.scenarioUrl?.('greeter')).toBe(`${server.baseUrl}/scenario/hello`);
    const answer = await post('/scenario/hello', JSON.stringify({ name: 'Ann' }));
    expect([answer.status, await answer.json()]).toEqual([200, { greeting: 'Hello, Ann!' }]);
    const byQuery = await fetch(`${server.baseUrl}/scenario/hello?name=Bob`);
    expect(await byQuery.json()).toEqual({ greeting: 'Hello, Bob!' });
    const definition = (await (await fetch(`${server.baseUrl}/scenario/hello/definition`)).json()) as { servers: unknown; paths: Record<string, unknown> };
    expect(definition.servers).toEqual([{ url: server.baseUrl }]);
    expect(Object.keys(definition.paths)).toEqual(['/scenario/hello']);
  });

  test('the API request limits and the endpoint checks hold under the prefix', async () => {
    const tooBig = await post('/scenario/hello', JSON.stringify({ name: 'x'.repeat(5000) }));
    expect([tooBig.status, await tooBig.json()]).toEqual([413, { message: expect.stringContaining('requestLimits.maxBodyBytes') }]);
    const deep = await post('/scenario/hello', '['.repeat(1500) + ']'.repeat(1500));
    expect([deep.status, await deep.json()]).toEqual([400, { message: expect.stringContaining('deeper than 1000') }]);
    const wrong = await post('/scenario/hello', JSON.stringify({ name: 7 }));
    expect(wrong.status).toBe(400);
    const nul = await fetch(`${server.baseUrl}/scenario/hel%00lo`, { method: 'POST', body: '{}' });
    expect(nul.status).toBe(400);
    const missing = await post('/scenario/nobody-here', '{}');
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'No scenario is deployed at /scenario/nobody-here' }]);
  });

  test('with publicUrl configured (behind a proxy), scenario URLs use it', async () => {
    const proxied = await startTestServer(kind, { config: parseConfig(testConfigInput({ publicUrl: 'https://scenaria.example.com/' }), 'test') });
    try {
      expect((await proxied.call('writer', api.createScenario, { json: { name: 'greeter', isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
      expect((await proxied.call('writer', api.updateScenario, { params: { scenarioName: 'greeter' }, json: { scenarioGraph: greetingGraph('proxied') } })).ok).toBe(true);
      expect((await proxied.call('writer', api.deployScenario, { params: { scenarioName: 'greeter' } })).status).toBe(200);
      const manager = await proxied.built.managers.managerFor('request-response');
      expect(manager?.scenarioUrl?.('greeter')).toBe('https://scenaria.example.com/scenario/proxied');
      // Served on the server's own port all the same (the proxy forwards to it).
      const answer = await fetch(`${proxied.baseUrl}/scenario/proxied`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Cy"}' });
      expect(await answer.json()).toEqual({ greeting: 'Hello, Cy!' });
    } finally {
      await proxied.close();
    }
  });
});
