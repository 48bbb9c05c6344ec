// Bundles the benchmark (TypeScript, workspace sources) with esbuild for Node and runs it.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '../node_modules/.bench');
mkdirSync(outDir, { recursive: true });
const outfile = resolve(outDir, 'run-bench.mjs');
await build({
  entryPoints: [resolve(here, 'run-bench.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  define: { 'import.meta.dirname': JSON.stringify(here) },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
await import(pathToFileURL(outfile).href);
