import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { toolbarStatus } from './toolbar';

// Issue 20 in the browser: a batch scenario over a PostgreSQL table (a database of this file's own, dropped
// after it) is opened in the editor, deployed from the toolbar and seen FINISHED; its rows are in the table.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const warehouseName = `batch_e2e_${process.pid}_${Date.now()}`;
const warehouseUrl = Object.assign(new URL(BASE_URL), { pathname: `/${warehouseName}` }).toString();
let admin: postgres.Sql;
let warehouse: postgres.Sql;

beforeAll(async () => {
  admin = postgres(BASE_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${warehouseName}"`);
  warehouse = postgres(warehouseUrl, { max: 2, onnotice: () => undefined });
  await warehouse.unsafe(`
    create table orders (id bigint primary key, customer text not null, amount numeric(12,2) not null);
    insert into orders select g, 'c' || (g % 3), g from generate_series(1, 30) g;
    create table totals (key text primary key, total numeric(14,2) not null);`);
});

afterAll(async () => {
  await warehouse?.end({ timeout: 5 });
  await admin?.unsafe(`drop database if exists "${warehouseName}" with (force)`);
  await admin?.end({ timeout: 5 });
});

const spel = (expression: string) => ({ language: 'spel', expression });
const param = (name: string, expression: string) => ({ name, expression: spel(expression) });
const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1', cron: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'orders', ref: { typ: 'table', parameters: [param('Table', "'warehouse.public.orders'")] } },
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
};

const e2e = useServerAndBrowser(
  async ({ server, browser }) => {
    // The harness does not start the managers: the reload reads the batch catalogue, as an admin would after a change.
    expect((await apiCall(server.url, '/api/app/processingtype/reload', { method: 'POST' })).status).toBe(204);
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'totals', isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' }) })).status).toBe(201);
    const saved = await apiCall(server.url, '/api/processes/totals', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph, comment: 'totals per customer' }) });
    expect(saved.status).toBe(200);
    await signIn(browser.page, server.url);
  },
  {
    configure: (config) => ({
      ...config,
      processingTypes: {
        ...config.processingTypes,
        batch: {
          kind: 'batch',
          category: 'Default',
          engineSetupName: 'Embedded batch',
          model: { components: 'default', topics: {}, databases: { warehouse: { dialect: 'postgresql', url: warehouseUrl, schemas: ['public'] } }, queries: {}, testDataGenerationMode: 'live' },
          deploymentManager: { type: 'embedded' },
        },
      },
    }),
  },
);

describe('a batch scenario in the designer', () => {
  it('is opened valid, deployed from the toolbar and shown FINISHED, with its rows written', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/totals`);
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('totals');
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(3);
    await page.getByTestId('validation-tab').click();
    await eventually(() => page.getByTestId('validation-panel').textContent()).toContain('No errors');
    await page.getByTestId('deploy-button').click();
    await page.locator('#action-comment').fill('first run');
    await page.getByTestId('confirm-action').click();
    await eventually(() => toolbarStatus(page)).toBe('FINISHED');
    await screenshot(page, 'editor-batch-finished');
    expect(await warehouse.unsafe('select key, total::text as total from totals order by key')).toEqual([
      { key: 'c0', total: '165.00' },
      { key: 'c1', total: '145.00' },
      { key: 'c2', total: '155.00' },
    ]);
  });

  it('with a cron schedule is shown SCHEDULED with its next run after a deploy', async () => {
    const { page } = e2e.browser;
    const url = e2e.server.url;
    expect((await apiCall(url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'yearly', isFragment: false, category: 'Default', processingMode: 'Bounded-Stream' }) })).status).toBe(201);
    const yearly = { ...graph, properties: { ...graph.properties, additionalFields: { ...graph.properties.additionalFields, properties: { parallelism: '1', cron: '0 0 1 1 *' } } } };
    expect((await apiCall(url, '/api/processes/yearly', { method: 'PUT', body: JSON.stringify({ scenarioGraph: yearly, comment: 'once a year' }) })).status).toBe(200);
    expect((await apiCall(url, '/api/processManagement/deploy/yearly', { method: 'POST', body: '{}' })).status).toBe(200);
    await page.goto(`${url}/scenarios/yearly`);
    await eventually(() => toolbarStatus(page)).toBe('SCHEDULED');
    expect(await page.locator('.toolbar [data-testid="status-next-run"]').textContent()).toMatch(/next run \d{4}-01-01 00:00 UTC/);
    await screenshot(page, 'editor-batch-scheduled');
    expect((await apiCall(url, '/api/processManagement/cancel/yearly', { method: 'POST', body: '{}' })).status).toBe(200);
  });
});
