import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { deployWithComment, toolbarStatus } from './toolbar';

const spel = (expression: string) => ({ language: 'spel', expression });
const inputSchema = JSON.stringify({
  type: 'object',
  properties: { customer: { type: 'string' }, amount: { type: 'integer' }, vip: { type: 'boolean' } },
  required: ['customer', 'amount'],
});

// A request-response scenario answering `{message, vip}` for `{customer, amount, vip}`, served at /scenario/quote.
const graph = {
  properties: { additionalFields: { description: null, properties: { slug: 'quote', inputSchema }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    {
      type: 'Sink',
      id: 'response',
      ref: {
        typ: 'response',
        parameters: [
          { name: 'Raw editor', expression: spel('true') },
          { name: 'Value', expression: spel("{message: 'Quote for ' + #input.customer + ': ' + (#input.amount * 2), vip: #input.vip}") },
        ],
      },
    },
  ],
  edges: [{ from: 'request', to: 'response', edgeType: null }],
};

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  const created = await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'quotes', isFragment: false, category: 'RequestResponse' }) });
  expect(created.status).toBe(201);
  const saved = await apiCall(server.url, '/api/processes/quotes', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph, comment: 'quotes' }) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  await signIn(browser.page, server.url);
});

describe('the endpoint of a deployed request-response scenario', () => {
  it('is shown in the header with a copy button and a "try it" form built from the input schema', async () => {
    const { page, context } = e2e.browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await page.goto(`${e2e.server.url}/scenarios/quotes`);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(2);
    // Not deployed: no endpoint to show.
    expect(await page.getByTestId('endpoint-panel').count()).toBe(0);

    await deployWithComment(page, 'open for quotes');
    expect(await toolbarStatus(page)).toBe('RUNNING');
    // Served by the designer's own server, under /scenario/{slug}.
    const url = page.getByTestId('endpoint-url');
    await eventually(() => url.textContent()).toBe(`${e2e.server.url}/scenario/quote`);
    await page.getByTestId('endpoint-copy').click();
    await eventually(() => page.getByTestId('endpoint-copy').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.url}/scenario/quote`);

    // "Try it": one field per top-level property of the input schema.
    await page.getByTestId('endpoint-try').click();
    const form = page.getByTestId('endpoint-form');
    await form.getByLabel(/^customer/).fill('Ann');
    await form.getByLabel(/^amount/).fill('21');
    await form.getByLabel(/^vip/).check();
    await page.getByTestId('endpoint-send').click();
    await eventually(() => page.getByTestId('endpoint-status').textContent()).toBe('HTTP 200');
    expect(JSON.parse((await page.getByTestId('endpoint-body').textContent()) ?? '')).toEqual({ message: 'Quote for Ann: 42', vip: true });
    await screenshot(page, 'endpoint-panel');

    // The endpoint's own check answers a request that breaks the schema: the form shows its 400.
    await form.getByLabel(/^customer/).fill('');
    await page.getByTestId('endpoint-send').click();
    await eventually(() => page.getByTestId('endpoint-status').textContent()).toBe('HTTP 400');
    expect(await page.getByTestId('endpoint-body').textContent()).toContain('input schema');
  });
});
