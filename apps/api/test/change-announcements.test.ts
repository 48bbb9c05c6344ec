import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import { ANNOUNCEMENTS_TRUSTED_MS, changeAnnouncementsOf, readChangeSeq } from '../src/db/database';
import { scenarioLabels, scenarios, scenarioVersions } from '../src/db/schema';
import { ScenarioListMirror } from '../src/services/list-mirror';
import { DATABASES, openTestDatabase } from './harness';
import type { TestDatabase } from './harness';

// The embedded database announces each committed value of the change counter before it answers the statement that
// committed it; a list mirror that heard of nothing newer than its view serves the view without asking.
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
    expect(heard.latestSeq).toBe(await readChangeSeq(db));
    const [row] = await db.insert(scenarios).values({ name: 'a', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    const afterInsert = heard.latestSeq;
    expect(afterInsert).toBe(await readChangeSeq(db));
    await db.transaction(async (tx) => {
      await tx.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
      await tx.insert(scenarioLabels).values({ scenarioId: row!.id, label: 'x' });
      expect(heard.latestSeq).toBe(afterInsert);
    });
    // One announcement per transaction, however many rows it wrote.
    expect(heard.latestSeq).toBe(afterInsert! + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(scenarios).set({ createdBy: 'never' }).where(eq(scenarios.id, row!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard.latestSeq).toBe(afterInsert! + 1);
    // A statement written by hand is heard like drizzle's.
    await db.execute(sql`delete from scenario_labels where scenario_id = ${row!.id}`);
    expect(heard.latestSeq).toBe(afterInsert! + 2);
    expect(heard.latestSeq).toBe(await readChangeSeq(db));
  });

  test.runIf(kind === 'pglite')('announcements that stopped are found at the next ask, at most a second later, and trusted no more', async () => {
    const db = await open();
    const [row] = await db.insert(scenarios).values({ name: 'silenced', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)));
    const heard = changeAnnouncementsOf(db)!;
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await mirror.current();
    expect(heard.nothingSince(first.seq!)).toBe(true);
    // SQL run on the embedded database stops the session's listening: this write goes unheard.
    await db.execute(sql`discard all`);
    await db.update(scenarios).set({ createdBy: 'unheard' }).where(eq(scenarios.id, row!.id));
    expect(heard.latestSeq).toBe(first.seq);
    expect(await mirror.current()).toBe(first);
    vi.setSystemTime(Date.now() + ANNOUNCEMENTS_TRUSTED_MS);
    const second = await mirror.current();
    expect(second.seq).toBe(first.seq! + 1);
    expect(heard.nothingSince(second.seq!)).toBe(false);
    // Heard again, they are still not trusted: what stopped them once may again.
    await db.execute(sql`listen scenaria_scenario_changes`);
    await db.execute(sql`set scenaria.announce_changes = 'on'`);
    await db.update(scenarios).set({ createdBy: 'heard' }).where(eq(scenarios.id, row!.id));
    expect(heard.latestSeq).toBe(second.seq! + 1);
    expect(heard.nothingSince(second.seq! + 1)).toBe(false);
    expect((await mirror.current()).seq).toBe(second.seq! + 1);
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
    const neverTrusted = { latestSeq: undefined, nothingSince: () => false, confirm: () => undefined };
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
