import { scenariaProject } from '@scenaria/vitest-config';

// End-to-end flows: the real API server serving build/ and Debian's Chromium driven by playwright-core.
// One file at a time: two shared cores, and each file starts a browser.
const project = scenariaProject({ name: 'designer-e2e', include: ['e2e/**/*.e2e.test.ts'], testTimeout: 120_000 });

export default {
  ...project,
  test: { ...project.test, fileParallelism: false },
};
