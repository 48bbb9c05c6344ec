import { describe, expect, it } from 'vitest';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { createManualScheduler, publishToTopic, readTopicTail } from '../src/index';
import type { EmbeddedDeploymentManager } from '../src/index';
import {
  DATABASES,
  dependencies,
  useTestManagers,
  deploymentData,
  eventually,
  kafkaSink,
  kafkaSource,
  processVersion,
  requestResponseScenario,
  spel,
  streamingScenario,
} from './support';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

/** A request-response scenario taking `{items: [integers]}` whose variables compute `expressions` in turn. */
function itemsScenario(name: string, expressions: string[]): CanonicalProcess {
  const scenario = requestResponseScenario(name, {
    slug: name,
    inputSchema: JSON.stringify({ type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } }),
    outputSchema: JSON.stringify({ type: 'object', properties: { count: { type: 'integer' } } }),
  });
  const variables: CanonicalNode[] = expressions.map((expression, index) => ({ type: 'Variable', id: `v${index}`, varName: `v${index}`, value: spel(expression) }));
  scenario.nodes = [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    ...variables,
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'count', expression: spel(`#v${expressions.length - 1}.size()`) }] } },
  ];
  return scenario;
}

// Every step stays within the evaluation budget (at most 100,000 elements per collection, and a loop is charged what
// the maps and lists it builds cost), yet together they hold hundreds of thousands of records: far more than a 32 MB
// heap. HOG_ITEMS items keep each projection within the budget.
const HOG_ITEMS = 80_000;
const MEMORY_HOG = [
  "#input.items.![{a: #this, b: 'item-' + #this, c: {#this, #this + 1}}]",
  "#v0.![{x: #this, y: #this.b + '!', z: {#this.a, #this.b}}]",
  "#v1.![{p: #this, q: #this.y + '?', r: {#this.x, #this.y}}]",
  "#v2.![{s: #this, t: #this.q + '.', u: {#this.p, #this.q}}]",
];

// Only time: projections of numbers, each well within the step budget.
const TIME_HOG = Array.from({ length: 40 }, (_, i) => (i === 0 ? '#input.items.![#this * 3 % 7 + #this / 5]' : `#v${i - 1}.![#this * 3 % 7 + #this / 5 + ${i}]`));

const items = (count: number) => ({ items: Array.from({ length: count }, (_, i) => i) });

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Counts how late a 10 ms interval fires: the main thread's event loop stays free while a worker works. The
 * bound the tests use (a second) is loose because test files run in parallel on shared cores; a scenario on
 * the server's thread would block it for the whole request, or end the process.
 */
function watchEventLoop() {
  let last = performance.now();
  let maxGapMs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks += 1;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return { maxGapMs, ticks };
    },
  };
}

describe.each(DATABASES)('scenario workers on %s', (kind) => {
  const setup = useTestManagers(kind);
  const { createManager } = setup;

  const deploy = async (manager: EmbeddedDeploymentManager, scenario: CanonicalProcess) => {
    const name = scenario.metaData.id;
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion(name), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    return manager.scenarioUrl(name) as string;
  };

  const statusOf = async (manager: EmbeddedDeploymentManager, name: string) => (await manager.getScenarioStatuses(name))[0];

  it('answers 503 when a request exhausts its worker memory, keeps the server and other scenarios answering, and restarts the worker', async () => {
    // The restart waits long enough for the test to see RESTARTING even when the machine is busy with other tests.
    const manager = await createManager({ workerMaxOldGenerationSizeMb: 32, restartBackoffMs: 3_000 });
    const hog = await deploy(manager, itemsScenario('hog', MEMORY_HOG));
    const fees = await deploy(manager, requestResponseScenario('fees', { slug: 'fees' }));
    expect(await (await post(hog, items(10))).json()).toEqual({ count: 10 });

    const loop = watchEventLoop();
    const hostile = post(hog, items(HOG_ITEMS));
    // Another deployed scenario answers while the hostile request is in flight.
    const other = await post(fees, { amount: 2, currency: 'EUR' });
    expect(other.status).toBe(200);
    const answer = await hostile;
    const { maxGapMs, ticks } = loop.stop();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/out of memory/) });
    expect(ticks).toBeGreaterThan(0);
    expect(maxGapMs).toBeLessThan(1_000);

    const restarting = await statusOf(manager, 'hog');
    expect(restarting?.status.name).toBe('RESTARTING');
    expect(restarting?.errors.join()).toMatch(/out of memory/);
    expect((await post(hog, items(1))).status).toBe(503);
    expect((await statusOf(manager, 'fees'))?.status.name).toBe('RUNNING');

    await eventually(async () => expect((await statusOf(manager, 'hog'))?.status.name).toBe('RUNNING'));
    expect(await (await post(hog, items(3))).json()).toEqual({ count: 3 });
    expect((await manager.nodeCounts('hog'))['response']).toEqual({ recordsIn: 2, recordsOut: 2, errors: 0 });
  });

  it('answers 503 when a request overruns its time budget, and restarts the worker', async () => {
    // With a 300 ms backoff a CI machine running other suites at once once took longer than that to ask for the
    // status after the 503, and found the worker RUNNING again: the window to see RESTARTING is now 3 s.
    const manager = await createManager({ requestTimeoutMs: 150, restartBackoffMs: 3_000 });
    const slow = await deploy(manager, itemsScenario('slow', TIME_HOG));
    expect(await (await post(slow, items(10))).json()).toEqual({ count: 10 });

    const loop = watchEventLoop();
    const started = performance.now();
    const answer = await post(slow, items(99_999));
    const elapsedMs = performance.now() - started;
    const { maxGapMs } = loop.stop();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/time budget of 150 ms/) });
    // Cut by the budget, not finished: the answer names the budget; the bound allows for a busy machine.
    expect(elapsedMs).toBeLessThan(5_000);
    expect(maxGapMs).toBeLessThan(1_000);
    const restarting = await statusOf(manager, 'slow');
    expect(restarting).toMatchObject({ status: { name: 'RESTARTING' }, errors: [expect.stringMatching(/time budget/)] });

    await eventually(async () => expect((await statusOf(manager, 'slow'))?.status.name).toBe('RUNNING'));
    expect(await (await post(slow, items(5))).json()).toEqual({ count: 5 });

    // Requests queued behind the one over budget fail with it: the worker they wait for is terminated.
    const hostile = post(slow, items(99_999));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const queued = await Promise.all([1, 2, 3].map((count) => post(slow, items(count))));
    expect((await hostile).status).toBe(503);
    for (const behind of queued) expect([behind.status, await behind.json()]).toEqual([503, { message: expect.stringMatching(/time budget of 150 ms/) }]);
  });

  it('answers concurrent requests each with its own result (calls to the worker travel together)', async () => {
    // Every request to the worker: this small scenario would be answered on the server's thread otherwise.
    const manager = await createManager({ inlineRequestSteps: 0 });
    const fees = await deploy(manager, requestResponseScenario('fees', { slug: 'fees' }));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, amount) => post(fees, { amount, currency: 'EUR' }).then((r) => r.json())));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, amount) => ({ fee: amount * 3 + 1, label: `EUR:${amount * 3 + 1}` })));
    expect((await manager.nodeCounts('fees'))['response']).toEqual({ recordsIn: 40, recordsOut: 40, errors: 0 });
  });

  it("answers a small scenario's requests on the server's thread, and one that needs more in its worker, counted once", async () => {
    const logged: string[] = [];
    const deps = dependencies();
    const manager = await createManager({ inlineRequestSteps: 1_000 }, { ...deps, logger: { ...deps.logger, info: (message: string) => void logged.push(message) } });
    const grows = await deploy(manager, itemsScenario('grows', ['#input.items.![#this * 2]']));
    expect(await (await post(grows, items(10))).json()).toEqual({ count: 10 });
    expect(logged).not.toContain('Scenario requests run in its worker from now on');
    // Over the inline budget, well within the worker's.
    expect(await (await post(grows, items(20_000))).json()).toEqual({ count: 20_000 });
    expect(logged).toContain('Scenario requests run in its worker from now on');
    expect(await (await post(grows, items(2))).json()).toEqual({ count: 2 });
    expect((await manager.nodeCounts('grows'))['response']).toEqual({ recordsIn: 3, recordsOut: 3, errors: 0 });
  });

  it('runs a batch again after its worker died in the middle of it, without duplicates', async () => {
    const start = 1_700_000_000_000;
    const scheduler = createManualScheduler(start);
    const manager = await createManager({ scheduler, pollIntervalMs: 1_000, restartBackoffMs: 60_000, workerMaxOldGenerationSizeMb: 32 });
    // Record r10 exhausts the worker's memory until 30 s after the start; the restart comes a minute later. Each
    // variable stays within its evaluation budget; the records they hold together do not fit the worker.
    const when = `#input.id == 'r10' and #DATE.nowTimestamp() < ${start + 30_000}L`;
    const bomb = [
      `${when} ? 'x'.repeat(${HOG_ITEMS}).toCharArray().![#this.toString()] : {}`,
      '#bomb0.![{a: #this, b: {#this, #this}}]',
      '#bomb1.![{c: #this, d: {#this, #this}}]',
      '#bomb2.![{e: #this, f: {#this, #this}}].size()',
    ];
    const scenario = streamingScenario('fragile', [
      kafkaSource('source', 'transactions'),
      ...bomb.map((expression, index) => ({ type: 'Variable' as const, id: `bomb${index}`, varName: `bomb${index}`, value: spel(expression) })),
      kafkaSink('sink', 'alerts', '{id: #input.id}'),
    ]);
    await deploy(manager, scenario);
    await publishToTopic(setup.database.db, 'transactions', Array.from({ length: 20 }, (_, i) => ({ value: { id: `r${i}`, amount: i } })));
    const outputIds = async () => (await readTopicTail(setup.database.db, 'alerts', { limit: 1_000 })).map((r) => (r.value as { id: string }).id);
    const drive = async () => {
      await scheduler.advance(0);
      await manager.idle();
    };

    const restarting = await eventually(async () => {
      await drive();
      const status = await statusOf(manager, 'fragile');
      expect(status?.status.name).toBe('RESTARTING');
      return status;
    });
    expect(restarting?.errors.join()).toMatch(/out of memory/);
    // Batches of 7: the first committed, the second (r7..r13) died with r10 and left nothing behind.
    expect(await outputIds()).toEqual(Array.from({ length: 7 }, (_, i) => `r${i}`));

    await scheduler.advance(60_000);
    await eventually(async () => {
      await drive();
      expect(await outputIds()).toHaveLength(20);
    });
    await drive();
    expect(await outputIds()).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect((await manager.nodeCounts('fragile'))['sink']).toEqual({ recordsIn: 20, recordsOut: 20, errors: 0 });
    expect((await statusOf(manager, 'fragile'))?.status.name).toBe('RUNNING');
  });

  it('runs test runs in a worker of their own and answers a clear error when it dies', async () => {
    const manager = await createManager({ workerMaxOldGenerationSizeMb: 32 });
    const scenario = itemsScenario('tested', MEMORY_HOG);
    const small = await manager.processCommand({ type: 'testScenario', scenarioName: 'tested', scenario, testData: { records: [{ sourceId: 'request', record: items(5) }] } });
    expect(small).toMatchObject({ ok: true, value: { counts: { response: { all: 1, errors: 0 } } } });
    const huge = await manager.processCommand({ type: 'testScenario', scenarioName: 'tested', scenario, testData: { records: [{ sourceId: 'request', record: items(HOG_ITEMS) }] } });
    expect(huge).toMatchObject({ ok: false, errors: [{ code: 'WorkerOutOfMemory', message: expect.stringMatching(/^The test run failed: .*out of memory/) }] });
  });
});
