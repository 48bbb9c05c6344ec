import { createHash, randomBytes } from 'node:crypto';
import { FailureLimiter } from './failure-limiter';
import { nativeBcrypt } from './password-hasher';
import type { PasswordHasher } from './password-hasher';
import type { AuthenticationOutcome, AuthenticationProvider, AuthenticationRequest, FrontendStrategySettings, ProviderUser } from './provider';
import { providerUserOf } from './users';
import type { ConfigUser } from './users';

/**
 * Limits on failed sign-ins: after `maxFailuresPerUser` failures for one user name, or `maxFailuresPerAddress`
 * from one client address, within `failureWindowSeconds`, sign-ins are `limited` until the window ends,
 * without checking the password. `maxTrackedKeys` bounds the memory of each counter.
 */
export interface SignInLimits {
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
  failureWindowSeconds: number;
  maxTrackedKeys: number;
}

export interface BasicAuthOptions {
  /** The users file (read on every sign-in, so a reloaded file counts). */
  users: () => readonly ConfigUser[];
  limits: () => SignInLimits;
  hasher?: PasswordHasher;
  now?: () => number;
}

// The cost of the stand-in hash while no user is configured: bcrypt's usual default.
const FALLBACK_COST = 10;

const counterKey = (value: string) => createHash('sha256').update(value).digest('base64');

/**
 * Checks basic credentials against the users file without letting sign-in be used against the server:
 * - bcrypt runs off the event loop (the injected hasher, native by default);
 * - an unknown user name is compared against a stand-in hash of the configured users' cost, so it costs
 *   what a known one costs and timing does not tell which users exist;
 * - failures are limited per user name and per client address; past the limit the answer is `limited`
 *   without hashing. Each attempt is counted before the comparison and taken back when it succeeds, so
 *   concurrent attempts cannot slip past the limit together.
 * A verified header is remembered (by its hash, never the password): later requests with it skip the
 * comparison and the limits, so a signed-in user keeps working while someone else exhausts the limits.
 * Only users with a `password` can sign in this way.
 */
export class BasicCredentialsChecker {
  readonly #verified = new Map<string, string>();
  readonly #standIns = new Map<number, Promise<string>>();
  readonly #userFailures: FailureLimiter;
  readonly #addressFailures: FailureLimiter;
  readonly #hasher: PasswordHasher;

  constructor(private readonly options: BasicAuthOptions) {
    const now = options.now ?? Date.now;
    this.#hasher = options.hasher ?? nativeBcrypt;
    this.#userFailures = new FailureLimiter(now);
    this.#addressFailures = new FailureLimiter(now);
    // Made now, so the first unknown user does not pay for the stand-in's creation (and stand out by it).
    this.#standInHash().catch(() => {});
  }

  /** Checks `Authorization: Basic ...`; `no-credentials` for any other scheme. */
  async check(authorization: string, address: string): Promise<AuthenticationOutcome> {
    const match = /^Basic\s+(\S+)\s*$/i.exec(authorization.trim());
    if (!match?.[1]) return { kind: 'no-credentials' };
    const key = createHash('sha256').update(match[1]).digest('hex');
    const known = this.#verified.get(key);
    const users = this.options.users();
    if (known !== undefined) {
      const user = users.find((candidate) => candidate.identity === known);
      if (user?.password) return { kind: 'authenticated', user: providerUserOf(user) };
      this.#verified.delete(key);
    }
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return { kind: 'rejected', reason: 'malformed basic credentials' };
    const username = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);

    const limits = this.options.limits();
    const windowMs = limits.failureWindowSeconds * 1000;
    const userLimit = { maxFailures: limits.maxFailuresPerUser, windowMs, maxKeys: limits.maxTrackedKeys };
    const addressLimit = { maxFailures: limits.maxFailuresPerAddress, windowMs, maxKeys: limits.maxTrackedKeys };
    const userKey = counterKey(username);
    const addressKey = counterKey(address);
    const waitMs = Math.max(this.#userFailures.blockedFor(userKey, userLimit), this.#addressFailures.blockedFor(addressKey, addressLimit));
    if (waitMs > 0) return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    this.#userFailures.record(userKey, userLimit);
    this.#addressFailures.record(addressKey, addressLimit);

    const user = users.find((candidate) => candidate.identity === username && candidate.password !== undefined);
    const matches = await this.#hasher.verify(password, user?.password ?? (await this.#standInHash()));
    if (!user || !matches) return { kind: 'rejected', reason: 'wrong user name or password' };
    this.#userFailures.forget(userKey);
    this.#addressFailures.unrecord(addressKey);
    if (this.#verified.size > 10_000) this.#verified.clear();
    this.#verified.set(key, username);
    return { kind: 'authenticated', user: providerUserOf(user) };
  }

  // A hash of a random password at the highest cost among the configured users: an unknown name is never
  // cheaper to try than a known one. (Users whose hashes have a lower cost can still be told apart by
  // timing; give every user the same cost.)
  #standInHash(): Promise<string> {
    const costs = this.options.users().flatMap((user) => (user.password ? [this.#hasher.costOf(user.password) ?? FALLBACK_COST] : []));
    const cost = costs.length > 0 ? Math.max(...costs) : FALLBACK_COST;
    let standIn = this.#standIns.get(cost);
    if (!standIn) {
      standIn = this.#hasher.hash(randomBytes(16).toString('base64'), cost);
      this.#standIns.set(cost, standIn);
      standIn.catch(() => this.#standIns.delete(cost));
    }
    return standIn;
  }
}

/** Looks a users-file entry up by identity. */
export function findConfigUser(users: readonly ConfigUser[], identity: string): ProviderUser | undefined {
  const user = users.find((candidate) => candidate.identity === identity);
  return user && providerUserOf(user);
}

/** Basic authentication with the users file; the browser's own sign-in prompt is the front end (`Browser`). */
export class BasicAuthProvider implements AuthenticationProvider {
  readonly name = 'BasicAuth';
  readonly supportsAnonymousAccess = true;
  readonly supportsImpersonation = true;
  readonly challengeScheme = 'Basic';
  readonly #checker: BasicCredentialsChecker;

  constructor(private readonly options: BasicAuthOptions) {
    this.#checker = new BasicCredentialsChecker(options);
  }

  async authenticate(request: AuthenticationRequest): Promise<AuthenticationOutcome> {
    if (!request.authorization) return { kind: 'no-credentials' };
    const outcome = await this.#checker.check(request.authorization, request.clientAddress);
    // Any other scheme is wrong credentials here, not none: a bearer token must not fall back to the anonymous role.
    return outcome.kind === 'no-credentials' ? { kind: 'rejected', reason: 'basic credentials expected' } : outcome;
  }

  async findUser(identity: string): Promise<ProviderUser | undefined> {
    return findConfigUser(this.options.users(), identity);
  }

  async frontendSettings(anonymousAccessAllowed: boolean): Promise<FrontendStrategySettings> {
    return { strategy: 'Browser', anonymousAccessAllowed };
  }
}
