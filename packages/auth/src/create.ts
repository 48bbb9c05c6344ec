import { BasicAuthProvider } from './basic';
import type { AuthenticationConfig } from './config';
import { OAuth2UserInfoProvider } from './oauth2';
import { OidcProvider } from './oidc';
import type { TokenProviderOptions } from './oidc';
import type { AuthenticationProvider } from './provider';

/** The built-in provider the configuration names (`method`). */
export function createAuthenticationProvider(config: AuthenticationConfig, options: TokenProviderOptions): AuthenticationProvider {
  switch (config.method) {
    case 'BasicAuth':
      return new BasicAuthProvider(options);
    case 'Oidc':
      return new OidcProvider(config, options);
    case 'OAuth2':
      return new OAuth2UserInfoProvider(config, options);
  }
}
