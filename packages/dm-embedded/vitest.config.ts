import { scenariaProject } from '@scenaria/vitest-config';

// PGlite starts in a few seconds; the conformance suite waits for states on top of that.
export default scenariaProject({ name: 'dm-embedded', testTimeout: 60_000, waits: true });
