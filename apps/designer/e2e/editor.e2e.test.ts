import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { node } from './canvas';
import { pickCompletion } from './completion';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { saveWithComment } from './toolbar';

const spel = (expression: string) => ({ language: 'spel', expression });
const kafka = (topic: string) => ({ typ: 'kafka', parameters: [{ name: 'Topic', expression: spel(`'${topic}'`) }] });

// A scenario saved without positions (as older exports are): the editor must lay it out itself.
const routingGraph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'transactions', ref: kafka('transactions') },
    { type: 'Filter', id: 'only positive', expression: spel('#input.amount > 0') },
    { type: 'Switch', id: 'route', expression: null, exprVal: null },
    { type: 'Sink', id: 'vip sink', ref: kafka('vip') },
    { type: 'Sink', id: 'regular sink', ref: kafka('regular') },
    { type: 'Sink', id: 'rejected', ref: kafka('rejected') },
  ],
  edges: [
    { from: 'transactions', to: 'only positive', edgeType: null },
    { from: 'only positive', to: 'route', edgeType: { type: 'FilterTrue' } },
    { from: 'route', to: 'vip sink', edgeType: { type: 'NextSwitch', condition: spel('#input.vip') } },
    { from: 'route', to: 'regular sink', edgeType: { type: 'NextSwitch', condition: spel('true') } },
    { from: 'only positive', to: 'rejected', edgeType: { type: 'FilterFalse' } },
  ],
};


const e2e = useServerAndBrowser(async ({ server, browser }) => {
  const created = await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'routing', isFragment: false, category: 'Default' }) });
  expect(created.status).toBe(201);
  const saved = await apiCall(server.url, '/api/processes/routing', { method: 'PUT', body: JSON.stringify({ scenarioGraph: routingGraph, comment: 'initial graph' }) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  await signIn(browser.page, server.url);
});

async function details(name: string) {
  const response = await apiCall(e2e.server.url, `/api/processes/${encodeURIComponent(name)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { processVersionId: number; labels: string[]; scenarioGraph: typeof routingGraph & { nodes: { id: string; additionalFields?: { layoutData?: { x: number; y: number } } }[] } };
}

describe('scenario editor', () => {
  it('lays out a scenario saved without positions, top to bottom', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/routing`);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(6);
    const top = async (id: string) => (await node(page, id).boundingBox())?.y ?? Number.NaN;
    expect(await top('transactions')).toBeLessThan(await top('only positive'));
    expect(await top('only positive')).toBeLessThan(await top('route'));
    expect(await top('route')).toBeLessThan(await top('vip sink'));
    // choice conditions and filter branches are drawn as labelled edges
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(5);
    await eventually(() => page.locator('.svelte-flow__edge-label').allTextContents()).toEqual(expect.arrayContaining(['#input.vip', 'true']));
    expect(await page.getByTestId('dirty-marker').textContent()).toBe('');
    expect(await page.locator('.svelte-flow__minimap').count()).toBe(1);
  });

  it('opens a node, edits its expression and undoes/redoes the change', async () => {
    const { page } = e2e.browser;
    await node(page, 'only positive').click();
    const panel = page.getByTestId('node-details');
    await eventually(() => panel.getByRole('heading').textContent()).toBe('only positive');
    const expression = panel.getByTestId('expression-$expression');
    await expression.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('#input.amount > 100');
    await eventually(() => expression.textContent()).toBe('#input.amount > 100');
    await eventually(() => page.getByTestId('dirty-marker').textContent()).toContain('unsaved');
    await screenshot(page, 'editor-node');

    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(() => expression.textContent()).toBe('#input.amount > 0');
    await eventually(() => page.getByTestId('dirty-marker').textContent()).toBe('');
    await page.getByRole('button', { name: 'Redo' }).click();
    await eventually(() => expression.textContent()).toBe('#input.amount > 100');
  });

  it('deletes an edge and draws it again from the filter false handle', async () => {
    const { page } = e2e.browser;
    await page.locator('.svelte-flow__edge.edge-FilterFalse .svelte-flow__edge-interaction').click({ force: true });
    await page.keyboard.press('Delete');
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(4);
    await eventually(() => page.locator('.svelte-flow__edge-label').allTextContents()).not.toContain('false');
    const falseHandle = node(page, 'only positive').locator('.svelte-flow__handle.handle-false');
    const target = node(page, 'rejected').locator('.svelte-flow__handle.target');
    const from = await falseHandle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('handles not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(5);
    await eventually(() => page.locator('.svelte-flow__edge-label').allTextContents()).toContain('false');
  });

  it('copies, pastes and deletes nodes with the keyboard', async () => {
    const { page } = e2e.browser;
    await node(page, 'rejected').click();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(7);
    await eventually(() => node(page, 'rejected 2').count()).toBe(1);
    await node(page, 'rejected 2').click();
    await page.keyboard.press('Delete');
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(6);
  });

  it('saves with a comment and labels (Ctrl+S), storing positions and the new edge', async () => {
    const { page } = e2e.browser;
    await page.getByLabel('Add a label').fill('payments');
    await page.getByLabel('Add a label').press('Enter');
    await page.locator('.svelte-flow__pane').click({ position: { x: 5, y: 5 } });
    await saveWithComment(page, 'Route bigger amounts; reject the rest', 3);
    expect(await page.getByTestId('dirty-marker').textContent()).toBe('');

    const saved = await details('routing');
    expect(saved.processVersionId).toBe(3);
    expect(saved.labels).toEqual(['payments']);
    const filter = saved.scenarioGraph.nodes.find((n) => n.id === 'only positive') as { expression?: { expression: string } } | undefined;
    expect(filter?.expression?.expression).toBe('#input.amount > 100');
    expect(saved.scenarioGraph.edges).toContainEqual({ from: 'only positive', to: 'rejected', edgeType: { type: 'FilterFalse' } });
    expect(saved.scenarioGraph.nodes.every((n) => n.additionalFields?.layoutData)).toBe(true);

    const activities = await (await apiCall(e2e.server.url, '/api/processes/routing/activity/activities')).json();
    expect(JSON.stringify(activities)).toContain('Route bigger amounts; reject the rest');
  });

  it('shows the activity of the scenario and takes a new comment', async () => {
    const { page } = e2e.browser;
    await page.getByRole('tab', { name: 'Activity' }).click();
    const panel = page.getByTestId('activities-panel');
    await eventually(() => panel.textContent()).toContain('Route bigger amounts; reject the rest');
    await page.getByLabel('Comment on version 3').fill('Reviewed with the risk team');
    await panel.getByRole('button', { name: 'Comment' }).click();
    await eventually(() => panel.locator('li').first().textContent()).toContain('Reviewed with the risk team');
    await screenshot(page, 'editor-activity');
  });

  it('exports the saved version and imports an older-format file as an unsaved change', async () => {
    const { page } = e2e.browser;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('routing.json');
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { metaData: { id: string }; nodes: { id: string }[] };
    expect(exported.metaData.id).toBe('routing');
    expect(exported.nodes[0]?.id).toBe('transactions');

    // the canonical (tree) form goes back in through the server's import, which turns it into a graph
    exported.nodes[0] = { ...exported.nodes[0], id: 'payments in' } as never;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import', exact: true }).click()]);
    await chooser.setFiles({ name: 'routing-edited.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await eventually(() => node(page, 'payments in').count()).toBe(1);
    await eventually(() => page.getByTestId('notice').textContent()).toContain('Imported routing-edited.json');
    expect(await page.getByTestId('dirty-marker').textContent()).toContain('unsaved');
    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(() => node(page, 'transactions').count()).toBe(1);
  });

  it('shows an older version read-only and returns to the latest', async () => {
    const { page } = e2e.browser;
    await page.getByLabel('Version', { exact: true }).selectOption('2');
    await eventually(() => page.getByTestId('old-version').textContent()).toContain('Version 2, read-only');
    await node(page, 'only positive').click();
    await eventually(() => page.getByTestId('node-details').getByTestId('expression-$expression').textContent()).toBe('#input.amount > 0');
    expect(await page.getByTestId('save-button').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Back to the latest version' }).click();
    await eventually(() => page.getByTestId('old-version').count()).toBe(0);
    await node(page, 'only positive').click();
    await eventually(() => page.getByTestId('node-details').getByTestId('expression-$expression').textContent()).toBe('#input.amount > 100');
  });

  it('completes an expression, marks a type error inline and clears it once fixed', async () => {
    const { page } = e2e.browser;
    await node(page, 'only positive').click();
    const panel = page.getByTestId('node-details');
    const expression = panel.getByTestId('expression-$expression');
    const typeLine = panel.getByTestId('expression-$expression-type');
    await expression.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type("'fraud'.toUpp");
    const completion = page.locator('.cm-tooltip-autocomplete');
    await eventually(() => completion.textContent()).toContain('toUpperCase');
    await pickCompletion(page, expression, /toUpperCase/, /^'fraud'\.toUpperCase/);
    if (!(await expression.textContent())?.includes('(')) await page.keyboard.type('()');
    // a filter needs a Boolean: the String result is an error, marked in the text and named beside the field
    await eventually(() => typeLine.textContent()).toContain('expected: Boolean');
    await eventually(() => panel.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    await screenshot(page, 'editor-expression-error');
    await page.keyboard.press('End');
    await page.keyboard.type(" == 'FRAUD'");
    await eventually(() => typeLine.textContent()).toContain('Boolean');
    expect(await typeLine.textContent()).not.toContain('expected');
    await eventually(() => panel.locator('.cm-lintRange-error').count()).toBe(0);
    // Validation's node results list local variables only; the field types `#meta` from the scenario's properties.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('#meta.processName');
    await eventually(() => typeLine.textContent()).toContain('String');
    expect(await typeLine.textContent()).toContain('expected: Boolean');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { page } = e2e.browser;
    await node(page, 'vip sink').click();
    const nameInput = page.getByTestId('node-id-input');
    await nameInput.fill('vip');
    await nameInput.press('Enter');
    await eventually(() => node(page, 'vip').count()).toBe(1);
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Back to scenarios' }).click();
    await eventually(() => asked).toContain('unsaved changes');
    expect(page.url()).toContain('/scenarios/routing');
  });
});
