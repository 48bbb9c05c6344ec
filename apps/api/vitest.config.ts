import { scenariaProject } from '@scenaria/vitest-config';

// PGlite needs a few seconds to start and the suite runs once per database.
export default scenariaProject({ name: 'api', testTimeout: 60_000, waits: true });
