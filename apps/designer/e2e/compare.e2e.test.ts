import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './eventually';
import { connect, drop, node, setExpression } from './canvas';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { saveWithComment } from './toolbar';

const spel = (expression: string) => ({ language: 'spel', expression });
const at = (x: number, y: number) => ({ layoutData: { x, y } });
const logging = (value: string) => ({ typ: 'logging', parameters: [{ name: 'Value', expression: spel(value) }] });

// Version 2 of "orders": a generator, a filter and a sink on each branch, every node placed.
const baseGraph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'orders', additionalFields: at(300, 0), ref: { typ: 'event-generator', parameters: [
      { name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") },
      { name: 'count', expression: spel('1') },
      { name: 'value', expression: spel('{amount: 42}') },
    ] } },
    { type: 'Filter', id: 'big', additionalFields: at(300, 140), expression: spel('#input.amount > 10') },
    { type: 'Sink', id: 'accepted', additionalFields: at(300, 290), ref: logging('#input') },
    { type: 'Sink', id: 'rejected', additionalFields: at(580, 290), ref: logging('#input') },
  ],
  edges: [
    { from: 'orders', to: 'big', edgeType: null },
    { from: 'big', to: 'accepted', edgeType: { type: 'FilterTrue' } },
    { from: 'big', to: 'rejected', edgeType: { type: 'FilterFalse' } },
  ],
};

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  const created = await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'orders', isFragment: false, category: 'Default' }) });
  expect(created.status).toBe(201);
  const saved = await apiCall(server.url, '/api/processes/orders', { method: 'PUT', body: JSON.stringify({ scenarioGraph: baseGraph, comment: 'base' }) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  await signIn(browser.page, server.url);
});

/** The canvas wrapper of a node, which carries the compare status class. */
const wrapper = (page: Page, id: string) => page.locator('.svelte-flow__node', { has: node(page, id) });
const borderColor = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).borderTopColor);

describe('version compare', () => {
  it('saves a version with a moved, a changed, an added and a removed node, and compares it with the previous one', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/orders`);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(4);

    // moved: drag the source sideways
    const source = await node(page, 'orders').boundingBox();
    if (!source) throw new Error('orders not on screen');
    await page.mouse.move(source.x + 60, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + 160, source.y + source.height / 2, { steps: 6 });
    await page.mouse.move(source.x + 260, source.y + source.height / 2, { steps: 6 });
    await page.mouse.up();

    // changed: the filter's condition
    await node(page, 'big').click();
    await setExpression(page, 'expression-$expression', '#input.amount > 100');

    // removed: the sink of the false branch; added: a new sink in its place, below it
    const rejected = await node(page, 'rejected').boundingBox();
    const pane = await page.locator('.svelte-flow__pane').boundingBox();
    if (!rejected || !pane) throw new Error('canvas not on screen');
    await node(page, 'rejected').click();
    await page.keyboard.press('Delete');
    await eventually(() => node(page, 'rejected').count()).toBe(0);
    await drop(page, 'sink-logging', rejected.x - pane.x + rejected.width / 2, rejected.y - pane.y + rejected.height / 2 + 120);
    await eventually(() => node(page, 'logging').count()).toBe(1);
    await connect(page, 'big', 'false', 'logging');
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(3);
    await page.locator('.svelte-flow__pane').click({ position: { x: 5, y: 5 } });
    await saveWithComment(page, 'bigger orders only; log the rest', 3);

    const stored = (await (await apiCall(e2e.server.url, '/api/processes/orders/3')).json()) as typeof baseGraph & { scenarioGraph: typeof baseGraph };
    const storedOrders = stored.scenarioGraph.nodes.find((n) => n.id === 'orders');
    expect(storedOrders?.additionalFields.layoutData.x).not.toBe(300);

    // Pick the previous version in the version history of the activity panel.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByTestId('compare-version-2').click();
    await page.waitForURL(/\/scenarios\/orders\/compare\?version=3&with=2$/);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(5);

    // The canvas colours what changed; the moved source is not a change.
    await eventually(() => wrapper(page, 'big').getAttribute('class')).toContain('diff-changed');
    expect(await wrapper(page, 'logging').getAttribute('class')).toContain('diff-added');
    expect(await wrapper(page, 'rejected').getAttribute('class')).toContain('diff-removed');
    expect(await wrapper(page, 'orders').getAttribute('class')).toContain('diff-unchanged');
    expect(await wrapper(page, 'accepted').getAttribute('class')).toContain('diff-unchanged');
    expect(await borderColor(node(page, 'big'))).toBe('rgb(192, 138, 18)');
    expect(await borderColor(node(page, 'logging'))).toBe('rgb(46, 139, 87)');
    expect(await borderColor(node(page, 'rejected'))).toBe('rgb(178, 59, 42)');
    expect(await borderColor(node(page, 'orders'))).not.toBe('rgb(192, 138, 18)');
    expect(await page.locator('.svelte-flow__edge.diff-added').count()).toBe(1);
    expect(await page.locator('.svelte-flow__edge.diff-removed').count()).toBe(1);

    const legend = page.getByTestId('compare-legend');
    expect(await legend.locator('li[data-status="added"] .count').textContent()).toBe('1');
    expect(await legend.locator('li[data-status="removed"] .count').textContent()).toBe('1');
    expect(await legend.locator('li[data-status="changed"] .count').textContent()).toBe('1');
    expect(await page.getByTestId('difference-list').locator('button').allTextContents()).toEqual(
      expect.arrayContaining(["Node 'big'", "Node 'logging'", "Node 'rejected'", "Edge from 'big' to 'logging'", "Edge from 'big' to 'rejected'"]),
    );
    expect(await page.getByTestId('difference-list').locator('button').allTextContents()).not.toContain("Node 'orders'");

    // Selecting the changed node shows its one changed field, old and new.
    await node(page, 'big').click();
    const diff = page.getByTestId('field-diff');
    await eventually(() => diff.locator('tbody tr').count()).toBe(1);
    const row = diff.locator('tr[data-path="expression.expression"]');
    expect(await row.locator('.value.other').textContent()).toBe('#input.amount > 10');
    expect(await row.locator('.value.current').textContent()).toBe('#input.amount > 100');
    await screenshot(page, 'compare-versions');

    // The moved node has no difference to show; the removed one lists its fields as absent now.
    await node(page, 'orders').click();
    await eventually(() => page.getByTestId('node-unchanged').textContent()).toContain('orders is the same in both versions');
    await node(page, 'rejected').click();
    await eventually(() => diff.locator('tr[data-path="ref.typ"] .value.other').textContent()).toBe('logging');
    expect(await diff.locator('tr[data-path="ref.typ"] .value.current').textContent()).toBe('—');
  });
});
