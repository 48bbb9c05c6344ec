import { connect } from 'node:net';
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

  // The server's listener answers /scenario/ on the node path; `app.fetch` (Hono) still mounts the same
  // endpoints. Both must give the same answers, from the same rules.
  test('the node path and the Hono route answer bad input alike, with the request limits and security headers', async () => {
    const cases: { path: string; body: string; status: number; message: string | RegExp }[] = [
      { path: '/scenario/hello', body: JSON.stringify({ name: 'x'.repeat(5000) }), status: 413, message: 'The request body is larger than the limit of 0 MB (4096 bytes, requestLimits.maxBodyBytes)' },
      { path: '/scenario/hel%00lo', body: '{}', status: 400, message: 'The URL contains a NUL character (%00)' },
      { path: '/scenario/hello?name=%00', body: '{}', status: 400, message: 'The URL contains a NUL character (%00)' },
      { path: '/scenario/hello', body: '{"name": ', status: 400, message: 'The request body is not JSON' },
      { path: '/scenario/hello', body: '['.repeat(1500) + ']'.repeat(1500), status: 400, message: /deeper than 1000 levels/ },
      { path: '/scenario/hello', body: JSON.stringify({ name: 7 }), status: 400, message: 'The request does not match the input schema' },
      { path: '/scenario/nobody-here', body: '{}', status: 404, message: 'No scenario is deployed at /scenario/nobody-here' },
      { path: '/scenario/hello/definition', body: '{}', status: 405, message: 'Use GET' },
    ];
    for (const { path, body, status, message } of cases) {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      const viaNode = await fetch(`${server.baseUrl}${path}`, init);
      const viaHono = await server.built.app.request(path, init);
      for (const answer of [viaNode, viaHono]) {
        const json = (await answer.json()) as { message: string };
        expect([path, answer.status], JSON.stringify(json)).toEqual([path, status]);
        expect(json.message).toMatch(message);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      }
    }
  });

  test('a body without a declared length is cut off at the limit on the node path', async () => {
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(1000)}`);
    let sent = 0;
    // Chunked: the limit holds on the bytes read, and the server stops reading (it closes the connection).
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 100_000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await fetch(`${server.baseUrl}/scenario/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect([answer.status, await answer.json()]).toEqual([413, { message: expect.stringContaining('requestLimits.maxBodyBytes') }]);
    // 100 MB offered; the server read a few socket buffers' worth before it answered and closed.
    expect(sent).toBeLessThan(10_000);
    // The server still answers.
    const after = await post('/scenario/hello', JSON.stringify({ name: 'Di' }));
    expect([after.status, await after.json()]).toEqual([200, { greeting: 'Hello, Di!' }]);
  });

  test('a client that hangs up mid-body costs nothing: no error logged, the server answers the next request', async () => {
    const { port } = new URL(server.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /scenario/hello HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.once('close', () => resolve()).once('error', reject);
    });
    const after = await post('/scenario/hello', JSON.stringify({ name: 'Ed' }));
    expect([after.status, await after.json()]).toEqual([200, { greeting: 'Hello, Ed!' }]);
    // `server.close()` in afterAll fails the suite if the server logged an error.
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
