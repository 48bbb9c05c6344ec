import { build } from 'esbuild';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'node_modules', '.bench');
await build({ entryPoints: { 'prof-entry': join(here, 'prof-entry-tmp.ts') }, outdir, bundle: true, platform: 'node', format: 'esm', target: 'node20', external: ['@electric-sql/pglite', 'drizzle-orm', 'postgres', 'esbuild'], banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" } });
await import(pathToFileURL(join(outdir, 'prof-entry.js')).href);
