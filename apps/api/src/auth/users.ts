import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ServerConfig } from '../config/config-schema';

type Permission = 'Read' | 'Write' | 'Deploy' | 'Demo' | 'Impersonate';

/** A logged (or anonymous) user with what they may do. */
export interface AuthenticatedUser {
  username: string;
  isAdmin: boolean;
  isAnonymous: boolean;
  categoryPermissions: Record<string, Permission[]>;
  globalPermissions: string[];
}

/** Builds the permissions of a user from the roles they hold. Admins hold every permission on every category. */
export function userWithRoles(config: ServerConfig, username: string, roles: string[], allCategories: string[], isAnonymous = false): AuthenticatedUser {
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
  return { username, isAdmin, isAnonymous, categoryPermissions, globalPermissions };
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
 * Checks basic-auth credentials. bcrypt is slow on purpose, so a verified header is remembered (by its hash,
 * never the password) and later requests with the same header skip the comparison.
 */
export class BasicAuthenticator {
  readonly #verified = new Map<string, string>();

  constructor(private readonly getConfig: () => ServerConfig) {}

  /** The username for an `Authorization` header, or undefined when the credentials are wrong. */
  async verify(authorization: string): Promise<string | undefined> {
    const match = /^Basic\s+(.+)$/i.exec(authorization.trim());
    if (!match?.[1]) return undefined;
    const key = createHash('sha256').update(match[1]).digest('hex');
    const known = this.#verified.get(key);
    if (known !== undefined) return known;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return undefined;
    const username = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);
    const user = this.getConfig().users.find((candidate) => candidate.identity === username);
    if (!user || !(await bcrypt.compare(password, user.password))) return undefined;
    if (this.#verified.size > 10_000) this.#verified.clear();
    this.#verified.set(key, username);
    return username;
  }

  roles(username: string): string[] {
    return this.getConfig().users.find((user) => user.identity === username)?.roles ?? [];
  }
}
