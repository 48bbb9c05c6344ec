import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary({ external: ['chevrotain', '@scenaria/typing', 'decimal.js', '@js-joda/core', '@js-joda/timezone'] });
