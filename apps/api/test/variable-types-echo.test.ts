import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { RouteConfig } from '@hono/zod-openapi';
import type { ScenarioGraph } from '@scenaria/graph';
import { DATABASES, startTestServer } from './harness';
import type { TestServer } from './harness';

// The original's front end keeps the `variableTypes` of each node from the validation result (`nodeResults`)
// and sends them back, unchanged, when it validates the node being edited (NodeTypeDetailsContent ->
// HttpService.validateNode) and when it asks for completions (ExpressionSuggester -> getExpressionSuggestions).
// Every type this API emits must therefore be accepted back, the helper classes of `#COLLECTION` & co included.

const spel = (expression: string) => ({ language: 'spel', expression });

/** A graph whose variables carry records, lists with values, unions and numbers besides the helper globals. */
function graph(): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: null,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    },
    nodes: [
      { type: 'Source', id: 'source', ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('1') }, { name: 'value', expression: spel('{amount: 5, tags: {"a", "b"}}') }] } },
      { type: 'Variable', id: 'record', varName: 'record', value: spel("{a: 1, b: {'x', 'y'}, c: {d: 2.5, e: null}, f: 12345678901234L}") },
      { type: 'Variable', id: 'mixed', varName: 'mixed', value: spel("true ? 1 : 'one'") },
      { type: 'Variable', id: 'sum', varName: 'sum', value: spel('#COLLECTION.sum({1, 2})') },
      { type: 'Filter', id: 'filter', expression: spel('#record.a > 0') },
      { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#record') }] } },
    ],
    edges: [
      { from: 'source', to: 'record', edgeType: null },
      { from: 'record', to: 'mixed', edgeType: null },
      { from: 'mixed', to: 'sum', edgeType: null },
      { from: 'sum', to: 'filter', edgeType: null },
      { from: 'filter', to: 'sink', edgeType: { type: 'FilterTrue' } },
    ],
  } as ScenarioGraph;
}

async function postJson(server: TestServer, route: RouteConfig, path: string, body: unknown): Promise<Response> {
  // Raw text, as the front end's axios sends it: nothing here re-encodes the types on the way back.
  return server.fetchRaw(route, path, { method: 'POST', user: 'writer', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe.each(DATABASES)('variableTypes echoed back by the front end (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  test('node validation and suggestions accept the variableTypes of nodeResults', async () => {
    await server.call('writer', api.createScenario, { json: { name: 'echo', isFragment: false, category: 'Default' } });
    const scenarioGraph = graph();
    const validated = await postJson(server, api.validateScenarioGraph, '/api/processValidation/echo', { processName: 'echo', scenarioGraph });
    expect(validated.status).toBe(200);
    const result = (await validated.json()) as { errors: { invalidNodes: Record<string, unknown> }; nodeResults: Record<string, { variableTypes: Record<string, unknown> }> };
    expect(result.errors.invalidNodes).toEqual({});

    const sinkTypes = result.nodeResults.sink?.variableTypes ?? {};
    // The input context's local variables only, as the reference lists them (no `#meta`, no helpers); their types
    // are what made the original front end fail: records, known values, unions.
    expect(Object.keys(sinkTypes)).toEqual(['input', 'record', 'mixed', 'sum']);
    expect(result.nodeResults.source?.variableTypes).toEqual({});

    for (const node of scenarioGraph.nodes) {
      const variableTypes = result.nodeResults[node.id]?.variableTypes;
      expect(variableTypes, node.id).toBeDefined();
      const validation = await postJson(server, api.validateNode, '/api/nodes/echo/validation', {
        outgoingEdges: scenarioGraph.edges.filter((edge) => edge.from === node.id),
        nodeData: node,
        processProperties: scenarioGraph.properties,
        variableTypes,
      });
      expect(validation.status, `${node.id}: ${await validation.clone().text()}`).toBe(200);
      const body = (await validation.json()) as { validationErrors: unknown[] };
      expect(body.validationErrors, node.id).toEqual([]);
    }

    const suggestions = await postJson(server, api.suggestExpression, '/api/parameters/streaming/suggestions', {
      expression: { language: 'spel', expression: '#record.' },
      caretPosition2d: { row: 0, column: 8 },
      variableTypes: sinkTypes,
    });
    expect(suggestions.status, await suggestions.clone().text()).toBe(200);
    const names = ((await suggestions.json()) as { methodName: string }[]).map((suggestion) => suggestion.methodName);
    expect(names).toEqual(expect.arrayContaining(['a', 'b', 'c', 'f']));

    // The globals the front end is not sent are the server's to add: `#meta` and the helpers.
    for (const [expression, expected] of [
      ['#meta.', 'processName'],
      ['#COLLECTION.', 'sum'],
    ] as const) {
      const globals = await postJson(server, api.suggestExpression, '/api/parameters/streaming/suggestions', {
        expression: { language: 'spel', expression },
        caretPosition2d: { row: 0, column: expression.length },
        variableTypes: sinkTypes,
      });
      expect(globals.status, await globals.clone().text()).toBe(200);
      expect(((await globals.json()) as { methodName: string }[]).map((suggestion) => suggestion.methodName), expression).toContain(expected);
    }
    const parameters = await postJson(server, api.validateParameters, '/api/parameters/streaming/validate', {
      parameters: [{ name: 'flag', typ: { type: 'TypedClass', refClazzName: 'java.lang.Boolean', params: [] }, expression: { language: 'spel', expression: "#meta.processName != '' && #record.a > 0" } }],
      variableTypes: sinkTypes,
    });
    expect(parameters.status, await parameters.clone().text()).toBe(200);
    expect(((await parameters.json()) as { validationErrors: unknown[] }).validationErrors).toEqual([]);
  });
});
