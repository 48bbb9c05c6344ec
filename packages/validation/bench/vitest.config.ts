import { defineProject } from 'vitest/config';

// The benchmark runs as one long vitest "test" so that workspace TypeScript sources resolve as in tests.
export default defineProject({ test: { name: 'validation-bench', include: ['bench/**/*.bench-run.ts'], testTimeout: 600_000 } });
