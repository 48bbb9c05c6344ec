import { execSync } from 'node:child_process';
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
  define: {
    __SCENARIA_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __SCENARIA_GIT_COMMIT__: JSON.stringify(gitCommit()),
  },
});
