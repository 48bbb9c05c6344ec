import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { parseConfig } from '../../src/config/load-config';
import type { ActionEvent } from '../../src/services/deployments';
import type { ApiDeploymentManager } from '../../src/services/deployment-managers';
import type { DeploymentManagerCommand } from '@scenaria/deployment-sdk';
import { topicGraph } from '../graphs';
import { startTestServer, testConfigInput } from '../harness';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

const spel = (expression: string) => ({ language: 'spel', expression });
const corpus = join(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/corpus/scenarios');
// The shared corpus sits beside the repository; a clone elsewhere skips the test that imports from it, as the
// graph and validation corpus tests do.
const corpusPresent = existsSync(corpus);
if (!corpusPresent) console.warn(`corpus import test skipped: ${corpus} does not exist`);

const INPUT_SCHEMA = JSON.stringify({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });

function greetingGraph(slug: string): ScenarioGraph {
  return {
    properties: { additionalFields: { description: null, properties: { slug, inputSchema: INPUT_SCHEMA }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
    nodes: [
      { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
      { type: 'Filter', id: 'has name', expression: spel("#input.name != ''") },
      { type: 'Variable', id: 'greeting', varName: 'greeting', value: spel("'Hello, ' + #input.name + '!'") },
      { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel('{greeting: #greeting}') }] } },
    ],
    edges: [
      { from: 'request', to: 'has name', edgeType: null },
      { from: 'has name', to: 'greeting', edgeType: { type: 'FilterTrue' } },
      { from: 'greeting', to: 'response', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}


async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stateName(server: TestServer, name: string): Promise<string | undefined> {
  const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
  return state.ok ? state.data.status.name : undefined;
}

function testForm(server: TestServer, name: string, graph: ScenarioGraph, testData: string, user: 'writer' | 'reader' | 'anonymous' = 'writer') {
  const form = new FormData();
  form.set('testData', new Blob([testData]), 'records.txt');
  form.set('scenarioGraph', JSON.stringify(graph));
  return server.fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${encodeURIComponent(name)}`, { method: 'POST', body: form, ...(user === 'anonymous' ? {} : { user }) });
}

/** Testing, deploying, cancelling and running scenarios through the embedded manager, as a user would. */
export function deploymentSuite(server: () => TestServer): void {
  test('request-response: test from a file, deploy, call the endpoint, RUNNING, cancel, CANCELED', async () => {
    const s = server();
    const name = 'greeter';
    const graph = greetingGraph(`greeter-${s.kind}`);
    expect((await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph, comment: 'first' } });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);

    // Test from a file: per-node results and counts.
    const tested = await testForm(s, name, graph, '{"name": "Ann"}\n{"name": ""}');
    const results = (await tested.json()) as api.ResultsWithCountsResponse;
    expect(tested.status, JSON.stringify(results)).toBe(200);
    expect(results.counts.request?.all).toBe(2);
    expect(results.counts['has name']?.all).toBe(2);
    expect(results.counts.greeting?.all).toBe(1);
    expect(results.results.nodeResults.greeting).toHaveLength(1);
    expect(JSON.stringify(results.results.invocationResults)).toContain('Hello, Ann!');
    expect((await testForm(s, name, graph, '{"name": "Ann"}', 'reader')).status).toBe(403);
    expect((await testForm(s, name, graph, '{"name": "Ann"}', 'anonymous')).status).toBe(401);
    const badForm = new FormData();
    badForm.set('testData', 'x');
    badForm.set('scenarioGraph', '{not json');
    expect((await s.fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${name}`, { method: 'POST', body: badForm, user: 'writer' })).status).toBe(400);

    // Capabilities and the ad-hoc form of the request source.
    const capabilities = await s.call('reader', api.getTestingCapabilities, { params: { scenarioName: name }, json: graph });
    expect(capabilities.ok && capabilities.data).toEqual({ canBeTested: true, canGenerateTestData: false, canTestWithForm: true });
    await expectGuarded(s, api.getTestingCapabilities, { params: { scenarioName: name }, json: graph }, 'outsider');
    expectError(await s.call('reader', api.getTestingCapabilities, { params: { scenarioName: 'missing' }, json: graph }), 404);

    // Deploy, the endpoint answers, the status is RUNNING.
    expectError(await s.call('reader', api.deployScenario, { params: { scenarioName: name } }), 403);
    await expectGuarded(s, api.deployScenario, { params: { scenarioName: name } });
    expectError(await s.call('writer', api.deployScenario, { params: { scenarioName: 'missing' } }), 404);
    const deployed = await s.call('writer', api.deployScenario, { params: { scenarioName: name }, body: 'deploying the greeter', headers: { 'content-type': 'text/plain' } });
    expect(deployed.status, JSON.stringify(deployed)).toBe(200);
    expect(await stateName(s, name)).toBe('RUNNING');
    const states = await s.call('reader', api.listScenarioStates, {});
    expect(states.ok && states.data[name]?.status.name).toBe('RUNNING');
    const manager = await s.built.managers.managerFor('request-response');
    const url = manager?.scenarioUrl?.(name);
    expect(url).toBeDefined();
    const answer = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bob' }) });
    expect(await answer.json()).toEqual({ greeting: 'Hello, Bob!' });
    // The designer reads the URL from the API: the server's own base URL and the scenario's slug.
    const endpoint = await s.call('reader', api.getScenarioEndpoint, { params: { scenarioName: name } });
    expect(endpoint.ok && endpoint.data).toEqual({ url: `${s.baseUrl}/scenario/greeter-${s.kind}` });
    expectError(await s.call('reader', api.getScenarioEndpoint, { params: { scenarioName: 'missing' } }), 404);
    expectError(await s.call('outsider', api.getScenarioEndpoint, { params: { scenarioName: name } }), 403);
    await expectGuarded(s, api.getScenarioEndpoint, { params: { scenarioName: name } });

    // The deployment is known by its id; the activity log has it with its comment.
    const details = await s.call('reader', api.getScenario, { params: { scenarioName: name } });
    const deploymentId = details.ok ? details.data.lastStateAction?.id : undefined;
    expect(details.ok && details.data.lastStateAction?.comment).toBe('deploying the greeter');
    const status = await s.call('reader', api.getDeploymentStatus, { params: { deploymentId: deploymentId! } });
    expect(status.ok && status.data.name).toBe('RUNNING');
    expectError(await s.call('reader', api.getDeploymentStatus, { params: { deploymentId: 'not-a-uuid' } }), 400);
    expectError(await s.call('outsider', api.getDeploymentStatus, { params: { deploymentId: deploymentId! } }), 403);
    await expectGuarded(s, api.getDeploymentStatus, { params: { deploymentId: deploymentId! } });
    const activities = await s.call('reader', api.listActivities, { params: { scenarioName: name } });
    expect(activities.ok && activities.data.activities.map((activity) => activity.type)).toContain('SCENARIO_DEPLOYED');

    // Every deployed scenario runs.
    for (const route of [api.deploymentHealthCheck, api.deploymentHealthCheckSeedPath]) {
      const health = await s.call('reader', route, {});
      expect(health.ok && health.data).toEqual({ status: 'OK' });
      await expectGuarded(s, route, {});
    }

    // Cancel: CANCELED, the endpoint is gone; archived scenarios and fragments are refused.
    expectError(await s.call('reader', api.cancelScenario, { params: { scenarioName: name } }), 403);
    await expectGuarded(s, api.cancelScenario, { params: { scenarioName: name } });
    expectError(await s.call('writer', api.cancelScenario, { params: { scenarioName: 'missing' } }), 404);
    const canceled = await s.call('writer', api.cancelScenario, { params: { scenarioName: name }, json: { comment: 'enough' } });
    expect(canceled.status, JSON.stringify(canceled)).toBe(200);
    expect(await stateName(s, name)).toBe('CANCELED');
    expectError(await s.call('writer', api.cancelScenario, { params: { scenarioName: name } }), 409, /CANCEL cannot be performed/);
    expect((await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bob"}' })).status).toBe(404);
    const gone = await s.call('reader', api.getScenarioEndpoint, { params: { scenarioName: name } });
    expect(gone.ok && gone.data).toEqual({ url: null });
    expect((await s.call('writer', api.createScenario, { json: { name: 'frag-not-deployable', isFragment: true, category: 'Default' } })).status).toBe(201);
    expectError(await s.call('writer', api.deployScenario, { params: { scenarioName: 'frag-not-deployable' } }), 409, /fragment/);
    expect((await s.call('writer', api.archiveScenario, { params: { scenarioName: name } })).status).toBe(200);
    expectError(await s.call('writer', api.deployScenario, { params: { scenarioName: name } }), 409, /archived/);
    expect(await stateName(s, name)).toBe('CANCELED');
  });

  test('a scenario that does not validate is not deployed', async () => {
    const s = server();
    const graph = greetingGraph(`broken-${s.kind}`);
    const broken = { ...graph, nodes: graph.nodes.map((node) => (node.id === 'greeting' ? { ...node, value: spel('#nope +') } : node)) } as ScenarioGraph;
    await s.call('writer', api.createScenario, { json: { name: 'broken-greeter', isFragment: false, category: 'RequestResponse' } });
    expect((await s.call('writer', api.updateScenario, { params: { scenarioName: 'broken-greeter' }, json: { scenarioGraph: broken } })).ok).toBe(true);
    expectError(await s.call('writer', api.deployScenario, { params: { scenarioName: 'broken-greeter' } }), 409, /^Cannot deploy invalid scenario: greeting \(\$expression\): /);
    expect(await stateName(s, 'broken-greeter')).toBe('NOT_DEPLOYED');
  });

  test('streaming: deploy a topic scenario, publish records, read the output topic and the node counts; it runs again after a restart', async () => {
    const s = server();
    const name = 'large-transactions';
    const [input, output] = [`transactions-${s.kind}`, `alerts-${s.kind}`];
    const graph = topicGraph(input, output);
    await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });
    const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
    expect(saved.ok && saved.data.errors, JSON.stringify(saved)).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
    expect((await s.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
    expect(await stateName(s, name)).toBe('RUNNING');

    const published = await s.call('admin', api.publishTopicRecords, {
      params: { topic: input },
      json: { records: [{ value: { id: 'a', amount: 120 } }, { value: { id: 'b', amount: 5 } }, { value: { id: 'c', amount: 50 } }] },
    });
    expect(published.ok && published.data.offsets).toHaveLength(3);
    expectError(await s.call('writer', api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: 1 }] } }), 403);
    expectError(await s.call('admin', api.publishTopicRecords, { params: { topic: 'bad topic!' }, json: { records: [{ value: 1 }] } }), 400);
    await expectGuarded(s, api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: 1 }] } });

    const alerts = await eventually(async () => {
      const tail = await s.call('admin', api.readTopicRecords, { params: { topic: output }, query: { limit: 10 } });
      return tail.ok && tail.data.records.length === 2 ? tail.data.records : undefined;
    }, 'two alerts');
    expect(alerts.map((record) => record.value)).toEqual([{ id: 'a', amount: 120 }, { id: 'c', amount: 50 }]);
    expectError(await s.call('writer', api.readTopicRecords, { params: { topic: output } }), 403);
    expectError(await s.call('admin', api.readTopicRecords, { params: { topic: output }, query: { limit: 0 } }), 400);
    await expectGuarded(s, api.readTopicRecords, { params: { topic: output } });

    const counts = await eventually(async () => {
      const result = await s.call('reader', api.getProcessCounts, { params: { scenarioName: name } });
      return result.ok && result.data.alerts?.all === 2 ? result.data : undefined;
    }, 'counts of the alerts sink');
    expect(counts.transactions?.all).toBe(3);
    expect(counts.large?.all).toBe(3);
    expectError(await s.call('outsider', api.getProcessCounts, { params: { scenarioName: name } }), 403);
    expectError(await s.call('reader', api.getProcessCounts, { params: { scenarioName: name }, query: { dateFrom: 'yesterday' } }), 400);
    // A time range sums the deployments that ran within it: this one, up to now; none in 2001.
    const inRange = await s.call('reader', api.getProcessCounts, { params: { scenarioName: name }, query: { dateFrom: '2001-01-01T00:00:00Z' } });
    expect(inRange.ok && inRange.data.alerts?.all).toBe(2);
    const before = await s.call('reader', api.getProcessCounts, { params: { scenarioName: name }, query: { dateFrom: '2001-01-01T00:00:00Z', dateTo: '2001-01-02T00:00:00Z' } });
    expect(before.ok && before.data).toEqual({});
    const reversed = await s.call('reader', api.getProcessCounts, { params: { scenarioName: name }, query: { dateFrom: '2001-01-02T00:00:00Z', dateTo: '2001-01-01T00:00:00Z' } });
    expectError(reversed, 400);
    expect(JSON.stringify(reversed)).toContain('dateFrom');
    await expectGuarded(s, api.getProcessCounts, { params: { scenarioName: name } });

    const metrics = await (await s.fetchRaw(undefined, '/metrics', { user: 'admin' })).text();
    expect(metrics).toContain(`scenaria_node_records_in_total{scenario="${name}",node="alerts"} 2`);

    // Restart: the first app's managers close (deployments stay active), a new app over the same database resumes them.
    await s.built.close();
    const restarted = await startTestServer(s.kind, { database: { handle: s.database, cleanup: async () => {} }, config: s.config.current });
    try {
      expect(await restarted.built.managers.managerFor('streaming')).toBeDefined();
      expect(await eventually(async () => ((await stateName(restarted, name)) === 'RUNNING' ? 'RUNNING' : undefined), 'RUNNING after restart')).toBe('RUNNING');
      await restarted.call('admin', api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: { id: 'd', amount: 99 } }] } });
      await eventually(async () => {
        const tail = await restarted.call('admin', api.readTopicRecords, { params: { topic: output } });
        return tail.ok && tail.data.records.length === 3 ? true : undefined;
      }, 'the alert of a record published after the restart');
      expect((await restarted.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
      expect(await stateName(restarted, name)).toBe('CANCELED');
    } finally {
      await restarted.close();
    }
  });

  test('a deployed scenario using a fragment runs again after a restart: the resumed deployment finds its fragment', async () => {
    const s = server();
    const [fragment, name] = [`over-ten-${s.kind}`, `fragment-user-${s.kind}`];
    const [input, output] = [`fragment-in-${s.kind}`, `fragment-out-${s.kind}`];
    const fragmentGraph = {
      properties: { additionalFields: { description: null, properties: { docsUrl: '', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
      nodes: [
        { type: 'FragmentInputDefinition', id: 'in', parameters: [{ name: 'amount', typ: { refClazzName: 'java.lang.Integer' }, required: false }] },
        { type: 'Filter', id: 'over ten', expression: spel('#amount > 10') },
        { type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] },
      ],
      edges: [
        { from: 'in', to: 'over ten', edgeType: null },
        { from: 'over ten', to: 'out', edgeType: { type: 'FilterTrue' } },
      ],
    } as unknown as ScenarioGraph;
    const topic = topicGraph(input, output);
    const graph = {
      ...topic,
      nodes: topic.nodes.map((node) =>
        node.id === 'large'
          ? { type: 'FragmentInput', id: 'large', ref: { id: fragment, parameters: [{ name: 'amount', expression: spel("#input['amount']") }], outputVariableNames: { output: 'out' } }, fragmentParams: null }
          : node,
      ),
      edges: topic.edges.map((edge) => (edge.from === 'large' ? { ...edge, edgeType: { type: 'FragmentOutput', name: 'output' } } : edge)),
    } as unknown as ScenarioGraph;
    for (const [scenario, isFragment, scenarioGraph] of [[fragment, true, fragmentGraph], [name, false, graph]] as const) {
      expect((await s.call('writer', api.createScenario, { json: { name: scenario, isFragment, category: 'Default' } })).status).toBe(201);
      const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: scenario }, json: { scenarioGraph } });
      expect(saved.ok && saved.data.errors, JSON.stringify(saved)).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
    }
    expect((await s.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
    const alertsOf = async (on: TestServer, count: number) =>
      eventually(async () => {
        const tail = await on.call('admin', api.readTopicRecords, { params: { topic: output } });
        return tail.ok && tail.data.records.length === count ? tail.data.records.map((record) => record.value) : undefined;
      }, `${count} alerts through the fragment`);
    await s.call('admin', api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: { id: 'a', amount: 120 } }, { value: { id: 'b', amount: 5 } }] } });
    expect(await alertsOf(s, 1)).toEqual([{ id: 'a', amount: 120 }]);

    // The new app learns of fragments only from the database: no deploy or test run of this process loaded them.
    await s.built.close();
    const restarted = await startTestServer(s.kind, { database: { handle: s.database, cleanup: async () => {} }, config: s.config.current });
    try {
      expect(await eventually(async () => ((await stateName(restarted, name)) === 'RUNNING' ? 'RUNNING' : undefined), 'RUNNING after restart')).toBe('RUNNING');
      await restarted.call('admin', api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: { id: 'c', amount: 7 } }, { value: { id: 'd', amount: 99 } }] } });
      expect(await alertsOf(restarted, 2)).toEqual([{ id: 'a', amount: 120 }, { id: 'd', amount: 99 }]);
      expect((await restarted.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  test.skipIf(!corpusPresent)('an imported scenario of the Nussknacker designer validates and runs in a test', async () => {
    const s = server();
    const name = 'imported-rr';
    await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } });
    const form = new FormData();
    form.set('process', new Blob([readFileSync(join(corpus, 'nussknacker-helm__src__bats-suites__rr-testprocess.json'))]), 'scenario.json');
    const imported = await s.fetchRaw(api.importScenario, `/api/processes/import/${name}`, { method: 'POST', body: form, user: 'writer' });
    const body = (await imported.json()) as api.ImportScenarioResponse;
    expect(imported.status, JSON.stringify(body)).toBe(200);
    expect(body.validationResult?.errors.invalidNodes).toEqual({});
    const graph = body.scenarioGraph;
    expect((await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph, comment: 'imported' } })).ok).toBe(true);
    const tested = await testForm(s, name, graph, '{"productId": 21}');
    const results = (await tested.json()) as api.ResultsWithCountsResponse;
    expect(tested.status, JSON.stringify(results)).toBe(200);
    expect(results.counts.response?.all).toBe(1);
    expect(JSON.stringify(results.results.invocationResults)).toContain('42');
  });

  test('generated test data, the ad-hoc form and its validation', async () => {
    const s = server();
    const name = 'generated';
    const graph = {
      properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
      nodes: [
        { type: 'Source', id: 'numbers', ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('1') }, { name: 'value', expression: spel('{amount: 7, label: "x"}') }] } },
        { type: 'Variable', id: 'doubled', varName: 'doubled', value: spel('#input.amount * 2') },
        { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#doubled') }] } },
      ],
      edges: [
        { from: 'numbers', to: 'doubled', edgeType: null },
        { from: 'doubled', to: 'log', edgeType: null },
      ],
    } as unknown as ScenarioGraph;
    await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });

    const generated = await s.call('reader', api.generateTestData, { params: { scenarioName: name, testSampleSize: 3 }, json: graph });
    expect(generated.status).toBe(200);
    const lines = new TextDecoder().decode((generated.ok ? generated.data : new ArrayBuffer(0)) as ArrayBuffer).split('\n');
    expect(lines).toHaveLength(3);
    expectError(await s.call('reader', api.generateTestData, { params: { scenarioName: name, testSampleSize: 1000 }, json: graph }), 400, /Too many samples/);
    expectError(await s.call('outsider', api.generateTestData, { params: { scenarioName: name, testSampleSize: 1 }, json: graph }), 403);
    await expectGuarded(s, api.generateTestData, { params: { scenarioName: name, testSampleSize: 1 }, json: graph });

    const run = await s.call('writer', api.generateAndTest, { params: { scenarioName: name, samples: 2 }, json: graph });
    expect(run.ok && run.data.counts.log?.all).toBe(2);
    expectError(await s.call('writer', api.generateAndTest, { params: { scenarioName: name, samples: 0 }, json: graph }), 400);
    expectError(await s.call('reader', api.generateAndTest, { params: { scenarioName: name, samples: 1 }, json: graph }), 403);
    await expectGuarded(s, api.generateAndTest, { params: { scenarioName: name, samples: 1 }, json: graph });

    const forms = await s.call('reader', api.getTestParameters, { params: { scenarioName: name }, json: graph });
    expect(forms.ok && forms.data.map((form) => [form.sourceId, form.parameters.map((parameter) => parameter.name)])).toEqual([['numbers', ['amount', 'label']]]);
    // The answer is what the contract declares (UIParameters), which the designer's test form reads unchecked.
    expect(api.TestSourceParametersSchema.safeParse(forms.ok ? forms.data : undefined).error).toBeUndefined();
    expectError(await s.call('outsider', api.getTestParameters, { params: { scenarioName: name }, json: graph }), 403);
    expectError(await s.call('reader', api.getTestParameters, { params: { scenarioName: 'missing' }, json: graph }), 404);
    await expectGuarded(s, api.getTestParameters, { params: { scenarioName: name }, json: graph });

    const sourceParameters = { sourceId: 'numbers', parameterExpressions: { amount: spel('20 + 1'), label: spel("'y'") } };
    const valid = await s.call('reader', api.validateAdhocTest, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } });
    expect(valid.ok && valid.data).toEqual({ validationErrors: [], validationPerformed: true });
    const invalid = await s.call('reader', api.validateAdhocTest, { params: { scenarioName: name }, json: { sourceParameters: { sourceId: 'numbers', parameterExpressions: { amount: spel('20 +') } }, scenarioGraph: graph } });
    expect(invalid.ok && invalid.data.validationErrors.map((error) => error.fieldName)).toEqual(['amount']);
    expectError(await s.call('reader', api.validateAdhocTest, { params: { scenarioName: name }, json: { sourceParameters: { sourceId: 'nope', parameterExpressions: {} }, scenarioGraph: graph } }), 400);
    expectError(await s.call('outsider', api.validateAdhocTest, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } }), 403);
    await expectGuarded(s, api.validateAdhocTest, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } });

    for (const route of [api.testWithParameters, api.testWithParametersAdminPath]) {
      const result = await s.call('writer', route, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(result.ok && JSON.stringify(result.data.results.nodeResults.doubled)).toContain('"pretty":{"amount":21,"label":"y"}');
      expectError(await s.call('writer', route, { params: { scenarioName: name }, json: { sourceParameters: { sourceId: 'numbers', parameterExpressions: { amount: spel('1 +') } }, scenarioGraph: graph } }), 400);
      expectError(await s.call('reader', route, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } }), 403);
      await expectGuarded(s, route, { params: { scenarioName: name }, json: { sourceParameters, scenarioGraph: graph } });
    }
  });

  test('comment rules, action listeners and the audit log', async () => {
    const s = server();
    const events: string[] = [];
    const record = (kind: string) => (event: ActionEvent) => void events.push(`${kind} ${event.actionName} ${event.scenarioName} ${event.comment ?? ''}`);
    const auditLines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) auditLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = parseConfig({ ...testConfigInput(), deploymentCommentSettings: { validationPattern: '^TICKET-\\d+ .+', exampleComment: 'TICKET-1 why' } }, 'test');
    const strict = await startTestServer(s.kind, {
      database: { handle: s.database, cleanup: async () => {} },
      config,
      deps: { actionListeners: [{ onActionSuccess: record('success'), onActionFailed: record('failed') }], logger: pino({ level: 'info' }, sink) },
    });
    try {
      await strict.call('writer', api.createScenario, { json: { name: 'commented', isFragment: false, category: 'RequestResponse' } });
      await strict.call('writer', api.updateScenario, { params: { scenarioName: 'commented' }, json: { scenarioGraph: greetingGraph(`commented-${s.kind}`) } });
      expectError(await strict.call('writer', api.deployScenario, { params: { scenarioName: 'commented' } }), 400, /Comment is required.*TICKET-1 why/);
      expectError(await strict.call('writer', api.deployScenario, { params: { scenarioName: 'commented' }, json: { comment: 'because' } }), 400, /Bad comment format/);
      expect((await strict.call('writer', api.deployScenario, { params: { scenarioName: 'commented' }, json: { comment: 'TICKET-7 first release' } })).status).toBe(200);
      expect((await strict.call('writer', api.cancelScenario, { params: { scenarioName: 'commented' }, body: 'TICKET-8 done', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
      expect(events).toEqual(['success DEPLOY commented TICKET-7 first release', 'success CANCEL commented TICKET-8 done']);
      const audit = auditLines.filter((line) => line.name === 'scenario-activity-audit');
      expect(audit.map((line) => [line.actionName, line.username, typeof line.scenarioId, line.scenarioVersionId])).toEqual([
        ['DEPLOY', 'writer', 'number', 2],
        ['CANCEL', 'writer', 'number', 2],
      ]);
    } finally {
      await strict.close();
    }
  });

  test('custom actions of a manager: offered in their states, parameters checked, recorded', async () => {
    const s = server();
    const base = await s.built.managers.managerFor('request-response');
    if (!base) throw new Error('no manager');
    // The embedded manager with one custom action on top: a savepoint of the scenario, made by the manager itself.
    const withSavepoint: ApiDeploymentManager = {
      ...base,
      customActions: [{ name: 'savepoint', allowedStateStatusNames: ['RUNNING'], icon: null, parameters: [{ name: 'reason', editor: { type: 'StringParameterEditor' }, required: true }], isStateChanging: false }],
      processCommand: (async (command: DeploymentManagerCommand) => {
        if (command.type !== 'customAction') return base.processCommand(command);
        const made = await base.processCommand({ type: 'makeScenarioSavepoint', scenarioName: command.processVersion.processName, savepointDir: null });
        return made.ok ? { ok: true, value: { msg: `Savepoint ${made.value.savepointPath} (${command.params.reason})` } } : made;
      }) as ApiDeploymentManager['processCommand'],
    };
    const custom = await startTestServer(s.kind, { database: { handle: s.database, cleanup: async () => {} }, config: s.config.current, deps: { deploymentManagers: { 'request-response': withSavepoint } } });
    try {
      const name = 'with-actions';
      await custom.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } });
      await custom.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: greetingGraph(`actions-${s.kind}`) } });
      const input = (params: Record<string, string>) => ({ params: { scenarioName: name }, json: { actionName: 'savepoint', params } });
      expectError(await custom.call('writer', api.runCustomAction, input({ reason: 'x' })), 409, /cannot be performed/);
      expect((await custom.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
      const state = await custom.call('reader', api.getScenarioState, { params: { scenarioName: name } });
      expect(state.ok && state.data.allowedActions).toContain('savepoint');

      const checked = await custom.call('writer', api.validateCustomAction, input({}));
      expect(checked.ok && checked.data.validationErrors.map((error) => error.fieldName)).toEqual(['reason']);
      expectError(await custom.call('writer', api.validateCustomAction, { params: { scenarioName: name }, json: { actionName: 'nope', params: {} } }), 404);
      expectError(await custom.call('reader', api.validateCustomAction, input({ reason: 'x' })), 403);
      await expectGuarded(custom, api.validateCustomAction, input({ reason: 'x' }));

      expectError(await custom.call('writer', api.runCustomAction, input({})), 400);
      expectError(await custom.call('writer', api.runCustomAction, { params: { scenarioName: name }, json: { actionName: 'nope', params: {} } }), 404);
      expectError(await custom.call('reader', api.runCustomAction, input({ reason: 'x' })), 403);
      await expectGuarded(custom, api.runCustomAction, input({ reason: 'x' }));
      const done = await custom.call('writer', api.runCustomAction, input({ reason: 'before upgrade' }));
      expect(done.ok && done.data.isSuccess).toBe(true);
      expect(done.ok && done.data.msg).toMatch(/^Savepoint .*\(before upgrade\)$/);
      const activities = await custom.call('reader', api.listActivities, { params: { scenarioName: name } });
      expect(activities.ok && activities.data.activities.map((activity) => activity.type)).toContain('CUSTOM_ACTION');
      expect((await custom.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
    } finally {
      await custom.close();
    }
    // The calls of that server count for the route table of this one.
    s.calls.push(...custom.calls);
  });
}
