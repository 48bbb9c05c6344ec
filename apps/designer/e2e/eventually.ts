import { expect } from 'vitest';

/** `expect.poll` with room for a real server: PGlite and bcrypt make the first answers take a while. */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}
