import { scenariaLibrary } from '@scenaria/tsup-config';

// The runtime helpers are their own entry (`@scenaria/typing/runtime`); tsup splits what both entries share.
export default scenariaLibrary({ entry: { index: 'src/index.ts', runtime: 'src/runtime/index.ts' } });
