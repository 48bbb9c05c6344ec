import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerSetup } from './protocol';

/** The script a scenario worker runs, and whether the setup module is already inside it. */
export interface WorkerScript {
  url: URL;
  includesSetup: boolean;
}

const bundles = new Map<string, Promise<URL>>();

/**
 * Where the worker script is. The built package has `worker.js` beside its entry (a tsup entry of its own).
 * Inside the monorepo the package runs from its TypeScript sources (under vitest or a dev server), which a
 * plain worker thread cannot load: the entry and the setup module are then bundled once per process with
 * esbuild (a dev dependency), into one file, so the worker and the setup module share one copy of every
 * package (the typer compares some types by identity).
 */
export async function locateWorkerScript(setup: WorkerSetup | undefined): Promise<WorkerScript> {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./worker.js', import.meta.url), includesSetup: false };
  const key = setup?.module ?? '';
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = bundleFromSources(setup);
    bundles.set(key, bundle);
    bundle.catch(() => bundles.delete(key));
  }
  return { url: await bundle, includesSetup: true };
}

async function bundleFromSources(setup: WorkerSetup | undefined): Promise<URL> {
  const { build } = await import('esbuild');
  const main = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
  const setupPath = setup ? (setup.module.startsWith('file:') ? fileURLToPath(setup.module) : setup.module) : undefined;
  const contents = [
    `import { runScenarioWorker } from ${JSON.stringify(main)};`,
    setupPath ? `import * as setup from ${JSON.stringify(setupPath)};` : 'const setup = undefined;',
    'await runScenarioWorker(setup);',
  ].join('\n');
  const directory = join(tmpdir(), `scenaria-dm-embedded-${process.pid}`);
  await mkdir(directory, { recursive: true });
  // The bundles belong to this process: nothing else may run them, so they go with it.
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  const outfile = join(directory, `worker-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.mjs`);
  await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts', sourcefile: 'scenario-worker.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    // CommonJS dependencies bundled into ESM need a require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return pathToFileURL(outfile);
}
