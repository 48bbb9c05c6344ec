import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProcessState } from '@scenaria/api-contract';
import type { AuthenticatedUser } from '../src/auth/users';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import { scenarioActions, scenarioLabels, scenarios, scenarioVersions } from '../src/db/schema';
import { listPredicate, ScenarioListMirror } from '../src/services/list-mirror';
import { readChangeHorizon } from '../src/db/database';
import { readChangesSince } from '../src/services/scenario-records';
import { ScenarioService } from '../src/services/scenarios';
import { canonicalText } from '../src/services/stored-graphs';
import { ThreadSlices } from '../src/services/thread-slices';
import { DATABASES, openTestDatabase } from './harness';
import type { TestDatabase } from './harness';
import { streamingGraph } from './graphs';

// The mirror reads again only the scenarios written since its last read. What it serves must still be what a
// full read would give: every kind of write, by anyone on the database, shows in the next view.
describe.each(DATABASES)('the list mirror on %s', (kind) => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.cleanup();
  }, 60_000);

  const db = () => database!.handle.db;
  const create = async (name: string, category = 'Default') => {
    const [row] = await db()
      .insert(scenarios)
      .values({ name, isFragment: false, processingType: 'streaming', category, latestVersionId: 1, createdBy: 'test' })
      .returning({ id: scenarios.id });
    await db().insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    return row!.id;
  };
  // What a view shows, in its order: enough to tell every write below apart.
  const shown = (view: Awaited<ReturnType<ScenarioListMirror['current']>>) =>
    view.scenarios.map(({ record }) => [record.name, record.processVersionId, record.isArchived, record.labels.join('+'), record.lastAction?.actionName ?? '-']);

  test('a write marks only its scenario, and the next view reads only that one again', async () => {
    const ids = await Promise.all(['m-b', 'm-d', 'm-f', 'm-h'].map((name) => create(name)));
    const mirror = new ScenarioListMirror(db(), new ConfigStore(await loadConfig(undefined)));
    const first = await mirror.current();
    expect(shown(first).map(([name]) => name)).toEqual(['m-b', 'm-d', 'm-f', 'm-h']);
    expect(await mirror.current()).toBe(first);

    const before = await readChangeHorizon(db());
    await db().transaction(async (tx) => {
      await tx.insert(scenarioVersions).values({ scenarioId: ids[1]!, versionId: 2, canonicalJson: '{}', createdBy: 'test' });
      await tx.update(scenarios).set({ latestVersionId: 2 }).where(eq(scenarios.id, ids[1]!));
    });
    // One mark, with the transaction's id, however many rows it wrote.
    const written = await readChangesSince(db(), before);
    expect(written.changes).toEqual([{ scenarioId: ids[1], writer: expect.any(Number) }]);
    const writer = written.changes[0]!.writer;
    expect(writer).toBeGreaterThanOrEqual(before);
    expect(written.horizon).toBeGreaterThan(writer);

    const second = await mirror.current();
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(shown(second)[1]).toEqual(['m-d', 2, false, '', '-']);
    // The others are the very records of the first view: not read again.
    expect(second.scenarios.filter((_, index) => index !== 1)).toEqual(first.scenarios.filter((_, index) => index !== 1));
    for (const index of [0, 2, 3]) expect(second.scenarios[index]).toBe(first.scenarios[index]);
    expect(second.scenarios[1]).not.toBe(first.scenarios[1]);
    // Nothing written since: the same view.
    expect(await mirror.current()).toBe(second);

    // A transaction over two scenarios marks both with its id; a rolled back one marks nothing.
    await db().transaction(async (tx) => {
      await tx.update(scenarios).set({ createdBy: 'both' }).where(eq(scenarios.id, ids[0]!));
      await tx.insert(scenarioLabels).values({ scenarioId: ids[2]!, label: 'both' });
    });
    const both = await readChangesSince(db(), written.horizon);
    expect(both.changes.map(({ scenarioId }) => scenarioId)).toEqual([ids[0], ids[2]].sort((a, b) => a! - b!));
    expect(new Set(both.changes.map((change) => change.writer)).size).toBe(1);
    expect(both.changes[0]!.writer).toBeGreaterThan(writer);
    await expect(
      db().transaction(async (tx) => {
        await tx.update(scenarios).set({ createdBy: 'never' }).where(eq(scenarios.id, ids[3]!));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await readChangesSince(db(), both.horizon)).changes).toEqual([]);
    await db().delete(scenarioLabels).where(eq(scenarioLabels.scenarioId, ids[2]!));
  });

  test('labels, actions, archiving, renames, creations and deletions all show in the next view, in the database order', async () => {
    const mirror = new ScenarioListMirror(db(), new ConfigStore(await loadConfig(undefined)));
    const [b, d, f] = await Promise.all(['m-b', 'm-d', 'm-f'].map(async (name) => (await db().select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, name)))[0]!.id));
    await mirror.current();
    await db().insert(scenarioLabels).values([{ scenarioId: b!, label: 'z' }, { scenarioId: b!, label: 'a' }]);
    await db().insert(scenarioActions).values({ scenarioId: f!, versionId: 1, actionName: 'DEPLOY', state: 'FINISHED', user: 'test' });
    await db().update(scenarios).set({ isArchived: true }).where(eq(scenarios.id, d!));
    expect(shown(await mirror.current())).toEqual([
      ['m-b', 1, false, 'a+z', '-'],
      ['m-d', 2, true, '', '-'],
      ['m-f', 1, false, '', 'DEPLOY'],
      ['m-h', 1, false, '', '-'],
    ]);
    // A rename moves a scenario in the order; so does a creation land in its place.
    await db().update(scenarios).set({ name: 'm-a' }).where(eq(scenarios.id, f!));
    expect(shown(await mirror.current()).map(([name]) => name)).toEqual(['m-a', 'm-b', 'm-d', 'm-h']);
    await create('m-c');
    expect(shown(await mirror.current()).map(([name]) => name)).toEqual(['m-a', 'm-b', 'm-c', 'm-d', 'm-h']);
    await db().delete(scenarios).where(eq(scenarios.id, b!));
    const view = await mirror.current();
    expect(shown(view).map(([name]) => name)).toEqual(['m-a', 'm-c', 'm-d', 'm-h']);
    // A mirror started afresh reads the same.
    expect(shown(await new ScenarioListMirror(db(), new ConfigStore(await loadConfig(undefined))).current())).toEqual(shown(view));
  });

  test('a full read a page at a time is the read in one page: same records, same order, none twice', async () => {
    const config = new ConfigStore(await loadConfig(undefined));
    const ids = await Promise.all(['p-e', 'p-a', 'p-d', 'p-c', 'p-b'].map((name) => create(name)));
    await db().insert(scenarioLabels).values([{ scenarioId: ids[2]!, label: 'paged' }]);
    await db().insert(scenarioActions).values({ scenarioId: ids[4]!, versionId: 1, actionName: 'DEPLOY', state: 'FINISHED', user: 'test' });
    // A scenario without its latest version is in no list: a page holding it must still not end the read.
    await db().insert(scenarios).values({ name: 'p-aa', isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 3, createdBy: 'test' });
    const whole = await new ScenarioListMirror(db(), config).current();
    expect(shown(whole).filter(([name]) => String(name).startsWith('p-'))).toEqual([
      ['p-a', 1, false, '', '-'],
      ['p-b', 1, false, '', 'DEPLOY'],
      ['p-c', 1, false, '', '-'],
      ['p-d', 1, false, 'paged', '-'],
      ['p-e', 1, false, '', '-'],
    ]);
    for (const pageRows of [1, 2, 3]) expect(shown(await new ScenarioListMirror(db(), config, pageRows).current())).toEqual(shown(whole));
    // Patches read the written scenarios a page at a time too.
    const paged = new ScenarioListMirror(db(), config, 2);
    const before = await paged.current();
    await db().update(scenarios).set({ createdBy: 'again' }).where(sql`${scenarios.name} in ('p-a', 'p-b', 'p-c')`);
    const patched = await paged.current();
    expect(patched.scenarios.filter(({ row }) => row.createdBy === 'again').map(({ row }) => row.name)).toEqual(['p-a', 'p-b', 'p-c']);
    expect(shown(patched)).toEqual(shown(whole));
    const untouched = (view: typeof before) => view.scenarios.find(({ row }) => row.name === 'p-d');
    expect(untouched(patched)).toBe(untouched(before));
    await db().delete(scenarios).where(sql`${scenarios.name} like 'p-%'`);
  });

  // Transaction ids are handed out when a transaction first writes, not when it commits: a writer can commit after
  // a younger one that a view already shows. The horizon (the oldest writer still running) keeps it in sight.
  test.runIf(kind === 'postgres')('a writer that commits after a younger one a view already showed is in the next view', async () => {
    const ids = await Promise.all(['o-a', 'o-b'].map((name) => create(name)));
    const mirror = new ScenarioListMirror(db(), new ConfigStore(await loadConfig(undefined)));
    const createdBy = (view: Awaited<ReturnType<ScenarioListMirror['current']>>) =>
      view.scenarios.filter(({ row }) => row.name.startsWith('o-')).map(({ row }) => row.createdBy);
    expect(createdBy(await mirror.current())).toEqual(['test', 'test']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    const older = db().transaction(async (tx) => {
      await tx.update(scenarios).set({ createdBy: 'older' }).where(eq(scenarios.id, ids[0]!));
      started();
      await held;
    });
    await writing;
    await db().update(scenarios).set({ createdBy: 'younger' }).where(eq(scenarios.id, ids[1]!));
    const middle = await mirror.current();
    expect(createdBy(middle)).toEqual(['test', 'younger']);
    // The younger writer is found again while the older one holds the horizon back: no change, the same view.
    expect(await mirror.current()).toBe(middle);
    release();
    await older;
    expect(createdBy(await mirror.current())).toEqual(['older', 'younger']);
    await db().delete(scenarios).where(sql`${scenarios.name} like 'o-%'`);
  });

  test('a reload of the configuration reads every record again', async () => {
    const config = new ConfigStore(await loadConfig(undefined), () => loadConfig(undefined));
    const mirror = new ScenarioListMirror(db(), config);
    const first = await mirror.current();
    await config.reloadProcessingTypes();
    const second = await mirror.current();
    expect(second.generation).toBe(first.generation + 1);
    expect(second.scenarios[0]).not.toBe(first.scenarios[0]);
    expect(shown(second)).toEqual(shown(first));
  });

  test('filters: categories seen, fragments, archived, processing types, names and deployed', async () => {
    await create('m-other', 'Other');
    await db().execute(sql`update scenarios set is_fragment = true where name = 'm-c'`);
    const view = await new ScenarioListMirror(db(), new ConfigStore(await loadConfig(undefined))).current();
    const names = (filter: Parameters<typeof listPredicate>[0], categories?: string[]) =>
      view.scenarios.filter(listPredicate(filter, categories)).map(({ row }) => row.name);
    expect(names({})).toEqual(['m-a', 'm-c', 'm-d', 'm-h', 'm-other']);
    expect(names({}, ['Default'])).toEqual(['m-a', 'm-c', 'm-d', 'm-h']);
    expect(names({}, [])).toEqual([]);
    expect(names({ isFragment: true })).toEqual(['m-c']);
    expect(names({ isArchived: true })).toEqual(['m-d']);
    expect(names({ processingTypes: ['request-response'] })).toEqual([]);
    expect(names({ names: ['m-h', 'm-x'] })).toEqual(['m-h']);
    expect(names({ isDeployed: true })).toEqual(['m-a']);
    expect(names({ isDeployed: false, isArchived: false, isFragment: false }, ['Default'])).toEqual(['m-h']);
  });
  test('a list written in slices, with other work between them, is the list written in one go', async () => {
    const made = await db()
      .insert(scenarios)
      .values(Array.from({ length: 100 }, (_, index) => ({ name: `sl-${String(index).padStart(3, '0')}`, isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' })))
      .returning({ id: scenarios.id });
    await db().insert(scenarioVersions).values(made.map(({ id }) => ({ scenarioId: id, versionId: 1, canonicalJson: '{}', createdBy: 'test' })));
    const context = {
      db: db(),
      config: new ConfigStore(await loadConfig(undefined)),
      now: () => new Date(),
      validateScenario: undefined,
      stateOf: async (scenario: { name: string }) => ({ status: { name: scenario.name.endsWith('7') ? 'RUNNING' : 'NOT_DEPLOYED' } }) as unknown as ProcessState,
    };
    const admin: AuthenticatedUser = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
    let pauses = 0;
    // Every slice is over at once: the loop pauses as often as it looks at the clock.
    const sliced = new ScenarioService(context, { slices: () => new ThreadSlices(0, async () => void pauses++), mirrorPageRows: 7 });
    const whole = new ScenarioService(context, { slices: () => new ThreadSlices(Number.POSITIVE_INFINITY) });
    for (const options of [{ withState: false }, { withState: true }]) {
      const text = Buffer.from(await sliced.listJson(admin, {}, options)).toString();
      expect(text).toBe(Buffer.from(await whole.listJson(admin, {}, options)).toString());
      expect((JSON.parse(text) as { name: string }[]).filter(({ name }) => name.startsWith('sl-'))).toHaveLength(100);
    }
    expect(pauses).toBeGreaterThanOrEqual(6);
    await db().delete(scenarios).where(sql`${scenarios.name} like 'sl-%'`);
  });

  // A list's states come from the managers' cached answers: each record's state is written again only when those
  // answers may have changed (their period over, or dropped by an action), or when the record itself was written.
  test('a state is asked for again when its record was written, its answers aged or were dropped, and not otherwise', async () => {
    const db = database!.handle.db;
    // The scenarios of the tests above are in the database too: these lists show only the two below.
    for (const name of ['s-a', 's-b']) {
      const [row] = await db
        .insert(scenarios)
        .values({ name, isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' })
        .returning({ id: scenarios.id });
      await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: '{}', createdBy: 'test' });
    }
    // What the engine reports, changed by the test as a running job would change it.
    const engine = new Map([
      ['s-a', 'RUNNING'],
      ['s-b', 'RUNNING'],
    ]);
    const asked: string[] = [];
    let freshness = { version: 1, validUntil: Date.now() + 60_000 };
    const service = new ScenarioService({
      db,
      config: new ConfigStore(await loadConfig(undefined)),
      now: () => new Date(),
      validateScenario: undefined,
      stateOf: async (scenario) => {
        asked.push(scenario.name);
        return { status: { name: engine.get(scenario.name) ?? 'NOT_DEPLOYED' } } as unknown as ProcessState;
      },
      stateFreshness: () => freshness,
    });
    const admin: AuthenticatedUser = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
    const statuses = async () => {
      asked.length = 0;
      const listed = JSON.parse(Buffer.from(await service.listJson(admin, { names: ['s-a', 's-b'] }, { withState: true })).toString()) as { name: string; state: { status: { name: string } } }[];
      return Object.fromEntries(listed.map((record) => [record.name, record.state.status.name]));
    };
    expect(await statuses()).toEqual({ 's-a': 'RUNNING', 's-b': 'RUNNING' });
    expect(asked.sort()).toEqual(['s-a', 's-b']);

    // Within the answers' period nothing is asked, also when another list (filter) is written.
    engine.set('s-a', 'FAILED');
    expect(await statuses()).toEqual({ 's-a': 'RUNNING', 's-b': 'RUNNING' });
    expect(asked).toEqual([]);
    await service.listJson(admin, { names: ['s-a', 's-b'], isFragment: false }, { withState: true });
    expect(asked).toEqual([]);

    // A written record: only its state is asked for.
    const [b] = await db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, 's-b'));
    await db.insert(scenarioLabels).values({ scenarioId: b!.id, label: 'written' });
    expect(await statuses()).toEqual({ 's-a': 'RUNNING', 's-b': 'RUNNING' });
    expect(asked).toEqual(['s-b']);

    // Answers dropped (an action): every state is asked for again.
    freshness = { version: 2, validUntil: Date.now() + 60_000 };
    expect(await statuses()).toEqual({ 's-a': 'FAILED', 's-b': 'RUNNING' });
    expect(asked.sort()).toEqual(['s-a', 's-b']);

    // Answers aged: the same. (States written now are as fresh as answers that end in 30 ms.)
    freshness = { version: 3, validUntil: Date.now() + 30 };
    await statuses();
    engine.set('s-b', 'FINISHED');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await statuses()).toEqual({ 's-a': 'FAILED', 's-b': 'FINISHED' });
    expect(asked.sort()).toEqual(['s-a', 's-b']);
  });

  // A list with graphs larger than a list is kept is streamed: each page of graphs is read when the one before
  // has been taken, so the server holds a page, not the list.
  test('a list with graphs over the kept size is read a page at a time, as it is taken', async () => {
    const db = database!.handle.db;
    const names = ['g-0', 'g-1', 'g-2', 'g-3', 'g-4'];
    for (const [index, name] of names.entries()) {
      const [row] = await db
        .insert(scenarios)
        .values({ name, isFragment: false, processingType: 'streaming', category: 'Default', latestVersionId: 1, createdBy: 'test' })
        .returning({ id: scenarios.id });
      await db.insert(scenarioVersions).values({ scenarioId: row!.id, versionId: 1, canonicalJson: canonicalText(streamingGraph(index), name), createdBy: 'test' });
    }
    const context = { db, config: new ConfigStore(await loadConfig(undefined)), now: () => new Date(), validateScenario: undefined,
      stateOf: async (): Promise<ProcessState> => {
        throw new Error('a list with graphs asks for no state');
      },
    };
    const admin: AuthenticatedUser = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
    const kept = await new ScenarioService(context).listWithGraphsJson(admin, { names }, {});
    if (!(kept instanceof Uint8Array)) throw new Error('a small list is kept whole');

    const streamed = await new ScenarioService(context, { listBytesKept: 1, graphListPage: 2 }).listWithGraphsJson(admin, { names }, {});
    if (streamed instanceof Uint8Array) throw new Error('a list over the kept size is streamed');
    const chunks: Uint8Array[] = [];
    const pages = streamed[Symbol.asyncIterator]();
    // The opening bracket and the first page (g-0, g-1).
    for (let taken = 0; taken < 2; taken++) chunks.push((await pages.next()).value as Uint8Array);
    // Deleted after the first page was taken: the next page is read now, without it.
    await db.delete(scenarios).where(eq(scenarios.name, 'g-3'));
    for (let next = await pages.next(); !next.done; next = await pages.next()) chunks.push(next.value);
    expect(chunks).toHaveLength(5);
    const listed = JSON.parse(Buffer.concat(chunks).toString()) as { name: string; scenarioGraph: { nodes: { value?: { expression: string } }[] } }[];
    expect(listed.map((record) => record.name)).toEqual(['g-0', 'g-1', 'g-2', 'g-4']);
    // The same records as the list kept whole, read before the deletion.
    const whole = JSON.parse(Buffer.from(kept).toString()) as unknown[];
    expect(listed).toEqual([whole[0], whole[1], whole[2], whole[4]]);
    expect(listed[3]!.scenarioGraph.nodes[1]!.value!.expression).toBe("'4'");
    await db.delete(scenarios).where(sql`${scenarios.name} like 'g-%'`);
  });
});
