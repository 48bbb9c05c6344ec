import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({
  platform: 'node',
  external: [
    '@scenaria/components',
    '@scenaria/deployment-sdk',
    '@scenaria/engine',
    '@scenaria/graph',
    '@scenaria/typing',
    'drizzle-orm',
    'zod',
  ],
});
