import type { ServerConfig } from '../config/config-schema';

type Permission = 'Read' | 'Write' | 'Deploy' | 'Demo' | 'Impersonate';

/** Who acts for an impersonated user: activities and the audit log name both. */
export interface Impersonator {
  identity: string;
  username: string;
}

/** A logged (or anonymous) user with what they may do. */
export interface AuthenticatedUser {
  /** The provider's stable identity (`sub` of a token, the users file's `identity`). */
  identity: string;
  username: string;
  isAdmin: boolean;
  isAnonymous: boolean;
  categoryPermissions: Record<string, Permission[]>;
  globalPermissions: string[];
  /** Set when another user acts as this one through `Nu-Impersonate-User-Identity`. */
  impersonatedBy?: Impersonator;
}

/** Builds the permissions of a user from the roles they hold. Admins hold every permission on every category. */
export function userWithRoles(
  config: ServerConfig,
  who: { identity: string; username: string },
  roles: string[],
  allCategories: string[],
  isAnonymous = false,
): AuthenticatedUser {
  const rules = config.rules.filter((rule) => roles.includes(rule.role));
  const isAdmin = rules.some((rule) => rule.isAdmin);
  const categoryPermissions: Record<string, Permission[]> = {};
  const allPermissions: Permission[] = ['Read', 'Write', 'Deploy', 'Demo', 'Impersonate'];
  if (isAdmin) {
    for (const category of allCategories) categoryPermissions[category] = [...allPermissions];
  }
  for (const rule of rules) {
    for (const category of rule.categories) {
      const held = new Set(categoryPermissions[category] ?? []);
      for (const permission of rule.permissions) held.add(permission);
      categoryPermissions[category] = allPermissions.filter((permission) => held.has(permission));
    }
  }
  const globalPermissions = [...new Set(rules.flatMap((rule) => rule.globalPermissions))].sort();
  return { identity: who.identity, username: who.username, isAdmin, isAnonymous, categoryPermissions, globalPermissions };
}

/** Whether a user holds a permission on a category. */
export function hasPermission(user: AuthenticatedUser, category: string, permission: Permission): boolean {
  return user.isAdmin || (user.categoryPermissions[category]?.includes(permission) ?? false);
}

/** Categories on which a user holds a permission. */
export function categoriesWith(user: AuthenticatedUser, permission: Permission): string[] {
  return Object.entries(user.categoryPermissions)
    .filter(([, permissions]) => permissions.includes(permission))
    .map(([category]) => category);
}

/**
 * The columns of an activity that name who acted as its user through impersonation, so the history keeps both
 * identities (as the original's `impersonated_by_*` columns); both null when the user acted themselves.
 */
export function impersonationColumns(user: AuthenticatedUser): { impersonatedByIdentity: string | null; impersonatedByUsername: string | null } {
  return {
    impersonatedByIdentity: user.impersonatedBy?.identity ?? null,
    impersonatedByUsername: user.impersonatedBy?.username ?? null,
  };
}

/** The fields the audit log adds for a user: the user's name and identity, and the impersonator's. */
export function auditFields(user: AuthenticatedUser): Record<string, string> {
  return {
    username: user.username,
    userIdentity: user.identity,
    ...(user.impersonatedBy ? { impersonatedByIdentity: user.impersonatedBy.identity, impersonatedByUsername: user.impersonatedBy.username } : {}),
  };
}
