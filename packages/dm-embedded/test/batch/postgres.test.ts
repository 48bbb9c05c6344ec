import type { CancelScenarioCommand, RunDeploymentCommand, TestScenarioCommand } from '@scenaria/deployment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeQuery, readTables } from '../../src/index';
import type { BatchDeploymentManager } from '../../src/index';
import { deploymentData, param, processVersion } from '../support';
import { aggregateByKey, batchManager, batchScenario, openBatchDatabase, tableSink, tableSource } from './support';

// One PostgreSQL database for this file (created and dropped here): other workers share the server.
let env: Awaited<ReturnType<typeof openBatchDatabase>>;
const ROWS = 1_000_000;

beforeAll(async () => {
  env = await openBatchDatabase();
  await env.sql.unsafe(`
    create table orders (id bigint primary key, customer text not null, amount numeric(12,2) not null, tags text[], day date, at time, created timestamptz);
    insert into orders select g, 'c' || (g % 1000), (g % 97) + 0.25, array['t' || (g % 3)], date '2026-01-01' + (g % 30), time '10:00' + (g % 60) * interval '1 minute', timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${ROWS}) g;
    create table totals (key text primary key, total numeric(14,2) not null, orders bigint not null);
    create table checked (key text primary key, total numeric(14,2) not null check (total < 1450 or key = 'k0'), orders bigint not null);
    create table small (id bigint primary key, customer text not null, amount numeric(12,2) not null);
    insert into small select g, 'k' || (g % 5), g from generate_series(1, 200) g;
    create table typed as select * from orders where id <= 500;
    alter table typed add primary key (id);
    create table copies (id bigint primary key, customer text not null, amount numeric(12,2) not null, day date, at time, created timestamptz, tags text[]);
  `);
}, 600_000);

afterAll(async () => {
  await env?.dispose();
});

async function waitForState(manager: BatchDeploymentManager, name: string, state: string): Promise<void> {
  await manager.idle();
  const [status] = await manager.getScenarioStatuses(name);
  expect(status?.status.name).toBe(state);
}

const deploy = (manager: BatchDeploymentManager, scenario: ReturnType<typeof batchScenario>, id = 'd-1') =>
  manager.processCommand({ type: 'runDeployment', processVersion: processVersion(scenario.metaData.id), deploymentData: deploymentData(id), scenario, updateStrategy: { type: 'dontReplaceDeployment' } } satisfies RunDeploymentCommand);

describe('batch over PostgreSQL', () => {
  it('reads table definitions from the catalogue, arrays and times included, and describes configured queries', async () => {
    const tables = await readTables(env.data, ['public']);
    const orders = tables.find((t) => t.name === 'orders');
    expect(orders?.primaryKey).toEqual(['id']);
    expect(orders?.columns.map((c) => [c.name, c.dataType, c.elementType ?? null])).toEqual([
      ['id', 'bigint', null],
      ['customer', 'text', null],
      ['amount', 'numeric', null],
      ['tags', 'ARRAY', 'text'],
      ['day', 'date', null],
      ['at', 'time without time zone', null],
      ['created', 'timestamp with time zone', null],
    ]);
    const query = await describeQuery(env.data, 'big', { database: 'warehouse', sql: 'select id, amount * 2 as doubled from orders where amount > :min', parameters: { min: 'BigDecimal' } });
    expect(query.columns.map((c) => [c.name, c.dataType])).toEqual([['id', 'bigint'], ['doubled', 'numeric']]);
  });

  it(`aggregates a ${ROWS}-row table by key into another table, as GROUP BY does`, async () => {
    const manager = await batchManager(env.db, [env.data]);
    try {
      const scenario = batchScenario('totals', [
        tableSource('orders', 'warehouse.public.orders'),
        { type: 'Filter', id: 'positive', expression: { language: 'spel', expression: '#input.amount > 0' } },
        aggregateByKey('per-customer', '#input.customer', '#input.amount'),
        tableSink('totals', 'warehouse.public.totals', { key: '#agg.key', total: '#agg.total', orders: '#agg.orders' }),
      ]);
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      await waitForState(manager, 'totals', 'FINISHED');
      const [status] = await manager.getScenarioStatuses('totals');
      expect(status?.attributes).toMatchObject({ rowsRead: ROWS, rowsWritten: 1000, recordErrors: 0 });
      const mismatches = await env.sql.unsafe(`
        select coalesce(e.customer, t.key) as key from (select customer, sum(amount) as total, count(*) as orders from orders where amount > 0 group by customer) e
        full join totals t on t.key = e.customer where t.key is null or e.customer is null or t.total <> e.total or t.orders <> e.orders`);
      expect(mismatches.length).toBe(0);
      expect((await env.sql.unsafe('select count(*)::int as n from totals'))[0]?.['n']).toBe(1000);
      const counts = await manager.nodeCounts('totals');
      expect(counts['orders']?.recordsOut).toBe(ROWS);
      expect(counts['totals']?.recordsIn).toBe(1000);
    } finally {
      await manager.close();
    }
  }, 900_000);

  it('copies rows with every converted type back to the database unchanged', async () => {
    const manager = await batchManager(env.db, [env.data]);
    try {
      const scenario = batchScenario('copy', [
        tableSource('orders', 'warehouse.public.typed'),
        tableSink('copies', 'warehouse.public.copies', { id: '#input.id', customer: '#input.customer', amount: '#input.amount', day: '#input.day', at: '#input.at', created: '#input.created', tags: '#input.tags' }),
      ]);
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      await waitForState(manager, 'copy', 'FINISHED');
      const differing = await env.sql.unsafe(`select c.id from copies c join typed o using (id) where (c.customer, c.amount, c.day, c.at, c.created, c.tags) is distinct from (o.customer, o.amount, o.day, o.at, o.created, o.tags)`);
      expect(differing.length).toBe(0);
      expect((await env.sql.unsafe('select count(*)::int as n from copies'))[0]?.['n']).toBe(500);
    } finally {
      await manager.close();
    }
  }, 600_000);

  it('reports a sink error with its row and rolls back every row the run wrote', async () => {
    const manager = await batchManager(env.db, [env.data], { limits: { insertRows: 2 } });
    try {
      // Over ids 1..120 the keys k0..k4 (id % 5) sum to 1500, 1404, 1428, 1452, 1476; they are written in key
      // order, two per INSERT: k0 and k1 go in, k3 breaks the check (k0 is exempt), so the run fails there.
      const scenario = batchScenario('checked', [
        tableSource('small', 'warehouse.public.small'),
        { type: 'Filter', id: 'first', expression: { language: 'spel', expression: '#input.id <= 120' } },
        aggregateByKey('per-key', '#input.customer', '#input.amount'),
        tableSink('checked', 'warehouse.public.checked', { key: '#agg.key', total: '#agg.total', orders: '#agg.orders' }),
      ]);
      expect(await deploy(manager, scenario)).toEqual({ ok: true, value: { externalDeploymentId: expect.any(String) } });
      await waitForState(manager, 'checked', 'PROBLEM');
      const [status] = await manager.getScenarioStatuses('checked');
      const failure = (status?.attributes as { failure?: { nodeId?: string; row?: Record<string, unknown>; message: string } }).failure;
      expect(failure?.nodeId).toBe('checked');
      expect(failure?.message).toMatch(/check/i);
      expect(failure?.row).toEqual({ key: 'k3', total: '1452', orders: '24' });
      // Groups before the refused one were inserted (insertRows 2) and are gone again with the transaction.
      expect((await env.sql.unsafe('select count(*)::int as n from checked'))[0]?.['n']).toBe(0);
    } finally {
      await manager.close();
    }
  }, 120_000);

  it('keeps RUNNING while it runs, refuses a second deploy, reports nothing finished to the sync, then stays FINISHED', async () => {
    const manager = await batchManager(env.db, [env.data]);
    const scenario = batchScenario('locked', [tableSource('small', 'warehouse.public.small'), tableSink('copies', 'warehouse.public.copies', { id: '#input.id + 1000000', customer: '#input.customer', amount: '#input.amount' })]);
    // A lock held by another session keeps the run's first read waiting, so it is certainly RUNNING meanwhile.
    const release = await holdLock('small');
    try {
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      expect((await manager.getScenarioStatuses('locked'))[0]?.status.name).toBe('RUNNING');
      expect(await manager.deploymentSynchronisation?.getDeploymentStatusesToUpdate('locked')).toEqual([]);
      const second = await deploy(manager, scenario, 'd-2');
      expect(second.ok ? [] : second.errors.map((e) => e.code)).toEqual(['DeploymentAlreadyRunning']);
    } finally {
      await release();
    }
    await waitForState(manager, 'locked', 'FINISHED');
    expect(await manager.deploymentSynchronisation?.getDeploymentStatusesToUpdate('locked')).toEqual([expect.objectContaining({ deploymentId: 'd-1', status: 'FINISHED' })]);
    await manager.close();
    // A new manager (a restart) still answers FINISHED: the state is stored, not the engine's memory.
    const restarted = await batchManager(env.db, [env.data]);
    try {
      expect((await restarted.getScenarioStatuses('locked'))[0]?.status.name).toBe('FINISHED');
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it('cancels a run: CANCELED, nothing written', async () => {
    const manager = await batchManager(env.db, [env.data]);
    const scenario = batchScenario('canceled', [tableSource('small', 'warehouse.public.small'), tableSink('copies', 'warehouse.public.copies', { id: '#input.id + 2000000', customer: '#input.customer', amount: '#input.amount' })]);
    const release = await holdLock('small');
    try {
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      const canceling = manager.processCommand({ type: 'cancelScenario', scenarioName: 'canceled', user: { id: 'admin', username: 'admin' } } satisfies CancelScenarioCommand);
      await release();
      expect(await canceling).toEqual({ ok: true, value: null });
    } finally {
      await release();
    }
    await waitForState(manager, 'canceled', 'CANCELED');
    expect((await env.sql.unsafe('select count(*)::int as n from copies where id > 2000000'))[0]?.['n']).toBe(0);
    await manager.close();
  }, 120_000);

  it('generates test data from the table (live) and from the column types (random), and tests with it', async () => {
    const manager = await batchManager(env.db, [env.data]);
    const live = await batchManager(env.db, [env.data], { testDataGenerationMode: 'random' });
    try {
      const scenario = batchScenario('test-data', [tableSource('orders', 'warehouse.public.orders'), tableSink('copies', 'warehouse.public.copies', { id: '#input.id', customer: '#input.customer', amount: '#input.amount', day: '#input.day' })]);
      const sampled = await manager.generateTestData(scenario, 3);
      expect(sampled.ok).toBe(true);
      const lines = sampled.ok ? sampled.value.split('\n').map((line) => JSON.parse(line) as { sourceId: string; record: Record<string, unknown> }) : [];
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatchObject({ sourceId: 'orders', record: { tags: '["t1"]' } });
      const made = await live.generateTestData(scenario, 5);
      expect(made.ok && made.value.split('\n')).toHaveLength(5);
      const records = (made.ok ? made.value : '').split('\n').map((line) => JSON.parse(line) as { sourceId: string; record: unknown });
      const before = (await env.sql.unsafe('select count(*)::int as n from copies'))[0]?.['n'];
      const tested = await manager.processCommand({ type: 'testScenario', scenarioName: 'test-data', scenario, testData: { records } } satisfies TestScenarioCommand);
      expect(tested.ok).toBe(true);
      // A test writes nothing: the sink's rows are only shown.
      expect((await env.sql.unsafe('select count(*)::int as n from copies'))[0]?.['n']).toBe(before);
    } finally {
      await manager.close();
      await live.close();
    }
  }, 120_000);

  it('waits for its cron schedule, shows the next run, runs when it comes and waits again', async () => {
    const { createManualScheduler } = await import('../../src/index');
    const scheduler = createManualScheduler(Date.UTC(2026, 0, 1, 0, 0, 0));
    const manager = await batchManager(env.db, [env.data], { scheduler });
    try {
      const refused = await deploy(manager, batchScenario('bad-cron', [tableSource('small', 'warehouse.public.small'), { type: 'Sink', id: 'end', ref: { typ: 'dead-end', parameters: [] } }], { cron: 'every day' }));
      expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['InvalidSchedule']);
      const scenario = batchScenario('hourly', [tableSource('small', 'warehouse.public.small'), { type: 'Sink', id: 'end', ref: { typ: 'dead-end', parameters: [param('x', '1')].slice(0, 0) } }], { cron: '0 0 * * * ?' });
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      const [waiting] = await manager.getScenarioStatuses('hourly');
      expect(waiting?.status.name).toBe('SCHEDULED');
      expect(waiting?.attributes).toMatchObject({ nextRunAt: '2026-01-01T01:00:00.000Z', runs: 0 });
      expect(await manager.scheduling?.listScheduledRuns('hourly')).toEqual([{ scenarioName: 'hourly', scheduleName: null, runAt: Date.UTC(2026, 0, 1, 1), status: 'SCHEDULED' }]);
      await scheduler.advance(60 * 60 * 1000);
      await manager.idle();
      const [again] = await manager.getScenarioStatuses('hourly');
      expect(again?.status.name).toBe('SCHEDULED');
      expect(again?.attributes).toMatchObject({ nextRunAt: '2026-01-01T02:00:00.000Z', runs: 1, rowsRead: 200 });
    } finally {
      await manager.close();
    }
  }, 120_000);
});

/** Holds an exclusive lock on a table from another session until the returned function is called. */
async function holdLock(table: string): Promise<() => Promise<void>> {
  const reserved = await env.sql.reserve();
  await reserved.unsafe('begin');
  await reserved.unsafe(`lock table "${table}" in access exclusive mode`);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await reserved.unsafe('rollback');
    reserved.release();
  };
}
