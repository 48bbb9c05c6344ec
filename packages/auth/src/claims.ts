import type { ProviderUser } from './provider';
import type { ConfigUser } from './users';

/** The value at a dotted path (`realm_access.roles`) of a claims object. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** Roles from a claim: an array of strings, or one string of space- or comma-separated roles. */
export function rolesFrom(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/**
 * The user of a verified token: identity and claims from the identity provider, overridden by the users
 * file when it lists the identity (a user name to show, and the roles, which is how machine-to-machine
 * clients without role claims get theirs).
 */
export function userFromClaims(identity: string, username: string | undefined, roles: string[], users: readonly ConfigUser[]): ProviderUser {
  const configured = users.find((user) => user.identity === identity);
  return {
    identity,
    username: configured?.username ?? username ?? identity,
    roles: configured ? [...configured.roles] : roles,
  };
}
