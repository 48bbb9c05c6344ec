// Bundles the TypeScript benchmark (workspace packages resolve to their sources) and runs it in this process.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'node_modules', '.cache', 'bench');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'engine-bench.mjs');
await build({
  entryPoints: [join(here, 'engine-bench.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
  // The bundle runs from a cache folder, so the report's location is fixed here, next to the sources.
  define: { __BENCHMARKS_FILE__: JSON.stringify(join(here, '..', '..', '..', 'BENCHMARKS.md')) },
  // CommonJS dependencies bundled into ESM need a require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
await import(pathToFileURL(outfile).href);
