import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { node } from './canvas';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';
import { deployWithComment } from './toolbar';

// What users of the original expect on the canvas (issue 19): counts drawn on nodes and edges, for a test run
// and live for a deployment in a time range; node search; the records of a test at each node and edge.

const spel = (expression: string) => ({ language: 'spel', expression });
const topicParameters = (topic: string) => [
  { name: 'Topic', expression: spel(`'${topic}'`) },
  { name: 'Schema version', expression: spel("'latest'") },
];
const streamingProperties = { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } };
const topicSink = (id: string, topic: string, x: number, y: number) => ({
  type: 'Sink',
  id,
  ref: {
    typ: 'kafka',
    parameters: [...topicParameters(topic), { name: 'Key', expression: spel('') }, { name: 'Raw editor', expression: spel('true') }, { name: 'Value validation mode', expression: spel("'strict'") }, { name: 'Value', expression: spel('#input') }],
  },
  additionalFields: { description: null, layoutData: { x, y } },
});
const at = (x: number, y: number) => ({ additionalFields: { description: null, layoutData: { x, y } } });

const countedGraph = {
  properties: streamingProperties,
  nodes: [
    { type: 'Source', id: 'payments', ref: { typ: 'kafka', parameters: topicParameters('counted-payments') }, ...at(0, 0) },
    { type: 'Filter', id: 'large', expression: spel("#input['amount'] > 10"), ...at(0, 150) },
    topicSink('alerts', 'counted-alerts', 0, 300),
  ],
  edges: [
    { from: 'payments', to: 'large', edgeType: null },
    { from: 'large', to: 'alerts', edgeType: { type: 'FilterTrue' } },
  ],
};

// Three conditions of one choice to three sinks side by side, as a layout puts them.
const choiceGraph = {
  properties: streamingProperties,
  nodes: [
    { type: 'Source', id: 'orders', ref: { typ: 'kafka', parameters: topicParameters('orders') }, ...at(250, 0) },
    { type: 'Switch', id: 'route', expression: null, exprVal: null, ...at(250, 150) },
    topicSink('small', 'small', 0, 320),
    topicSink('medium', 'medium', 250, 320),
    topicSink('big', 'big', 500, 320),
  ],
  edges: [
    { from: 'orders', to: 'route', edgeType: null },
    { from: 'route', to: 'small', edgeType: { type: 'NextSwitch', condition: spel("#input['amount'] < 10") } },
    { from: 'route', to: 'medium', edgeType: { type: 'NextSwitch', condition: spel("#input['amount'] < 100") } },
    { from: 'route', to: 'big', edgeType: { type: 'SwitchDefault' } },
  ],
};

const greetingGraph = {
  properties: {
    additionalFields: {
      description: null,
      properties: {
        slug: 'pinned',
        inputSchema: JSON.stringify({ type: 'object', properties: { amount: { type: 'integer' }, customer: { type: 'string' } } }),
        outputSchema: JSON.stringify({ type: 'object', properties: { message: { type: 'string' } } }),
      },
      metaDataType: 'RequestResponseMetaData',
      showDescription: false,
    },
  },
  nodes: [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] }, ...at(0, 0) },
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('false') }, { name: 'message', expression: spel("'Hello ' + #input.customer + ' ' + #input.amount") }] }, ...at(0, 150) },
  ],
  edges: [{ from: 'request', to: 'response', edgeType: null }],
};

const publish = async (baseUrl: string, topic: string, amounts: number[]) => {
  const published = await apiCall(baseUrl, `/api/topics/${topic}/records`, { method: 'POST', body: JSON.stringify({ records: amounts.map((amount) => ({ value: { amount } })) }) });
  expect(published.status, await published.clone().text()).toBe(200);
};

const pageErrors: string[] = [];

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  for (const [name, graph, category] of [
    ['counted', countedGraph, 'Default'],
    ['routed', choiceGraph, 'Default'],
    ['pinned', greetingGraph, 'RequestResponse'],
  ] as const) {
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category }) })).status).toBe(201);
    const saved = await apiCall(server.url, `/api/processes/${name}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph, comment: 'arranged' }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  // The embedded manager creates its tables (the topics among them) when first asked: a status asks it.
  expect((await apiCall(server.url, '/api/processes/counted/status')).status).toBe(200);
  await publish(server.url, 'counted-payments', [5, 50, 500]);
  browser.page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(browser.page, server.url);
});

const count = (page: Parameters<typeof node>[0], id: string) => node(page, id).getByTestId('node-count').getAttribute('data-all');
const edgeCount = (page: Parameters<typeof node>[0], source: string, target: string) =>
  page.locator(`[data-testid="edge-label"][data-source="${source}"][data-target="${target}"] [data-testid="edge-count"]`).textContent();

async function runGeneratedTest(page: Parameters<typeof node>[0], samples: number) {
  await page.getByRole('tab', { name: 'Test' }).click();
  await page.getByLabel('Generated records').fill(String(samples));
  await page.getByRole('button', { name: 'Run test' }).click();
}

describe('the canvas', () => {
  it('draws the counts of a test run on nodes and edges, then the live counts of the deployment in a time range', async () => {
    const { page } = e2e.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(`${e2e.server.url}/scenarios/counted`);
      await eventually(() => node(page, 'payments').count()).toBe(1);
      expect(await page.getByTestId('node-count').count()).toBe(0);

      await runGeneratedTest(page, 3);
      await eventually(() => count(page, 'payments')).toBe('3');
      expect(await count(page, 'large')).toBe('3');
      expect(await count(page, 'alerts')).toBe('2');
      expect(await edgeCount(page, 'payments', 'large')).toBe('3');
      expect(await edgeCount(page, 'large', 'alerts')).toBe('2');

      await deployWithComment(page, 'counting');
      await page.getByLabel('Counts').selectOption('live');
      // The deployment reads the topic from its start: the same three records, live.
      await eventually(() => count(page, 'alerts')).toBe('2');
      await publish(e2e.server.url, 'counted-payments', [70, 2]);
      // Live counts follow the running deployment without a reload.
      await eventually(() => count(page, 'payments')).toBe('5');
      await eventually(() => count(page, 'alerts')).toBe('3');
      expect(await edgeCount(page, 'large', 'alerts')).toBe('3');
      expect(await node(page, 'payments').getByTestId('node-count').getAttribute('class')).toContain('live');
      await screenshot(page, 'canvas-counts');

      // A time range in which this scenario never ran counts nothing.
      await page.getByLabel('Time range').selectOption('custom');
      await page.locator('#counts-from').fill('2001-01-01T00:00');
      await page.locator('#counts-to').fill('2001-01-02T00:00');
      await page.getByTestId('counts-custom-range').getByRole('button', { name: 'Show' }).click();
      await eventually(() => count(page, 'payments')).toBe('0');
      expect(await count(page, 'alerts')).toBe('0');
      await page.getByLabel('Time range').selectOption('hour');
      await eventually(() => count(page, 'payments')).toBe('5');

      await page.getByLabel('Counts').selectOption('off');
      await eventually(() => page.getByTestId('node-count').count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(pageErrors).toEqual([]);
  });

  it('finds a node by id and by expression text, and focuses, selects and opens it', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/counted`);
    await eventually(() => node(page, 'payments').count()).toBe(1);
    const search = page.getByLabel('Find a node');
    await search.fill("['amount'] > 1");
    const results = page.getByTestId('node-search-result');
    await eventually(() => results.count()).toBe(1);
    expect(await results.first().getAttribute('data-node-id')).toBe('large');
    await results.first().click();
    await eventually(() => node(page, 'large').getAttribute('class')).toContain('selected');
    await eventually(() => page.getByTestId('node-details').count()).toBe(1);
    expect(await page.getByTestId('node-details').textContent()).toContain('large');

    await search.fill('ALERT');
    await eventually(() => results.count()).toBe(1);
    await search.press('Enter');
    await eventually(() => node(page, 'alerts').getAttribute('class')).toContain('selected');
    expect(await node(page, 'large').getAttribute('class')).not.toContain('selected');
    // The node is brought into view.
    const box = await node(page, 'alerts').boundingBox();
    const canvas = await page.locator('.canvas').boundingBox();
    expect(box && canvas && box.x >= canvas.x && box.x + box.width <= canvas.x + canvas.width && box.y >= canvas.y && box.y + box.height <= canvas.y + canvas.height).toBe(true);

    await search.fill('nothing like this');
    await eventually(() => page.getByText('No node matches.').count()).toBe(1);
  });

  it('shows the records of a test run that passed a node or an edge on hover', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/counted`);
    await eventually(() => node(page, 'payments').count()).toBe(1);
    await node(page, 'alerts').hover();
    // Before a test there is nothing to show.
    expect(await page.getByTestId('hover-records').count()).toBe(0);
    await runGeneratedTest(page, 3);
    await eventually(() => count(page, 'alerts')).toBe('2');

    await node(page, 'payments').hover();
    const card = page.getByTestId('hover-records');
    await eventually(() => card.getByTestId('hover-record').count()).toBe(3);
    await node(page, 'alerts').hover();
    await eventually(() => card.getByTestId('hover-record').count()).toBe(2);
    expect(await card.textContent()).toContain('#input');
    expect(await card.textContent()).toContain('500');
    expect(await card.textContent()).not.toContain('"amount":5}');

    const edge = await page.locator('g[aria-label="Edge from large to alerts"] .svelte-flow__edge-interaction').boundingBox();
    expect(edge).not.toBeNull();
    await page.mouse.move(edge!.x + edge!.width / 2, edge!.y + edge!.height / 2);
    await eventually(() => card.textContent()).toContain('large → alerts');
    expect(await card.getByTestId('hover-record').count()).toBe(2);
    await page.mouse.move(5, 5);
    await eventually(() => card.count()).toBe(0);
  });

  it('pins a test record and runs it again from the ad-hoc form', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/pinned`);
    await eventually(() => node(page, 'request').count()).toBe(1);
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('tab', { name: 'Ad-hoc' }).click();
    await page.getByLabel(/^amount/).fill('150');
    await page.getByLabel(/^customer/).fill("'ann'");
    await page.getByRole('button', { name: 'Run ad-hoc test' }).click();
    await eventually(() => count(page, 'response')).toBe('1');

    await node(page, 'request').click();
    const panel = page.getByTestId('test-panel');
    await eventually(() => panel.textContent()).toContain('Records at request');
    await panel.getByTestId('pin-record').click();
    expect(await panel.getByTestId('pin-record').getAttribute('aria-pressed')).toBe('true');

    // A fresh form, filled from the pinned record: its values as SpEL, ready to change and run.
    await page.getByRole('tab', { name: 'Generated' }).click();
    await page.getByRole('tab', { name: 'Ad-hoc' }).click();
    await eventually(() => page.getByLabel(/^amount/).inputValue()).toBe('');
    const pinned = page.getByLabel('Fill from a pinned record');
    const [option] = await pinned.locator('option:not([disabled])').all();
    await pinned.selectOption((await option!.getAttribute('value')) ?? '');
    await eventually(() => page.getByLabel(/^amount/).inputValue()).toBe('150');
    expect(await page.getByLabel(/^customer/).inputValue()).toBe("'ann'");
    await page.getByLabel(/^customer/).fill("'bob'");
    await page.getByRole('button', { name: 'Run ad-hoc test' }).click();
    await node(page, 'response').click();
    await eventually(() => panel.textContent()).toContain('Hello bob 150');
  });

  it('fits a deployed request-response editor to the window: no blank band, the canvas down to the bottom', async () => {
    const { page } = e2e.browser;
    // A tall window: the request-response palette is short, so the page has room left over to misplace.
    await page.setViewportSize({ width: 1280, height: 1300 });
    try {
      await page.goto(`${e2e.server.url}/scenarios/pinned`);
      await eventually(() => node(page, 'request').count()).toBe(1);
      await deployWithComment(page, 'serving');
      // The endpoint panel and a notice above the canvas: the two rows that come and go.
      await eventually(() => page.getByTestId('endpoint-panel').count()).toBe(1);
      await eventually(() => page.getByTestId('notice').count()).toBe(1);
      const notice = (await page.getByTestId('notice').boundingBox())!;
      const main = (await page.locator('.workspace .main').boundingBox())!;
      expect(notice.height).toBeLessThan(60);
      expect(Math.abs(main.y - (notice.y + notice.height))).toBeLessThanOrEqual(1);
      expect(Math.abs(main.y + main.height - 1300)).toBeLessThanOrEqual(1);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('places the labels of one choice apart', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/routed`);
    await eventually(() => node(page, 'route').count()).toBe(1);
    const labels = page.locator('.svelte-flow__edge-label');
    await eventually(() => labels.count()).toBe(3);
    const boxes = await Promise.all((await labels.all()).map((label) => label.boundingBox()));
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const apart = box!.x + box!.width <= other!.x || other!.x + other!.width <= box!.x || box!.y + box!.height <= other!.y || other!.y + other!.height <= box!.y;
        expect(apart, JSON.stringify([box, other])).toBe(true);
      }
    }
  });
});
