// Bundles the TypeScript benchmark and the worker process it starts into one folder (workspace packages
// resolve to their sources), then runs the benchmark, which writes its section of BENCHMARKS.md.
import { build } from 'esbuild';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'node_modules', '.bench');
mkdirSync(outdir, { recursive: true });
// The embedded manager (the baseline) looks for its migrations two folders above its bundled code.
const migrations = join(here, '..', 'node_modules', 'drizzle');
if (!existsSync(migrations)) symlinkSync(join(here, '..', '..', 'dm-embedded', 'drizzle'), migrations, 'dir');
await build({
  entryPoints: { 'jetstream-bench': join(here, 'jetstream-bench.ts'), 'worker-process': join(here, '..', 'test', 'processes', 'worker-process.ts') },
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
await import(pathToFileURL(join(outdir, 'jetstream-bench.js')).href);
