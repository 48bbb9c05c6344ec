import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { connect, drop, node, setExpression } from './canvas';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { deployWithComment, saveWithComment, toolbarStatus } from './toolbar';

const e2e = useServerAndBrowser(({ server, browser }) => signIn(browser.page, server.url));

describe('building a scenario from the palette', () => {
  it('drops components, connects them, edits parameters with live validation and saves', async () => {
    const { page } = e2e.browser;
    await page.getByRole('button', { name: 'New scenario' }).click();
    await page.getByLabel('Name', { exact: true }).fill('generated orders');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/generated%20orders$/);

    // the palette is grouped as the definitions say, and its search narrows it
    await eventually(() => page.locator('.palette h3').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Sources'), expect.stringContaining('Sinks')]));
    await page.getByLabel('Search components').fill('gener');
    await eventually(async () => (await page.locator('.palette .item').allTextContents()).map((text) => text.trim())).toEqual(['event-generator']);
    await page.getByLabel('Search components').fill('');

    await drop(page, 'source-event-generator', 300, 80);
    await drop(page, 'builtin-filter', 300, 230);
    await drop(page, 'sink-logging', 300, 380);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(3);
    await connect(page, 'event-generator', 'out', 'filter');
    await connect(page, 'filter', 'true', 'logging');
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(2);

    await node(page, 'event-generator').click();
    await setExpression(page, 'expression-value', '{amount: 42, customer: "ann"}');
    await setExpression(page, 'expression-count', '3');
    await node(page, 'filter').click();
    await setExpression(page, 'expression-$expression', '#input.amount > 10');
    await node(page, 'logging').click();
    await setExpression(page, 'expression-Value', '#input.customer');

    // live validation comes back with the variables in scope: the filter knows #input's fields now
    await node(page, 'filter').click();
    await eventually(() => page.getByTestId('node-details').getByTestId('expression-$expression-type').textContent()).toContain('Boolean');
    await screenshot(page, 'editor-palette');

    await saveWithComment(page, 'First version built from the palette', 2);

    const saved = (await (await apiCall(e2e.server.url, '/api/processes/generated%20orders')).json()) as {
      scenarioGraph: { nodes: { id: string; type: string }[]; edges: { from: string; to: string; edgeType?: unknown }[] };
      validationResult?: { errors: { invalidNodes: Record<string, unknown[]> } };
    };
    expect(saved.scenarioGraph.nodes.map((n) => [n.id, n.type])).toEqual([
      ['event-generator', 'Source'],
      ['filter', 'Filter'],
      ['logging', 'Sink'],
    ]);
    // an edge without a type may come back with `edgeType: null` or without the field: both mean the same
    expect(saved.scenarioGraph.edges.map((edge) => ({ ...edge, edgeType: edge.edgeType ?? null }))).toEqual([
      { from: 'event-generator', to: 'filter', edgeType: null },
      { from: 'filter', to: 'logging', edgeType: { type: 'FilterTrue' } },
    ]);
    await page.getByTestId('validation-tab').click();
    await screenshot(page, 'editor-validation');
  });

  it('offers no deploy of an invalid saved version (saying where its errors are), deploys once fixed and cancels', async () => {
    const { page } = e2e.browser;
    const deploy = page.getByTestId('deploy-button');
    await eventually(() => deploy.isDisabled()).toBe(true);
    // the reason names the node and the field of the error
    expect(await deploy.getAttribute('title')).toMatch(/^The saved version has .*event-generator \(\w+\): /);

    // the event generator needs a schedule; the Dual editor starts as an expression here
    await node(page, 'event-generator').click();
    await setExpression(page, 'expression-schedule', "T(java.time.Duration).parse('PT1S')");
    // a scenario property the definitions do not know (older servers add one to new scenarios) is flagged: remove it
    await page.getByRole('tab', { name: 'Properties' }).click();
    const removeUnknown = page.getByRole('button', { name: /^Remove property / });
    while ((await removeUnknown.count()) > 0) await removeUnknown.first().click();
    await page.getByTestId('validation-tab').click();
    await eventually(() => page.getByTestId('validation-panel').textContent()).toContain('No errors');
    await saveWithComment(page, 'Every second', 3);

    await deployWithComment(page, 'First run');
    await screenshot(page, 'editor-deployed');

    // a test run on generated records: counts per node and the records that reached the selected node
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByLabel('Generated records').fill('3');
    await page.getByRole('button', { name: 'Run test' }).click();
    const counts = page.getByTestId('test-counts');
    await eventually(() => counts.locator('tr', { hasText: 'event-generator' }).locator('td').nth(1).textContent()).toBe('3');
    await node(page, 'logging').click();
    await eventually(() => page.getByTestId('test-panel').textContent()).toContain('Records at logging');
    await eventually(() => page.getByTestId('test-panel').textContent()).toContain('ann');
    await screenshot(page, 'editor-test-generated');
    await page.getByTestId('cancel-button').click();
    await page.getByTestId('confirm-action').click();
    await eventually(() => toolbarStatus(page)).toBe('CANCELED');
  });
});
