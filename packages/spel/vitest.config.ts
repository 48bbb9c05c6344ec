import { scenariaProject } from '@scenaria/vitest-config';

export default scenariaProject({ name: 'spel', testTimeout: 60_000 });
