import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { desc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, serial, text } from 'drizzle-orm/pg-core';
import type { EmbeddedDatabase } from './database';
import { dmSchema } from './schema';

// Kept out of schema.ts so drizzle-kit does not generate it: it is the migrator's own bookkeeping.
const appliedMigrations = dmSchema.table('__migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

// Serialises concurrent migrations of several designer instances starting over one database.
const MIGRATION_LOCK_KEY = 0x5ce0_d3e1;

/** The committed SQL migrations: beside src/ when run from source, beside dist/ when installed. */
function migrationsFolder(): string {
  const candidates = [new URL('../../drizzle', import.meta.url), new URL('../drizzle', import.meta.url)].map((url) => fileURLToPath(url));
  const found = candidates.find((dir) => existsSync(`${dir}/meta/_journal.json`));
  if (!found) throw new Error(`@scenaria/dm-embedded: migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Creates or upgrades the manager's tables (schema `scenaria_dm_embedded`, bookkeeping in its `__migrations`
 * table) in one transaction. Idempotent; works on PGlite and PostgreSQL. The manager calls it on creation.
 * @example await migrate(drizzle(new PGlite()));
 */
export async function migrate(db: EmbeddedDatabase): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create schema if not exists "scenaria_dm_embedded"`);
    await tx.execute(
      sql`create table if not exists "scenaria_dm_embedded"."__migrations" (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [last] = await tx.select().from(appliedMigrations).orderBy(desc(appliedMigrations.createdAt)).limit(1);
    for (const migration of migrations) {
      if (last && Number(last.createdAt) >= migration.folderMillis) continue;
      for (const statement of migration.sql) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement));
      }
      await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
  });
}
