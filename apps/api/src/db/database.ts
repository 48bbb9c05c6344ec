import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openPgliteThread } from './pglite-thread';
import type { UpkeepReport } from './pglite-upkeep';
import type { PgliteThreadOptions, ThreadClient } from './pglite-thread';
import { withRepeatedStatementsPrepared } from './postgres-statements';
import * as schema from './schema';

/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle: the same query surface as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An open database with its migrations applied. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Where the committed SQL migrations are. The server runs from src (tests) and from a bundled dist/main.js,
 * so the folder is found by walking up from this module instead of a fixed relative path.
 */
export function findMigrationsFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  let current = start;
  for (;;) {
    const candidate = join(current, 'migrations');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(current);
    if (parent === current) throw new Error(`No migrations folder above ${start}`);
    current = parent;
  }
}

/**
 * What the database announced of committed scenario writes (the writers' transaction ids, migration 0008). Only a
 * database this process alone writes announces (the embedded one, migration 0007), and each announcement arrives
 * before the answer to the statement that committed it: when no writer at or above a reader's horizon was
 * announced, nothing was written since that read, and a reader needs not ask.
 */
export interface ChangeAnnouncements {
  /** The newest writer announced; undefined when none was since the database opened. */
  readonly latestWriter: number | undefined;
  /** Whether no writer at or above `horizon` was announced, and the announcements can be trusted. */
  nothingSince(horizon: number): boolean;
  /**
   * What the database answered a reader that asked: the newest writer of the changes it found, if any. A writer
   * newer than every announcement means they stopped.
   */
  confirm(newestWriterFound: number | undefined): void;
}

const CHANGES_CHANNEL = 'scenaria_scenario_changes';
/**
 * Announcements are trusted for this long after the database was last asked. SQL the batch runtime runs on the
 * embedded database could stop them (`RESET ALL` turns them off, `DISCARD ALL` unlistens): the next ask then
 * finds a commit nobody announced, and from then on every reader asks. A list is at most this stale in that case.
 */
export const ANNOUNCEMENTS_TRUSTED_MS = 1000;
const announcements = new WeakMap<Database, ChangeAnnouncements>();

/** The database's announcements of committed scenario writes, when it makes them (`ChangeAnnouncements`). */
export function changeAnnouncementsOf(db: Database): ChangeAnnouncements | undefined {
  return announcements.get(db);
}

class HeardChanges implements ChangeAnnouncements {
  #latest: number | undefined;
  #confirmedAt = Number.NEGATIVE_INFINITY;
  #silenced = false;
  // After the database's thread was opened again: what it committed before it stopped may never have been
  // announced, so the next ask is taken as the new base rather than as announcements gone silent.
  #rebase = false;

  get latestWriter(): number | undefined {
    return this.#latest;
  }

  hear(writer: number): void {
    if (Number.isSafeInteger(writer) && (this.#latest === undefined || writer > this.#latest)) this.#latest = writer;
  }

  nothingSince(horizon: number): boolean {
    return !this.#silenced && (this.#latest === undefined || this.#latest < horizon) && Date.now() - this.#confirmedAt < ANNOUNCEMENTS_TRUSTED_MS;
  }

  /** Trusts nothing heard so far: the next list asks the database, and what it finds is the new base. */
  distrust(): void {
    this.#confirmedAt = Number.NEGATIVE_INFINITY;
    this.#rebase = true;
  }

  confirm(newestWriterFound: number | undefined): void {
    if (this.#rebase) {
      this.#rebase = false;
      if (newestWriterFound !== undefined) this.hear(newestWriterFound);
    } else if (newestWriterFound !== undefined && (this.#latest === undefined || newestWriterFound > this.#latest)) {
      if (!this.#silenced) console.error(`The embedded database committed a scenario change (transaction ${newestWriterFound}) without announcing it: lists ask it every time from now on`);
      this.#silenced = true;
    }
    this.#confirmedAt = Date.now();
  }
}

/**
 * A reader's horizon as SQL (text, for the driver's sake): the oldest transaction still running as of the
 * statement's snapshot (its xmin). Every writer below it has ended, and what it committed shows in that snapshot.
 */
export const CHANGE_HORIZON = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** The reader's horizon (`CHANGE_HORIZON`); in a repeatable-read transaction, that of the snapshot of all its reads. */
export async function readChangeHorizon(db: Database | Transaction): Promise<number> {
  const [row] = rowsOf<{ horizon: string }>(await db.execute(sql`select ${CHANGE_HORIZON} as horizon`));
  return Number(row!.horizon);
}

/** The rows of `execute`'s answer: drizzle's PostgreSQL driver answers with the rows, PGlite's with an object holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

// A session setting: the embedded database has one session, this process's (SQL that resets it is caught by
// `confirm`, as a `DISCARD ALL` is), made again on a thread opened after one stopped.
const ANNOUNCE_CHANGES = "set scenaria.announce_changes = 'on'";

// Listens before turning announcing on: every commit after the database opened is heard (the first list reads
// everything, later ones what was written at or above its horizon).
async function announceChanges(client: ThreadClient): Promise<HeardChanges> {
  const heard = new HeardChanges();
  await client.listen(CHANGES_CHANNEL, (payload) => heard.hear(Number(payload)));
  await client.exec(ANNOUNCE_CHANGES);
  return heard;
}

// A step that held the database's thread this long is worth a line in the log: requests waited for it.
const SLOW_UPKEEP_MS = 500;

function logUpkeep(report: UpkeepReport): void {
  if (report.kind === 'failed') console.error(`Upkeep of the embedded database failed${report.table ? ` (${report.action} ${report.table})` : ''}: ${report.message}`);
  else if (report.ms >= SLOW_UPKEEP_MS) console.warn(`Upkeep of the embedded database: ${report.action} ${report.table} held it for ${Math.round(report.ms)} ms`);
}

/**
 * Embedded PostgreSQL: on disk in `dataDir`, or in memory when no directory is given. It runs on a thread of its
 * own (`pglite-thread.ts`), so its work does not hold up the server's requests.
 */
export async function openPglite(dataDir: string | undefined, options: Pick<PgliteThreadOptions, 'startFrom'> = {}): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  let heard: HeardChanges | undefined;
  const thread = await openPgliteThread(dir, {
    ...options,
    onUpkeep: logUpkeep,
    onStopped: (error) => console.error(`${error.message}: ${dir ? 'the next request opens the database again' : 'the database was in memory and is gone'}`),
    // Its LISTENs are made again by the thread; the setting that makes commits announce is the session's.
    onRestart: async (exec) => {
      heard?.distrust();
      if (heard) await exec(ANNOUNCE_CHANGES);
    },
  });
  try {
    // The thread's client has the part of PGlite's surface drizzle calls (query, transaction) and LISTEN.
    const db = drizzlePglite({ client: thread.client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: findMigrationsFolder() });
    heard = await announceChanges(thread.client);
    announcements.set(db as unknown as Database, heard);
    return { db: db as unknown as Database, kind: 'pglite', close: () => thread.close() };
  } catch (error) {
    await thread.close();
    throw error;
  }
}

/** A PostgreSQL server through postgres.js. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  // Notices ("relation already exists, skipping") from the migrator are noise in the server's log.
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(withRepeatedStatementsPrepared(client), { schema });
  await migratePostgres(db, { migrationsFolder: findMigrationsFolder() });
  return { db: db as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

/** PostgreSQL when a URL is given, else PGlite in the data directory. */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
