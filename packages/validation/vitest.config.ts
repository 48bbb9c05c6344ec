import { scenariaProject } from '@scenaria/vitest-config';
export default scenariaProject({ name: 'validation', testTimeout: 60000 });
