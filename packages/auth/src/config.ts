import { z } from 'zod';

/** `overrideFrontendAuthenticationStrategy`: what the front end is told instead of the provider's own settings. */
export const FrontendStrategySettingsSchema = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('Browser'), anonymousAccessAllowed: z.boolean().default(false) }),
  z.object({
    strategy: z.literal('OAuth2'),
    authorizeUrl: z.string().optional(),
    jwtAuthServerPublicKey: z.string().optional(),
    jwtIdTokenNonceVerificationRequired: z.boolean().default(false),
    implicitGrantEnabled: z.boolean().default(false),
    anonymousAccessAllowed: z.boolean().default(false),
  }),
  z.object({ strategy: z.literal('Remote'), moduleUrl: z.string().min(1) }),
]);

/**
 * The access token in a cookie after a code exchange (the original's `tokenCookie`): `Secure`, `HttpOnly`,
 * with `Max-Age` the token's lifetime, so scripts in the page never see it.
 */
export const TokenCookieSchema = z.object({
  name: z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'a cookie name (RFC 6265 token)'),
  path: z.string().regex(/^\/[^;\s]*$/, 'a path starting with /').optional(),
  domain: z.string().regex(/^[A-Za-z0-9.-]+$/, 'a domain name').optional(),
});

// Settings every provider shares.
const common = {
  /** Role of requests without credentials; none means they get 401. A provider may not support it. */
  anonymousUserRole: z.string().min(1).optional(),
  /** Whether a user holding `Impersonate` may act for an administrator (the original's default: no). */
  isAdminImpersonationPossible: z.boolean().default(false),
  overrideFrontendAuthenticationStrategy: FrontendStrategySettingsSchema.optional(),
  tokenCookie: TokenCookieSchema.optional(),
  /**
   * The name of a query parameter that may carry the access token, for frames the designer embeds (a
   * frame's own requests cannot set headers). Only for token providers; leave unset to accept headers only.
   */
  accessTokenQueryParameter: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
};

/** Basic authentication against the users file (users with a `password`). */
export const BasicAuthConfigSchema = z.object({ method: z.literal('BasicAuth'), ...common });

// How long a looked-up token (user-info answer) is trusted, and how many are remembered.
const tokenCache = {
  tokenCacheSeconds: z.number().int().min(0).max(3600).default(60),
  tokenCacheMaxEntries: z.number().int().positive().default(1000),
  /** Time limit of each call to the identity provider. */
  requestTimeoutMs: z.number().int().positive().max(60_000).default(5000),
};

/**
 * OpenID Connect: discovery from `issuer`, authorization code with PKCE for people, and bearer tokens for
 * people and machines. With `audience` an access token is a JWT verified against the issuer's JWKS (issuer,
 * audience, expiry); without it the token is checked by the user-info endpoint. `usernameClaim` and
 * `rolesClaim` (a dotted path such as `realm_access.roles`) name the claims read; the users file overrides
 * roles and user names by identity (`sub`), which is how machine-to-machine clients get roles.
 */
export const OidcConfigSchema = z.object({
  method: z.literal('Oidc'),
  ...common,
  ...tokenCache,
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  audience: z.string().min(1).optional(),
  scope: z.string().default('openid profile email'),
  usernameClaim: z.string().min(1).default('preferred_username'),
  rolesClaim: z.string().min(1).optional(),
  /** Where the provider sends the browser back; else the front end names it in the exchange. */
  redirectUri: z.url().optional(),
  authorizeParams: z.record(z.string(), z.string()).default({}),
  /** Minimum seconds between two JWKS downloads (a token with an unknown key id triggers one). */
  jwksCooldownSeconds: z.number().min(0).default(30),
  /** Accept `http:` issuers (tests, local development); never in production. */
  allowInsecureRequests: z.boolean().default(false),
});

/**
 * OAuth2 against a provider without OpenID Connect but with a user-info endpoint (GitHub style): the code is
 * exchanged at `accessTokenUri`, and a bearer token is valid when `profileUri` answers it. `identityField`
 * and `usernameField` name the profile's fields (GitHub: `id`, `login`); roles come from the users file.
 */
export const OAuth2ConfigSchema = z.object({
  method: z.literal('OAuth2'),
  ...common,
  ...tokenCache,
  authorizeUri: z.url(),
  accessTokenUri: z.url(),
  profileUri: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  redirectUri: z.url().optional(),
  scope: z.string().optional(),
  authorizeParams: z.record(z.string(), z.string()).default({}),
  identityField: z.string().min(1).default('id'),
  usernameField: z.string().min(1).default('login'),
  rolesField: z.string().min(1).optional(),
  allowInsecureRequests: z.boolean().default(false),
});

/** The `authentication` section of the server configuration: which provider runs, and its settings. */
export const AuthenticationConfigSchema = z.discriminatedUnion('method', [BasicAuthConfigSchema, OidcConfigSchema, OAuth2ConfigSchema]);
export type AuthenticationConfig = z.infer<typeof AuthenticationConfigSchema>;
export type BasicAuthConfig = z.infer<typeof BasicAuthConfigSchema>;
export type OidcConfig = z.infer<typeof OidcConfigSchema>;
export type OAuth2Config = z.infer<typeof OAuth2ConfigSchema>;
export type TokenCookieConfig = z.infer<typeof TokenCookieSchema>;
