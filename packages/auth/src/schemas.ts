import { z } from 'zod';
import { FrontendStrategySettingsSchema } from './config';

// The wire shapes of sign-in, with zod only: the API contract (and through it the designer in a browser)
// imports this entry, never the providers with their Node dependencies.

export {
  AuthenticationConfigSchema,
  BasicAuthConfigSchema,
  FrontendStrategySettingsSchema,
  OAuth2ConfigSchema,
  OidcConfigSchema,
  TokenCookieSchema,
} from './config';
export { ConfigUserSchema } from './users';

/** `GET /api/authentication/{provider}/settings`: what the front end signs in with (`strategy` discriminates). */
export const AuthenticationSettingsSchema = FrontendStrategySettingsSchema;

/**
 * The code exchange (or refresh) request: the callback's `code` and the `redirect_uri` it was sent to, the
 * PKCE `code_verifier` when the front end used one, and `iss` when the provider sent it back (RFC 9207).
 * Alternatively a `refresh_token`.
 */
export const TokenExchangeRequestSchema = z.object({
  code: z.string().min(1).max(4096).optional(),
  redirect_uri: z.string().min(1).max(2048).optional(),
  code_verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'a PKCE code verifier (RFC 7636)').optional(),
  iss: z.string().max(2048).optional(),
  refresh_token: z.string().min(1).max(8192).optional(),
});
export type TokenExchangeRequest = z.infer<typeof TokenExchangeRequestSchema>;

/**
 * The answer to a code exchange, as the original gives it: camel case for its front end and snake case for
 * Swagger UI, same values. `expiresIn`/`refreshToken` when the provider issued them.
 */
export const TokenExchangeResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  access_token: z.string(),
  token_type: z.string(),
  expiresIn: z.number().int().optional(),
  refreshToken: z.string().optional(),
});
export type TokenExchangeResponse = z.infer<typeof TokenExchangeResponseSchema>;
