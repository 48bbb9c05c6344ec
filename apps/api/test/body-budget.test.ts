import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { parseConfig } from '../src/config/load-config';
import { greetingGraph } from './graphs';
import { startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';

const KB = 1024;
// Each body may hold 1 MB; all bodies held at once 1.5 MB: one nearly full body and a 700 kB one do not fit.
const limits = { maxBodyBytes: 1024 * KB, maxUploadBytes: 1024 * KB, maxBodyBytesInFlight: 1536 * KB };
const basic = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

// A save without a graph: the route refuses it with 400 once its body is read and parsed, so any other status
// tells that the body was not read.
const saveOf = (bytes: number) => JSON.stringify({ comment: 'c'.repeat(bytes) });

/** Opens a request that declares `declared` bytes of body and sends only `sent` of them, then waits. */
async function holdBody(port: number, declared: number, sent: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  socket.write(`PUT /api/processes/held HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.write('x'.repeat(sent), () => resolve()));
  // Handed to the kernel; a moment more for the server to take it in. Until then a body sent beside it could take
  // the budget first and have this one refused instead (a save answers only once its scenario is read).
  await new Promise((resolve) => setTimeout(resolve, 200));
  return socket;
}

describe('the bytes of request bodies held at once are bounded (requestLimits.maxBodyBytesInFlight)', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite', { config: parseConfig(testConfigInput({ requestLimits: limits }), 'test') });
    port = Number(new URL(server.baseUrl).port);
    // A deployed request-response scenario: its endpoint's bodies count too.
    expect((await server.call('writer', api.createScenario, { json: { name: 'greeter', isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: 'greeter' }, json: { scenarioGraph: greetingGraph('hello') } })).ok).toBe(true);
    expect((await server.call('writer', api.deployScenario, { params: { scenarioName: 'greeter' } })).status).toBe(200);
    // The saves below go to a scenario that exists, so their bodies are read and parsed (and refused: no graph).
    expect((await server.call('writer', api.createScenario, { json: { name: 'budget', isFragment: false, category: 'Default' } })).status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  const save = (bytes: number) =>
    server.fetchRaw(undefined, '/api/processes/budget', { user: 'admin', method: 'PUT', headers: { 'content-type': 'application/json' }, body: saveOf(bytes) });

  // What the server holds is known only from its answers: ask until the expected one comes, for at most 10 s.
  async function answerBecomes(status: number, request: () => Promise<Response>): Promise<Response> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await request();
      if (response.status === status || Date.now() > deadline) return response;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('bodies one after another each get the whole budget back', async () => {
    for (let round = 0; round < 6; round++) {
      const response = await save(900 * KB);
      expect(response.status, await response.clone().text()).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/scenarioGraph/);
    }
  });

  test('a body arriving while others hold the budget answers 503 with Retry-After; the server stays up and takes it once they are gone', async () => {
    // Declared within the body limit and sent in part: it holds what it sent (about 1 MB), not what it declared.
    const held = await holdBody(port, 1000 * KB, 990 * KB);
    try {
      const refused = await answerBecomes(503, () => save(700 * KB));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { message: string }).message).toMatch(/1\.5 MB.*requestLimits\.maxBodyBytesInFlight/);
      // Small bodies still fit, and requests without one are not concerned.
      expect((await save(10 * KB)).status).toBe(400);
      expect((await server.fetchRaw(undefined, '/api/app/healthCheck')).status).toBe(200);
    } finally {
      held.destroy();
    }
    // The client gone, its bytes are given back.
    const accepted = await answerBecomes(400, () => save(700 * KB));
    expect(accepted.status).toBe(400);
  });

  test("a deployed scenario's endpoint takes its bodies from the same budget", async () => {
    const greet = (bytes: number) => fetch(`${server.baseUrl}/scenario/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'n'.repeat(bytes) }) });
    expect((await greet(700 * KB)).status).toBe(200);
    const held = await holdBody(port, 1000 * KB, 990 * KB);
    try {
      const refused = await answerBecomes(503, () => greet(700 * KB));
      expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([503, '1', { message: expect.stringMatching(/requestLimits\.maxBodyBytesInFlight/) }]);
    } finally {
      held.destroy();
    }
    expect((await answerBecomes(200, () => greet(700 * KB))).status).toBe(200);
  });

  test('a refused body is read to its end and dropped: the connection answers its next request', async () => {
    const held = await holdBody(port, 1000 * KB, 990 * KB);
    try {
      await answerBecomes(503, () => save(700 * KB));
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let text = '';
      const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
      const received = new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          // The refusal and the health check after it, each answered whole on the same connection.
          if (statuses().length >= 2 && text.endsWith('}')) resolve();
        });
      });
      const body = saveOf(700 * KB);
      socket.write(`PUT /api/processes/budget HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      socket.write(`GET /api/app/healthCheck HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);
      await received;
      expect(statuses()).toEqual([503, 200]);
      socket.destroy();
    } finally {
      held.destroy();
    }
  });
});
