import { defineConfig } from 'tsup';

// Workspace packages ship TypeScript sources, so the worker binary bundles them (as the CLI does); npm
// dependencies stay external and are the package's dependencies. `bin.ts` keeps its hashbang line.
export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: { entry: { index: 'src/index.ts' } },
  noExternal: [/^@scenaria\//],
});
