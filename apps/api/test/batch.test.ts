import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../src/config/load-config';
import { startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';

// Issue 20 through the real server: a `batch` processing type over a PostgreSQL database created for this file
// (and dropped after it), deployed, watched, canceled and reloaded as a user would.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const warehouseName = `batch_api_${process.pid}_${Date.now()}`;
const warehouseUrl = (() => {
  const url = new URL(BASE_URL);
  url.pathname = `/${warehouseName}`;
  return url.toString();
})();

let admin: postgres.Sql;
let warehouse: postgres.Sql;
let server: TestServer;

const spel = (expression: string) => ({ language: 'spel', expression });
const param = (name: string, expression: string) => ({ name, expression: spel(expression) });

function totalsGraph(source = 'warehouse.public.orders', cron = ''): ScenarioGraph {
  return {
    properties: { additionalFields: { description: null, properties: { parallelism: '1', cron }, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes: [
      { type: 'Source', id: 'orders', ref: { typ: 'table', parameters: [param('Table', `'${source}'`)] } },
      {
        type: 'CustomNode',
        id: 'per-customer',
        nodeType: 'aggregate',
        outputVar: 'agg',
        parameters: [param('groupBy', '#input.customer'), param('aggregator', '#AGG.map({key: #AGG.first, total: #AGG.sum})'), param('aggregateBy', '{key: #input.customer, total: #input.amount}')],
      },
      { type: 'Sink', id: 'totals', ref: { typ: 'table', parameters: [param('Table', "'warehouse.public.totals'"), param('Raw editor', 'false'), param('key', '#agg.key'), param('total', '#agg.total')] } },
    ],
    edges: [
      { from: 'orders', to: 'per-customer', edgeType: null },
      { from: 'per-customer', to: 'totals', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}

async function stateName(name: string): Promise<string | undefined> {
  const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
  return state.ok ? state.data.status.name : undefined;
}

/** The state of the scenario's last action and last state action, as its details serve them. */
async function actionStates(name: string): Promise<{ lastAction?: string; lastStateAction?: string; lastDeployedAction?: string }> {
  const details = await server.call('reader', api.getScenario, { params: { scenarioName: name } });
  if (!details.ok) return {};
  const { lastAction, lastStateAction, lastDeployedAction } = details.data;
  return { lastAction: lastAction?.state, lastStateAction: lastStateAction?.state, lastDeployedAction: lastDeployedAction?.state };
}

async function eventually(name: string, wanted: string): Promise<void> {
  // Polls the state the designer shows; the run's speed is the benchmark's business, so no time is asserted.
  for (let i = 0; i < 600; i++) {
    if ((await stateName(name)) === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await stateName(name)).toBe(wanted);
}

/** Holds an exclusive lock on a table from another session, so a run reading it waits (and stays RUNNING). */
async function holdLock(table: string): Promise<() => Promise<void>> {
  const reserved = await warehouse.reserve();
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

beforeAll(async () => {
  admin = postgres(BASE_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${warehouseName}"`);
  warehouse = postgres(warehouseUrl, { max: 3, onnotice: () => undefined });
  await warehouse.unsafe(`
    create table orders (id bigint primary key, customer text not null, amount numeric(12,2) not null);
    insert into orders select g, 'c' || (g % 7), g from generate_series(1, 700) g;
    create table totals (key text primary key, total numeric(14,2) not null);`);
  const input = testConfigInput();
  const config = parseConfig(
    {
      ...input,
      processingTypes: {
        ...input.processingTypes,
        batch: {
          kind: 'batch',
          category: 'Default',
          engineSetupName: 'Embedded batch',
          model: { databases: { warehouse: { dialect: 'postgresql', url: warehouseUrl, schemas: ['public'] } } },
          deploymentManager: { type: 'embedded' },
        },
      },
    },
    'test',
  );
  server = await startTestServer('pglite', { config, reloadSource: async () => config });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await warehouse?.end({ timeout: 5 });
  await admin?.unsafe(`drop database if exists "${warehouseName}" with (force)`);
  await admin?.end({ timeout: 5 });
});

describe('batch processing type through the API', () => {
  test('deploy runs the scenario to FINISHED; a second deploy while it runs is refused; generated test data', async () => {
    const name = 'customer-totals';
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    const saved = await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph(), comment: 'totals' } });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    const details = await server.call('reader', api.getScenario, { params: { scenarioName: name } });
    expect(details.ok && details.data.processingMode).toBe('Bounded-Stream');
    expect(details.ok && details.data.validationResult?.errors.invalidNodes).toEqual({});

    const generated = await server.fetchRaw(api.generateTestData, `/api/scenarioTesting/${name}/generate/3`, {
      method: 'POST',
      user: 'reader',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(totalsGraph()),
    });
    const lines = (await generated.text()).split('\n');
    expect(generated.status, lines.join('\n')).toBe(200);
    expect(lines.map((line) => (JSON.parse(line) as { sourceId: string }).sourceId)).toEqual(['orders', 'orders', 'orders']);

    const release = await holdLock('orders');
    try {
      const deployed = await server.call('writer', api.deployScenario, { params: { scenarioName: name } });
      expect(deployed.status, JSON.stringify(deployed)).toBe(200);
      expect(await stateName(name)).toBe('RUNNING');
      const second = await server.call('writer', api.deployScenario, { params: { scenarioName: name } });
      expect(second.status).toBe(409);
      expect(JSON.stringify(second)).toMatch(/one deployment at a time/);
    } finally {
      await release();
    }
    await eventually(name, 'FINISHED');
    const totals = await warehouse.unsafe('select key, total::text as total from totals order by key');
    expect(totals).toEqual([
      { key: 'c0', total: '35350.00' },
      { key: 'c1', total: '34750.00' },
      { key: 'c2', total: '34850.00' },
      { key: 'c3', total: '34950.00' },
      { key: 'c4', total: '35050.00' },
      { key: 'c5', total: '35150.00' },
      { key: 'c6', total: '35250.00' },
    ]);
    // FINISHED is kept: asked again later, the scenario still reports it.
    expect(await stateName(name)).toBe('FINISHED');
  }, 180_000);

  test('an ended run marks its DEPLOY EXECUTION_FINISHED on a status read; a run under way is left as it is', async () => {
    const name = 'synchronised-totals';
    await warehouse.unsafe('delete from totals');
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph(), comment: 'totals' } })).ok).toBe(true);
    const release = await holdLock('orders');
    try {
      expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
      // Status reads synchronise (once per 2 s state-cache period: the wait lets a second one happen while the run
      // is under way); the manager reports only ended runs, so the fresh deployment's DEPLOY stays FINISHED.
      expect(await stateName(name)).toBe('RUNNING');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await stateName(name)).toBe('RUNNING');
      expect(await actionStates(name)).toEqual({ lastAction: 'FINISHED', lastStateAction: 'FINISHED', lastDeployedAction: 'FINISHED' });
    } finally {
      await release();
    }
    await eventually(name, 'FINISHED');
    // The ended run marks its DEPLOY EXECUTION_FINISHED, as Nussknacker's synchronisation does, on a later status
    // read (at most one synchronisation per state-cache period); the status stays FINISHED.
    for (let i = 0; i < 100 && (await actionStates(name)).lastAction !== 'EXECUTION_FINISHED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await stateName(name);
    }
    // An ended run is no longer "deployed" (Nussknacker's lastDeployedAction), so the deployment health check
    // does not list the FINISHED scenario as one that should be running.
    expect(await actionStates(name)).toEqual({ lastAction: 'EXECUTION_FINISHED', lastStateAction: 'EXECUTION_FINISHED', lastDeployedAction: undefined });
    expect(await stateName(name)).toBe('FINISHED');
    const health = await server.fetchRaw(api.deploymentHealthCheck, '/api/app/healthCheck/process/deployment', { user: 'reader' });
    expect(((await health.json()) as { processes?: string[] }).processes ?? []).not.toContain(name);
  }, 180_000);

  test('cancel stops a run: CANCELED and nothing written', async () => {
    const name = 'canceled-totals';
    await warehouse.unsafe('delete from totals');
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph(), comment: 'totals' } })).ok).toBe(true);
    const release = await holdLock('orders');
    try {
      expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
      const canceling = server.call('writer', api.cancelScenario, { params: { scenarioName: name } });
      // The cancel is under way (its action is in progress) before the lock goes; the run stops at its first chunk.
      await eventually(name, 'DURING_CANCEL');
      await release();
      expect((await canceling).status).toBe(200);
    } finally {
      await release();
    }
    await eventually(name, 'CANCELED');
    expect(await warehouse.unsafe('select * from totals')).toEqual([]);
  }, 180_000);

  test('tests from a file and with the ad-hoc form, each row decoded by its column types; nothing is written', async () => {
    const name = 'tested-totals';
    await warehouse.unsafe('delete from totals');
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    const form = new FormData();
    const records = [
      { sourceId: 'orders', record: { id: '1', customer: 'ann', amount: '10.50' } },
      { sourceId: 'orders', record: { id: 2, customer: 'ann', amount: 4 } },
      { sourceId: 'orders', record: { id: 3, customer: 'bob', amount: '1' } },
    ];
    form.set('testData', new Blob([records.map((record) => JSON.stringify(record)).join('\n')]), 'records.txt');
    form.set('scenarioGraph', JSON.stringify(totalsGraph()));
    const fromFile = await server.fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${name}`, { method: 'POST', body: form, user: 'writer' });
    const results = (await fromFile.json()) as api.ResultsWithCountsResponse;
    expect(fromFile.status, JSON.stringify(results)).toBe(200);
    expect(results.counts.orders?.all).toBe(3);
    expect(results.counts.totals?.all).toBe(2);
    expect(JSON.stringify(results.results.invocationResults)).toContain('14.5');
    const adhoc = await server.call('writer', api.testWithParameters, {
      params: { scenarioName: name },
      json: { sourceParameters: { sourceId: 'orders', parameterExpressions: { id: spel('7'), customer: spel("'cid'"), amount: spel('2.5') } }, scenarioGraph: totalsGraph() },
    });
    expect(adhoc.ok, JSON.stringify(adhoc)).toBe(true);
    expect(adhoc.ok && adhoc.data.counts.totals?.all).toBe(1);
    expect(await warehouse.unsafe('select * from totals')).toEqual([]);
  }, 180_000);

  test('a cron property: an invalid one is a property error, a valid one waits SCHEDULED with its next run in the state', async () => {
    const name = 'yearly-totals';
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph(undefined, 'every new year'), comment: 'bad' } })).ok).toBe(true);
    const details = await server.call('reader', api.getScenario, { params: { scenarioName: name } });
    expect(JSON.stringify(details.ok && details.data.validationResult?.errors.processPropertiesErrors)).toMatch(/Invalid cron expression/);
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph(undefined, '0 0 1 1 *'), comment: 'yearly' } })).ok).toBe(true);
    expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
    const saved = await server.call('reader', api.getScenario, { params: { scenarioName: name } });
    expect(saved.ok && saved.data.scenarioGraph?.properties.additionalFields.properties).toMatchObject({ cron: '0 0 1 1 *' });
    // The state the designer shows: SCHEDULED after the DEPLOY (the manager declares it a proper state after a
    // deploy), not PROBLEM "should be running", with the next run and the actions of a waiting deployment.
    const state = await server.fetchRaw(api.getScenarioState, `/api/processes/${name}/status`, { user: 'reader' });
    expect(state.status).toBe(200);
    const body = (await state.json()) as { status: { name: string }; attributes?: { nextRunAt?: string }; allowedActions: string[]; version?: { versionId: number } };
    expect(body.status.name, JSON.stringify(body)).toBe('SCHEDULED');
    expect(body.attributes?.nextRunAt).toMatch(/^\d{4}-01-01T00:00:00\.000Z$/);
    expect(body.allowedActions).toEqual(expect.arrayContaining(['CANCEL', 'RUN_OFF_SCHEDULE']));
    expect(body.version?.versionId).toBe(saved.ok ? saved.data.processVersionId : -1);
    expect((await server.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
    expect(await stateName(name)).toBe('CANCELED');
  }, 180_000);

  test('the processing-type reload reads the catalogue again: a table created since is known', async () => {
    const name = 'later-table';
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' } })).status).toBe(201);
    await warehouse.unsafe("create table later (id bigint primary key, customer text not null, amount numeric(12,2) not null); insert into later values (1, 'x', 5)");
    const invalidNodes = async () => {
      const details = await server.call('reader', api.getScenario, { params: { scenarioName: name } });
      return details.ok ? details.data.validationResult?.errors.invalidNodes : undefined;
    };
    expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: totalsGraph('warehouse.public.later'), comment: 'later' } })).ok).toBe(true);
    expect(JSON.stringify(await invalidNodes())).toMatch(/Unknown table 'warehouse.public.later'/);
    expect((await server.call('admin', api.reloadProcessingTypes, {})).status).toBe(204);
    expect(await invalidNodes()).toEqual({});
  }, 180_000);
});
