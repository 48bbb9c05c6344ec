import type { Sql } from 'postgres';
import { repeatedStatements, type PreparedStatementOptions } from './repeated-statements';

type UnsafeOptions = NonNullable<Parameters<Sql['unsafe']>[2]>;

/**
 * The PostgreSQL client with its repeated statements kept prepared. drizzle runs everything but its `.prepare()`d
 * queries as unnamed statements, which the server parses and plans on every run (a save's write, a list's change
 * check: planning took longer than running them). Here a text run `preparedAfter` times (across connections) is
 * run with postgres.js's `prepare`, which names it once per connection and re-prepares it after a schema change.
 * (drizzle asks for `prepare: false` on every statement it has no name for: that is overridden for these texts.)
 * Transactions and savepoints get the same view of their connection.
 */
export function withRepeatedStatementsPrepared(client: Sql, options: PreparedStatementOptions = {}): Sql {
  const repeated = repeatedStatements(options);
  const view = (sql: Sql): Sql =>
    new Proxy(sql, {
      get(target, property, receiver) {
        if (property === 'unsafe') {
          return (text: string, params?: unknown[], unsafeOptions?: UnsafeOptions) =>
            target.unsafe(text, params as never, unsafeOptions?.prepare !== true && repeated.wanted(text) ? { ...unsafeOptions, prepare: true } : unsafeOptions);
        }
        if (property === 'begin' || property === 'savepoint') {
          const method = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => {
            const last = args.length - 1;
            const callback = args[last];
            if (typeof callback === 'function') args[last] = (inner: Sql) => (callback as (sql: Sql) => unknown)(view(inner));
            return method.apply(target, args);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
  return view(client);
}
