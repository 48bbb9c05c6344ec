import { inflateSync } from 'node:zlib';
import { expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

// Each request below is built as the original's front end (Nussknacker 1.18.1, designer/client/src/http/
// HttpService.ts and the components that call it) builds it: the same paths, bodies, parts and content types.

const spel = (expression: string) => ({ language: 'spel', expression });

function greetingGraph(slug: string): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: 'Greets whoever asks',
        properties: { slug, inputSchema: JSON.stringify({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }) },
        metaDataType: 'RequestResponseMetaData',
        showDescription: false,
      },
    },
    nodes: [
      { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
      { type: 'Variable', id: 'greeting', varName: 'greeting', value: spel("'Hello, ' + #input.name + '!'") },
      { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel('{greeting: #greeting}') }] } },
    ],
    edges: [
      { from: 'request', to: 'greeting', edgeType: null },
      { from: 'greeting', to: 'response', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}

/** The text of every content stream of a PDF, inflated (pdfkit compresses them). */
function pdfStreams(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an image, or the end of the match).
    }
  }
  return streams.join('\n');
}

/**
 * The text a PDF shows, run together: pdfkit writes each run of text as a TJ array of hex strings split at
 * kerning, and a bold label and its value as two runs.
 */
function pdfText(content: string): string {
  return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((array) => [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => Buffer.from(piece[1] ?? '', 'hex').toString('latin1')).join(''))
    .join('');
}

/**
 * The calls of the original's front end that our own front end does not make, each built as it builds them:
 * test from a file with the graph as a file part, capabilities of a fragment, the `/api/testInfo/` paths and
 * the PDF export (with their 401/403/bad-input answers, for the route-table walk).
 */
export function frontendCallsSuite(server: () => TestServer): void {
  const s = server;
  const name = 'front-end greeter';
  const graph = greetingGraph('front-end-greeter');

  test('a scenario to work on', async () => {
    expect((await s().call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    const saved = await s().call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph, comment: 'first' } });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
  });

  test('test from a file: the graph arrives as a file part of type application/json beside the test file', async () => {
    const data = new FormData();
    data.append('testData', new File(['{"name": "Ann"}\n{"name": "Bob"}'], 'records.txt'));
    data.append('scenarioGraph', new Blob([JSON.stringify(graph)], { type: 'application/json' }));
    const response = await s().fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${encodeURIComponent(name)}`, { method: 'POST', body: data, user: 'writer' });
    const body = (await response.json()) as api.ResultsWithCountsResponse;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.counts.response?.all).toBe(2);
    expect(JSON.stringify(body.results.invocationResults)).toContain('Hello, Bob!');

    const broken = new FormData();
    broken.append('testData', new File(['{}'], 'records.txt'));
    broken.append('scenarioGraph', new Blob(['{not json'], { type: 'application/json' }));
    const refused = await s().fetchRaw(api.testScenarioWithFile, `/api/processManagement/test/${encodeURIComponent(name)}`, { method: 'POST', body: broken, user: 'writer' });
    expect(refused.status).toBe(400);
  });

  test('capabilities of a fragment answer 200, as the original front end expects', async () => {
    const fragment = 'front-end fragment';
    expect((await s().call('writer', api.createScenario, { json: { name: fragment, isFragment: true, category: 'Default' } })).status).toBe(201);
    const details = await s().call('reader', api.getScenario, { params: { scenarioName: fragment } });
    if (!details.ok || !details.data.scenarioGraph) throw new Error(JSON.stringify(details));
    const response = await s().fetchRaw(api.getTestingCapabilities, `/api/scenarioTesting/${encodeURIComponent(fragment)}/capabilities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(details.data.scenarioGraph),
      user: 'reader',
    });
    expect([response.status, await response.json()]).toEqual([200, { canBeTested: false, canGenerateTestData: false, canTestWithForm: false }]);
  });

  test('/api/testInfo/* answers as /api/scenarioTesting/* and is in the OpenAPI document', async () => {
    const post = (route: Parameters<TestServer['fetchRaw']>[0], path: string, body: unknown) =>
      s().fetchRaw(route, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), user: 'reader' });
    const at = encodeURIComponent(name);
    for (const [route, alias, suffix] of [
      [api.getTestingCapabilities, api.getTestingCapabilitiesTestInfo, 'capabilities'],
      [api.getTestParameters, api.getTestParametersTestInfo, 'parameters'],
    ] as const) {
      const original = await post(route, `/api/scenarioTesting/${at}/${suffix}`, graph);
      const older = await post(alias, `/api/testInfo/${at}/${suffix}`, graph);
      expect(older.status).toBe(200);
      expect(await older.json()).toEqual(await original.json());
    }
    const adhoc = { sourceParameters: { sourceId: 'request', parameterExpressions: { name: spel("'Ann'") } }, scenarioGraph: graph };
    const validated = await post(api.validateAdhocTestTestInfo, `/api/testInfo/${at}/adhoc/validate`, adhoc);
    expect([validated.status, await validated.json()]).toEqual([200, { validationErrors: [], validationPerformed: true }]);
    expect((await post(api.getTestingCapabilitiesTestInfo, `/api/testInfo/no-such-scenario/capabilities`, graph)).status).toBe(404);

    // Bad input, 401 and 403 as on the scenarioTesting paths.
    const adhocInput = { params: { scenarioName: name }, json: adhoc } as never;
    for (const [route, input] of [
      [api.getTestingCapabilitiesTestInfo, { params: { scenarioName: name }, json: graph }],
      [api.getTestParametersTestInfo, { params: { scenarioName: name }, json: graph }],
      [api.validateAdhocTestTestInfo, adhocInput],
    ] as const) {
      expect((await post(route, route.path.replace('{scenarioName}', at), { nodes: 'none' })).status, route.path).toBe(400);
      await expectGuarded(s(), route, input as never, 'outsider');
    }
    const generating = 'front-end generated';
    const streaming = {
      properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
      nodes: [
        { type: 'Source', id: 'numbers', ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('1') }, { name: 'value', expression: spel('{amount: 7}') }] } },
        { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input.amount') }] } },
      ],
      edges: [{ from: 'numbers', to: 'log', edgeType: null }],
    } as unknown as ScenarioGraph;
    expect((await s().call('writer', api.createScenario, { json: { name: generating, isFragment: false, category: 'Default' } })).status).toBe(201);
    const generated = await post(api.generateTestDataTestInfo, `/api/testInfo/${encodeURIComponent(generating)}/generate/2`, streaming);
    expect(generated.status).toBe(200);
    expect((await generated.text()).split('\n')).toHaveLength(2);
    expect((await post(api.generateTestDataTestInfo, `/api/testInfo/${encodeURIComponent(generating)}/generate/0`, streaming)).status).toBe(400);
    expectError(await s().call('outsider', api.generateTestDataTestInfo, { params: { scenarioName: generating, testSampleSize: 1 }, json: streaming }), 403);
    await expectGuarded(s(), api.generateTestDataTestInfo, { params: { scenarioName: generating, testSampleSize: 1 }, json: streaming });

    const document = (await (await fetch(`${s().baseUrl}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['capabilities', 'parameters', 'generate/{testSampleSize}', 'adhoc/validate']) {
      expect(document.paths[`/api/testInfo/{scenarioName}/${path}`]?.['post'], path).toBeDefined();
    }
    expect(document.paths['/api/processesExport/pdf/{scenarioName}/{versionId}']?.['post']).toBeDefined();
  });

  test('PDF export: the canvas SVG in, a PDF with the name, version, diagram and node details out', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect x="10" y="10" width="120" height="40" fill="#3a6ea5"/><text x="20" y="35">request</text><image href="/etc/hostname" width="10" height="10"/></svg>';
    // Version 2 is the saved graph (1 is the empty one of the creation). axios posts the string as it is; a browser
    // then sends it as text/plain.
    const response = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: svg,
      user: 'reader',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${name})`);
    const content = pdfStreams(bytes);
    const shown = pdfText(content);
    for (const text of [name, 'Version: 2', 'Saved by writer', 'Greets whoever asks', 'Nodes summary', 'Nodes details', 'greeting (Variable)', "'Hello, ' + #input.name + '!'", 'Component: response']) {
      expect(shown, text).toContain(text);
    }
    // The diagram: the rectangle's fill colour drawn from the SVG.
    expect(content).toMatch(/0\.2274\d* 0\.4313\d* 0\.6470\d* scn/);
    expect(shown).toContain('request');

    const missing = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/9`, { method: 'POST', body: svg, user: 'reader' });
    expect(missing.status).toBe(404);
    const notSvg = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, { method: 'POST', body: 'hello', user: 'reader' });
    expect(notSvg.status).toBe(400);
    const huge = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, {
      method: 'POST',
      body: `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(api.MAX_PDF_SVG_LENGTH)}</svg>`,
      user: 'reader',
    });
    expect([400, 413]).toContain(huge.status);
    expect((await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, { method: 'POST', body: svg, user: 'outsider' })).status).toBe(403);
    // Drawing runs on the server's thread: SVGs that would draw too much are refused before drawing.
    const uses = Array.from({ length: 9 }, (_, i) => `<g id="g${i + 1}">${`<use href="#g${i}"/>`.repeat(10)}</g>`).join('');
    for (const hostile of [
      `<svg xmlns="http://www.w3.org/2000/svg"><defs><g id="g0"><rect width="1" height="1"/></g>${uses}</defs><use href="#g9"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(50_000)}${'</g>'.repeat(50_000)}</svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(20_000)}</svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><g id="loop"><use href="#loop"/></g></svg>`,
    ]) {
      const refused = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, { method: 'POST', body: hostile, user: 'reader' });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, expect.stringMatching(/^The diagram (has|draws|nests)/)]);
    }
    const anonymous = await s().fetchRaw(api.exportScenarioPdf, `/api/processesExport/pdf/${encodeURIComponent(name)}/2`, { method: 'POST', body: svg });
    expect(anonymous.status).toBe(401);
  });
}
