import { expect } from 'vitest';

/** `expect.poll` with room for a real server: PGlite, bcrypt and a busy shared machine make answers take a while. */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 30_000, interval: 100 });
}
