import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { loadConfig, parseConfig } from '../src/config/load-config';
import { ModelRegistry } from '../src/services/models';
import { ConfigStore } from '../src/config/config-store';
import { createWorkerEnvironment } from '../src/services/scenario-worker-setup';
import { DATABASES, startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';
import { expectError } from './suites/expect-helpers';
import { healthWhilePending, recordIdleHealth, spel } from './hostile';

// Every step stays within the evaluation budget (at most 100,000 elements per collection, and a loop is charged what
// the maps and lists it builds cost), yet together they hold hundreds of thousands of records: far more than the
// 32 MB heap the workers get below. `count` sets the size, so the same scenario answers small requests.
const HOG_COUNT = 80_000;
const MEMORY_HOG = [
  // One element per character (split('') is charged per part as the regex engine's work, and 99,999 parts exceed
  // an expression's budget; the hog must stay within it and exhaust the worker's memory instead).
  '#input.name.repeat(#input.count.intValue()).toCharArray().![#this.toString()]',
  "#v0.![{a: #this, b: 'item-' + #this, c: {#this, #this + 1}}]",
  "#v1.![{x: #this, y: #this.b + '!', z: {#this.a, #this.b}}]",
  "#v2.![{p: #this, q: #this.y + '?', r: {#this.x, #this.y}}]",
  "#v3.![{s: #this, t: #this.q + '.', u: {#this.p, #this.q}}]",
];

function hogGraph(slug: string): ScenarioGraph {
  const inputSchema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } }, required: ['name', 'count'] });
  const variables = MEMORY_HOG.map((expression, index) => ({ type: 'Variable', id: `v${index}`, varName: `v${index}`, value: spel(expression) }));
  const nodes = [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    ...variables,
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel(`{count: #v${MEMORY_HOG.length - 1}.size()}`) }] } },
  ];
  return {
    properties: { additionalFields: { description: null, properties: { slug, inputSchema }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
    nodes,
    edges: nodes.slice(1).map((node, index) => ({ from: nodes[index]!.id, to: node.id, edgeType: null })),
  } as unknown as ScenarioGraph;
}

// Small workers for request-response scenarios, and a restart delay long enough that RESTARTING is still
// what the status shows when the test looks.
const LIMITED = { type: 'embedded', countsFlushIntervalMs: 100, syncIntervalMs: 200, workerMaxOldGenerationSizeMb: 32, restartBackoffMs: 60_000 };

function limitedConfig() {
  const input = testConfigInput();
  input.processingTypes = { ...input.processingTypes, 'request-response': { kind: 'request-response', category: 'RequestResponse', deploymentManager: LIMITED } };
  return parseConfig(input, 'test');
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(DATABASES)('scenarios of the API run in worker threads (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { config: limitedConfig() });
    await recordIdleHealth(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const saveHog = async (name: string) => {
    expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    const saved = await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: hogGraph(`${name}-${kind}`) } });
    expect(saved.ok && saved.data.errors, JSON.stringify(saved)).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
  };

  test('a deployed request that exhausts its worker answers 503 JSON, the API keeps answering, and the status shows the restart with its reason', async () => {
    const name = 'memory-hog';
    await saveHog(name);
    expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
    const url = (await server.built.managers.managerFor('request-response'))?.scenarioUrl?.(name);
    expect(url).toBeDefined();
    expect(await (await post(url!, { name: 'x', count: 10 })).json()).toEqual({ count: 10 });

    const answer = await healthWhilePending(server, () => post(url!, { name: 'x', count: HOG_COUNT }));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/out of memory|time budget/) });

    const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
    expect(state.ok && state.data.status.name, JSON.stringify(state)).toBe('RESTARTING');
    const statuses = await server.built.managers.engineStatuses('request-response', name);
    expect(statuses?.[0]?.errors.join()).toMatch(/out of memory|time budget/);
    // The worker is down until its restart: the endpoint says so, and the rest of the API answers.
    expect((await post(url!, { name: 'x', count: 1 })).status).toBe(503);
    expect((await server.call('reader', api.listScenarios, {})).status).toBe(200);
    expect((await server.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
  });

  test('an ad-hoc test run that exhausts its worker answers a clear 400, and the next test runs answer', async () => {
    const name = 'tested-hog';
    await saveHog(name);
    const graph = hogGraph(`${name}-${kind}`);
    const run = (count: number) =>
      server.call('writer', api.testWithParameters, {
        params: { scenarioName: name },
        json: { sourceParameters: { sourceId: 'request', parameterExpressions: { name: spel("'x'"), count: spel(String(count)) } }, scenarioGraph: graph },
      });
    const small = await run(5);
    expect(small.ok && small.data.counts.response?.all, JSON.stringify(small)).toBe(1);

    const blown = await healthWhilePending(server, () => run(HOG_COUNT));
    expectError(blown, 400, /^The test run failed: .*(out of memory|time budget)/);

    // Test from a file goes through a worker too, and the server still runs tests.
    const form = new FormData();
    form.set('testData', new Blob([`{"name": "x", "count": ${HOG_COUNT}}`]), 'records.txt');
    form.set('scenarioGraph', JSON.stringify(graph));
    const fromFile = await healthWhilePending(server, () =>
      server.fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${name}`, { method: 'POST', body: form, user: 'writer' }),
    );
    expect(fromFile.status).toBe(400);
    expect(await fromFile.json()).toEqual({ message: expect.stringMatching(/^The test run failed: /) });
    const again = await run(3);
    expect(again.ok && again.data.counts.response?.all).toBe(1);
  });
});

describe('the workers build the models the designer validates with', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'scenaria-api-workers-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('from the configuration data the manager sends them, with the same rule', () => {
    const registry = new ModelRegistry(new ConfigStore(parseConfig(testConfigInput(), 'test')));
    const environment = createWorkerEnvironment({ streaming: registry.sourceForKind('streaming'), 'request-response': registry.sourceForKind('request-response') });
    // Models hold functions; their JSON is everything else (components, typed topics, properties).
    expect(JSON.stringify(environment.models?.streaming)).toBe(JSON.stringify(registry.modelForKind('streaming')));
    expect(JSON.stringify(environment.models?.['request-response'])).toBe(JSON.stringify(registry.modelForKind('request-response')));
  });

  test('a processing-type reload reaches the workers: a scenario typed by a newly declared topic deploys and runs', async () => {
    const file = join(scratch, 'reload.json');
    writeFileSync(file, JSON.stringify(testConfigInput()));
    const server = await startTestServer('pglite', { config: await loadConfig(file), reloadSource: () => loadConfig(file) });
    try {
      const name = 'orders-alerts';
      const [input, output] = ['orders', 'order-alerts'];
      // `#input.amount` on an undeclared topic is property access on Unknown, which the model refuses; the
      // manager's workers compile with their own models, so only a worker with the new model can run it.
      const graph = {
        properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' }, metaDataType: 'StreamMetaData', showDescription: false } },
        nodes: [
          { type: 'Source', id: 'orders', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel(`'${input}'`) }, { name: 'Schema version', expression: spel("'latest'") }] } },
          { type: 'Filter', id: 'large', expression: spel('#input.amount > 10') },
          { type: 'Sink', id: 'alerts', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel(`'${output}'`) }, { name: 'Schema version', expression: spel("'latest'") }, { name: 'Key', expression: spel('') }, { name: 'Raw editor', expression: spel('true') }, { name: 'Value validation mode', expression: spel("'strict'") }, { name: 'Value', expression: spel('#input.amount') }] } },
        ],
        edges: [
          { from: 'orders', to: 'large', edgeType: null },
          { from: 'large', to: 'alerts', edgeType: { type: 'FilterTrue' } },
        ],
      } as unknown as ScenarioGraph;
      await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });
      await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
      expectError(await server.call('writer', api.deployScenario, { params: { scenarioName: name } }), 409, /Cannot deploy invalid scenario/);
      const before = await server.built.managers.managerFor('streaming');

      const changed = testConfigInput();
      const streaming = changed.processingTypes.streaming!;
      changed.processingTypes = { ...changed.processingTypes, streaming: { ...streaming, model: { components: 'default', topics: { [input]: { type: 'object', properties: { amount: { type: 'number' } } } } } } };
      writeFileSync(file, JSON.stringify(changed));
      expect((await server.call('admin', api.reloadProcessingTypes)).status).toBe(204);

      const after = await server.built.managers.managerFor('streaming');
      expect(after).not.toBe(before);
      const deployed = await server.call('writer', api.deployScenario, { params: { scenarioName: name } });
      expect(deployed.status, JSON.stringify(deployed)).toBe(200);
      await server.call('admin', api.publishTopicRecords, { params: { topic: input }, json: { records: [{ value: { amount: 50 } }, { value: { amount: 5 } }] } });
      for (let attempt = 0; ; attempt++) {
        const tail = await server.call('admin', api.readTopicRecords, { params: { topic: output } });
        if (tail.ok && tail.data.records.length > 0) {
          expect(tail.data.records.map((record) => record.value)).toEqual([50]);
          break;
        }
        if (attempt > 150) throw new Error('no alert after the reload');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await server.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
