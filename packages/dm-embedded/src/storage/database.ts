import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The drizzle handle the manager is given: the designer's own database, over `drizzle-orm/pglite` or
 * `drizzle-orm/postgres-js`. Its relational schema is the designer's business, so any is accepted; the
 * manager only uses its own tables through the query builder.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the designer's schema type parameter is not ours to know
export type EmbeddedDatabase = PgDatabase<PgQueryResultHKT, any>;

/** A transaction on the same database (the query surface the stores use). */
export type EmbeddedTransaction = Parameters<Parameters<EmbeddedDatabase['transaction']>[0]>[0];

/** Either the database or a transaction on it. */
export type Queryable = EmbeddedDatabase | EmbeddedTransaction;
