export type {
  AuthenticationOutcome,
  AuthenticationProvider,
  AuthenticationRequest,
  CodeExchange,
  FrontendStrategySettings,
  IssuedTokens,
  ProviderUser,
} from './provider';
export { TokenExchangeError } from './provider';
export {
  AuthenticationConfigSchema,
  BasicAuthConfigSchema,
  FrontendStrategySettingsSchema,
  OAuth2ConfigSchema,
  OidcConfigSchema,
  TokenCookieSchema,
} from './config';
export type { AuthenticationConfig, BasicAuthConfig, OAuth2Config, OidcConfig, TokenCookieConfig } from './config';
export { ConfigUserSchema, providerUserOf } from './users';
export type { ConfigUser } from './users';
export { BasicAuthProvider, BasicCredentialsChecker, findConfigUser } from './basic';
export type { BasicAuthOptions, SignInLimits } from './basic';
export { OidcProvider } from './oidc';
export type { TokenProviderOptions } from './oidc';
export { OAuth2UserInfoProvider } from './oauth2';
export { createAuthenticationProvider } from './create';
export { nativeBcrypt } from './password-hasher';
export type { PasswordHasher } from './password-hasher';
export { FailureLimiter } from './failure-limiter';
export type { FailureLimit } from './failure-limiter';
export { TokenCache } from './token-cache';
