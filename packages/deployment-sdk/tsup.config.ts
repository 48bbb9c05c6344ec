import { scenariaLibrary } from '@scenaria/tsup-config';

// The testkit is its own entry so that importing the SDK never pulls vitest in.
export default scenariaLibrary({
  entry: { index: 'src/index.ts', testkit: 'src/testkit/index.ts' },
  external: ['zod', 'vitest', '@scenaria/graph'],
});
