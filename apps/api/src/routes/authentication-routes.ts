import * as contract from '@scenaria/api-contract';
import type { TokenExchangeRequest, TokenExchangeResponse } from '@scenaria/api-contract';
import { TokenExchangeError } from '@scenaria/auth';
import type { IssuedTokens } from '@scenaria/auth';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Authentication } from '../auth/request-user';
import type { ConfigStore } from '../config/config-store';
import { ApiError, isApiError } from '../errors';
import { createRouter } from './router';

const notFound = (provider: string) => new ApiError(404, `No authentication provider ${provider} is configured`);
const UNAVAILABLE = { message: 'The identity provider cannot be reached; try again later' };

/**
 * Sign-in helpers the front end calls before it has a user: the provider's settings and the code exchange.
 * Only the configured provider answers (by its lower-cased name), as in the original.
 */
export function authenticationRoutes(authentication: Authentication, config: ConfigStore, logError: (message: string, error: unknown) => void) {
  const router = createRouter();
  const { provider } = authentication;
  const requireProvider = (name: string) => {
    if (name !== provider.name.toLowerCase()) throw notFound(name);
  };

  router.openapi(contract.getAuthenticationSettings, async (c) => {
    requireProvider(c.req.valid('param').provider);
    const settings = config.current.authentication;
    if (settings.overrideFrontendAuthenticationStrategy) return c.json(settings.overrideFrontendAuthenticationStrategy, 200);
    try {
      return c.json(await provider.frontendSettings(authentication.anonymousRole !== undefined), 200);
    } catch (error) {
      // Discovery failed: the identity provider is down or misconfigured, which is not this request's fault.
      logError(`The ${provider.name} sign-in settings cannot be made`, error);
      return c.json(UNAVAILABLE, 503) as never;
    }
  });

  const exchange = async (c: Context, name: string, request: TokenExchangeRequest) => {
    requireProvider(name);
    const issue = (tokens: IssuedTokens) => {
      const cookie = config.current.authentication.tokenCookie;
      if (cookie) {
        setCookie(c, cookie.name, tokens.accessToken, {
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
          path: cookie.path ?? '/',
          ...(cookie.domain ? { domain: cookie.domain } : {}),
          ...(tokens.expiresIn !== undefined ? { maxAge: tokens.expiresIn } : {}),
        });
      }
      const body: TokenExchangeResponse = {
        accessToken: tokens.accessToken,
        tokenType: tokens.tokenType,
        access_token: tokens.accessToken,
        token_type: tokens.tokenType,
        ...(tokens.expiresIn !== undefined ? { expiresIn: tokens.expiresIn } : {}),
        ...(tokens.refreshToken !== undefined ? { refreshToken: tokens.refreshToken } : {}),
      };
      return c.json(body, 200);
    };
    try {
      if (request.refresh_token !== undefined) {
        if (!provider.refresh) throw new ApiError(400, `The ${provider.name} authentication cannot refresh tokens`, ['query', 'refresh_token']);
        return issue(await provider.refresh(request.refresh_token));
      }
      if (!provider.exchangeCode) throw new ApiError(400, `The ${provider.name} authentication has no authorization code flow`);
      if (request.code === undefined) throw new ApiError(400, 'code is required', ['query', 'code']);
      const settings = config.current.authentication;
      const configured = 'redirectUri' in settings ? settings.redirectUri : undefined;
      const redirectUri = request.redirect_uri ?? configured;
      // The original answers 404 here: without a redirect URI there is nothing to exchange against.
      if (redirectUri === undefined) throw new ApiError(404, 'Redirect URI must be provided either in configuration or in query params');
      return issue(
        await provider.exchangeCode({
          code: request.code,
          redirectUri,
          ...(request.code_verifier !== undefined ? { codeVerifier: request.code_verifier } : {}),
          ...(request.iss !== undefined ? { iss: request.iss } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof TokenExchangeError) {
        return c.json({ message: 'Retrieving access token error. Please try authenticate again.' }, 400);
      }
      if (isApiError(error)) throw error;
      logError(`The ${provider.name} code exchange failed`, error);
      return c.json(UNAVAILABLE, 503);
    }
  };

  router.openapi(contract.exchangeAuthenticationCode, (c) => exchange(c, c.req.valid('param').provider, c.req.valid('query')) as never);
  router.openapi(contract.exchangeAuthenticationCodeForm, (c) => exchange(c, c.req.valid('param').provider, c.req.valid('form')) as never);

  router.openapi(contract.signOut, (c) => {
    requireProvider(c.req.valid('param').provider);
    const cookie = config.current.authentication.tokenCookie;
    if (cookie) deleteCookie(c, cookie.name, { path: cookie.path ?? '/', secure: true, httpOnly: true, ...(cookie.domain ? { domain: cookie.domain } : {}) });
    return c.body(null, 204);
  });

  return router;
}
