import { isomorphicConfig } from '@scenaria/eslint-config';

export default isomorphicConfig;
