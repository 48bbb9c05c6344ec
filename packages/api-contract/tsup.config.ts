import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({ external: ['@scenaria/graph', '@hono/zod-openapi', 'zod'] });
