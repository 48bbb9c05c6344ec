import { createHash, randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config/config-schema';
import { FailureLimiter } from './failure-limiter';
import { nativeBcrypt } from './password-hasher';
import type { PasswordHasher } from './password-hasher';

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

/** What a sign-in attempt came to. */
export type SignInResult =
  | { kind: 'signed-in'; username: string }
  | { kind: 'rejected' }
  /** Too many failures for this user name or client address: try again after `retryAfterSeconds`. */
  | { kind: 'limited'; retryAfterSeconds: number };

// The cost of the stand-in hash while no user is configured: bcrypt's usual default.
const FALLBACK_COST = 10;

const counterKey = (value: string) => createHash('sha256').update(value).digest('base64');

/**
 * Checks basic-auth credentials without letting sign-in be used against the server:
 * - bcrypt runs off the event loop (the injected hasher, native by default);
 * - an unknown user name is compared against a stand-in hash of the configured users' cost, so it costs
 *   what a known one costs and timing does not tell which users exist;
 * - failures are limited per user name and per client address (`signInLimits`); past the limit the answer
 *   is `limited` without hashing. Each attempt is counted before the comparison and taken back when it
 *   succeeds, so concurrent attempts cannot slip past the limit together.
 * A verified header is remembered (by its hash, never the password): later requests with it skip the
 * comparison and the limits, so a signed-in user keeps working while someone else exhausts the limits.
 */
export class BasicAuthenticator {
  readonly #verified = new Map<string, string>();
  readonly #standIns = new Map<number, Promise<string>>();
  readonly #userFailures: FailureLimiter;
  readonly #addressFailures: FailureLimiter;

  constructor(
    private readonly getConfig: () => ServerConfig,
    private readonly hasher: PasswordHasher = nativeBcrypt,
    now: () => number = Date.now,
  ) {
    this.#userFailures = new FailureLimiter(now);
    this.#addressFailures = new FailureLimiter(now);
    // Made now, so the first unknown user does not pay for the stand-in's creation (and stand out by it).
    this.#standInHash().catch(() => {});
  }

  /** Checks an `Authorization` header sent from `address`. */
  async verify(authorization: string, address: string): Promise<SignInResult> {
    const match = /^Basic\s+(.+)$/i.exec(authorization.trim());
    if (!match?.[1]) return { kind: 'rejected' };
    const key = createHash('sha256').update(match[1]).digest('hex');
    const known = this.#verified.get(key);
    if (known !== undefined) return { kind: 'signed-in', username: known };
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return { kind: 'rejected' };
    const username = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);

    const limits = this.getConfig().signInLimits;
    const windowMs = limits.failureWindowSeconds * 1000;
    const userLimit = { maxFailures: limits.maxFailuresPerUser, windowMs, maxKeys: limits.maxTrackedKeys };
    const addressLimit = { maxFailures: limits.maxFailuresPerAddress, windowMs, maxKeys: limits.maxTrackedKeys };
    const userKey = counterKey(username);
    const addressKey = counterKey(address);
    const waitMs = Math.max(this.#userFailures.blockedFor(userKey, userLimit), this.#addressFailures.blockedFor(addressKey, addressLimit));
    if (waitMs > 0) return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    this.#userFailures.record(userKey, userLimit);
    this.#addressFailures.record(addressKey, addressLimit);

    const user = this.getConfig().users.find((candidate) => candidate.identity === username);
    const matches = await this.hasher.verify(password, user?.password ?? (await this.#standInHash()));
    if (!user || !matches) return { kind: 'rejected' };
    this.#userFailures.forget(userKey);
    this.#addressFailures.unrecord(addressKey);
    if (this.#verified.size > 10_000) this.#verified.clear();
    this.#verified.set(key, username);
    return { kind: 'signed-in', username };
  }

  roles(username: string): string[] {
    return this.getConfig().users.find((user) => user.identity === username)?.roles ?? [];
  }

  // A hash of a random password at the highest cost among the configured users: an unknown name is never
  // cheaper to try than a known one. (Users whose hashes have a lower cost can still be told apart by
  // timing; give every user the same cost.)
  #standInHash(): Promise<string> {
    const costs = this.getConfig().users.map((user) => this.hasher.costOf(user.password) ?? FALLBACK_COST);
    const cost = costs.length > 0 ? Math.max(...costs) : FALLBACK_COST;
    let standIn = this.#standIns.get(cost);
    if (!standIn) {
      standIn = this.hasher.hash(randomBytes(16).toString('base64'), cost);
      this.#standIns.set(cost, standIn);
      standIn.catch(() => this.#standIns.delete(cost));
    }
    return standIn;
  }
}
