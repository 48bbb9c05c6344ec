import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { node, setExpression } from './canvas';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { saveWithComment } from './toolbar';

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

// Valid as saved: a topic in, a filter, a topic out (with every parameter the kafka components ask for).
const topicParameters = (topic: string) => [
  { name: 'Topic', expression: spel(`'${topic}'`) },
  { name: 'Schema version', expression: spel("'latest'") },
];
const validTopicGraph = (filter: string) => ({
  properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'payments', ref: { typ: 'kafka', parameters: topicParameters('payments') } },
    { type: 'Filter', id: 'large', expression: spel(filter) },
    {
      type: 'Sink',
      id: 'alerts',
      ref: {
        typ: 'kafka',
        parameters: [
          ...topicParameters('alerts'),
          { name: 'Key', expression: spel('') },
          { name: 'Raw editor', expression: spel('true') },
          { name: 'Value validation mode', expression: spel("'strict'") },
          { name: 'Value', expression: spel('#input') },
        ],
      },
    },
  ],
  edges: [
    { from: 'payments', to: 'large', edgeType: null },
    { from: 'large', to: 'alerts', edgeType: { type: 'FilterTrue' } },
  ],
});

// A response whose boolean field is left unset: the editor must not show it as false.
const responseGraph = {
  properties: {
    additionalFields: {
      description: null,
      properties: {
        slug: 'approval',
        inputSchema: JSON.stringify({ type: 'object', properties: { total: { type: 'integer' } } }),
        outputSchema: JSON.stringify({ type: 'object', properties: { approved: { type: 'boolean' }, message: { type: 'string' } } }),
      },
      metaDataType: 'RequestResponseMetaData',
      showDescription: false,
    },
  },
  nodes: [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('false') }, { name: 'message', expression: spel("'checked'") }, { name: 'approved', expression: spel('') }] } },
  ],
  edges: [{ from: 'request', to: 'response', edgeType: null }],
};

const pageErrors: string[] = [];

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  const scenarios = [
    ['repeated-error', 'Default', repeatedErrorGraph],
    ['deploy-race', 'Default', validTopicGraph("#input['amount'] > 10")],
    ['approval', 'RequestResponse', responseGraph],
    ['sampled', 'Default', validTopicGraph("#input['amount'] > 10")],
  ] as const;
  for (const [name, category, graph] of scenarios) {
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category }) })).status).toBe(201);
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

  it('gets a refusal to deploy that names the node and field, and the dialog closes', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/deploy-race`);
    const deploy = page.getByTestId('deploy-button');
    await eventually(() => deploy.isDisabled()).toBe(false);
    // Someone else saves an invalid version meanwhile: only the server can know, and it refuses.
    const saved = await apiCall(e2e.server.url, '/api/processes/deploy-race', { method: 'PUT', body: JSON.stringify({ scenarioGraph: validTopicGraph('#nope > 10'), comment: 'broken elsewhere' }) });
    expect(saved.status).toBe(200);
    await deploy.click();
    await page.locator('#action-comment').fill('go');
    await page.getByTestId('confirm-action').click();
    await eventually(() => page.getByTestId('notice').textContent()).toMatch(/Deploy refused: Cannot deploy invalid scenario: large \(\$expression\): /);
    await eventually(() => page.locator('#action-comment').isVisible()).toBe(false);
    // Reopened, the editor knows the saved version is invalid and offers no deploy, saying why.
    await page.reload();
    await eventually(() => deploy.isDisabled()).toBe(true);
    expect(await deploy.getAttribute('title')).toMatch(/large \(\$expression\): /);
  });

  it('is told that a request-response file cannot be imported into a streaming scenario, and the canvas stays', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/deploy-race`);
    await eventually(() => node(page, 'payments').count()).toBe(1);
    const requestResponse = {
      metaData: { id: 'greeter', additionalFields: { description: null, properties: { slug: 'greeter' }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
      nodes: [{ id: 'request', ref: { typ: 'request', parameters: [] }, type: 'Source' }],
      additionalBranches: [],
    };
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import', exact: true }).click()]);
    await chooser.setFiles({ name: 'greeter.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(requestResponse)) });
    await eventually(() => page.getByTestId('notice').textContent()).toContain('Not imported: The file holds a request-response scenario');
    expect(await node(page, 'payments').count()).toBe(1);
    expect(await node(page, 'request').count()).toBe(0);
    expect(await page.getByTestId('dirty-marker').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('reaches every toolbar button at 1280 px, Save and Cancel included', async () => {
    const { page } = e2e.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(`${e2e.server.url}/scenarios/deploy-race`);
      await eventually(() => node(page, 'payments').count()).toBe(1);
      const buttons = page.locator('.toolbar .tools button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(10);
      for (const button of await buttons.all()) {
        const label = (await button.textContent())?.trim();
        const box = await button.boundingBox();
        expect(box, label).not.toBeNull();
        expect(box!.x, label).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, label).toBeLessThanOrEqual(1280);
        // Nothing covers or clips it: the point at its centre is the button itself.
        const onTop = await button.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          return hit !== null && (hit === element || element.contains(hit));
        });
        expect(onTop, label).toBe(true);
      }
      await screenshot(page, 'toolbar-1280');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('sees an unset boolean field of a response as not set, sets it to false and finds it saved', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/approval`);
    await node(page, 'response').click();
    const details = page.getByTestId('node-details');
    const approved = details.getByTestId('boolean-approved');
    await eventually(() => approved.count()).toBe(1);
    expect(await approved.inputValue()).toBe('');
    expect(await approved.locator('option:checked').textContent()).toBe('(not set)');
    // The editor toggle shows the mode in use, pressed.
    const modes = details.getByRole('group', { name: 'Editor of approved' });
    expect(await modes.getByRole('button', { name: 'simple' }).getAttribute('aria-pressed')).toBe('true');
    expect(await modes.getByRole('button', { name: 'expression' }).getAttribute('aria-pressed')).toBe('false');

    await approved.selectOption('false');
    await saveWithComment(page, 'approved is false', 3);
    const saved = (await (await apiCall(e2e.server.url, '/api/processes/approval')).json()) as { scenarioGraph: { nodes: { id: string; ref?: { parameters: { name: string; expression: { expression: string } }[] } }[] } };
    const parameters = saved.scenarioGraph.nodes.find((candidate) => candidate.id === 'response')?.ref?.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === 'approved')?.expression.expression).toBe('false');

    await modes.getByRole('button', { name: 'expression' }).click();
    expect(await modes.getByRole('button', { name: 'expression' }).getAttribute('aria-pressed')).toBe('true');
    await eventually(() => details.getByTestId('expression-approved').textContent()).toBe('false');
  });

  it("gets a record's fields first when completing after a dot", async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/approval`);
    await node(page, 'response').click();
    const details = page.getByTestId('node-details');
    const message = details.getByTestId('expression-message');
    await eventually(() => message.count()).toBe(1);
    await message.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('#input.');
    const options = page.locator('.cm-tooltip-autocomplete [role="option"]');
    await eventually(() => options.count()).toBeGreaterThan(1);
    // A list opened before the node's validation answered offers no fields yet; the answer asks it again.
    await eventually(async () => (await options.first().textContent()) ?? '').toContain('total');
    await page.keyboard.press('Escape');
  });

  it("tests a topic-reading scenario on generated records, which are the topic's newest records", async () => {
    const { page } = e2e.browser;
    const published = await apiCall(e2e.server.url, '/api/topics/payments/records', {
      method: 'POST',
      body: JSON.stringify({ records: [{ value: { amount: 5 } }, { value: { amount: 50 } }, { value: { amount: 500 } }] }),
    });
    expect(published.status, await published.clone().text()).toBe(200);
    await page.goto(`${e2e.server.url}/scenarios/sampled`);
    await eventually(() => node(page, 'payments').count()).toBe(1);
    await page.getByRole('tab', { name: 'Test' }).click();
    // More than the server allows: the run fails, and says so.
    await page.getByLabel('Generated records').fill('50');
    await page.getByRole('button', { name: 'Run test' }).click();
    await eventually(() => page.getByTestId('notice').textContent()).toContain('Test failed: Too many samples');
    await page.getByLabel('Generated records').fill('3');
    await page.getByRole('button', { name: 'Run test' }).click();
    const counts = page.getByTestId('test-counts');
    await eventually(() => counts.locator('tr', { hasText: 'payments' }).locator('td').nth(1).textContent()).toBe('3');
    await eventually(() => counts.locator('tr', { hasText: 'alerts' }).locator('td').nth(1).textContent()).toBe('2');
    // The banner of the earlier failure is gone with the run that worked.
    expect(await page.getByTestId('notice').count()).toBe(0);
  });

  it('edits a JSON schema property in a code editor that marks text that is not JSON', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/approval`);
    await page.getByRole('tab', { name: 'Properties' }).click();
    const editor = page.locator('#prop-inputSchema');
    await eventually(() => editor.count()).toBe(1);
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    // A code editor: line numbers, several lines.
    expect(await page.locator('.properties .cm-lineNumbers').count()).toBeGreaterThan(0);
    await editor.fill('{\n  "type": "object",\n  "properties": {"total": {"type": "integer"}\n');
    await eventually(() => page.getByTestId('json-prop-inputSchema-problem').textContent()).toContain('Not JSON');
    await eventually(() => page.locator('.properties .cm-lintRange-error').count()).toBeGreaterThan(0);
    await editor.fill('{\n  "type": "object",\n  "properties": {"total": {"type": "integer"}}\n}');
    await eventually(() => page.getByTestId('json-prop-inputSchema-problem').count()).toBe(0);
    expect(await page.locator('.properties .cm-line').count()).toBeGreaterThanOrEqual(4);
  });
});
