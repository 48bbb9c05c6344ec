import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JetStreamConnection } from '../src/index';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { runWorkerCli } from '../src/worker-cli';
import { deleteNamespace, eventually, NATS_SERVER_BINARY, startNatsServer, testSettings, uniqueNamespace } from './support';

// A port nothing listens on (yet): the system's pick, released.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function heartbeats(connection: JetStreamConnection): Promise<string[]> {
  const workers = await connection.bucket('workers');
  const live: string[] = [];
  for (const key of await connection.keys('workers')) if ((await workers.get(key))?.operation === 'PUT') live.push(key);
  return live;
}

describe('scenaria-worker', () => {
  it('refuses bad settings with the field named, without starting', async () => {
    const outcome = await runWorkerCli([], { SCENARIA_JETSTREAM_SETTINGS: JSON.stringify({ partitions: 0 }) }, process.cwd());
    expect(outcome).toMatchObject({ ok: false, code: 2 });
    expect(outcome.ok ? '' : outcome.message).toContain('partitions');
    expect(await runWorkerCli(['--nonsense', 'x'], {}, process.cwd())).toMatchObject({ ok: false, code: 2 });
  });

  it('runs as a process, announces itself and leaves on SIGTERM', async () => {
    const namespace = uniqueNamespace();
    const settings = testSettings(namespace);
    const connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'cli test');
    try {
      const { build } = await import('esbuild');
      const outfile = fileURLToPath(new URL(`../node_modules/.cache/bin-test-${process.pid}/bin.mjs`, import.meta.url));
      await build({
        entryPoints: [fileURLToPath(new URL('../src/bin.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        outfile,
        logLevel: 'warning',
        // Bundled CommonJS dependencies (the NATS key library) require Node's modules.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      });
      const child = spawn(process.execPath, [outfile, '--id', 'cli-worker'], { env: { ...process.env, SCENARIA_JETSTREAM_SETTINGS: JSON.stringify(settings) }, stdio: 'inherit' });
      await eventually(async () => expect(await heartbeats(connection)).toEqual(['cli-worker']));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await heartbeats(connection)).toEqual([]);
    } finally {
      await connection.close();
      await deleteNamespace(namespace);
    }
  });

  describe('before its NATS is up', () => {
    const warnings: string[] = [];
    let server: ChildProcess | undefined;
    const store = mkdtempSync(join(tmpdir(), 'scenaria-nats-'));
    afterEach(() => {
      vi.restoreAllMocks();
      warnings.length = 0;
      server?.kill('SIGKILL');
      server = undefined;
    });
    const listenWarnings = () => vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));

    it('waits, saying why at each attempt, until a stop ends the waiting with code 0', async () => {
      listenWarnings();
      const port = await freePort();
      const stopping = new AbortController();
      setTimeout(() => stopping.abort(), 700);
      const outcome = await runWorkerCli([], { SCENARIA_JETSTREAM_SETTINGS: JSON.stringify(testSettings(uniqueNamespace(), { servers: `127.0.0.1:${port}` })) }, process.cwd(), { signal: stopping.signal, firstDelayMs: 100, maxDelayMs: 200 });
      expect(outcome).toEqual({ ok: false, code: 0, message: 'Stopped before NATS could be reached' });
      expect(warnings.length).toBeGreaterThanOrEqual(3);
      expect(warnings[0]).toBe(`NATS (127.0.0.1:${port}) is not ready (connect ECONNREFUSED 127.0.0.1:${port}); attempt 1, trying again in 0.1 s`);
      expect(warnings[2]).toContain('attempt 3, trying again in 0.2 s');
    });

    it.skipIf(!NATS_SERVER_BINARY)('starts once NATS answers', { timeout: 30_000 }, async () => {
      listenWarnings();
      const port = await freePort();
      const namespace = uniqueNamespace();
      const starting = runWorkerCli(['--id', 'late-worker'], { SCENARIA_JETSTREAM_SETTINGS: JSON.stringify(testSettings(namespace, { servers: `127.0.0.1:${port}` })) }, process.cwd(), { firstDelayMs: 100, maxDelayMs: 200 });
      await eventually(() => expect(warnings.length).toBeGreaterThanOrEqual(2));
      server = (await startNatsServer({ store, port })).server;
      const outcome = await starting;
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.worker.workerId).toBe('late-worker');
      await outcome.worker.stop();
      rmSync(store, { recursive: true, force: true });
    });

    // A cluster electing its JetStream leader answers so for a while too: the worker waits, and says what is missing.
    it.skipIf(!NATS_SERVER_BINARY)('waits for JetStream when NATS answers without it, naming it', { timeout: 30_000 }, async () => {
      listenWarnings();
      const started = await startNatsServer({});
      server = started.server;
      const stopping = new AbortController();
      const outcome = runWorkerCli([], { SCENARIA_JETSTREAM_SETTINGS: JSON.stringify(testSettings(uniqueNamespace(), { servers: `127.0.0.1:${started.port}` })) }, process.cwd(), { signal: stopping.signal, firstDelayMs: 100 });
      await eventually(() => expect(warnings.length).toBeGreaterThanOrEqual(1));
      stopping.abort();
      expect(await outcome).toMatchObject({ ok: false, code: 0 });
      expect(warnings[0]).toMatch(/^NATS \(127\.0\.0\.1:\d+\) is not ready \(NATS answers, JetStream does not: is it enabled there\? no responders: '\$JS\.API\.INFO'\); attempt 1/);
    });

    it('ends with code 1 and the reason, without waiting, when the failure is not NATS being away', async () => {
      listenWarnings();
      const outcome = await runWorkerCli([], { SCENARIA_JETSTREAM_SETTINGS: JSON.stringify(testSettings(uniqueNamespace(), { servers: 'nats://127.0.0.1:notaport' })) }, process.cwd());
      expect(outcome).toMatchObject({ ok: false, code: 1, message: expect.stringMatching(/^The worker could not start: /) });
      expect(warnings).toEqual([]);
    });
  });
});
