import { build } from 'esbuild';
await build({ entryPoints: ['/tmp/spelprof/prof.ts'], bundle: true, platform: 'node', format: 'esm', outfile: '/tmp/spelprof/out.mjs', logLevel: 'warning' });
