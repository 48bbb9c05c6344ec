import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthenticationProvider } from '@scenaria/auth';
import type { ConfigStore } from '../config/config-store';
import { clientAddress } from './client-address';
import { userWithRoles } from './users';
import type { AuthenticatedUser } from './users';

/** The header a user holding `Impersonate` names the user to act for in (the original's name). */
export const IMPERSONATE_HEADER = 'Nu-Impersonate-User-Identity';

/** The realm of `WWW-Authenticate` challenges: `AUTHENTICATION_REALM`, else the original's `nussknacker`. */
export const authenticationRealm = (env: NodeJS.ProcessEnv = process.env) => env.AUTHENTICATION_REALM || 'nussknacker';

/** Who a request acts as, or why it acts as nobody. */
export type RequestUser =
  | { kind: 'user'; user: AuthenticatedUser }
  /** No usable credentials: none sent (and no anonymous role), or wrong ones. */
  | { kind: 'unauthorized'; hadCredentials: boolean }
  | { kind: 'limited'; retryAfterSeconds: number }
  /** Signed in, but the impersonation asked for is not allowed. */
  | { kind: 'forbidden'; message: string }
  /** The provider cannot look users up, so nobody can be impersonated. */
  | { kind: 'not-implemented'; message: string }
  /** The identity provider could not be asked (down, slow, answering nonsense). */
  | { kind: 'unavailable'; message: string };

/**
 * The server side of sign-in: asks the configured provider who a request is, gives the anonymous role to
 * requests without credentials when the provider allows it, and applies impersonation. The provider says
 * who someone is; the rules of the configuration say what they may do.
 */
export class Authentication {
  constructor(
    readonly provider: AuthenticationProvider,
    private readonly config: ConfigStore,
    readonly realm: string = authenticationRealm(),
    private readonly logError: (message: string, error: unknown) => void = () => {},
  ) {
    const role = this.anonymousRole;
    if (role !== undefined && !provider.supportsAnonymousAccess) {
      throw new Error(`The ${provider.name} authentication does not support anonymous access, but anonymousUserRole is ${role}`);
    }
  }

  get anonymousRole(): string | undefined {
    return this.config.current.authentication.anonymousUserRole ?? this.config.current.anonymousUserRole;
  }

  /**
   * The credentials of a request: the `Authorization` header, else the token cookie, else the configured
   * query parameter (frames cannot send headers). Cookie and parameter carry a bearer token.
   */
  #authorization(c: Context): string | undefined {
    const header = c.req.header('authorization');
    if (header) return header;
    const settings = this.config.current.authentication;
    const cookie = settings.tokenCookie ? getCookie(c, settings.tokenCookie.name) : undefined;
    if (cookie) return `Bearer ${cookie}`;
    const parameter = settings.accessTokenQueryParameter ? c.req.query(settings.accessTokenQueryParameter) : undefined;
    return parameter ? `Bearer ${parameter}` : undefined;
  }

  /** The user of a request. */
  async requestUser(c: Context): Promise<RequestUser> {
    const config = this.config.current;
    const categories = this.config.categories();
    let outcome;
    try {
      outcome = await this.provider.authenticate({ authorization: this.#authorization(c), clientAddress: clientAddress(c) });
    } catch (error) {
      this.logError(`The ${this.provider.name} authentication failed`, error);
      return { kind: 'unavailable', message: 'The identity provider cannot be reached; try again later' };
    }
    const impersonated = c.req.header(IMPERSONATE_HEADER);
    switch (outcome.kind) {
      case 'limited':
        return outcome;
      case 'rejected':
        return { kind: 'unauthorized', hadCredentials: true };
      case 'no-credentials': {
        // Impersonation needs a signed-in impersonator; the anonymous role cannot act for anyone.
        const role = this.anonymousRole;
        if (role === undefined || impersonated !== undefined) return { kind: 'unauthorized', hadCredentials: false };
        return { kind: 'user', user: userWithRoles(config, { identity: 'anonymous', username: 'anonymous' }, [role], categories, true) };
      }
      case 'authenticated': {
        const user = userWithRoles(config, outcome.user, outcome.user.roles, categories);
        return impersonated === undefined ? { kind: 'user', user } : this.#impersonate(user, impersonated);
      }
    }
  }

  async #impersonate(impersonator: AuthenticatedUser, identity: string): Promise<RequestUser> {
    if (!impersonator.isAdmin && !impersonator.globalPermissions.includes('Impersonate')) {
      return { kind: 'forbidden', message: `${impersonator.username} may not impersonate other users (needs the global permission Impersonate)` };
    }
    if (!this.provider.supportsImpersonation) {
      return { kind: 'not-implemented', message: `The ${this.provider.name} authentication does not support impersonation` };
    }
    const found = await this.provider.findUser(identity);
    if (!found) return { kind: 'forbidden', message: `No user with identity ${JSON.stringify(identity)} to impersonate` };
    const config = this.config.current;
    const user = userWithRoles(config, found, found.roles, this.config.categories());
    if (user.isAdmin && !config.authentication.isAdminImpersonationPossible) {
      return { kind: 'forbidden', message: `${user.username} is an administrator and may not be impersonated (isAdminImpersonationPossible)` };
    }
    return { kind: 'user', user: { ...user, impersonatedBy: { identity: impersonator.identity, username: impersonator.username } } };
  }

  /** The answer to a request without a user: 401 with a challenge, 403, 429 with `Retry-After`, 501 or 503; always JSON. */
  refuse(c: Context, refusal: Exclude<RequestUser, { kind: 'user' }>): Response {
    switch (refusal.kind) {
      case 'limited':
        c.header('Retry-After', String(refusal.retryAfterSeconds));
        return c.json({ message: `Too many failed sign-in attempts; try again in ${refusal.retryAfterSeconds} s` }, 429);
      case 'forbidden':
        return c.json({ message: refusal.message }, 403);
      case 'not-implemented':
        return c.json({ message: refusal.message }, 501);
      case 'unavailable':
        return c.json({ message: refusal.message }, 503);
      case 'unauthorized': {
        const realm = this.realm.replace(/["\\]/g, '');
        const scheme = this.provider.challengeScheme;
        c.header('WWW-Authenticate', scheme === 'Basic' ? `Basic realm="${realm}", charset="UTF-8"` : `${scheme} realm="${realm}"`);
        return c.json(
          { message: refusal.hadCredentials ? 'The supplied authentication is invalid' : 'The resource requires authentication, which was not supplied with the request' },
          401,
        );
      }
    }
  }
}
