import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { typingResultToJson, unknownType } from '@scenaria/typing';
import { bigTypes, bombs, catastrophic, refused, regexForms } from '../../../packages/spel/test/hostile-expressions';
import { parseConfig } from '../src/config/load-config';
import { startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';
import { deepArray, healthDuring, healthWhilePending, JSON_HEADERS, MB, recordIdleHealth, spel } from './hostile';

// Issue 12's "Done when" at the server level: hostile inputs against the real HTTP server. For each, the health
// check is asked while the hostile request is in flight and must answer 200; requests known to take long must
// still be in flight when it answers. No answer is a 5xx except the documented ones of a scenario run: 503
// `{message}` when its worker was terminated, and a deployed request-response scenario's 500
// `[{message, nodeId}]` when the scenario fails for the request (here: its evaluation budget). The harness fails
// the run when the server logged an unexpected (500) error, and a final request shows the server still runs.
//
// The bombs and patterns are spel's (packages/spel/test/hostile-expressions.ts), with the variables they use
// built inside the scenario from a small request, the way spel's test builds them in memory.

// Small, quickly restarted workers: a bomb that escaped the budget ends its worker fast, not the suite.
const LIMITED = { type: 'embedded', countsFlushIntervalMs: 100, syncIntervalMs: 200, workerMaxOldGenerationSizeMb: 96, requestTimeoutMs: 4_000, testTimeoutMs: 4_000, restartBackoffMs: 100 };
const WORKER_GONE = /out of memory|time budget|restart|terminated|exited/;

function limitedConfig() {
  const input = testConfigInput();
  input.processingTypes = { ...input.processingTypes, 'request-response': { kind: 'request-response', category: 'RequestResponse', deploymentManager: LIMITED } };
  return parseConfig(input, 'test');
}

const CLIENTS = [
  { vip: true, name: 'Ann', age: 31 },
  { vip: false, name: 'Bob', age: 25 },
  { vip: true, name: 'Cid', age: 47 },
];
const INPUT_SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    bomb: { type: 'integer' },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    clients: { type: 'array', items: { type: 'object', properties: { vip: { type: 'boolean' }, name: { type: 'string' }, age: { type: 'integer' } } } },
  },
  required: ['bomb', 'name', 'tags', 'clients'],
});
const request = (bomb: number) => ({ bomb, name: 'Bob', tags: ['a', 'b', 'c'], clients: CLIENTS });

// spel's `bigValues`, built by the scenario: 90,000 numbers 90000..1 from a 300 x 300 product (SpEL has no
// range), then the strings, records and map spel's fixture holds. Each expression stays within its own budget;
// a negative `bomb` builds nothing, so a plain request stays cheap.
const SIDE = 300;
const pairs = (key: string, value: (k: number) => number) => `{${Array.from({ length: SIDE }, (_, k) => `{${key}: ${value(k)}}`).join(', ')}}`;
const BASE_VARIABLES: Array<[string, string]> = [
  ['pairs', `#COLLECTION.product(${pairs('x', (k) => 90_000 - k * SIDE)}, ${pairs('y', (k) => k)})`],
  // The product's records are untyped (List[Map[Unknown, Unknown]], as Nussknacker types it): typed back to the
  // List[Integer] spel's fixture declares, so the bombs type as they do there.
  ['numbers', '#pairs.![#NUMERIC.toNumber(#this.x - #this.y).intValue()]'],
  ['big', "#numbers.![#input.name.substring(0, 0) + 'e' + ((90000 - #this) % 1000)]"],
  ['keyed', "#numbers.![{key: 'k' + (90000 - #this), value: 90000 - #this}]"],
  ['bigMap', '#keyed.toMap'],
  ['records', '#COLLECTION.take(#numbers, 1000).![{a: 90000 - #this}]'],
  ['text', "'x'.repeat(5000000)"],
  ['attack', "'a'.repeat(100000) + '!'"],
  ['json', "'[' + '1,'.repeat(300000) + '1]'"],
];

/** Catastrophic patterns in expressions a scenario runs: the two, then spel's list with the operator. */
const REGEX_EXPRESSIONS = [
  "'aaaaaaaaaaaaaaaaaaaaaaaaa!' matches '((a+))+'",
  "'a'.repeat(320) matches 'a*a*a*a*b'",
  ...catastrophic.map((pattern) => `#attack matches '${pattern.replaceAll("'", "''")}'`),
];
/** Every bomb, then every pattern: a request's `bomb` is the index here. */
const RUN_EXPRESSIONS: Array<[string, string]> = [...bombs, ...REGEX_EXPRESSIONS.map((text): [string, string] => [`regex ${text.slice(0, 60)}`, text])];
const isRegex = (index: number) => index >= bombs.length;

function chain(nodes: Array<Record<string, unknown>>) {
  return nodes.slice(1).map((node, index) => ({ from: nodes[index]!.id, to: node.id, edgeType: null }));
}

/** A request-response scenario that runs the expression `#input.bomb` names (each guarded, so only that one runs). */
function bombGraph(slug: string): ScenarioGraph {
  // Each value is built only for the expressions that use it (and what it is built from), so a request costs
  // its own bomb and not every value of the fixture.
  const users = (name: string) => RUN_EXPRESSIONS.flatMap(([, text], index) => (new RegExp(`#${name}\\b`).test(text) ? [index] : []));
  const needed = new Map(BASE_VARIABLES.map(([name]) => [name, new Set(users(name))]));
  for (const [name, from] of [['bigMap', 'keyed'], ['big', 'numbers'], ['keyed', 'numbers'], ['records', 'numbers'], ['numbers', 'pairs']] as const) {
    for (const index of needed.get(name)!) needed.get(from)!.add(index);
  }
  const guard = (name: string, text: string) => `{${[-2, ...needed.get(name)!].join(', ')}}.contains(#input.bomb) ? (${text}) : null`;
  const nodes: Array<Record<string, unknown>> = [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    ...BASE_VARIABLES.map(([name, text]) => ({ type: 'Variable', id: name, varName: name, value: spel(guard(name, text)) })),
    ...RUN_EXPRESSIONS.map(([, text], index) => ({ type: 'Variable', id: `b${index}`, varName: `b${index}`, value: spel(`#input.bomb == ${index} ? (${text}) : null`) })),
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel('{bomb: #input.bomb}') }] } },
  ];
  return {
    properties: { additionalFields: { description: null, properties: { slug, inputSchema: INPUT_SCHEMA }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
    nodes,
    edges: chain(nodes),
  } as unknown as ScenarioGraph;
}

/** A fragment whose parameters check their values with catastrophic patterns (`valueCompileTimeValidation`). */
function checkingFragment(checks: Array<[string, string]>): ScenarioGraph {
  const nodes = [
    {
      type: 'FragmentInputDefinition',
      id: 'input',
      parameters: checks.map(([pattern], index) => ({
        name: `p${index}`,
        typ: { refClazzName: 'java.lang.String' },
        required: false,
        valueCompileTimeValidation: { validationExpression: spel(`#value matches '${pattern}'`), validationFailedMessage: `p${index} does not match` },
      })),
    },
    { type: 'FragmentOutputDefinition', id: 'output', outputName: 'output', fields: [{ name: 'checked', expression: spel('#p0') }] },
  ];
  return {
    properties: { additionalFields: { description: null, properties: { docsUrl: '', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
    nodes,
    edges: chain(nodes),
  } as unknown as ScenarioGraph;
}
// [pattern, a literal value a backtracking engine never finishes checking against it]
const FRAGMENT_CHECKS: Array<[string, string]> = [
  ['((a+))+', `${'a'.repeat(25)}!`],
  ['a*a*a*a*b', 'a'.repeat(320)],
  ...catastrophic.filter((pattern) => !pattern.includes("'")).map((pattern): [string, string] => [pattern, `${'a'.repeat(40)}!`]),
];

/** A request-response scenario using the checking fragment with values that fail its checks, or pass them. */
function usingFragmentGraph(slug: string, fragment: string, checks: Array<[string, string]>, values: (index: number) => string): ScenarioGraph {
  const nodes = [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    {
      type: 'FragmentInput',
      id: 'checks',
      ref: { id: fragment, parameters: checks.map((_, index) => ({ name: `p${index}`, expression: spel(`'${values(index)}'`) })), outputVariableNames: { output: 'out' } },
      fragmentParams: null,
    },
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel('{checked: #out.checked}') }] } },
  ];
  return {
    properties: { additionalFields: { description: null, properties: { slug, inputSchema: JSON.stringify({ type: 'object', properties: {} }) }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
    nodes,
    edges: [
      { from: 'request', to: 'checks', edgeType: null },
      { from: 'checks', to: 'response', edgeType: { type: 'FragmentOutput', name: 'output' } },
    ],
  } as unknown as ScenarioGraph;
}

/** A streaming chain of `size` nodes: a source, variables, a sink. */
function chainGraph(size: number): ScenarioGraph {
  const nodes: Array<Record<string, unknown>> = [
    { type: 'Source', id: 'source', ref: { typ: 'event-generator', parameters: [{ name: 'value', expression: spel('1') }] } },
    ...Array.from({ length: size - 2 }, (_, i) => ({ type: 'Variable', id: `v${i}`, varName: `v${i}`, value: spel(i === 0 ? '#input' : `#v${i - 1} + 1`) })),
    { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel(`#v${size - 3}`) }] } },
  ];
  return {
    properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' }, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes,
    edges: chain(nodes),
  } as unknown as ScenarioGraph;
}

let server: TestServer;
let hostileCount = 0;
const variableTypes = Object.fromEntries(Object.entries(bigTypes).map(([name, type]) => [name, typingResultToJson(type)]));
const UNKNOWN = typingResultToJson(unknownType);

/** What a scenario run may answer to a hostile expression: the scenario's failure, or its worker's termination. */
async function expectScenarioFailure(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status === 503) {
    expect(JSON.parse(text), what).toEqual({ message: expect.stringMatching(WORKER_GONE) });
    return;
  }
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBe(500);
  const errors = JSON.parse(text) as Array<{ message: string; nodeId?: string }>;
  expect(errors.map((error) => error.message).join(), what).toMatch(/budget|exceeds the limit/);
}

async function createScenario(name: string, category: string, graph: ScenarioGraph, isFragment = false) {
  expect((await server.call('admin', api.createScenario, { json: { name, isFragment, category } })).status).toBe(201);
  const saved = await server.call('admin', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
  expect(saved.ok, JSON.stringify(saved).slice(0, 2000)).toBe(true);
  return saved;
}

const rrUrl = async (name: string) => {
  const url = (await server.built.managers.managerFor('request-response'))?.scenarioUrl?.(name);
  if (!url) throw new Error(`${name} is not served`);
  return url;
};
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });

beforeAll(async () => {
  server = await startTestServer('pglite', { config: limitedConfig() });
  await recordIdleHealth(server);
});
afterAll(async () => {
  // The server never exited: it still answers after everything, and then closes cleanly.
  const last = await server.fetchRaw(undefined, '/api/app/healthCheck');
  expect(last.status).toBe(200);
  await server.close();
  // The issue asks for at least 150 hostile inputs; hostile-input.test.ts adds its ~195 request-level ones.
  expect(hostileCount).toBeGreaterThanOrEqual(120);
});

describe('hostile inputs against the real server', () => {
  test('a deployed scenario using a fragment runs it (the worker finds the fragment), and fragment checks with catastrophic patterns answer at once', async () => {
    // One check that 'aaaa' passes: the scenario validates, deploys and runs its fragment in its worker.
    const oneCheck = FRAGMENT_CHECKS.slice(0, 1);
    await createScenario('one-check', 'RequestResponse', checkingFragment(oneCheck), true);
    const passing = 'uses-check';
    await createScenario(passing, 'RequestResponse', usingFragmentGraph(passing, 'one-check', oneCheck, () => 'aaaa'));
    const deployed = await server.call('admin', api.deployScenario, { params: { scenarioName: passing } });
    expect(deployed.status, JSON.stringify(deployed).slice(0, 1000)).toBe(200);
    const answer = await post(await rrUrl(passing), {});
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ checked: 'aaaa' });
    expect((await server.call('admin', api.cancelScenario, { params: { scenarioName: passing } })).status).toBe(200);

    // Values a backtracking engine never finishes checking: GET and validation answer with the failed checks.
    const failing = 'fails-check';
    const fragment = 'slow-check';
    await createScenario(fragment, 'RequestResponse', checkingFragment(FRAGMENT_CHECKS), true);
    const attacking = (index: number) => FRAGMENT_CHECKS[index]![1];
    await createScenario(failing, 'RequestResponse', usingFragmentGraph(failing, fragment, FRAGMENT_CHECKS, attacking));
    for (const path of [`/api/processes/${failing}`, `/api/processes/${failing}/1`, `/api/processes/${failing}/2`]) {
      hostileCount++;
      const { answer: got } = await healthDuring(server, () => server.fetchRaw(undefined, path, { user: 'reader' }));
      expect(got.status, path).toBe(200);
      const body = (await got.json()) as { validationResult?: { errors: { invalidNodes: Record<string, unknown[]> } } };
      if (path.endsWith('/1')) continue;
      expect(JSON.stringify(body.validationResult?.errors.invalidNodes), path).toContain('does not match');
    }
    hostileCount++;
    const graph = usingFragmentGraph(failing, fragment, FRAGMENT_CHECKS, attacking);
    const { answer: validated } = await healthDuring(server, () => server.call('reader', api.validateScenarioGraph, { params: { scenarioName: failing }, json: { scenarioGraph: graph, processName: failing } }));
    expect(validated.status).toBe(200);
  });

  test('typing every bomb and pattern (node, parameter validation and suggestions) never evaluates it', async () => {
    await createScenario('bombs', 'RequestResponse', bombGraph('bombs'));
    const regexCases = [
      ...catastrophic.flatMap((pattern) => regexForms.map(([form, build]): [string, string] => [`${form}: ${pattern}`, build(pattern.replaceAll("'", "''"))])),
      ...refused.flatMap(([pattern]) => regexForms.map(([form, build]): [string, string] => [`${form}: ${pattern}`, build(pattern)])),
    ];
    for (const [label, text] of [...bombs, ...regexCases]) {
      const requests: Array<[string, string, unknown]> = [
        ['/api/nodes/bombs/validation', 'node validation', { nodeData: { type: 'Variable', id: 'v', varName: 'v', value: spel(text) }, variableTypes }],
        ['/api/parameters/request-response/validate', 'parameter validation', { parameters: [{ name: 'p', typ: UNKNOWN, expression: spel(text) }], variableTypes }],
        ['/api/parameters/request-response/suggestions', 'suggestions', { expression: spel(text), caretPosition2d: { row: 0, column: text.length }, variableTypes }],
      ];
      for (const [path, kind, body] of requests) {
        hostileCount++;
        const { answer } = await healthDuring(server, () => server.fetchRaw(undefined, path, { method: 'POST', user: 'writer', headers: JSON_HEADERS, body: JSON.stringify(body) }));
        expect(answer.status, `${kind} of ${label}: ${(await answer.clone().text()).slice(0, 300)}`).toBe(200);
      }
    }
  });

  test('every bomb and pattern in a deployed scenario called without credentials: a budget failure or a worker restart, never the server', async () => {
    const saved = await server.call('admin', api.getScenario, { params: { scenarioName: 'bombs' } });
    expect(saved.ok && saved.data.validationResult?.errors, 'the bomb scenario validates').toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
    expect((await server.call('admin', api.deployScenario, { params: { scenarioName: 'bombs' } })).status).toBe(200);
    const url = await rrUrl('bombs');
    expect(await (await post(url, request(-1))).json()).toEqual({ bomb: -1 });

    for (const [index, [label, text]] of RUN_EXPRESSIONS.entries()) {
      hostileCount++;
      const { answer } = await healthDuring(server, () => post(url, request(index)));
      if (isRegex(index)) {
        // A linear engine finishes each pattern within the budget: the scenario answers.
        expect(answer.status, `${label}: ${(await answer.clone().text()).slice(0, 300)}`).toBe(200);
        continue;
      }
      await expectScenarioFailure(answer, `${label} (${text})`);
      // A terminated worker comes back (short backoff): wait for it, so the next bomb reaches the scenario.
      for (let attempt = 0; answer.status === 503; attempt++) {
        if ((await post(url, request(-1))).status === 200) break;
        if (attempt > 200) throw new Error(`bombs did not come back after ${label}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Deep and huge bodies at the endpoint.
    hostileCount += 2;
    expect((await post(url, JSON.parse(deepArray(900)) as unknown)).status).toBe(400);
    const deep = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: deepArray(20_000) });
    expect(deep.status).toBe(400);
    const huge = await healthDuring(server, () => fetch(url, { method: 'POST', headers: JSON_HEADERS, body: `"${'h'.repeat(11 * MB)}"` }));
    expect(huge.answer.status).toBe(413);
    expect((await server.call('admin', api.cancelScenario, { params: { scenarioName: 'bombs' } })).status).toBe(200);
  }, 300_000);

  // About twenty test runs, each in a fresh worker: a minute or more on a loaded 2-core machine.
  test('every bomb in test runs: files of records and ad-hoc form values', async () => {
    const graph = bombGraph('bombs');
    const bombIndexes = bombs.map((_, index) => index);
    // Test files carry at most 20 records: each file runs 20 bombs in one worker.
    for (let start = 0; start < bombIndexes.length; start += 20) {
      const lines = bombIndexes.slice(start, start + 20).map((index) => JSON.stringify(request(index)));
      const form = new FormData();
      form.set('testData', new Blob([lines.join('\n')]), 'records.txt');
      form.set('scenarioGraph', JSON.stringify(graph));
      hostileCount += lines.length;
      const { answer } = await healthDuring(server, () => server.fetchRaw(api.testScenarioWithFile, '/api/processManagement/test/bombs', { method: 'POST', body: form, user: 'writer' }));
      const text = await answer.text();
      if (answer.status === 400) {
        expect(JSON.parse(text), `records ${start}..`).toEqual({ message: expect.stringMatching(/^The test run failed: /) });
        continue;
      }
      expect(answer.status, text.slice(0, 300)).toBe(200);
      expect(text.match(/budget|exceeds the limit/g)?.length ?? 0, `records ${start}..: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(lines.length);
    }

    // Ad-hoc: the bombs as the record's values (run in the worker), and self-contained bombs as the form
    // expressions themselves (evaluated by the server, within the budget).
    const adHoc = (values: Record<string, string>) =>
      server.call('writer', api.testWithParameters, {
        params: { scenarioName: 'bombs' },
        json: {
          sourceParameters: { sourceId: 'request', parameterExpressions: Object.fromEntries(Object.entries({ bomb: '-1', name: "'Bob'", tags: "{'a', 'b', 'c'}", clients: "{{vip: true, name: 'Ann', age: 31}}", ...values }).map(([key, text]) => [key, spel(text)])) },
          scenarioGraph: graph,
        },
      });
    for (const index of bombIndexes.filter((index) => index % 6 === 0)) {
      hostileCount++;
      const { answer } = await healthDuring(server, () => adHoc({ bomb: String(index) }));
      const text = JSON.stringify(answer);
      if (answer.status === 400) expect(text).toMatch(/The test run failed/);
      // The failure is one of the results' exceptions, wherever the (possibly large) results put it.
      else expect(/budget|exceeds the limit/.test(text), text.slice(0, 300)).toBe(true);
    }
    const selfContained = bombs.filter(([, text]) => !text.replaceAll('#input.name', '').includes('#'));
    expect(selfContained.length).toBeGreaterThanOrEqual(5);
    for (const [label, text] of selfContained) {
      hostileCount++;
      const { answer } = await healthDuring(server, () => adHoc({ name: `'' + (${text.replaceAll('#input.name', "'Bob'")})` }));
      expect(answer.status, `${label}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(400);
    }
  }, 300_000);

  test('5,000-node chains: saved, validated and read while the health check answers', async () => {
    const graph = chainGraph(5_000);
    expect((await server.call('admin', api.createScenario, { json: { name: 'long-chain', isFragment: false, category: 'Default' } })).status).toBe(201);
    hostileCount += 4;
    const saved = await healthWhilePending(server, () => server.call('writer', api.updateScenario, { params: { scenarioName: 'long-chain' }, json: { scenarioGraph: graph } }));
    expect(saved.status).toBe(200);
    const validated = await healthWhilePending(server, () => server.call('reader', api.validateScenarioGraph, { params: { scenarioName: 'long-chain' }, json: { scenarioGraph: graph, processName: 'long-chain' } }));
    expect(validated.status).toBe(200);
    // The save kept its validation result for the version it wrote, so this read is cheap: it need not outlast the check.
    const read = await healthDuring(server, () => server.fetchRaw(api.getScenario, '/api/processes/long-chain', { user: 'reader' }));
    expect(read.answer.status).toBe(200);
    expect(((await read.answer.json()) as { validationResult?: unknown }).validationResult).toBeTruthy();
    const list = await healthDuring(server, () => server.call('reader', api.listScenariosWithDetails, {}));
    expect(list.answer.status).toBe(200);
  });

  test('deep and huge bodies to every JSON-taking route: 400 and 413', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content?.['application/json'])
        .map(([method]) => ({ path, method: method.toUpperCase() })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const fill = (path: string) =>
      path.replace(/\{(\w+)\}/g, (_, param: string) =>
        param === 'scenarioName' ? 'bombs' : param === 'processingType' ? 'request-response' : param === 'scenarioActivityId' ? '00000000-0000-0000-0000-000000000000' : param === 'newName' ? 'renamed' : '1');
    const huge = `{"pad":"${'h'.repeat(11 * MB)}"}`;
    for (const { path, method } of routes) {
      for (const [what, body, statuses] of [
        ['deep', deepArray(20_000), [400]],
        ['huge', huge, [413]],
      ] as const) {
        hostileCount++;
        const { answer } = await healthDuring(server, () => server.fetchRaw(undefined, fill(path), { method, user: 'admin', headers: JSON_HEADERS, body }));
        const text = await answer.text();
        expect(statuses as readonly number[], `${what} ${method} ${path}: ${answer.status} ${text.slice(0, 200)}`).toContain(answer.status);
        expect(JSON.parse(text), `${what} ${method} ${path}`).toEqual(expect.objectContaining({ message: expect.any(String) }));
      }
    }
  });
});
