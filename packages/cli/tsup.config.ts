import { defineConfig } from 'tsup';

// The workspace packages ship TypeScript sources, so they are bundled in (as apps/api does); npm dependencies stay
// external and are the package's dependencies. `bin.ts` keeps its hashbang line.
export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // The tests build the binary they run; the declarations (half a minute of type checking) are not theirs to wait for.
  dts: process.env.SCENARIA_CLI_SKIP_DTS === '1' ? false : { entry: { index: 'src/index.ts' } },
  noExternal: [/^@scenaria\//],
});
