import { scenariaProject } from '@scenaria/vitest-config';

// Worker processes start, take leases and wait for takeovers: generous timeouts on a shared machine.
export default scenariaProject({ name: 'dm-jetstream', testTimeout: 120_000, waits: true });
