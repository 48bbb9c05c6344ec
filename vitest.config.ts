import { defineConfig } from 'vitest/config';

// One `vitest` at the root runs every package's own project; CI runs them per package through turbo instead.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
