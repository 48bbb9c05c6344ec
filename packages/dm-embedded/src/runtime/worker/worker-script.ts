import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
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
  const main = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
  const setupPath = setup ? (setup.module.startsWith('file:') ? fileURLToPath(setup.module) : setup.module) : undefined;
  const contents = [
    `import { runScenarioWorker } from ${JSON.stringify(main)};`,
    setupPath ? `import * as setup from ${JSON.stringify(setupPath)};` : 'const setup = undefined;',
    'await runScenarioWorker(setup);',
  ].join('\n');
  return bundleWorkerSources(contents, fileURLToPath(new URL('.', import.meta.url)), 'scenario-worker');
}

/**
 * A worker thread's script from TypeScript sources, for code that runs from them (vitest, a dev server): the
 * module `contents` (imports resolved from `resolveDir`) bundled with esbuild, a dev dependency, into one ESM
 * file that belongs to this process and is removed when it exits. One copy of every package goes into it, so
 * identity comparisons inside the worker hold. Built code ships its worker scripts and never calls this.
 * Packages named in `installed` stay out of the bundle and are imported where they are installed, by absolute
 * path: those that load files beside their own module (PGlite its WebAssembly) cannot be moved.
 */
export async function bundleWorkerSources(contents: string, resolveDir: string, name: string, installed: readonly string[] = []): Promise<URL> {
  const { build } = await import('esbuild');
  const leftInstalled: Plugin = {
    name: 'left-installed',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'left-installed' || !installed.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        const found = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'left-installed' });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, external: true };
      });
    },
  };
  const directory = join(tmpdir(), `scenaria-dm-embedded-${process.pid}`);
  await mkdir(directory, { recursive: true });
  // The bundles belong to this process: nothing else may run them, so they go with it.
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  const outfile = join(directory, `${name}-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.mjs`);
  await build({
    // A name no file has: a stdin named like a file of resolveDir would be taken for it (an import of that
    // file would then be a cycle to itself and bundle nothing).
    stdin: { contents, resolveDir, loader: 'ts', sourcefile: `${name}.bundle-entry.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    plugins: installed.length > 0 ? [leftInstalled] : [],
    // CommonJS dependencies bundled into ESM need a require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return pathToFileURL(outfile);
}
