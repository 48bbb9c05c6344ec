import * as client from 'openid-client';
import { BasicCredentialsChecker, findConfigUser } from './basic';
import { claimAt, rolesFrom, userFromClaims } from './claims';
import type { OAuth2Config } from './config';
import { callbackUrl, issuedTokens } from './oidc';
import type { TokenProviderOptions } from './oidc';
import { TokenExchangeError } from './provider';
import type { AuthenticationOutcome, AuthenticationProvider, AuthenticationRequest, CodeExchange, FrontendStrategySettings, IssuedTokens, ProviderUser } from './provider';
import { TokenCache } from './token-cache';

// A profile is a small JSON object; a larger answer is not one and is not read further.
const MAX_PROFILE_BYTES = 256 * 1024;

/**
 * OAuth2 against a provider without OpenID Connect (GitHub style). A bearer token means nothing by itself
 * here: it is valid when the profile endpoint answers it, and that answer is cached briefly by the token's
 * digest (bounded), so a user's requests do not each cost a call. Roles come from the users file by
 * identity, or from `rolesField` of the profile.
 */
export class OAuth2UserInfoProvider implements AuthenticationProvider {
  readonly name = 'OAuth2';
  readonly supportsAnonymousAccess = true;
  readonly supportsImpersonation = true;
  readonly challengeScheme = 'Bearer';
  readonly #basic: BasicCredentialsChecker;
  // A rejected token is remembered too (as null), so repeating a bad token does not call the provider each time.
  readonly #profiles: TokenCache<ProviderUser | null>;
  readonly #configuration: client.Configuration;

  constructor(
    private readonly config: OAuth2Config,
    private readonly options: TokenProviderOptions,
  ) {
    const now = options.now ?? Date.now;
    this.#basic = new BasicCredentialsChecker(options);
    this.#profiles = new TokenCache(config.tokenCacheSeconds * 1000, config.tokenCacheMaxEntries, now);
    // No discovery document on such providers: the endpoints are configured.
    this.#configuration = new client.Configuration(
      {
        issuer: new URL(config.authorizeUri).origin,
        authorization_endpoint: config.authorizeUri,
        token_endpoint: config.accessTokenUri,
      },
      config.clientId,
      config.clientSecret,
      client.ClientSecretPost(config.clientSecret),
    );
    this.#configuration.timeout = Math.ceil(config.requestTimeoutMs / 1000);
    if (config.allowInsecureRequests) client.allowInsecureRequests(this.#configuration);
  }

  async authenticate(request: AuthenticationRequest): Promise<AuthenticationOutcome> {
    if (!request.authorization) return { kind: 'no-credentials' };
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization)?.[1];
    if (token === undefined) {
      const basic = await this.#basic.check(request.authorization, request.clientAddress);
      return basic.kind === 'no-credentials' ? { kind: 'rejected', reason: 'bearer or basic credentials expected' } : basic;
    }
    const cached = this.#profiles.get(token);
    if (cached) return { kind: 'authenticated', user: cached };
    if (cached === null) return { kind: 'rejected', reason: 'the profile endpoint refused this token' };
    const profile = await this.#profile(token);
    if (profile.kind === 'rejected') {
      this.#profiles.set(token, null);
      return profile;
    }
    const identity = claimAt(profile.profile, this.config.identityField);
    if ((typeof identity !== 'string' && typeof identity !== 'number') || identity === '') {
      return { kind: 'rejected', reason: `the profile has no ${this.config.identityField}` };
    }
    const name = claimAt(profile.profile, this.config.usernameField);
    const roles = this.config.rolesField ? rolesFrom(claimAt(profile.profile, this.config.rolesField)) : [];
    const user = userFromClaims(String(identity), typeof name === 'string' ? name : undefined, roles, this.options.users());
    this.#profiles.set(token, user);
    return { kind: 'authenticated', user };
  }

  async #profile(token: string): Promise<{ kind: 'profile'; profile: Record<string, unknown> } | { kind: 'rejected'; reason: string }> {
    const response = await fetch(this.config.profileUri, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(this.config.requestTimeoutMs),
      redirect: 'error',
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return { kind: 'rejected', reason: `the profile endpoint answered ${response.status}` };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The profile endpoint answered ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_PROFILE_BYTES) {
      await response.body?.cancel();
      throw new Error('The profile endpoint answered more than a profile');
    }
    const text = await response.text();
    if (text.length > MAX_PROFILE_BYTES) throw new Error('The profile endpoint answered more than a profile');
    const profile: unknown = JSON.parse(text);
    if (profile === null || typeof profile !== 'object' || Array.isArray(profile)) throw new Error('The profile endpoint answered no JSON object');
    return { kind: 'profile', profile: profile as Record<string, unknown> };
  }

  async findUser(identity: string): Promise<ProviderUser | undefined> {
    return findConfigUser(this.options.users(), identity);
  }

  async frontendSettings(anonymousAccessAllowed: boolean): Promise<FrontendStrategySettings> {
    const parameters: Record<string, string> = { ...this.config.authorizeParams };
    if (this.config.scope) parameters.scope = this.config.scope;
    if (this.config.redirectUri) parameters.redirect_uri = this.config.redirectUri;
    return {
      strategy: 'OAuth2',
      authorizeUrl: client.buildAuthorizationUrl(this.#configuration, parameters).href,
      jwtIdTokenNonceVerificationRequired: false,
      implicitGrantEnabled: false,
      anonymousAccessAllowed,
    };
  }

  async exchangeCode(exchange: CodeExchange): Promise<IssuedTokens> {
    try {
      const response = await client.authorizationCodeGrant(this.#configuration, callbackUrl(exchange), {
        ...(exchange.codeVerifier !== undefined ? { pkceCodeVerifier: exchange.codeVerifier } : {}),
      });
      return issuedTokens(response);
    } catch (error) {
      if (error instanceof TokenExchangeError) throw error;
      throw new TokenExchangeError((error as Error).message, { cause: error });
    }
  }
}
