import { parse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { repeatedStatements, type PreparedStatementOptions } from './repeated-statements';

interface Prepared {
  name: string;
  /** The parameters' type ids as the server described them: each value is serialised for its type. */
  parameterTypes: number[];
}

// SQLSTATEs after which a prepared statement is dropped and its text run unprepared: the statement is gone
// (invalid_sql_statement_name), or a schema change altered what it returns (feature_not_supported: "cached plan
// must not change result type").
const STALE_STATEMENT = new Set(['26000', '0A000']);

/**
 * The embedded database with its hot statements kept prepared. PGlite runs every `query` as an unnamed statement,
 * which Postgres parses and plans anew each time; on the server's own thread planning was most of a short
 * query's cost (a scenario's details: 1.1-2.7 ms unnamed, 0.55 ms as a prepared statement) and each step of the
 * extended protocol was a call into the database of its own. Here a text run `preparedAfter` times becomes a
 * named statement, and a later run sends bind, describe, execute and sync in one call. Locking is PGlite's own:
 * a query outside a transaction waits for the transaction lock, every step holds the query lock, so a statement
 * never runs inside another caller's transaction. Prepared statements belong to the session, not to a
 * transaction: a rollback keeps them.
 *
 * Returns a view of the client for drizzle: `query` and `transaction` are replaced, everything else is the client's.
 */
export function withPreparedStatements(client: PGlite, options: PreparedStatementOptions = {}): PGlite {
  const repeated = repeatedStatements(options);
  const prepared = new Map<string, Prepared>();
  let nextName = 0;

  // Which texts are prepared: only plain queries (no COPY blobs), and only once they have proved repeated.
  const wanted = (text: string, queryOptions: QueryOptions | undefined): boolean => !queryOptions?.blob && !queryOptions?.paramTypes && repeated.wanted(text);

  // One step of the protocol without PGlite's own wrappers; the caller holds the query lock.
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  // Parses and describes a text as a named statement; a failure leaves no statement behind.
  const prepare = async (text: string): Promise<Prepared> => {
    const name = `scenaria_${nextName++}`;
    try {
      await send(protocol.serialize.parse({ name, text }));
      const described = await send(protocol.serialize.describe({ type: 'S', name }));
      const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
      prepared.set(text, statement);
      return statement;
    } catch (error) {
      repeated.forget(text);
      throw error;
    } finally {
      await send(protocol.serialize.sync());
    }
  };

  const execute = async (statement: Prepared, params: unknown[], queryOptions: QueryOptions | undefined): Promise<Results> => {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index];
      const serializer = type === undefined ? undefined : (queryOptions?.serializers?.[type] ?? client.serializers[type]);
      return serializer ? serializer(value) : String(value);
    });
    // Bind, describe, execute and sync in one call: after an error the server skips to the sync, and the error
    // is thrown once the whole exchange is read.
    const message = concat([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    return resultOf(await send(message), client.parsers, queryOptions);
  };

  // Runs a wanted text as a prepared statement under the query lock; false when it must run unprepared instead.
  const runPrepared = async (text: string, params: unknown[], queryOptions: QueryOptions | undefined): Promise<Results | false> =>
    client._runExclusiveQuery(async () => {
      const statement = prepared.get(text) ?? (await prepare(text));
      try {
        return await execute(statement, params, queryOptions);
      } catch (error) {
        if (!isStale(error)) throw error;
        prepared.delete(text);
        repeated.forget(text);
        // Outside a transaction the text runs again unprepared; inside one the error has already aborted it.
        if (client.isInTransaction()) throw error;
        return false;
      }
    });

  const query = async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> => {
    if (!wanted(text, queryOptions)) return client.query<T>(text, params, queryOptions);
    const result = await client._runExclusiveTransaction(() => runPrepared(text, params, queryOptions));
    if (result === false) return client.query<T>(text, params, queryOptions);
    await client.syncToFs();
    return result as Results<T>;
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property, receiver) {
            if (property !== 'query') return Reflect.get(target, property, receiver);
            return async <R>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<R>> => {
              if (target.closed) throw new Error('Transaction is closed');
              if (!wanted(text, queryOptions)) return target.query<R>(text, params, queryOptions);
              const result = await runPrepared(text, params, queryOptions);
              return result === false ? target.query<R>(text, params, queryOptions) : (result as Results<R>);
            };
          },
        }),
      ),
    );

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must be called on the client itself, not on this view.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type Parser = (value: string, typeId: number) => unknown;
interface ReplyMessage {
  name: string;
  fields?: Array<{ name: string; dataTypeID: number } | string | null>;
  text?: string;
}

/**
 * The result of one executed statement, as PGlite's `query` returns it. PGlite's own parsing merges the client's
 * parsers (one per type the database knows) with the query's into a new object for every query; here each
 * column's parser is looked up once per reply.
 */
function resultOf(messages: ReplyMessage[], clientParsers: Record<number | string, Parser>, queryOptions: QueryOptions | undefined): Results {
  const asked = queryOptions?.parsers as Record<number, Parser> | undefined;
  const arrays = queryOptions?.rowMode === 'array';
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  let parsers: Array<Parser | undefined> = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message.fields as Array<{ name: string; dataTypeID: number }>).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      parsers = fields.map(({ dataTypeID }) => asked?.[dataTypeID] ?? clientParsers[dataTypeID] ?? (types.parsers as Record<number, Parser>)[dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message.fields as Array<string | null>).map((value, index) => {
        const parser = parsers[index];
        return value === null || !parser ? value : parser(value, fields[index]!.dataTypeID);
      });
      rows.push(arrays ? values : Object.fromEntries(values.map((value, index) => [fields[index]!.name, value])));
    } else if (message.name === 'commandComplete') {
      const words = (message.text ?? '').split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words[words.length - 1] ?? '', 10);
      const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) && !Number.isNaN(count) ? count : 0;
      return { rows, fields, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results;
    }
  }
  return { rows, fields, affectedRows: 0 } as Results;
}

function isStale(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STALE_STATEMENT.has(code);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
