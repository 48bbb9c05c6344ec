import { scenariaLibrary } from '@scenaria/tsup-config';

// The testkit is its own entry so that importing the providers never pulls the OpenID provider in; schemas
// is zod only, for browsers.
export default scenariaLibrary({
  entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', testkit: 'src/testkit/index.ts' },
  external: ['zod', 'oidc-provider', 'openid-client', 'jose', '@node-rs/bcrypt'],
});
