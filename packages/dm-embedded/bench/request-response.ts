// Request-response: the path users get (the endpoints on the host's server under /scenario/{slug}, as
// apps/api serves them: its node listener hands /scenario/ requests to the manager's node path, the rest to
// Hono; small scenarios answered on the server's thread, others in worker threads) against a hand-written
// node:http server with the same logic (input check, fee and label, JSON answer). The clients run in a worker
// thread so they do not share the server's event loop.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { getRequestListener } from '@hono/node-server';
import { drizzle } from 'drizzle-orm/pglite';
import { Hono } from 'hono';
import { createEmbeddedDeploymentManager, SCENARIO_PATH_PREFIX } from '../src/index';
import type { EmbeddedDatabase, EmbeddedManagerSettings } from '../src/index';
import { deploymentData, dependencies, processVersion, requestResponseScenario } from '../test/support';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

/** A running server to send requests to. */
export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

const listening = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

// What apps/api's listener (src/node-listener.ts) does per scenario request besides the manager's answer: its
// security headers, the URL check and the body limit of its configuration.
const API_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};
const API_BODY_LIMIT = { maxBytes: 10 * 1024 * 1024, message: 'The request body is larger than the limit of 10 MB (10485760 bytes, requestLimits.maxBodyBytes)' };

/**
 * The embedded manager's endpoints on a node server whose listener sends /scenario/ to them and the rest to Hono,
 * as the API serves them; `via: 'hono'` sends everything to Hono (the fetch-style `handleRequest`, as before).
 */
export async function managerServer(isolation: 'worker' | 'none' = 'worker', via: 'node' | 'hono' = 'node', settings: Partial<EmbeddedManagerSettings> = {}): Promise<BenchServer> {
  const client = new PGlite();
  const manager = await createEmbeddedDeploymentManager({ ...settings, db: drizzle(client) as unknown as EmbeddedDatabase, isolation }, dependencies());
  const app = new Hono();
  app.all(`${SCENARIO_PATH_PREFIX}/*`, (c) => manager.handleRequest(c.req.raw));
  const hono = getRequestListener(app.fetch);
  const server = createServer((request, response) => {
    if (via === 'hono' || !request.url?.startsWith(`${SCENARIO_PATH_PREFIX}/`)) return void hono(request, response);
    for (const [name, value] of Object.entries(API_HEADERS)) response.setHeader(name, value);
    if (/%00/i.test(request.url)) return void response.writeHead(400).end('{"message":"The URL contains a NUL character (%00)"}');
    void manager.handleNodeRequest(request, response, { bodyLimit: API_BODY_LIMIT });
  });
  await listening(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  manager.mountAt(base);
  const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('fees'), deploymentData: deploymentData(), scenario: requestResponseScenario('fees', { slug: 'fees' }), updateStrategy: replace });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
  return {
    url: manager.scenarioUrl('fees') as string,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await manager.close();
      await client.close();
    },
  };
}

/** The same endpoint written by hand: parse, check the input schema's two fields, compute, answer. */
export async function handWrittenServer(): Promise<BenchServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let input: { amount?: unknown; currency?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"The request body is not JSON"}');
        return;
      }
      if (typeof input !== 'object' || input === null || (input.amount !== undefined && !Number.isInteger(input.amount)) || (input.currency !== undefined && typeof input.currency !== 'string')) {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"The request does not match the input schema"}');
        return;
      }
      const fee = (input.amount as number) * 3 + 1;
      const body = JSON.stringify({ fee, label: `${String(input.currency)}:${fee}` });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  const url = `${await listening(server)}/scenario/fees`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// The clients: `clients` keep-alive connections, each sending the next request when its answer arrived.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, clients, durationMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const body = JSON.stringify({ amount: 7, currency: 'EUR' });
const target = new URL(url);
let done = 0, failed = 0;
const latencies = [];
const deadline = Date.now() + durationMs;
function one() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => { if (response.statusCode === 200) done++; else failed++; latencies.push(performance.now() - started); resolve(); });
    });
    request.on('error', () => { failed++; resolve(); });
    request.end(body);
  });
}
async function client() { while (Date.now() < deadline) await one(); }
const started = performance.now();
Promise.all(Array.from({ length: clients }, client)).then(() => {
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  parentPort.postMessage({ rate: done / seconds, done, failed, latencies });
});
`;

/**
 * Requests per second and latencies of `clients` concurrent keep-alive clients for `durationMs`, and the
 * time this thread's event loop was busy meanwhile per answered request (the server's own cost per request:
 * the clients run in another thread).
 */
export async function load(url: string, clients: number, durationMs: number): Promise<{ rate: number; failed: number; latencies: number[]; busyMicrosPerRequest: number }> {
  const before = performance.eventLoopUtilization();
  const result = await generateLoad(url, clients, durationMs);
  const busy = performance.eventLoopUtilization(before);
  return { ...result, busyMicrosPerRequest: (busy.active * 1000) / Math.max(1, result.done) };
}

function generateLoad(url: string, clients: number, durationMs: number): Promise<{ rate: number; done: number; failed: number; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: { url, clients, durationMs } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
