import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({
  external: ['@scenaria/engine', '@scenaria/graph', '@scenaria/typing', '@scenaria/components', '@scenaria/deployment-sdk', 'yaml', 'zod'],
});
