import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';

const spel = (expression: string) => ({ language: 'spel', expression });

// Amounts above 10 go to the `large` sink, the others to `small`.
const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'amounts', ref: { typ: 'event-generator', parameters: [{ name: 'value', expression: spel('1') }] } },
    { type: 'Filter', id: 'is large', expression: spel('#input > 10'), isDisabled: null },
    { type: 'Sink', id: 'large', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
    { type: 'Sink', id: 'small', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
  ],
  edges: [
    { from: 'amounts', to: 'is large', edgeType: null },
    { from: 'is large', to: 'large', edgeType: { type: 'FilterTrue' } },
    { from: 'is large', to: 'small', edgeType: { type: 'FilterFalse' } },
  ],
};

// One test passes; the other expects 8 to be large, which the threshold of 10 says it is not.
const suite = {
  description: 'Large amounts are logged apart',
  tests: [
    { name: 'fifty is large', inputs: { amounts: [50] }, expect: { sinks: { large: [50], small: [] } } },
    { name: 'eight is large', inputs: { amounts: [8] }, expect: { sinks: { large: [8] } } },
  ],
};

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  const created = await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'amounts', isFragment: false, category: 'Default' }) });
  expect(created.status).toBe(201);
  const saved = await apiCall(server.url, '/api/processes/amounts', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const stored = await apiCall(server.url, '/api/processes/amounts/testSuites/thresholds', { method: 'PUT', body: JSON.stringify(suite) });
  expect(stored.status, await stored.clone().text()).toBe(200);
  // Reading is enough to run a stored suite.
  await signIn(browser.page, server.url, 'reader');
});

describe('stored test suites in the test panel', () => {
  it('lists the suites stored with the scenario and runs one: pass/fail per test and the coverage', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/amounts`);
    await eventually(() => page.getByTestId('canvas-node').count()).toBe(4);
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('tab', { name: 'Stored suites' }).click();

    const listed = page.getByTestId('stored-suite');
    await eventually(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('thresholds');
    expect(await listed.textContent()).toContain('2 tests');

    await page.getByTestId('stored-suite-run').click();
    await eventually(() => page.getByTestId('suite-totals').textContent()).toContain('1 passed, 1 failed, 0 errors');
    const tests = page.getByTestId('suite-test');
    expect(await tests.count()).toBe(2);
    expect(await tests.nth(0).getAttribute('data-status')).toBe('passed');
    expect(await tests.nth(0).textContent()).toContain('fifty is large');
    expect(await tests.nth(1).getAttribute('data-status')).toBe('failed');
    expect(await tests.nth(1).textContent()).toContain('sinks.large');
    // The two records between them reach every node and take both branches of the filter.
    expect(await page.getByTestId('coverage-nodes').textContent()).toContain('4 / 4');
    expect(await page.getByTestId('coverage-branches').textContent()).toContain('2 / 2');
    await screenshot(page, 'stored-suites');
  });
});
