import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { node, setExpression } from './canvas';
import { apiCall, signIn, useServerAndBrowser } from './harness';

// What a first-time user met (issue 19): each flow here failed before its fix.

const spel = (expression: string) => ({ language: 'spel', expression });
const kafka = (topic: string) => ({ typ: 'kafka', parameters: [{ name: 'Topic', expression: spel(`'${topic}'`) }] });

const repeatedErrorGraph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'transactions', ref: kafka('transactions') },
    { type: 'Filter', id: 'in range', expression: spel('#nope > 1 and #nope < 5') },
    { type: 'Sink', id: 'kept', ref: kafka('kept') },
  ],
  edges: [
    { from: 'transactions', to: 'in range', edgeType: null },
    { from: 'in range', to: 'kept', edgeType: { type: 'FilterTrue' } },
  ],
};

const pageErrors: string[] = [];

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  for (const [name, graph] of [['repeated-error', repeatedErrorGraph]] as const) {
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category: 'Default' }) })).status).toBe(201);
    const saved = await apiCall(server.url, `/api/processes/${name}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph, comment: 'as a user left it' }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  browser.page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(browser.page, server.url);
});

describe('a first-time user', () => {
  it('sees an error that an expression reports twice in the Validation tab, and fixing it clears it everywhere', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/repeated-error`);
    await page.getByTestId('validation-tab').click();
    const panel = page.getByTestId('validation-panel');
    await eventually(() => panel.locator('.item.error').count()).toBeGreaterThanOrEqual(2);
    expect(await panel.textContent()).toContain('nope');

    await node(page, 'in range').click();
    const details = page.getByTestId('node-details');
    await eventually(() => details.locator('.field-message.error').count()).toBeGreaterThanOrEqual(2);
    await setExpression(page, 'expression-$expression', '#input != null');
    await eventually(() => details.locator('.field-message.error').count()).toBe(0);
    await page.getByTestId('validation-tab').click();
    await eventually(async () => (await panel.textContent())?.includes('nope')).toBe(false);
    expect(await panel.getByRole('button', { name: 'in range' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
