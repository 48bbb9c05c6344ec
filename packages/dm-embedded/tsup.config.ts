import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({
  platform: 'node',
  // The scenario workers' script: the manager starts it by its URL beside the entry (`./worker.js`).
  entry: { index: 'src/index.ts', worker: 'src/runtime/worker/worker-entry.ts' },
  external: [
    '@scenaria/components',
    '@scenaria/deployment-sdk',
    '@scenaria/engine',
    '@scenaria/graph',
    '@scenaria/typing',
    'drizzle-orm',
    'zod',
    // Only the sources load it, to bundle the worker script; the built package has dist/worker.js instead.
    'esbuild',
  ],
});
