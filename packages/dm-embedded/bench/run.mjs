// Bundles the TypeScript benchmark and the scenario worker's entry into one folder (workspace packages
// resolve to their sources), so the manager finds `./worker.js` beside its code as in the built package.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Two levels below the package, where the manager looks for its migrations (`../../drizzle`).
const outdir = join(here, '..', 'node_modules', '.bench');
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: {
    'dm-embedded-bench': join(here, 'dm-embedded-bench.ts'),
    worker: join(here, '..', 'src', 'runtime', 'worker', 'worker-entry.ts'),
    'bench-worker-setup': join(here, 'worker-setup.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  outExtension: { '.js': '.js' },
  logLevel: 'warning',
  // PGlite loads its WebAssembly beside its own module, so it stays a package (a dev dependency here).
  external: ['@electric-sql/pglite', 'drizzle-orm', 'postgres', 'esbuild'],
  define: { __BENCHMARKS_FILE__: JSON.stringify(join(here, '..', '..', '..', 'BENCHMARKS.md')) },
  // CommonJS dependencies bundled into ESM need a require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
await import(pathToFileURL(join(outdir, 'dm-embedded-bench.js')).href);
