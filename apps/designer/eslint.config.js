import { baseConfig } from '@scenaria/eslint-config';

// Svelte components are checked by svelte-check (typecheck); eslint covers the TypeScript modules.
export default baseConfig;
