import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { JetStreamManagerSettingsInput } from '../src/index';

// The worker script is bundled once: a plain child process cannot load TypeScript sources.
let bundled: Promise<string> | undefined;
function workerScript(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    // Inside the package's node_modules, so anything left outside the bundle resolves.
    const outfile = fileURLToPath(new URL(`../node_modules/.cache/worker-test-${process.pid}/worker-process.mjs`, import.meta.url));
    await build({
      entryPoints: [fileURLToPath(new URL('./processes/worker-process.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'warning',
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    });
    return outfile;
  })();
  return bundled;
}

/** A worker running in a child process. */
export interface WorkerProcess {
  readonly id: string;
  readonly child: ChildProcess;
  /** The partitions it last reported holding. */
  partitions: string[];
  /** Asks it to hand its partitions over and exit. */
  stop(): Promise<void>;
  /** SIGKILL: no commit, no hand-over. */
  kill(): Promise<void>;
}

/** Starts a worker process and waits until it runs. */
export async function startWorkerProcess(settings: JetStreamManagerSettingsInput, id: string): Promise<WorkerProcess> {
  const child = fork(await workerScript(), [JSON.stringify(settings), id], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const handle: WorkerProcess = {
    id,
    child,
    partitions: [],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
  child.on('message', (message: { type: string; partitions?: string[] }) => {
    if (message.type === 'partitions') handle.partitions = message.partitions ?? [];
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker ${id} exited with ${code}`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve();
    });
  });
  return handle;
}
