/**
 * The strategy the designer's front end signs in with, as the original's `FrontendStrategySettings` (its JSON
 * discriminator is `strategy`): `Browser` lets the browser send basic credentials, `OAuth2` sends the user to
 * `authorizeUrl` and exchanges the code through the API, `Remote` loads a sign-in module from `moduleUrl`.
 */
export type FrontendStrategySettings =
  | { strategy: 'Browser'; anonymousAccessAllowed: boolean }
  | {
      strategy: 'OAuth2';
      authorizeUrl?: string;
      jwtAuthServerPublicKey?: string;
      jwtIdTokenNonceVerificationRequired: boolean;
      implicitGrantEnabled: boolean;
      anonymousAccessAllowed: boolean;
    }
  | { strategy: 'Remote'; moduleUrl: string };

/** Who a request was authenticated as: the provider's stable identity, a name to show and the roles held. */
export interface ProviderUser {
  identity: string;
  username: string;
  roles: string[];
}

/** What a provider sees of a request. */
export interface AuthenticationRequest {
  /** The `Authorization` header, or the token the server took from the token cookie or query parameter as `Bearer <token>`. */
  authorization: string | undefined;
  /** The client's address as sign-in limits count it. */
  clientAddress: string;
}

/** What authenticating a request came to. Callers switch on `kind`; `reason` is for logs, not for matching. */
export type AuthenticationOutcome =
  | { kind: 'authenticated'; user: ProviderUser }
  /** The request carries no credentials this provider reads (the anonymous role may apply). */
  | { kind: 'no-credentials' }
  /** Credentials were sent and are not valid: wrong password, bad signature, expired, wrong audience... */
  | { kind: 'rejected'; reason: string }
  /** Too many failures; try again after `retryAfterSeconds`. */
  | { kind: 'limited'; retryAfterSeconds: number };

/** Tokens handed to the front end after a code exchange or a refresh. */
export interface IssuedTokens {
  accessToken: string;
  tokenType: string;
  /** Seconds the access token lives, when the provider said (the token cookie's `Max-Age`). */
  expiresIn?: number;
  refreshToken?: string;
}

/** A code exchange (`redirectUri` as sent to the authorization endpoint, `codeVerifier` when PKCE was used). */
export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

/**
 * An authentication provider: turns a request into a user or refuses it. The server asks it for every secured
 * request, decides the anonymous role and impersonation from its declarations, and serves its front-end
 * settings before sign-in. Implement it to plug in a company's own sign-in (see the README).
 */
export interface AuthenticationProvider {
  /** The name in `/api/authentication/{name}` (lower-cased there) and in `/api/settings`: `BasicAuth`, `OAuth2`, `Oidc`... */
  readonly name: string;
  /** Whether requests without credentials may get the configured anonymous role. */
  readonly supportsAnonymousAccess: boolean;
  /** Whether `findUser` can look users up, so that a permitted user may act for them. */
  readonly supportsImpersonation: boolean;
  /** The auth scheme of the `WWW-Authenticate` challenge on a 401 (`Basic`, `Bearer`). */
  readonly challengeScheme: string;
  authenticate(request: AuthenticationRequest): Promise<AuthenticationOutcome>;
  /** The user with `identity`, for impersonation; undefined when unknown. */
  findUser(identity: string): Promise<ProviderUser | undefined>;
  /** What the front end needs before sign-in; `anonymousAccessAllowed` as the server decided. */
  frontendSettings(anonymousAccessAllowed: boolean): Promise<FrontendStrategySettings>;
  /** Exchanges an authorization code for tokens (providers with a code flow). */
  exchangeCode?(exchange: CodeExchange): Promise<IssuedTokens>;
  /** Trades a refresh token for fresh tokens (providers whose server issues them). */
  refresh?(refreshToken: string): Promise<IssuedTokens>;
}

/** Thrown by `exchangeCode`/`refresh` when the authorization server refused; the server answers 400. */
export class TokenExchangeError extends Error {
  readonly code = 'token-exchange-failed';
}
