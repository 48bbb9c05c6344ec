import { createHash } from 'node:crypto';

/**
 * Answers of the identity provider by token, trusted for `ttlMs` and at most `maxEntries` of them, so a
 * valid token does not cost a call per request and a flood of random tokens cannot grow memory. Keys are
 * digests: the cache never holds a token. Insertion order is expiry order (same TTL for all), so the oldest
 * entry is dropped first.
 */
export class TokenCache<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  static key(token: string): string {
    return createHash('sha256').update(token).digest('base64');
  }

  get(token: string): T | undefined {
    const key = TokenCache.key(token);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: T): void {
    if (this.ttlMs <= 0) return;
    const key = TokenCache.key(token);
    this.#entries.delete(key);
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  get size(): number {
    return this.#entries.size;
  }
}
