import type { SqlDialect } from '@scenaria/components';
import { sql as drizzleSql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import postgres from 'postgres';
import type { EmbeddedDatabase } from '../storage/database';

/** A row as the databases give it to batch runs: column name -> text (cells are read as text), or null. */
export type SqlRow = Record<string, unknown>;

/** One connection's worth of queries (`$1`... placeholders for PostgreSQL, `?` for MariaDB). */
export interface SqlSession {
  query(text: string, params?: readonly unknown[]): Promise<SqlRow[]>;
}

/** A database batch scenarios read and write, by its configured name. */
export interface SqlDatabase {
  readonly name: string;
  readonly dialect: SqlDialect;
  /**
   * Whether a run may hold a transaction on a session of its own for its whole length. The designer's embedded
   * PGlite has one session for everything, so a run on it buffers its writes and commits them at the end instead.
   */
  readonly hasOwnSessions: boolean;
  /** Runs work on one session, kept for it alone (so its temporary objects are its own). */
  session<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Runs work in one transaction on a session of its own: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How a configured database is reached. */
export interface SqlDatabaseConfig {
  dialect: SqlDialect;
  /** `postgres://...` or `mysql://...` (MariaDB). */
  url: string;
  /** Connections kept at most. */
  maxConnections?: number;
}

/** A PostgreSQL server through the `postgres` driver; cells are asked for as text, so nothing is parsed twice. */
export function postgresDatabase(name: string, config: SqlDatabaseConfig): SqlDatabase {
  const client = postgres(config.url, { max: config.maxConnections ?? 4, onnotice: () => undefined, prepare: false });
  return {
    name,
    dialect: 'postgresql',
    hasOwnSessions: true,
    async session(work) {
      const reserved = await client.reserve();
      try {
        return await work({ query: async (text, params = []) => [...(await reserved.unsafe(text, params as never[]))] as SqlRow[] });
      } finally {
        reserved.release();
      }
    },
    async transaction(work) {
      return (await client.begin((tx) => work({ query: async (text, params = []) => [...(await tx.unsafe(text, params as never[]))] as SqlRow[] }))) as Awaited<ReturnType<typeof work>>;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** A MariaDB (or MySQL) server through `mysql2`; every cell comes back as text. */
export function mariadbDatabase(name: string, config: SqlDatabaseConfig): SqlDatabase {
  const pool = mysql.createPool({
    uri: config.url,
    connectionLimit: config.maxConnections ?? 4,
    // Text for every cell: the column's class decides the value, the driver's guesses (JS numbers for
    // BIGINT, Dates in the local zone) never get a say.
    typeCast: (field) => field.string(),
    multipleStatements: false,
  });
  return {
    name,
    dialect: 'mariadb',
    hasOwnSessions: true,
    async session(work) {
      const connection = await pool.getConnection();
      try {
        return await work({
          query: async (text, params = []) => {
            const [rows] = await connection.query(text, params as unknown[]);
            return Array.isArray(rows) ? (rows as SqlRow[]) : [];
          },
        });
      } finally {
        connection.release();
      }
    },
    async transaction(work) {
      const connection = await pool.getConnection();
      try {
        await connection.beginTransaction();
        const result = await work({
          query: async (text, params = []) => {
            const [rows] = await connection.query(text, params as unknown[]);
            return Array.isArray(rows) ? (rows as SqlRow[]) : [];
          },
        });
        await connection.commit();
        return result;
      } catch (error) {
        await connection.rollback().catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

// `$1`... placeholders of a text become drizzle parameters, so the designer's own driver binds them.
function toDrizzle(text: string, params: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(drizzleSql.raw(text.slice(last, match.index)));
    chunks.push(drizzleSql`${params[Number(match[1]) - 1]}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(drizzleSql.raw(text.slice(last)));
  return drizzleSql.join(chunks);
}

/**
 * The designer's own database through its drizzle handle (embedded PGlite): one session shared with the
 * designer, so runs on it never hold a transaction between queries.
 */
export function designerDatabase(name: string, db: EmbeddedDatabase): SqlDatabase {
  const sessionOf = (queryable: Pick<EmbeddedDatabase, 'execute'>): SqlSession => ({
    async query(text, params = []) {
      const result = (await queryable.execute(toDrizzle(text, params))) as unknown;
      return (Array.isArray(result) ? result : ((result as { rows?: SqlRow[] }).rows ?? [])) as SqlRow[];
    },
  });
  const shared = sessionOf(db);
  return {
    name,
    dialect: 'postgresql',
    hasOwnSessions: false,
    session: (work) => work(shared),
    transaction: (work) => db.transaction((tx) => work(sessionOf(tx))),
    close: async () => undefined,
  };
}

/** Opens a configured database. */
export function openSqlDatabase(name: string, config: SqlDatabaseConfig): SqlDatabase {
  return config.dialect === 'mariadb' ? mariadbDatabase(name, config) : postgresDatabase(name, config);
}
