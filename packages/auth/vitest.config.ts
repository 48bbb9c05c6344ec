import { scenariaProject } from '@scenaria/vitest-config';

export default scenariaProject({ name: 'auth' });
