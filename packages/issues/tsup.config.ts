import { scenariaLibrary } from '@scenaria/tsup-config';

export default scenariaLibrary();
