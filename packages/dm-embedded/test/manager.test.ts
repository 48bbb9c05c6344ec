import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createManualScheduler, defaultEmbeddedModels, listTopics, publishToTopic, readTopicTail, toProcessCounts } from '../src/index';
import {
  DATABASES,
  useTestManagers,
  deploymentData,
  dependencies,
  eventually,
  kafkaSink,
  kafkaSource,
  param,
  processVersion,
  requestResponseScenario,
  spel,
  streamingScenario,
  topicToTopic,
} from './support';
import { eq, sql } from 'drizzle-orm';
import { deployments } from '../src/storage/schema';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

describe.each(DATABASES)('embedded manager on %s', (kind) => {
  const setup = useTestManagers(kind);
  const { createManager } = setup;

  it('serves a request-response scenario over HTTP with its computed response and OpenAPI document', async () => {
    const manager = await createManager();
    const scenario = requestResponseScenario('fee calculator', { slug: 'fees' });
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('fee calculator'), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    expect(deployed.ok).toBe(true);
    const statuses = await manager.getScenarioStatuses('fee calculator');
    expect(statuses.map((s) => s.status.name)).toEqual(['RUNNING']);

    const url = manager.scenarioUrl('fee calculator');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/scenario\/fees$/);
    const response = await fetch(url as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 7, currency: 'EUR' }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fee: 22, label: 'EUR:22' });

    const notJson = await fetch(url as string, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    const wrongType = await fetch(url as string, { method: 'POST', body: JSON.stringify({ amount: 'seven' }) });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toEqual({ message: 'The request does not match the input schema', violations: [{ path: '/amount', message: '/amount must be integer' }] });
    // An inputSchema that cannot be compiled fails the deployment instead of being checked per request.
    const badSchema = requestResponseScenario('bad schema', { slug: 'bad', inputSchema: JSON.stringify({ properties: { amount: { type: 'integer' }, currency: { $ref: 'https://example.com/a.json' } } }) });
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('bad schema'), deploymentData: deploymentData(), scenario: badSchema, updateStrategy: replace });
    const [badStatus] = await manager.getScenarioStatuses('bad schema');
    expect([badStatus?.status.name, badStatus?.errors.join()]).toEqual(['PROBLEM', expect.stringContaining("can't resolve reference https://example.com/a.json")]);
    const unknown = await fetch(`${manager.requestResponseUrl()}/scenario/nothing-here`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    // Hostile requests are bad input, never a 500: a broken percent-encoding, JSON nested 20,000 deep, too much.
    const badEncoding = await fetch(`${manager.requestResponseUrl()}/scenario/%E0%A4%A`, { method: 'POST', body: '{}' });
    expect([badEncoding.status, await badEncoding.json()]).toEqual([400, { message: expect.stringContaining('percent-encoding') }]);
    const deep = await fetch(url as string, { method: 'POST', body: '['.repeat(20_000) + ']'.repeat(20_000) });
    expect([deep.status, await deep.json()]).toEqual([400, { message: expect.stringContaining('deeper than 1000') }]);
    const deepObject = await fetch(url as string, { method: 'POST', body: '{"amount":'.repeat(20_000) + '1' + '}'.repeat(20_000) });
    expect(deepObject.status).toBe(400);
    const huge = await fetch(url as string, { method: 'POST', body: 'x'.repeat(11 * 1024 * 1024) });
    expect([huge.status, await huge.json()]).toEqual([413, { message: expect.stringContaining('limit') }]);

    const definition = await fetch(`${url}/definition`);
    const document = (await definition.json()) as { openapi: string; paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/scenario/fees']?.post.requestBody.content['application/json']?.schema).toEqual({
      type: 'object',
      properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
    });

    const counts = await manager.nodeCounts('fee calculator');
    expect(counts).toEqual({
      // The bodies that were not JSON or broke the schema never reached the scenario.
      request: { recordsIn: 1, recordsOut: 1, errors: 0 },
      fee: { recordsIn: 1, recordsOut: 1, errors: 0 },
      response: { recordsIn: 1, recordsOut: 1, errors: 0 },
    });

    expect((await manager.processCommand({ type: 'cancelScenario', scenarioName: 'fee calculator', user: { id: 'a', username: 'a' } })).ok).toBe(true);
    expect((await fetch(url as string, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('reports for all scenarios at once what it reports for each: running, failed to start, and canceled', async () => {
    const manager = await createManager();
    const run = (name: string, scenario = requestResponseScenario(name, { slug: name })) =>
      manager.processCommand({ type: 'runDeployment', processVersion: processVersion(name), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    expect((await run('running')).ok).toBe(true);
    await run('broken', requestResponseScenario('broken', { slug: 'broken', inputSchema: JSON.stringify({ properties: { amount: { type: 'integer' }, currency: { $ref: 'https://example.com/a.json' } } }) }));
    expect((await run('canceled')).ok).toBe(true);
    expect((await manager.processCommand({ type: 'cancelScenario', scenarioName: 'canceled', user: { id: 'a', username: 'a' } })).ok).toBe(true);
    const all = await manager.stateQueryForAllScenarios!.getAllScenariosStatuses();
    for (const name of ['running', 'broken', 'canceled']) expect(all.get(name), name).toEqual(await manager.getScenarioStatuses(name));
    expect([...all.keys()].sort()).toEqual(['broken', 'canceled', 'running']);
    expect(['running', 'broken', 'canceled'].map((name) => all.get(name)?.map((status) => status.status.name))).toEqual([['RUNNING'], ['PROBLEM'], ['CANCELED']]);
  });

  it('serves through handleRequest without a port of its own, at the URL of the server that mounts it', async () => {
    const manager = await createManager({ port: null });
    expect(manager.requestResponseUrl()).toBeUndefined();
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('fee calculator'), deploymentData: deploymentData(), scenario: requestResponseScenario('fee calculator', { slug: 'fees' }), updateStrategy: replace });
    // Not mounted and no port: the scenario runs but answers nowhere yet.
    expect(manager.scenarioUrl('fee calculator')).toBeUndefined();
    manager.mountAt('http://designer.example:8080/');
    expect(manager.scenarioUrl('fee calculator')).toBe('http://designer.example:8080/scenario/fees');
    expect(manager.scenarioAt('/scenario/fees')).toBe('fee calculator');
    expect(manager.scenarioAt('/scenario/fees/definition')).toBe('fee calculator');
    expect(manager.scenarioAt('/scenario/other')).toBeUndefined();

    const post = (path: string, body: string) => manager.handleRequest(new Request(`http://designer.example:8080${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    const answer = await post('/scenario/fees', JSON.stringify({ amount: 7, currency: 'EUR' }));
    expect([answer.status, await answer.json()]).toEqual([200, { fee: 22, label: 'EUR:22' }]);
    const deep = await post('/scenario/fees', '['.repeat(20_000) + ']'.repeat(20_000));
    expect([deep.status, await deep.json()]).toEqual([400, { message: expect.stringContaining('deeper than 1000') }]);
    const huge = await post('/scenario/fees', 'x'.repeat(11 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await post('/scenario/nothing-here', '{}')).status).toBe(404);
    const definition = (await (await manager.handleRequest(new Request('http://designer.example:8080/scenario/fees/definition'))).json()) as { servers: unknown };
    expect(definition.servers).toEqual([{ url: 'http://designer.example:8080' }]);
  });

  it("takes each chunk of a body from the host's budget on the node path, and answers 503 when one does not fit", async () => {
    const manager = await createManager({ port: null });
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('fee calculator'), deploymentData: deploymentData(), scenario: requestResponseScenario('fee calculator', { slug: 'fees' }), updateStrategy: replace });
    // The host's budget: 64 kB held at once; every request's chunks counted, none given back within this test.
    let held = 0;
    const budget = { take: (bytes: number) => (held + bytes > 64 * 1024 ? false : ((held += bytes), true)), message: 'Too many bodies held (hostBudget)' };
    const host = createServer((request, response) => void manager.handleNodeRequest(request, response, { bodyLimit: { maxBytes: 1024 * 1024, message: 'over 1 MB', budget } }));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', () => resolve()));
    try {
      const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      const body = JSON.stringify({ amount: 7, currency: 'EUR' });
      const small = await fetch(`${base}/scenario/fees`, { method: 'POST', body });
      expect([small.status, await small.json()]).toEqual([200, { fee: 22, label: 'EUR:22' }]);
      expect(held).toBe(Buffer.byteLength(body));
      const large = await fetch(`${base}/scenario/fees`, { method: 'POST', body: JSON.stringify({ amount: 7, currency: 'E'.repeat(200 * 1024) }) });
      expect([large.status, large.headers.get('retry-after'), await large.json()]).toEqual([503, '1', { message: 'Too many bodies held (hostBudget)' }]);
      // The host's own limit still answers first for a body over it.
      expect((await fetch(`${base}/scenario/fees`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413);
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });

  it('answers 500 with the failing node when the scenario fails for a request, and refuses a taken slug', async () => {
    const manager = await createManager();
    const scenario = requestResponseScenario('divider', { slug: 'calc' });
    scenario.nodes[1] = { type: 'Variable', id: 'fee', varName: 'fee', value: spel('10 / #input.amount') };
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('divider'), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    const response = await fetch(manager.scenarioUrl('divider') as string, { method: 'POST', body: JSON.stringify({ amount: 0, currency: 'PLN' }) });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual([{ message: expect.any(String), nodeId: 'fee' }]);
    expect((await manager.nodeCounts('divider'))['fee']).toEqual({ recordsIn: 1, recordsOut: 0, errors: 1 });

    const other = requestResponseScenario('other', { slug: 'calc' });
    const refused = await manager.processCommand({ type: 'validate', processVersion: processVersion('other'), deploymentData: deploymentData('d2'), scenario: other });
    expect(refused).toMatchObject({ ok: false, errors: [{ code: 'SlugAlreadyUsed' }] });
  });

  it('runs a streaming scenario from a topic to a topic with per-node counts', async () => {
    const manager = await createManager();
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    expect(deployed.ok).toBe(true);
    const published = await publishToTopic(setup.database.db, 'transactions', [
      { value: { id: 'a', amount: 5 } },
      { value: { id: 'b', amount: 20 } },
      { value: { id: 'c', amount: 11 }, key: 'c-key', timestamp: 1_700_000_000_000 },
    ]);
    expect(published).toEqual({ ok: true, value: { offsets: [0, 1, 2] } });
    const tail = await eventually(async () => {
      const records = await readTopicTail(setup.database.db, 'alerts');
      expect(records).toHaveLength(2);
      return records;
    });
    expect(tail.map((r) => [r.offset, r.value])).toEqual([
      [0, { id: 'b', doubled: 40 }],
      [1, { id: 'c', doubled: 22 }],
    ]);
    expect(await manager.nodeCounts('doubler')).toEqual({
      source: { recordsIn: 3, recordsOut: 3, errors: 0 },
      big: { recordsIn: 3, recordsOut: 3, errors: 0 },
      small: { recordsIn: 1, recordsOut: 0, errors: 0 },
      doubled: { recordsIn: 2, recordsOut: 2, errors: 0 },
      sink: { recordsIn: 2, recordsOut: 2, errors: 0 },
    });
    expect(toProcessCounts(await manager.nodeCounts('doubler'))['small']).toEqual({ all: 1, errors: 0, fragmentCounts: {} });
    // A time range sums the deployments that ran within it: none ran in 1970, this one runs up to now.
    expect(await manager.nodeCounts('doubler', { from: 0, to: 1000 })).toEqual({});
    expect((await manager.nodeCounts('doubler', { from: 0 }))['sink']).toEqual({ recordsIn: 2, recordsOut: 2, errors: 0 });
    expect([...(await manager.allNodeCounts()).keys()]).toEqual(['doubler']);
    expect(await listTopics(setup.database.db)).toEqual([
      { name: 'alerts', recordCount: 2 },
      { name: 'transactions', recordCount: 3 },
    ]);
  });

  it('reads two topics into a union, each source from its own offset', async () => {
    const manager = await createManager();
    const scenario = streamingScenario(
      'merger',
      [kafkaSource('payments', 'transactions'), { type: 'BranchEndData', definition: { id: 'payments', joinId: 'merge' } }],
      [
        [kafkaSource('refunds', 'refunds'), { type: 'BranchEndData', definition: { id: 'refunds', joinId: 'merge' } }],
        [
          {
            type: 'Join',
            id: 'merge',
            nodeType: 'union',
            outputVar: 'merged',
            parameters: [],
            branchParameters: [
              { branchId: 'payments', parameters: [param('Output expression', "'payment ' + #input.id")] },
              { branchId: 'refunds', parameters: [param('Output expression', "'refund ' + #input")] },
            ],
          },
          kafkaSink('sink', 'merged', '#merged'),
        ],
      ],
    );
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('merger'), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    expect(deployed.ok).toBe(true);
    await publishToTopic(setup.database.db, 'transactions', [{ value: { id: 'p1', amount: 1 } }, { value: { id: 'p2', amount: 2 } }]);
    await publishToTopic(setup.database.db, 'refunds', [{ value: 'r1' }]);
    const merged = await eventually(async () => {
      const values = (await readTopicTail(setup.database.db, 'merged')).map((r) => r.value as string);
      expect(values).toHaveLength(3);
      return values;
    });
    expect([...merged].sort()).toEqual(['payment p1', 'payment p2', 'refund r1']);
    expect(await manager.nodeCounts('merger')).toEqual({
      payments: { recordsIn: 2, recordsOut: 2, errors: 0 },
      refunds: { recordsIn: 1, recordsOut: 1, errors: 0 },
      merge: { recordsIn: 3, recordsOut: 3, errors: 0 },
      sink: { recordsIn: 3, recordsOut: 3, errors: 0 },
    });
  });

  it('comes back after a restart over the same database without losing or repeating a record', async () => {
    const first = await createManager();
    await first.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ value: { id: `r${from + i}`, amount: 100 + from + i } }));
    await publishToTopic(setup.database.db, 'transactions', batch(0, 150));
    // Stop while the stream is part-way through (batches of 7).
    await eventually(async () => expect((await readTopicTail(setup.database.db, 'alerts', { limit: 1 }))[0]?.offset ?? -1).toBeGreaterThanOrEqual(10));
    await first.close();
    setup.release(first);
    const processedBeforeRestart = (await listTopics(setup.database.db)).find((t) => t.name === 'alerts')?.recordCount ?? 0;
    expect(processedBeforeRestart).toBeLessThan(150);
    await publishToTopic(setup.database.db, 'transactions', batch(150, 50));

    const second = await createManager();
    expect((await second.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['RUNNING']);
    const outputs = await eventually(async () => {
      const records = await readTopicTail(setup.database.db, 'alerts', { limit: 1_000 });
      expect(records.length).toBeGreaterThanOrEqual(200);
      return records;
    });
    await second.idle();
    const ids = (await readTopicTail(setup.database.db, 'alerts', { limit: 1_000 })).map((r) => (r.value as { id: string }).id);
    expect(outputs.length).toBe(200);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => `r${i}`));
    // Counters are committed with the records, so they agree with the output across the restart.
    expect((await second.nodeCounts('doubler'))['sink']).toEqual({ recordsIn: 200, recordsOut: 200, errors: 0 });
  });

  it('shares deployments between managers over one database: endpoints everywhere, each stream in one of them', async () => {
    const settings = { syncIntervalMs: 30, runnerLeaseMs: 2_000 };
    const a = await createManager(settings);
    const logged: string[] = [];
    const record = (message: string) => void logged.push(message);
    const b = await createManager(settings, { ...dependencies(), logger: { debug: record, info: record, warn: record, error: record } });
    await a.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    await a.processCommand({ type: 'runDeployment', processVersion: processVersion('fees'), deploymentData: deploymentData('d2'), scenario: requestResponseScenario('fees'), updateStrategy: replace });
    const answer = await eventually(async () => {
      const url = b.scenarioUrl('fees');
      expect(url).toBeDefined();
      return fetch(url as string, { method: 'POST', body: JSON.stringify({ amount: 1, currency: 'EUR' }) }).then((r) => r.json());
    });
    expect(answer).toEqual({ fee: 4, label: 'EUR:4' });
    expect((await b.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['RUNNING']);

    const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ value: { id: `r${from + i}`, amount: 100 + from + i } }));
    await publishToTopic(setup.database.db, 'transactions', batch(0, 60));
    const outputIds = async () => (await readTopicTail(setup.database.db, 'alerts', { limit: 1_000 })).map((r) => (r.value as { id: string }).id);
    await eventually(async () => expect((await outputIds()).length).toBe(60));
    // Only the first manager runs the stream: the second never even competed for a batch.
    expect(logged).not.toContain('Batch committed elsewhere; skipped');
    expect((await b.nodeCounts('doubler'))['sink']).toEqual({ recordsIn: 60, recordsOut: 60, errors: 0 });

    await a.close();
    setup.release(a);
    await publishToTopic(setup.database.db, 'transactions', batch(60, 40));
    await eventually(async () => expect((await outputIds()).length).toBeGreaterThanOrEqual(100));
    await b.idle();
    expect(await outputIds()).toEqual(Array.from({ length: 100 }, (_, i) => `r${i}`));

    expect((await b.processCommand({ type: 'cancelScenario', scenarioName: 'fees', user: { id: 'a', username: 'a' } })).ok).toBe(true);
    expect(b.scenarioUrl('fees')).toBeUndefined();
  });

  it('refuses a command that arrives while it closes, so nothing starts after close stopped what ran', async () => {
    const manager = await createManager();
    const deploy = () =>
      manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    expect((await deploy()).ok).toBe(true);
    const closing = manager.close();
    setup.release(manager);
    const during = await deploy().then(
      () => undefined,
      (error: unknown) => error,
    );
    await closing;
    expect(during).toMatchObject({ code: 'DeploymentManagerClosed' });
    await expect(deploy()).rejects.toMatchObject({ code: 'DeploymentManagerClosed' });
  });

  it('takes over a stream from a manager that stopped answering once its lease runs out', async () => {
    const settings = { syncIntervalMs: 30, runnerLeaseMs: 60_000 };
    const manager = await createManager(settings);
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    await manager.close();
    setup.release(manager);
    // A manager that vanished without closing still holds the lease.
    const lease = (until: number) => setup.database.db.update(deployments).set({ runner: 'vanished-manager', runnerLeaseUntil: until }).where(eq(deployments.scenarioName, 'doubler'));
    await lease(Date.now() + 60_000);
    const successor = await createManager(settings);
    await publishToTopic(setup.database.db, 'transactions', [{ value: { id: 'a', amount: 50 } }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readTopicTail(setup.database.db, 'alerts')).toEqual([]);
    expect((await successor.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['RUNNING']);
    await lease(Date.now() - 1);
    await eventually(async () => expect((await readTopicTail(setup.database.db, 'alerts')).map((r) => r.value)).toEqual([{ id: 'a', doubled: 100 }]));
  });

  it('restarts a streaming job after a database error, and fails the deployment when errors go on', async () => {
    const manager = await createManager({ restartBackoffMs: 50, maxRestarts: 2 });
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    const moveCounts = (from: string, to: string) => setup.database.db.execute(sql.raw(`alter table scenaria_dm_embedded.${from} rename to ${to}`));
    await moveCounts('node_counts', 'node_counts_away');
    await publishToTopic(setup.database.db, 'transactions', [{ value: { id: 'a', amount: 50 } }]);
    const [restarting] = await eventually(async () => {
      const statuses = await manager.getScenarioStatuses('doubler');
      expect(statuses[0]?.status.name).toBe('RESTARTING');
      return statuses;
    });
    expect(restarting?.errors.join()).toMatch(/node_counts/);
    await moveCounts('node_counts_away', 'node_counts');
    await eventually(async () => expect((await readTopicTail(setup.database.db, 'alerts')).map((r) => r.value)).toEqual([{ id: 'a', doubled: 100 }]));
    expect((await manager.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['RUNNING']);

    await moveCounts('node_counts', 'node_counts_away');
    await publishToTopic(setup.database.db, 'transactions', [{ value: { id: 'b', amount: 60 } }]);
    const failed = await eventually(async () => {
      const [status] = await manager.getScenarioStatuses('doubler');
      expect(status?.status.name).toBe('PROBLEM');
      return status;
    });
    expect(failed?.errors.join()).toMatch(/node_counts/);
    await moveCounts('node_counts_away', 'node_counts');
  });

  it('takes savepoints of the committed offsets and deploys from them', async () => {
    const manager = await createManager();
    const user = { id: 'a', username: 'a' };
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ value: { id: `r${from + i}`, amount: 100 + from + i } }));
    const outputIds = async () => (await readTopicTail(setup.database.db, 'alerts', { limit: 1_000 })).map((r) => (r.value as { id: string }).id);
    await publishToTopic(setup.database.db, 'transactions', batch(0, 10));
    await eventually(async () => expect(await outputIds()).toHaveLength(10));
    const saved = await manager.processCommand({ type: 'makeScenarioSavepoint', scenarioName: 'doubler', savepointDir: null });
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    expect(saved.value.savepointPath).toMatch(/^scenaria-embedded:savepoint\//);

    await publishToTopic(setup.database.db, 'transactions', batch(10, 5));
    await eventually(async () => expect(await outputIds()).toHaveLength(15));
    const stopped = await manager.processCommand({ type: 'stopScenario', scenarioName: 'doubler', savepointDir: null, user });
    expect(stopped.ok).toBe(true);
    expect((await manager.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['CANCELED']);

    const fromUnknown = await manager.processCommand({
      type: 'runDeployment',
      processVersion: processVersion('doubler', 2),
      deploymentData: deploymentData('d2'),
      scenario: topicToTopic('doubler'),
      updateStrategy: { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromCustomSavepoint', savepointPath: 'scenaria-embedded:savepoint/nope' } },
    });
    expect(fromUnknown).toMatchObject({ ok: false, errors: [{ code: 'SavepointNotFound' }] });

    // Deploying from the first savepoint reads the five records after it again.
    const restored = await manager.processCommand({
      type: 'runDeployment',
      processVersion: processVersion('doubler', 3),
      deploymentData: deploymentData('d3'),
      scenario: topicToTopic('doubler'),
      updateStrategy: { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromCustomSavepoint', savepointPath: saved.value.savepointPath } },
    });
    expect(restored.ok).toBe(true);
    await eventually(async () => expect(await outputIds()).toHaveLength(20));
    await manager.idle();
    expect((await outputIds()).slice(15)).toEqual(['r10', 'r11', 'r12', 'r13', 'r14']);
  });

  it('runs an event generator on the injected scheduler', async () => {
    const scheduler = createManualScheduler(1_700_000_000_000);
    const manager = await createManager({ scheduler, pollIntervalMs: 60_000 });
    const scenario = streamingScenario('ticker', [
      { type: 'Source', id: 'ticks', ref: { typ: 'event-generator', parameters: [param('schedule', 'T(java.time.Duration).ofSeconds(10)'), param('count', '2'), param('value', "{kind: 'tick'}")] } },
      kafkaSink('out', 'ticks', "{kind: #input.kind, at: #meta.processName}"),
    ]);
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('ticker'), deploymentData: deploymentData(), scenario, updateStrategy: replace });
    expect(deployed).toMatchObject({ ok: true });
    await scheduler.advance(9_999);
    await manager.idle();
    expect(await readTopicTail(setup.database.db, 'ticks')).toEqual([]);
    await scheduler.advance(20_000);
    await manager.idle();
    const records = await readTopicTail(setup.database.db, 'ticks');
    expect(records.map((r) => r.value)).toEqual(Array.from({ length: 4 }, () => ({ kind: 'tick', at: 'ticker' })));
    expect(records.map((r) => r.timestamp)).toEqual([1_700_000_010_000, 1_700_000_010_000, 1_700_000_020_000, 1_700_000_020_000]);
  });

  it('reports a resumed deployment that no longer compiles as a problem with its errors', async () => {
    const first = await createManager();
    await first.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler', 3), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    await first.close();
    setup.release(first);
    // The topic's record type is no longer declared: `#input.amount` does not compile against Unknown.
    const second = await createManager({ models: defaultEmbeddedModels() });
    const [status] = await second.getScenarioStatuses('doubler');
    expect(status?.status).toEqual({ name: 'PROBLEM', description: 'There are some problems with scenario.' });
    expect(status?.errors.join('\n')).toMatch(/^big: /);
    expect(status?.version?.versionId).toBe(3);
    expect((await second.processCommand({ type: 'cancelScenario', scenarioName: 'doubler', user: { id: 'a', username: 'a' } })).ok).toBe(true);
    expect((await second.getScenarioStatuses('doubler')).map((s) => s.status.name)).toEqual(['CANCELED']);
  });

  it('refuses what it cannot do as values', async () => {
    const manager = await createManager();
    expect(await publishToTopic(setup.database.db, 'bad topic!', [{ value: 1 }])).toMatchObject({ ok: false, errors: [{ code: 'InvalidTopicName' }] });
    const user = { id: 'a', username: 'a' };
    expect(await manager.processCommand({ type: 'cancelScenario', scenarioName: 'never', user })).toMatchObject({ ok: false, errors: [{ code: 'NotDeployed' }] });
    expect(await manager.processCommand({ type: 'stopScenario', scenarioName: 'never', savepointDir: null, user })).toMatchObject({ ok: false, errors: [{ code: 'NotDeployed' }] });
    const fragment = { ...topicToTopic('frag'), metaData: { id: 'frag', additionalFields: { metaDataType: 'FragmentSpecificData', properties: {} } } };
    expect(await manager.processCommand({ type: 'validate', processVersion: processVersion('frag'), deploymentData: deploymentData(), scenario: fragment })).toMatchObject({
      ok: false,
      errors: [{ code: 'UnsupportedScenarioType' }],
    });
    await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
    const again = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler', 2), deploymentData: deploymentData('d2'), scenario: topicToTopic('doubler'), updateStrategy: { type: 'dontReplaceDeployment' } });
    expect(again).toMatchObject({ ok: false, errors: [{ code: 'DeploymentAlreadyRunning' }] });
  });

  it('tests a scenario over test data', async () => {
    const manager = await createManager();
    const outcome = await manager.processCommand({
      type: 'testScenario',
      scenarioName: 'doubler',
      scenario: topicToTopic('doubler'),
      testData: { records: [{ sourceId: 'source', record: { id: 'x', amount: 50 } }] },
    });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.value.counts['sink']).toMatchObject({ all: 1, errors: 0 });
  });
});
