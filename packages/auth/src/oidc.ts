import * as client from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { BasicCredentialsChecker, findConfigUser } from './basic';
import type { SignInLimits } from './basic';
import { claimAt, rolesFrom, userFromClaims } from './claims';
import type { OidcConfig } from './config';
import type { PasswordHasher } from './password-hasher';
import { TokenExchangeError } from './provider';
import type { AuthenticationOutcome, AuthenticationProvider, AuthenticationRequest, CodeExchange, FrontendStrategySettings, IssuedTokens, ProviderUser } from './provider';
import { TokenCache } from './token-cache';
import type { ConfigUser } from './users';

export interface TokenProviderOptions {
  users: () => readonly ConfigUser[];
  limits: () => SignInLimits;
  hasher?: PasswordHasher;
  /** The clock tokens are checked against (expiry) and caches age by. */
  now?: () => number;
}

const bearerOf = (authorization: string) => /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];

/** Tokens of a token endpoint answer, as the front end receives them. */
export function issuedTokens(response: client.TokenEndpointResponse): IssuedTokens {
  return {
    accessToken: response.access_token,
    tokenType: response.token_type,
    ...(response.expires_in !== undefined ? { expiresIn: response.expires_in } : {}),
    ...(response.refresh_token !== undefined ? { refreshToken: response.refresh_token } : {}),
  };
}

/** The URL the browser comes back to with `code` (and `iss`, which openid-client checks when the server sends it). */
export function callbackUrl(exchange: CodeExchange & { iss?: string }): URL {
  let url: URL;
  try {
    url = new URL(exchange.redirectUri);
  } catch {
    throw new TokenExchangeError('redirect_uri is not a URL');
  }
  url.search = '';
  url.hash = '';
  url.searchParams.set('code', exchange.code);
  if (exchange.iss !== undefined) url.searchParams.set('iss', exchange.iss);
  return url;
}

/**
 * OpenID Connect with openid-client (discovery, code flow with PKCE, refresh, user info) and jose (access
 * tokens as JWTs against the discovered JWKS). Discovery happens on first use and is retried after a
 * failure, so the server starts while the identity provider is down. Basic credentials of users-file
 * entries with a password are accepted beside bearer tokens.
 */
export class OidcProvider implements AuthenticationProvider {
  readonly name = 'Oidc';
  readonly supportsAnonymousAccess = true;
  readonly supportsImpersonation = true;
  readonly challengeScheme = 'Bearer';
  readonly #basic: BasicCredentialsChecker;
  readonly #now: () => number;
  readonly #userInfo: TokenCache<ProviderUser>;
  #discovered: Promise<{ configuration: client.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;

  constructor(
    private readonly config: OidcConfig,
    private readonly options: TokenProviderOptions,
  ) {
    this.#now = options.now ?? Date.now;
    this.#basic = new BasicCredentialsChecker(options);
    this.#userInfo = new TokenCache(config.tokenCacheSeconds * 1000, config.tokenCacheMaxEntries, this.#now);
  }

  #discover() {
    this.#discovered ??= (async () => {
      const execute = this.config.allowInsecureRequests ? [client.allowInsecureRequests] : [];
      const configuration = await client.discovery(new URL(this.config.issuer), this.config.clientId, this.config.clientSecret, undefined, {
        execute,
        timeout: Math.ceil(this.config.requestTimeoutMs / 1000),
      });
      configuration.timeout = Math.ceil(this.config.requestTimeoutMs / 1000);
      const jwksUri = configuration.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`The OpenID provider ${this.config.issuer} publishes no jwks_uri`);
      const jwks = createRemoteJWKSet(new URL(jwksUri), {
        cooldownDuration: this.config.jwksCooldownSeconds * 1000,
        timeoutDuration: this.config.requestTimeoutMs,
      });
      return { configuration, jwks };
    })();
    this.#discovered.catch(() => {
      this.#discovered = undefined;
    });
    return this.#discovered;
  }

  async authenticate(request: AuthenticationRequest): Promise<AuthenticationOutcome> {
    if (!request.authorization) return { kind: 'no-credentials' };
    const token = bearerOf(request.authorization);
    if (token === undefined) {
      const basic = await this.#basic.check(request.authorization, request.clientAddress);
      return basic.kind === 'no-credentials' ? { kind: 'rejected', reason: 'bearer or basic credentials expected' } : basic;
    }
    const { configuration, jwks } = await this.#discover();
    if (this.config.audience !== undefined) {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: configuration.serverMetadata().issuer,
          audience: this.config.audience,
          currentDate: new Date(this.#now()),
        });
        return { kind: 'authenticated', user: this.#userOf(payload) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return { kind: 'rejected', reason: `${error.code}: ${error.message}` };
        throw error;
      }
    }
    const cached = this.#userInfo.get(token);
    if (cached) return { kind: 'authenticated', user: cached };
    let claims: client.UserInfoResponse;
    try {
      claims = await client.fetchUserInfo(configuration, token, client.skipSubjectCheck);
    } catch (error) {
      return { kind: 'rejected', reason: `user info refused the token: ${(error as Error).message}` };
    }
    const user = this.#userOf(claims);
    this.#userInfo.set(token, user);
    return { kind: 'authenticated', user };
  }

  #userOf(claims: JWTPayload | client.UserInfoResponse): ProviderUser {
    const record = claims as Record<string, unknown>;
    const identity = typeof record.sub === 'string' ? record.sub : '';
    const name = claimAt(record, this.config.usernameClaim);
    const roles = this.config.rolesClaim ? rolesFrom(claimAt(record, this.config.rolesClaim)) : [];
    return userFromClaims(identity, typeof name === 'string' ? name : undefined, roles, this.options.users());
  }

  async findUser(identity: string): Promise<ProviderUser | undefined> {
    // Only the users file can be asked: an OpenID provider has no standard user lookup.
    return findConfigUser(this.options.users(), identity);
  }

  async frontendSettings(anonymousAccessAllowed: boolean): Promise<FrontendStrategySettings> {
    const { configuration } = await this.#discover();
    const parameters: Record<string, string> = { scope: this.config.scope, ...this.config.authorizeParams };
    if (this.config.redirectUri) parameters.redirect_uri = this.config.redirectUri;
    if (this.config.audience) parameters.audience ??= this.config.audience;
    return {
      strategy: 'OAuth2',
      authorizeUrl: client.buildAuthorizationUrl(configuration, parameters).href,
      jwtIdTokenNonceVerificationRequired: false,
      implicitGrantEnabled: false,
      anonymousAccessAllowed,
    };
  }

  async exchangeCode(exchange: CodeExchange & { iss?: string }): Promise<IssuedTokens> {
    const { configuration } = await this.#discover();
    try {
      const response = await client.authorizationCodeGrant(configuration, callbackUrl(exchange), {
        ...(exchange.codeVerifier !== undefined ? { pkceCodeVerifier: exchange.codeVerifier } : {}),
      });
      return issuedTokens(response);
    } catch (error) {
      if (error instanceof TokenExchangeError) throw error;
      throw new TokenExchangeError((error as Error).message, { cause: error });
    }
  }

  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const { configuration } = await this.#discover();
    try {
      return issuedTokens(await client.refreshTokenGrant(configuration, refreshToken));
    } catch (error) {
      throw new TokenExchangeError((error as Error).message, { cause: error });
    }
  }
}
