import { execSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'tsup';

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// The script of the embedded manager's scenario workers, as a file: the manager bundled into dist/ starts
// `./worker.js` beside itself.
const workerScript = createRequire(import.meta.url).resolve('@scenaria/dm-embedded/worker');

// The server is bundled with the workspace packages (they ship TypeScript sources); npm dependencies stay external.
// Entries share their modules through chunks (esbuild's splitting, on for ESM), so a scenario worker's script and
// the setup module that builds its models (`scenario-worker-setup`) load one copy of each package.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    bench: 'bench/bench.ts',
    worker: workerScript,
    'scenario-worker-setup': 'src/services/scenario-worker-setup.ts',
    // Started by the server's validation workers as `./validation-worker.js` beside the bundle.
    'validation-worker': 'src/services/validation-worker.ts',
    // The embedded database's thread, started as `./pglite-worker.js` beside the bundle.
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  noExternal: [/^@scenaria\//],
  // The embedded deployment manager, bundled into dist/main.js, looks for its SQL migrations in `../drizzle`
  // relative to the bundle: that is apps/api/drizzle, a build output (ignored by git). The API's own migrations
  // live in `migrations/` so the two sets can never be mixed up.
  onSuccess: async () => {
    rmSync('drizzle', { recursive: true, force: true });
    cpSync('../../packages/dm-embedded/drizzle', 'drizzle', { recursive: true });
  },
  define: {
    __SCENARIA_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __SCENARIA_GIT_COMMIT__: JSON.stringify(gitCommit()),
  },
});
