import { scenariaProject } from '@scenaria/vitest-config';
import { mergeConfig } from 'vitest/config';

// The type-level tests (`*.test-d.ts`) are the point of this package: a missing catalogue entry must fail the run.
export default mergeConfig(scenariaProject({ name: 'issues' }), {
  test: { typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' } },
});
