import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { connect, drop, node, setExpression } from './canvas';
import { pickCompletion } from './completion';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { deployWithComment, saveWithComment } from './toolbar';

const inputSchema = '{"type": "object", "properties": {"amount": {"type": "integer"}, "customer": {"type": "string"}}}';
const outputSchema = '{"type": "object", "properties": {"message": {"type": "string"}}}';

const e2e = useServerAndBrowser(({ server, browser }) => signIn(browser.page, server.url));

describe('a request-response scenario from creation to deployment', () => {
  it('is created, built from the palette, typed, saved, tested ad hoc, deployed and found in the activity', async () => {
    const { page } = e2e.browser;

    // created in the list's dialog, in the category whose processing mode is request-response
    await page.getByRole('button', { name: 'New scenario' }).click();
    await page.getByLabel('Name', { exact: true }).fill('loan greeting');
    await page.getByLabel('Category', { exact: true }).selectOption('RequestResponse');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/loan%20greeting$/);
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('loan greeting');

    // the request and response types are scenario properties
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.locator('#prop-inputSchema').fill(inputSchema);
    await page.locator('#prop-outputSchema').fill(outputSchema);

    // four nodes from the palette, connected
    await drop(page, 'source-request', 300, 60);
    await drop(page, 'builtin-variable', 300, 190);
    await drop(page, 'builtin-filter', 300, 320);
    await drop(page, 'sink-response', 300, 450);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(4);
    await connect(page, 'request', 'out', 'variable');
    await connect(page, 'variable', 'out', 'filter');
    await connect(page, 'filter', 'true', 'response');
    await eventually(() => page.locator('.svelte-flow__edge').count()).toBe(3);

    await node(page, 'variable').click();
    await page.getByLabel('Variable name').fill('greeting');
    await setExpression(page, 'expression-$expression', "'Hello ' + #input.customer");
    // the response's fields follow the output schema (announced by validation); the raw Value is dropped
    await node(page, 'response').click();
    await eventually(() => page.getByTestId('node-details').getByTestId('expression-message').count()).toBe(1);
    await setExpression(page, 'expression-message', '#greeting');
    await page.getByRole('button', { name: 'Remove parameter Value' }).click();
    await eventually(() => page.getByTestId('node-details').getByTestId('expression-Value').count()).toBe(0);

    // an expression typed with a completion picked from the list: #input's fields come from the input schema
    await node(page, 'filter').click();
    const details = page.getByTestId('node-details');
    const expression = details.getByTestId('expression-$expression');
    const typeLine = details.getByTestId('expression-$expression-type');
    await eventually(() => details.getByTestId('expression-$expression').count()).toBe(1);
    await expression.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('#input.amo');
    await pickCompletion(page, expression, /amount/, /^#input\.amount$/);

    // a Long where the filter needs a Boolean: a type error, then fixed
    await eventually(() => typeLine.textContent()).toContain('expected: Boolean');
    await eventually(() => details.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    await page.keyboard.press('End');
    await page.keyboard.type(' > 100');
    // The error above names Boolean too: wait for the type itself.
    await eventually(async () => {
      const shown = (await typeLine.textContent()) ?? '';
      return shown.includes('Boolean') && !shown.includes('expected');
    }).toBe(true);
    await eventually(() => details.locator('.cm-lintRange-error').count()).toBe(0);
    await page.getByTestId('validation-tab').click();
    await eventually(() => page.getByTestId('validation-panel').textContent()).toContain('No errors');

    // saved with a comment
    await saveWithComment(page, 'Greets customers asking for more than 100', 2);

    // the ad-hoc test: the form's fields come from the request type; the server's errors land on the fields
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('tab', { name: 'Ad-hoc' }).click();
    const amount = page.getByLabel(/^amount/);
    const customer = page.getByLabel(/^customer/);
    await amount.fill('150 +');
    await customer.fill("'ann'");
    await page.getByRole('button', { name: 'Run ad-hoc test' }).click();
    await eventually(() => page.getByTestId('adhoc-error').first().textContent()).toContain('Failed to parse expression');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('150');
    await page.getByRole('button', { name: 'Run ad-hoc test' }).click();
    await eventually(() => page.getByTestId('adhoc-error').count()).toBe(0);
    const counts = page.getByTestId('test-counts');
    for (const id of ['request', 'variable', 'filter', 'response']) {
      await eventually(() => counts.locator('tr', { hasText: id }).locator('td').nth(1).textContent()).toBe('1');
    }
    await node(page, 'response').click();
    await page.getByRole('tab', { name: 'Test' }).click();
    await eventually(() => page.getByTestId('test-panel').textContent()).toContain('Records at response');
    await eventually(() => page.getByTestId('test-panel').textContent()).toContain('Hello ann');
    await screenshot(page, 'editor-test-results');

    // deployed: the status badge follows to running
    await deployWithComment(page, 'Open for requests');
    await screenshot(page, 'editor-rr-deployed');

    // the saved version with its comment in the activity panel
    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByTestId('activities-panel');
    await eventually(() => activity.textContent()).toContain('Greets customers asking for more than 100');
    await screenshot(page, 'editor-rr-activity');

    const saved = (await (await apiCall(e2e.server.url, '/api/processes/loan%20greeting')).json()) as {
      processingMode: string;
      processVersionId: number;
      scenarioGraph: { nodes: { id: string; ref?: { parameters: { name: string; expression: { expression: string } }[] } }[] };
    };
    expect(saved.processingMode).toBe('Request-Response');
    expect(saved.processVersionId).toBe(2);
    const response = saved.scenarioGraph.nodes.find((candidate) => candidate.id === 'response');
    expect(response?.ref?.parameters.map((parameter) => [parameter.name, parameter.expression.expression])).toEqual([
      ['Raw editor', 'false'],
      ['message', '#greeting'],
    ]);
  });

  it('tests the saved graph with the records of a file', async () => {
    const { page } = e2e.browser;
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('tab', { name: 'From file' }).click();
    const records = [
      { sourceId: 'request', record: { amount: 500, customer: 'bea' } },
      { sourceId: 'request', record: { amount: 20, customer: 'cid' } },
    ];
    await page.locator('#test-file').setInputFiles({ name: 'requests.jsonl', mimeType: 'text/plain', buffer: Buffer.from(records.map((record) => JSON.stringify(record)).join('\n')) });
    await page.getByRole('button', { name: 'Run test' }).click();
    const counts = page.getByTestId('test-counts');
    await eventually(() => counts.locator('tr', { hasText: 'request' }).locator('td').nth(1).textContent()).toBe('2');
    await eventually(() => counts.locator('tr', { hasText: 'response' }).locator('td').nth(1).textContent()).toBe('1');
    await node(page, 'response').click();
    await page.getByRole('tab', { name: 'Test' }).click();
    await eventually(() => page.getByTestId('test-panel').textContent()).toContain('Hello bea');
  });
});
