import { fileURLToPath } from 'node:url';
import { scenariaProject } from '@scenaria/vitest-config';

// End-to-end flows: the real API server serving build/ and Debian's Chromium driven by playwright-core.
// One file at a time: two shared cores, and each file starts a browser.
const project = scenariaProject({ name: 'designer-e2e', include: ['e2e/**/*.e2e.test.ts'], testTimeout: 120_000 });

export default {
  ...project,
  // The worker-protocol flow runs the worker's own modules in Node, which import through $lib.
  resolve: { alias: { $lib: fileURLToPath(new URL('./src/lib', import.meta.url)) } },
  test: { ...project.test, fileParallelism: false },
};
