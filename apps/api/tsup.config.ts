import { execSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// The server is bundled with the workspace packages (they ship TypeScript sources); npm dependencies stay external.
export default defineConfig({
  entry: { main: 'src/main.ts', bench: 'bench/bench.ts' },
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
