import { z } from '@hono/zod-openapi';
import {
  AuthenticationSettingsSchema,
  TokenExchangeRequestSchema,
  TokenExchangeResponseSchema,
} from '@scenaria/auth/schemas';
import { defineRoute, jsonContent } from './define';

// The provider segment is the configured provider's name lower-cased (`basicauth`, `oauth2`, `oidc`); any
// other name is 404. Bounded and plain, so it can be echoed in messages.
const ProviderPathSchema = z.object({
  provider: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a provider name such as basicauth, oauth2 or oidc'),
});

/** `GET /api/authentication/{provider}/settings`: how the front end signs in; read before sign-in, so unsecured. */
export const getAuthenticationSettings = defineRoute(
  'public',
  {
    method: 'get',
    path: '/api/authentication/{provider}/settings',
    tags: ['Authentication'],
    summary: 'Sign-in settings of the configured provider (strategy Browser, OAuth2 or Remote)',
    request: { params: ProviderPathSchema },
    responses: { 200: { description: 'Settings', content: jsonContent(AuthenticationSettingsSchema) } },
  },
  [404],
);

/**
 * `GET /api/authentication/{provider}?code=&redirect_uri=`: exchanges the authorization code the provider sent
 * the browser back with for an access token (the original's route); with a token cookie configured the token
 * is also set as a `Secure`, `HttpOnly` cookie.
 */
export const exchangeAuthenticationCode = defineRoute(
  'public',
  {
    method: 'get',
    path: '/api/authentication/{provider}',
    tags: ['Authentication'],
    summary: 'Exchange an authorization code (or a refresh token) for an access token',
    request: { params: ProviderPathSchema, query: TokenExchangeRequestSchema },
    responses: { 200: { description: 'Tokens', content: jsonContent(TokenExchangeResponseSchema) } },
  },
  [404],
);

/** `POST /api/authentication/{provider}`: the same exchange with form fields, which keeps the code out of URLs and logs. */
export const exchangeAuthenticationCodeForm = defineRoute(
  'public',
  {
    method: 'post',
    path: '/api/authentication/{provider}',
    tags: ['Authentication'],
    summary: 'Exchange an authorization code (or a refresh token) for an access token, form fields',
    request: {
      params: ProviderPathSchema,
      body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: TokenExchangeRequestSchema } } },
    },
    responses: { 200: { description: 'Tokens', content: jsonContent(TokenExchangeResponseSchema) } },
  },
  [404],
);

/**
 * `DELETE /api/authentication/{provider}/session`: signs out of the token cookie (an `HttpOnly` cookie cannot
 * be removed by the page). Not in the original, which never sets a cookie it must take back.
 */
export const signOut = defineRoute(
  'public',
  {
    method: 'delete',
    path: '/api/authentication/{provider}/session',
    tags: ['Authentication'],
    summary: 'Remove the token cookie',
    request: { params: ProviderPathSchema },
    responses: { 204: { description: 'Signed out' } },
  },
  [404],
);
