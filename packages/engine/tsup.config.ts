import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({
  external: ['@scenaria/graph', '@scenaria/typing', '@scenaria/spel', '@scenaria/components', '@scenaria/deployment-sdk', 'zod'],
});
