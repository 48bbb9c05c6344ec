/** How many failures a key may have in one window, and how many keys are remembered at most. */
export interface FailureLimit {
  maxFailures: number;
  windowMs: number;
  maxKeys: number;
}

interface Window {
  failures: number;
  endsAt: number;
}

/**
 * Failed sign-ins per key (a user name or a client address) in fixed windows that start at a key's first
 * failure. Kept in memory: each server process counts on its own.
 *
 * Memory is bounded: a window that restarts is re-inserted, so the map's insertion order is the order in
 * which windows end; expired windows are dropped from the front, and when `maxKeys` is still reached the
 * window closest to its end is forgotten early. Every operation is amortised O(1).
 */
export class FailureLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds until `key` may try again, 0 when it may try now. */
  blockedFor(key: string, limit: FailureLimit): number {
    const window = this.#live(key);
    return window && window.failures >= limit.maxFailures ? window.endsAt - this.now() : 0;
  }

  /** Counts one failure of `key`. */
  record(key: string, limit: FailureLimit): void {
    const window = this.#live(key);
    if (window) {
      window.failures++;
      return;
    }
    this.#dropExpired();
    while (this.#windows.size >= limit.maxKeys) {
      const oldest = this.#windows.keys().next();
      if (oldest.done) break;
      this.#windows.delete(oldest.value);
    }
    this.#windows.set(key, { failures: 1, endsAt: this.now() + limit.windowMs });
  }

  /** Takes back one counted failure (an attempt counted in advance that succeeded). */
  unrecord(key: string): void {
    const window = this.#live(key);
    if (!window) return;
    window.failures--;
    if (window.failures <= 0) this.#windows.delete(key);
  }

  /** Forgets every failure of `key`. */
  forget(key: string): void {
    this.#windows.delete(key);
  }

  /** How many keys are remembered (for tests of the bound). */
  get size(): number {
    return this.#windows.size;
  }

  #live(key: string): Window | undefined {
    const window = this.#windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  #dropExpired(): void {
    const now = this.now();
    for (const [key, window] of this.#windows) {
      if (window.endsAt > now) break;
      this.#windows.delete(key);
    }
  }
}
