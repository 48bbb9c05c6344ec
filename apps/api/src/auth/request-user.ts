import type { Context } from 'hono';
import type { ConfigStore } from '../config/config-store';
import { clientAddress } from './client-address';
import { userWithRoles } from './users';
import type { AuthenticatedUser, BasicAuthenticator } from './users';

/** Who a request acts as, or why it acts as nobody. */
export type RequestUser =
  | { kind: 'user'; user: AuthenticatedUser }
  /** No usable credentials: none sent (and no anonymous role), or wrong ones. */
  | { kind: 'unauthorized'; hadCredentials: boolean }
  | { kind: 'limited'; retryAfterSeconds: number };

/** The user of a request: its basic credentials, else the anonymous role when one is configured. */
export async function requestUser(c: Context, authenticator: BasicAuthenticator, config: ConfigStore): Promise<RequestUser> {
  const authorization = c.req.header('authorization');
  if (authorization) {
    const result = await authenticator.verify(authorization, clientAddress(c));
    if (result.kind === 'limited') return result;
    if (result.kind === 'rejected') return { kind: 'unauthorized', hadCredentials: true };
    return { kind: 'user', user: userWithRoles(config.current, result.username, authenticator.roles(result.username), config.categories()) };
  }
  if (config.current.anonymousUserRole) {
    return { kind: 'user', user: userWithRoles(config.current, 'anonymous', [config.current.anonymousUserRole], config.categories(), true) };
  }
  return { kind: 'unauthorized', hadCredentials: false };
}

/** The answer to a request without a user: 401 with a basic-auth challenge, or 429 with `Retry-After`. */
export function refuseRequest(c: Context, refusal: Exclude<RequestUser, { kind: 'user' }>): Response {
  if (refusal.kind === 'limited') {
    c.header('Retry-After', String(refusal.retryAfterSeconds));
    return c.json({ message: `Too many failed sign-in attempts; try again in ${refusal.retryAfterSeconds} s` }, 429);
  }
  c.header('WWW-Authenticate', 'Basic realm="Scenaria", charset="UTF-8"');
  return c.json(
    { message: refusal.hadCredentials ? 'The supplied authentication is invalid' : 'The resource requires authentication, which was not supplied with the request' },
    401,
  );
}
