import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JetStreamConnection } from '../src/index';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { runWorkerCli } from '../src/worker-cli';
import { deleteNamespace, eventually, testSettings, uniqueNamespace } from './support';

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
});
