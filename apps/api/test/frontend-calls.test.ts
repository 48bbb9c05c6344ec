import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';

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

describe.each(DATABASES)('the original front end on %s', (kind) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  const site = mkdtempSync(join(tmpdir(), 'scenaria-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>designer</title>');
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(kind, { database, deps: { staticDir: site } });
  });
  afterAll(async () => {
    try {
      await server?.close();
    } finally {
      await database?.cleanup();
      rmSync(site, { recursive: true, force: true });
    }
  });
  const s = () => {
    if (!server) throw new Error('server not started');
    return server;
  };
  const name = 'front-end greeter';
  const graph = greetingGraph(`front-end-${kind}`);

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

    const document = (await (await fetch(`${s().baseUrl}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['capabilities', 'parameters', 'generate/{testSampleSize}', 'adhoc/validate']) {
      expect(document.paths[`/api/testInfo/{scenarioName}/${path}`]?.['post'], path).toBeDefined();
    }
    expect(document.paths['/api/processesExport/pdf/{scenarioName}/{versionId}']?.['post']).toBeDefined();
  });

  test('component and status icons are SVGs at /static/assets, unknown ones 404 (never the designer page)', async () => {
    for (const path of ['/static/assets/components/Filter.svg', '/static/assets/components/Source.svg', '/static/assets/states/deploy-success.svg', '/static/assets/states/not-deployed.svg']) {
      const response = await fetch(`${s().baseUrl}${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, 'image/svg+xml']);
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    }
    const filter = await (await fetch(`${s().baseUrl}/static/assets/components/Filter.svg`)).text();
    const sink = await (await fetch(`${s().baseUrl}/static/assets/components/Sink.svg`)).text();
    expect(filter).not.toBe(sink);
    for (const path of ['/static/assets/components/Nothing.svg', '/static/assets/states/nothing.svg', '/static/assets/other/x.svg', '/static/assets/components/Filter.svg/more', '/static/assets/']) {
      const response = await fetch(`${s().baseUrl}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).not.toContain('<title>designer</title>');
    }
    // Other paths still reach the designer.
    expect(await (await fetch(`${s().baseUrl}/scenarios`)).text()).toContain('<title>designer</title>');
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
  });
});
