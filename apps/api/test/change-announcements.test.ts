import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import { changeAnnouncementsOf } from '../src/db/database';
import { scenarioLabels, scenarios, scenarioVersions } from '../src/db/schema';
import { ScenarioListMirror } from '../src/services/list-mirror';
import { readChangeSeq } from '../src/services/scenario-records';
import { DATABASES, openTestDatabase } from './harness';
import type { TestDatabase } from './harness';

// The embedded database announces each committed value of the change counter before it answers the statement that
// committed it; a list mirror that heard of nothing newer than its view serves the view without asking.
describe.each(DATABASES)('announced scenario changes on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
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

  test.runIf(kind === 'pglite')('a view with no newer announcement is served without asking the database', async () => {
    const db = await open();
    const [row] = await db.insert(scenarios).values({ name: 'kept', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' }).returning({ id: scenarios.id });
    await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)));
    const view = await mirror.current();
    expect(view.scenarios.map(({ record }) => record.name)).toEqual(['kept']);
    // Asking would fail now: the view is served all the same.
    await database!.handle.close();
    expect(await mirror.current()).toBe(view);
  });

  test.runIf(kind === 'pglite')('with nothing heard the mirror asks the database every time', async () => {
    const db = await open();
    const mirror = new ScenarioListMirror(db, new ConfigStore(await loadConfig(undefined)), undefined, { latestSeq: undefined });
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
