import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { node } from './canvas';
import { apiCall, signIn, useServerAndBrowser } from './harness';
import { saveWithComment } from './toolbar';

// Components as users of the original know them (issue 19): a dictionary editor for dictionary parameters,
// documentation links and where a component is used.

const spel = (expression: string) => ({ language: 'spel', expression });
const fragmentGraph = {
  properties: { additionalFields: { description: null, properties: { docsUrl: 'https://docs.example.com/pay-in', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
  nodes: [
    {
      type: 'FragmentInputDefinition',
      id: 'in',
      parameters: [{ name: 'currency', typ: { refClazzName: 'java.lang.String' }, required: false, valueEditor: { type: 'ValueInputWithDictEditor', dictId: 'currency', allowOtherValue: false } }],
    },
    { type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] },
  ],
  edges: [{ from: 'in', to: 'out', edgeType: null }],
};
const topicParameters = (topic: string) => [
  { name: 'Topic', expression: spel(`'${topic}'`) },
  { name: 'Schema version', expression: spel("'latest'") },
];
const at = (x: number, y: number) => ({ additionalFields: { description: null, layoutData: { x, y } } });
const scenarioGraph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'payments', ref: { typ: 'kafka', parameters: topicParameters('payments') }, ...at(0, 0) },
    { type: 'FragmentInput', id: 'pay in', ref: { id: 'pay-in', parameters: [{ name: 'currency', expression: spel('') }], outputVariableNames: { output: 'output' } }, fragmentParams: null, ...at(0, 150) },
    { type: 'Sink', id: 'logged', ref: { typ: 'dead-end', parameters: [] }, ...at(0, 300) },
  ],
  edges: [
    { from: 'payments', to: 'pay in', edgeType: null },
    { from: 'pay in', to: 'logged', edgeType: { type: 'FragmentOutput', name: 'output' } },
  ],
};

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  for (const [name, isFragment, graph] of [
    ['pay-in', true, fragmentGraph],
    ['payer', false, scenarioGraph],
  ] as const) {
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment, category: 'Default' }) })).status).toBe(201);
    const saved = await apiCall(server.url, `/api/processes/${name}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  await signIn(browser.page, server.url);
});

type SavedGraph = { scenarioGraph: { nodes: { id: string; ref?: { parameters: { name: string; expression: { language: string; expression: string } }[] } }[] }; validationResult?: { errors: { invalidNodes: Record<string, unknown> } } };

describe('components', () => {
  it('picks a dictionary entry from a searchable list and saves it in the dictKeyWithLabel form', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/payer`);
    await eventually(() => node(page, 'pay in').count()).toBe(1);
    await node(page, 'pay in').click();
    const picker = page.getByTestId('node-details').getByTestId('dictionary-currency');
    await eventually(() => picker.count()).toBe(1);
    expect(await page.getByTestId('dictionary-currency-value').textContent()).toContain('(none)');
    await picker.getByRole('searchbox').fill('polish');
    const entries = picker.getByTestId('dict-entry');
    await eventually(() => entries.count()).toBe(1);
    expect(await entries.first().getAttribute('data-key')).toBe('PLN');
    await picker.getByRole('searchbox').fill('eur');
    await eventually(async () => (await entries.evaluateAll((all) => all.map((entry) => entry.getAttribute('data-key')))).includes('EUR')).toBe(true);
    await picker.locator('[data-testid="dict-entry"][data-key="EUR"]').click();
    await eventually(() => page.getByTestId('dictionary-currency-value').textContent()).toContain('EUR');
    expect(await page.getByTestId('dictionary-currency-value').textContent()).toContain('Euro');

    await saveWithComment(page, 'paid in euro', 3);
    const saved = (await (await apiCall(e2e.server.url, '/api/processes/payer')).json()) as SavedGraph;
    const currency = saved.scenarioGraph.nodes.find((candidate) => candidate.id === 'pay in')?.ref?.parameters.find((parameter) => parameter.name === 'currency');
    expect(currency?.expression).toEqual({ language: 'dictKeyWithLabel', expression: '{"key":"EUR","label":"Euro"}' });
    expect(saved.validationResult?.errors.invalidNodes).toEqual({});
  });

  it("links a component's documentation and lists the scenarios that use it", async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/payer`);
    await eventually(() => node(page, 'pay in').count()).toBe(1);
    await node(page, 'pay in').click();
    const info = page.getByTestId('node-details').getByTestId('component-info');
    await eventually(() => info.getByTestId('component-docs').getAttribute('href')).toBe('https://docs.example.com/pay-in');
    expect(await info.getByTestId('component-docs').getAttribute('target')).toBe('_blank');

    await info.getByTestId('component-usages-button').click();
    const usages = page.getByTestId('component-usages').getByTestId('component-usage');
    await eventually(() => usages.count()).toBe(1);
    expect(await usages.first().getAttribute('data-scenario')).toBe('payer');
    expect(await usages.first().textContent()).toContain('pay in');

    // The kafka source has no documentation configured, and a second scenario using it shows up too.
    expect((await apiCall(e2e.server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'second payer', isFragment: false, category: 'Default' }) })).status).toBe(201);
    const saved = await apiCall(e2e.server.url, '/api/processes/second%20payer', { method: 'PUT', body: JSON.stringify({ scenarioGraph }) });
    expect(saved.status).toBe(200);
    await node(page, 'payments').click();
    await eventually(() => page.getByTestId('node-details').getByTestId('component-usages-button').textContent()).toContain('source-kafka');
    expect(await page.getByTestId('component-docs').count()).toBe(0);
    await page.getByTestId('component-usages-button').click();
    await eventually(() => page.getByTestId('component-usage').count()).toBe(2);
    await page.locator('[data-testid="component-usage"][data-scenario="second payer"] a').click();
    await page.waitForURL(/second%20payer$/);
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('second payer');
  });
});
