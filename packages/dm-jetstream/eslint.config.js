import { baseConfig } from '@scenaria/eslint-config';

export default baseConfig;
