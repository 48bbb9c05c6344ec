import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { greetingGraph } from './graphs';
import { serverNodeFlags } from '../bench/server-command.mjs';

// Issue 19's "Done when": the built server (dist/main.js, as `npm run quickstart` starts it) runs twice on one
// machine while the ports an instance used to take besides its own (8181, the embedded manager's old port) and
// the neighbours of the default 8080 are held by other programs. `turbo run test` builds this app before its
// tests (apps/api/turbo.json), so a missing build is a mistake, not a reason to skip.
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const HELD_PORTS = [8181, 8079, 8081];
const AUTHORIZATION = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

type ServerProcess = ChildProcessByStdio<null, Readable, Readable>;

interface Instance {
  process: ServerProcess;
  baseUrl: string;
  dataDir: string;
}

// A listener on `port`, or none when something else already holds it (which is what the test needs anyway).
function hold(port: number): Promise<Server | undefined> {
  return new Promise((done) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', () => done(undefined));
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

function spawnServer(port: number, dataDir: string): ServerProcess {
  return spawn(process.execPath, [...serverNodeFlags(), MAIN], {
    env: { ...process.env, PORT: String(port), SCENARIA_DATA_DIR: dataDir, SCENARIA_STATIC_DIR: '', SCENARIA_CONFIG: '', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

// Resolves with the port the server says it listens on, or rejects with what it printed when it exits first.
function listening(child: ServerProcess): Promise<number> {
  return new Promise((done, fail) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) done(Number(port));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => fail(new Error(`the server exited with ${code}: ${output}`)));
  });
}

function exited(child: ServerProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => done({ code, stderr }));
  });
}

async function start(): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-two-servers-'));
  // Port 0: the system picks a free port, which the server prints; two fixed ports could be taken on a shared machine.
  const child = spawnServer(0, dataDir);
  const port = await listening(child);
  return { process: child, baseUrl: `http://localhost:${port}`, dataDir };
}

async function stop(instance: Instance): Promise<void> {
  if (instance.process.exitCode === null) {
    const gone = new Promise((done) => instance.process.once('exit', done));
    instance.process.kill('SIGTERM');
    await gone;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

const call = (instance: Instance, method: string, path: string, body?: unknown) =>
  fetch(`${instance.baseUrl}${path}`, {
    method,
    headers: { authorization: AUTHORIZATION, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('two built servers on one machine', () => {
  const held: Server[] = [];
  let instances: Instance[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`pnpm --filter @scenaria/api build\` first (turbo's test task does)`);
    for (const port of HELD_PORTS) {
      const server = await hold(port);
      if (server) held.push(server);
    }
    instances = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await Promise.all(held.map((server) => new Promise((done) => server.close(done))));
  });

  // The bundle once carried its own copy of the OpenAPI generator's registry, beside the one the router uses: the
  // library schemas' names were lost and the document (built from recursive schemas) overflowed the stack (500).
  test('the built server serves its OpenAPI document, the JSON and the YAML', async () => {
    const json = await fetch(`${instances[0]!.baseUrl}/api/docs/openapi.json`);
    expect(json.status).toBe(200);
    const document = (await json.json()) as { paths: Record<string, { put?: { requestBody?: unknown } }>; components: { schemas: Record<string, unknown> } };
    expect(document.paths['/api/processes/{scenarioName}']?.put?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UpdateScenarioRequest' } } },
    });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['TypingResult', 'ScenarioGraph', 'ValidationResult']));
    expect((await fetch(`${instances[0]!.baseUrl}/api/docs/nu-designer-openapi.yaml`)).status).toBe(200);
  });

  test('both answer their health check and serve their own deployed request-response scenario under /scenario/ on their own port', async () => {
    expect(new Set(instances.map((instance) => instance.baseUrl)).size).toBe(2);
    for (const [index, instance] of instances.entries()) {
      const health = await fetch(`${instance.baseUrl}/api/app/healthCheck`);
      expect(health.status).toBe(200);
      const name = `greeter-${index}`;
      expect((await call(instance, 'POST', '/api/processes', { name, isFragment: false, category: 'RequestResponse' })).status).toBe(201);
      const saved = await call(instance, 'PUT', `/api/processes/${name}`, { scenarioGraph: greetingGraph(`hello-${index}`) });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const deployed = await call(instance, 'POST', `/api/processManagement/deploy/${name}`);
      expect(deployed.status, await deployed.clone().text()).toBe(200);
    }
    for (const [index, instance] of instances.entries()) {
      // No credentials: deployed endpoints are public.
      const answer = await fetch(`${instance.baseUrl}/scenario/hello-${index}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `server ${index}` }) });
      expect([answer.status, await answer.json()]).toEqual([200, { greeting: `Hello, server ${index}!` }]);
      // Each serves only its own scenario.
      expect((await fetch(`${instance.baseUrl}/scenario/hello-${1 - index}`, { method: 'POST', body: '{}' })).status).toBe(404);
    }
  });

  test('a server whose port is taken says which port, what it is for and which variable moves it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-two-servers-'));
    try {
      const taken = Number(new URL(instances[0]!.baseUrl).port);
      const { code, stderr } = await exited(spawnServer(taken, dataDir));
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${taken} is already in use`);
      expect(stderr).toContain('request-response scenario endpoints');
      expect(stderr).toContain('PORT environment variable');
      expect(stderr).not.toContain('EADDRINUSE');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
