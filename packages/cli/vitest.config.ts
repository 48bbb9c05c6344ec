import { scenariaProject } from '@scenaria/vitest-config';
import { mergeConfig } from 'vitest/config';

// The tests run the built binary as a child process; the global setup builds it first.
export default mergeConfig(scenariaProject({ name: 'cli' }), { test: { globalSetup: ['test/build-binary.ts'] } });
