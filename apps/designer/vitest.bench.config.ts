import { scenariaProject } from '@scenaria/vitest-config';

// `pnpm bench`: opens generated scenarios in Chromium against the real API and rewrites the designer's
// section of BENCHMARKS.md. Kept out of the test suite: it measures, it does not assert.
const project = scenariaProject({ name: 'designer-bench', include: [process.env.BENCH_FILE ?? 'bench/**/*.bench-run.ts'], testTimeout: 600_000 });

export default { ...project, test: { ...project.test, reporters: ['default'] } };
