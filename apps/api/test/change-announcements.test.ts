import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import { ANNOUNCEMENTS_TRUSTED_MS, changeAnnouncementsOf, readChangeHorizon } from '../src/db/database';
import { scenarioLabels, scenarios, scenarioVersions } from '../src/db/schema';
import { ScenarioListMirror } from '../src/services/list-mirror';
import { readChangesSince } from '../src/services/scenario-records';
import { DATABASES, openTestDatabase } from './harness';
import type { TestDatabase } from './harness';

// The embedded database announces each committed scenario write (its transaction's id) before it answers the
// statement that committed it; a list mirror that heard of no writer at or above its horizon serves its view
// without asking.
describe.each(DATABASES)('announced scenario changes on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await database?.cleanup();
    database = undefined;
  }, 60_000);

  const open = async () => {
    database = await openTestDatabase(kind);
    return database.handle.db;
  };

  test.runIf(kind === 'pglite')('every committed write is heard before its answer; an open or rolled back one is not', async () => {
    const db = await open();
    const heard = changeAnnouncementsOf(db)!;
    const start = await readChangeHorizon(db);
    // The writers the database marked at or above `since`: what was announced must be the newest of them.
    const newestMarked = async (since: number) => Math.max(...(await readChangesSince(db, since)).changes.map(({ writer }) => writer));
    const [row] = await db.insert(scenarios).values({ name: 'a', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    const afterInsert = heard.latestWriter!;
    expect(afterInsert).toBeGreaterThanOrEqual(start);
    expect(afterInsert).toBe(await newestMarked(start));
    await db.transaction(async (tx) => {
      await tx.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
      await tx.insert(scenarioLabels).values({ scenarioId: row!.id, label: 'x' });
      expect(heard.latestWriter).toBe(afterInsert);
    });
    const afterTransaction = heard.latestWriter!;
    expect(afterTransaction).toBeGreaterThan(afterInsert);
    expect(afterTransaction).toBe(await newestMarked(start));
    await expect(
      db.transaction(async (tx) => {
        await tx.update(scenarios).set({ createdBy: 'never' }).where(eq(scenarios.id, row!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard.latestWriter).toBe(afterTransaction);
    expect(await newestMarked(start)).toBe(afterTransaction);
    // A statement written by hand is heard like drizzle's.
    await db.execute(sql`delete from scenario_labels where scenario_id = ${row!.id}`);
    expect(heard.latestWriter).toBeGreaterThan(afterTransaction);
    expect(heard.latestWriter).toBe(await newestMarked(start));
    // Trusted once the database was asked: every heard writer is below a later reader's horizon.
    expect(heard.nothingSince(await readChangeHorizon(db))).toBe(false);
    heard.confirm(undefined);
    expect(heard.nothingSince(await readChangeHorizon(db))).toBe(true);
  });

  test.runIf(kind === 'pglite')('announcements that stopped are found at the next ask, at most a second later, and trusted no more', async () => {
    const db = await open();
    const [row] = await db.insert(scenarios).values({ name: 'silenced', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)));
    const heard = changeAnnouncementsOf(db)!;
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await mirror.current();
    expect(heard.nothingSince(await readChangeHorizon(db))).toBe(true);
    const heardBefore = heard.latestWriter;
    // SQL run on the embedded database stops the session's listening: this write goes unheard.
    await db.execute(sql`discard all`);
    await db.update(scenarios).set({ createdBy: 'unheard' }).where(eq(scenarios.id, row!.id));
    expect(heard.latestWriter).toBe(heardBefore);
    expect(await mirror.current()).toBe(first);
    vi.setSystemTime(Date.now() + ANNOUNCEMENTS_TRUSTED_MS);
    const second = await mirror.current();
    expect(second.scenarios[0]!.row.createdBy).toBe('unheard');
    expect(heard.nothingSince(await readChangeHorizon(db))).toBe(false);
    // Heard again, they are still not trusted: what stopped them once may again.
    await db.execute(sql`listen scenaria_scenario_changes`);
    await db.execute(sql`set scenaria.announce_changes = 'on'`);
    await db.update(scenarios).set({ createdBy: 'heard' }).where(eq(scenarios.id, row!.id));
    expect(heard.latestWriter).toBeGreaterThan(heardBefore ?? 0);
    expect(heard.nothingSince(await readChangeHorizon(db))).toBe(false);
    expect((await mirror.current()).scenarios[0]!.row.createdBy).toBe('heard');
  });

  test.runIf(kind === 'pglite')('a view with no newer announcement is served without asking the database', async () => {
    const db = await open();
    const [row] = await db.insert(scenarios).values({ name: 'kept', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)));
    // The clock stands still: the view is within the time announcements are trusted, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const view = await mirror.current();
    expect(view.scenarios.map(({ record }) => record.name)).toEqual(['kept']);
    // Asking would fail now: the view is served all the same.
    await database!.handle.close();
    expect(await mirror.current()).toBe(view);
  });

  test.runIf(kind === 'pglite')('with nothing heard the mirror asks the database every time', async () => {
    const db = await open();
    const neverTrusted = { latestWriter: undefined, nothingSince: () => false, confirm: () => undefined };
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)), undefined, neverTrusted);
    await mirror.current();
    await database!.handle.close();
    await expect(mirror.current()).rejects.toThrow();
  });

  test.runIf(kind === 'postgres')('a database other servers may write announces nothing', async () => {
    const db = await open();
    expect(changeAnnouncementsOf(db)).toBeUndefined();
    const result: unknown = await db.execute(sql`select current_setting('scenaria.announce_changes', true) as setting`);
    expect(result).toEqual([{ setting: null }]);
  });
});
