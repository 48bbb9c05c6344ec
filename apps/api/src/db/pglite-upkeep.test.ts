import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteThread } from './pglite-thread';
import type { PgliteThread } from './pglite-thread';
import { DEFAULT_UPKEEP, UpkeepSchedule, upkeepStep } from './pglite-upkeep';
import type { UpkeepDatabase, UpkeepPolicy, UpkeepReport } from './pglite-upkeep';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function database(): Promise<PGlite> {
  const db = await PGlite.create();
  opened.push(db);
  // Indexed, so updates of n are not HOT: page pruning alone cannot take their dead rows back.
  await db.exec(`create table item (id int primary key, n int not null, note text); create index item_n on item (n);
    insert into item select g, 0, repeat('x', 200) from generate_series(1, 100) g;`);
  return db;
}

// Each update its own transaction, as the server's saves are.
async function churn(db: Pick<PGlite, 'query'>, updates: number): Promise<void> {
  for (let run = 0; run < updates; run++) await db.query('update item set n = $1 where id = $2', [run, (run % 100) + 1]);
}

const stats = async (db: Pick<PGlite, 'query'>) => {
  await db.query('select pg_stat_force_next_flush()');
  return (await db.query<{ dead: number; vacuums: number; analyzes: number }>("select n_dead_tup::int as dead, vacuum_count::int as vacuums, analyze_count::int as analyzes from pg_stat_user_tables where relname = 'item'")).rows[0]!;
};

// Steps until none is due, as the schedule would over time; bounded, so a policy that never settles fails.
async function settle(db: UpkeepDatabase, policy: UpkeepPolicy): Promise<UpkeepReport[]> {
  const reports: UpkeepReport[] = [];
  for (let step = 0; step < 500; step++) {
    const report = await upkeepStep(db, policy);
    if (report === undefined) return reports;
    if (report === 'deferred') throw new Error('deferred while idle');
    reports.push(report);
  }
  throw new Error(`still due after 500 steps: ${JSON.stringify(reports.slice(-3))}`);
}

describe('upkeep of the embedded database', () => {
  it('vacuums a table whose dead rows pass the threshold, one table per step, until none is due', { timeout: 60_000 }, async () => {
    const db = await database();
    await settle(db, DEFAULT_UPKEEP);
    await churn(db, 2_000);
    const before = await stats(db);
    expect(before.dead).toBeGreaterThan(70);
    const first = await upkeepStep(db, DEFAULT_UPKEEP);
    expect(first).toMatchObject({ kind: 'done', table: 'item', action: 'vacuum' });
    expect(await stats(db)).toEqual({ dead: 0, vacuums: before.vacuums + 1, analyzes: before.analyzes + 1 });
    // What else the churn made due (catalog rows, say) is worked off; afterwards nothing is.
    await settle(db, DEFAULT_UPKEEP);
    expect(await upkeepStep(db, DEFAULT_UPKEEP)).toBeUndefined();
    // Under the threshold nothing is done: 50 + 20% of 100 rows.
    await churn(db, 60);
    expect(await upkeepStep(db, DEFAULT_UPKEEP)).toBeUndefined();
  });

  it('analyzes a table whose rows changed, so the planner has statistics', { timeout: 60_000 }, async () => {
    const db = await database();
    await settle(db, DEFAULT_UPKEEP);
    await db.exec('insert into item select g, g, null from generate_series(101, 400) g');
    // 300 inserted rows: past the analyze threshold (50 + 10% of 400), under the vacuum ones.
    expect(await upkeepStep(db, DEFAULT_UPKEEP)).toMatchObject({ kind: 'done', table: 'item', action: 'analyze' });
    expect((await db.query("select count(*)::int as n from pg_stats where tablename = 'item'")).rows).toEqual([{ n: 3 }]);
  });

  it('freezes every table, catalogs too, before its transaction ids grow old, so the database ages no further', { timeout: 60_000 }, async () => {
    const db = await database();
    const policy = { ...DEFAULT_UPKEEP, freezeAge: 300 };
    const age = async () => (await db.query<{ age: number }>('select age(datfrozenxid)::int as age from pg_database where datname = current_database()')).rows[0]!.age;
    await churn(db, 400);
    expect(await age()).toBeGreaterThan(300);
    const reports = await settle(db, policy);
    expect(reports.length).toBeGreaterThan(10);
    expect(reports.every((report) => report.kind === 'done')).toBe(true);
    expect(reports.filter((report) => report.kind === 'done' && report.action === 'vacuum-freeze').map((report) => report.kind === 'done' && report.table)).toEqual(
      expect.arrayContaining(['item', 'pg_class', 'pg_attribute']),
    );
    expect(await age()).toBeLessThan(300);
    const oldest = await db.query<{ age: number }>("select max(age(relfrozenxid))::int as age from pg_class where relkind in ('r', 'm', 't')");
    expect(oldest.rows[0]!.age).toBeLessThan(300);
  });

  it('reports a step that fails and leaves the table it was given to skip alone', { timeout: 60_000 }, async () => {
    const db = await database();
    await settle(db, DEFAULT_UPKEEP);
    await churn(db, 2_000);
    // Skipped, the due table is not chosen (nothing else is due).
    expect(await upkeepStep(db, DEFAULT_UPKEEP, ['item'])).toBeUndefined();
    // Dropped after the statistics named it and before its vacuum: the step fails and says which table.
    const droppingAfterRead: UpkeepDatabase = {
      query: async <T>(text: string, params?: unknown[]) => {
        const result = await db.query<T>(text, params);
        if (text.includes('pg_stat_all_tables')) await db.exec('drop table item');
        return result;
      },
      exec: (text) => db.exec(text),
    };
    expect(await upkeepStep(droppingAfterRead, DEFAULT_UPKEEP)).toMatchObject({ kind: 'failed', table: 'item', action: 'vacuum', message: expect.stringMatching(/does not exist/) });
  });

  it('defers a step when a request came in while the statistics were read', { timeout: 60_000 }, async () => {
    const db = await database();
    await churn(db, 2_000);
    expect(await upkeepStep(db, DEFAULT_UPKEEP, [], () => false)).toBe('deferred');
    expect((await stats(db)).vacuums).toBe(0);
  });
});

const until = async (condition: () => boolean | Promise<boolean>, what: () => string) => {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not met in time: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the upkeep schedule', () => {
  it('takes steps only while the thread is idle, and when it has waited too long, between requests anyway', { timeout: 60_000 }, async () => {
    const db = await database();
    await settle(db, DEFAULT_UPKEEP);
    const reports: UpkeepReport[] = [];
    let idle = false;
    const schedule = new UpkeepSchedule(db, { ...DEFAULT_UPKEEP, everyMs: 20, mostWaitMs: 60_000 }, () => idle, (report) => reports.push(report));
    opened.unshift({ close: () => schedule.stop() });
    await churn(db, 2_000);
    // Busy: many periods pass, the due table is left as it is.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports).toEqual([]);
    expect((await stats(db)).vacuums).toBe(0);
    idle = true;
    await until(async () => (await stats(db)).vacuums === 1, () => JSON.stringify(reports));
    expect(reports).toEqual([expect.objectContaining({ kind: 'done', table: 'item', action: 'vacuum' })]);

    // Never idle, but waited longer than allowed: the step runs anyway.
    const busy = await database();
    const impatient = new UpkeepSchedule(busy, { ...DEFAULT_UPKEEP, everyMs: 20, mostWaitMs: 200 }, () => false, (report) => reports.push(report));
    opened.unshift({ close: () => impatient.stop() });
    await churn(busy, 2_000);
    await until(async () => (await stats(busy)).vacuums === 1, () => JSON.stringify(reports));
  });
});

describe("the database thread's upkeep", () => {
  let thread: PgliteThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('vacuums on its own what the requests left due, and tells the server', { timeout: 60_000 }, async () => {
    const reports: UpkeepReport[] = [];
    thread = await openPgliteThread(undefined, { upkeep: { ...DEFAULT_UPKEEP, everyMs: 50 }, onUpkeep: (report) => reports.push(report) });
    const { client } = thread;
    // Indexed, so updates of n are not HOT: page pruning alone cannot take their dead rows back.
    await client.exec('create table item (id int primary key, n int not null); create index item_n on item (n); insert into item select g, 0 from generate_series(1, 100) g');
    for (let run = 0; run < 500; run++) await client.query('update item set n = $1 where id = $2', [run, (run % 100) + 1]);
    const deadOfItem = async () => {
      await client.query('select pg_stat_force_next_flush()');
      return (await client.query<{ dead: number }>("select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'item'")).rows[0]!.dead;
    };
    // Vacuumed, maybe more than once (the thread was idle between two updates): what is left ends under the threshold.
    await until(
      async () => reports.some((report) => report.kind === 'done' && report.table === 'item' && report.action === 'vacuum') && (await deadOfItem()) < 70,
      () => JSON.stringify(reports.slice(-5)),
    );
    expect(reports.filter((report) => report.kind === 'failed')).toEqual([]);
  });

  it('runs no steps when upkeep is off', { timeout: 60_000 }, async () => {
    const reports: UpkeepReport[] = [];
    thread = await openPgliteThread(undefined, { upkeep: false, onUpkeep: (report) => reports.push(report) });
    await thread.client.exec('create table item (id int primary key, n int); insert into item select g, 0 from generate_series(1, 100) g');
    for (let run = 0; run < 500; run++) await thread.client.query('update item set n = $1 where id = $2', [run, (run % 100) + 1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports).toEqual([]);
  });
});
