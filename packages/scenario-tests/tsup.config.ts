import { scenariaLibrary } from '@scenaria/tsup-config';

// schemas is zod only, for the API contract and browsers.
export default scenariaLibrary({
  entry: { index: 'src/index.ts', schemas: 'src/schemas.ts' },
  external: ['@scenaria/engine', '@scenaria/graph', '@scenaria/typing', '@scenaria/components', '@scenaria/deployment-sdk', 'yaml', 'zod'],
});
