import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openPgliteThread } from './pglite-thread';
import type { ThreadClient } from './pglite-thread';
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
 * What the database announced of committed scenario writes (the counter `scenario_changes`). Only a database this
 * process alone writes announces (the embedded one, migration 0007), and each announcement arrives before the
 * answer to the statement that committed it: when no value newer than one read was announced, nothing was written
 * since, and a reader needs not ask.
 */
export interface ChangeAnnouncements {
  /** The newest counter value announced. */
  readonly latestSeq: number | undefined;
  /** Whether no commit after the counter value `seq` was announced, and the announcements can be trusted. */
  nothingSince(seq: number): boolean;
  /** What the database answered a reader that asked: a value newer than every announcement means they stopped. */
  confirm(seq: number | undefined): void;
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

  get latestSeq(): number | undefined {
    return this.#latest;
  }

  hear(seq: number): void {
    if (Number.isSafeInteger(seq) && (this.#latest === undefined || seq > this.#latest)) this.#latest = seq;
  }

  nothingSince(seq: number): boolean {
    return !this.#silenced && this.#latest === seq && Date.now() - this.#confirmedAt < ANNOUNCEMENTS_TRUSTED_MS;
  }

  confirm(seq: number | undefined): void {
    if (seq === undefined) return;
    if (this.#latest === undefined || seq > this.#latest) {
      if (!this.#silenced) console.error(`The embedded database committed scenario change ${seq} without announcing it: lists ask it every time from now on`);
      this.#silenced = true;
    }
    this.#confirmedAt = Date.now();
  }
}

/** The counter of committed scenario writes (`scenario_changes`); undefined if its row is missing. */
export async function readChangeSeq(db: Database | Transaction): Promise<number | undefined> {
  const [row] = await db.select({ seq: schema.scenarioChanges.seq }).from(schema.scenarioChanges).where(eq(schema.scenarioChanges.id, 1));
  return row?.seq;
}

// Listens before turning announcing on and before reading the counter: no commit after the read goes unheard.
async function announceChanges(db: Database, client: ThreadClient): Promise<ChangeAnnouncements> {
  const heard = new HeardChanges();
  await client.listen(CHANGES_CHANNEL, (payload) => heard.hear(Number(payload)));
  // A session setting: the embedded database has one session, this process's (SQL that resets it is caught by
  // `confirm`, as a `DISCARD ALL` is).
  await client.exec("set scenaria.announce_changes = 'on'");
  const seq = await readChangeSeq(db);
  if (seq !== undefined) heard.hear(seq);
  return heard;
}

/**
 * Embedded PostgreSQL: on disk in `dataDir`, or in memory when no directory is given. It runs on a thread of its
 * own (`pglite-thread.ts`), so its work does not hold up the server's requests.
 */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const thread = await openPgliteThread(dir);
  try {
    // The thread's client has the part of PGlite's surface drizzle calls (query, transaction) and LISTEN.
    const db = drizzlePglite({ client: thread.client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: findMigrationsFolder() });
    announcements.set(db as unknown as Database, await announceChanges(db as unknown as Database, thread.client));
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
