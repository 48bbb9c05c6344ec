import { hash, parseOptions, verify } from '@node-rs/bcrypt';

/**
 * Password hashing as the server uses it. Both methods must leave the event loop free: bcrypt is slow on
 * purpose (~50-150 ms at cost 10), and a pure JavaScript version on the loop lets a few wrong passwords stall
 * every other request. `createApp` takes one, so tests can wrap the real one and see what it is asked.
 */
export interface PasswordHasher {
  /** Whether `password` matches the bcrypt `encodedHash`; false for a malformed hash. */
  verify(password: string, encodedHash: string): Promise<boolean>;
  /** A new bcrypt hash of `password` at `cost`. */
  hash(password: string, cost: number): Promise<string>;
  /** The cost a bcrypt hash was made with, or undefined when it cannot be read. */
  costOf(encodedHash: string): number | undefined;
}

/** bcrypt in Rust (`@node-rs/bcrypt`), run on libuv's thread pool; reads every `$2a$`/`$2b$`/`$2y$` hash. */
export const nativeBcrypt: PasswordHasher = {
  verify: (password, encodedHash) => verify(password, encodedHash),
  hash: (password, cost) => hash(password, { cost }),
  costOf: (encodedHash) => {
    try {
      return parseOptions(encodedHash).cost;
    } catch {
      return undefined;
    }
  },
};
