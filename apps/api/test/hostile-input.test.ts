import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { streamingGraph } from './graphs';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { deepArray, JSON_HEADERS, MB, spel, streamOf } from './hostile';

// Hostile requests against the real HTTP server (issue 12, "Limits with clear errors"): each answers a 4xx with a
// JSON `message`, never a 5xx, and the health check answers after each. The harness fails the run when the
// server logged an unexpected (500) error.

const INTEGER = { type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [] };
const importForm = (text: string) => {
  const form = new FormData();
  form.set('process', new Blob([text], { type: 'application/json' }), 'scenario.json');
  return form;
};

interface HostileCase {
  what: string;
  path: string;
  init?: RequestInit;
  /** The statuses accepted (a 4xx each). */
  status: number | number[];
  /** What the message must say, when it matters (the limit, the field). */
  message?: RegExp;
}

let server: TestServer;

async function expectRefused({ what, path, init, status, message }: HostileCase): Promise<void> {
  const response = await server.fetchRaw(undefined, path, { ...init, user: 'admin' });
  const text = await response.text();
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${what}: ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
  const body = JSON.parse(text) as { message?: unknown };
  expect(body.message, what).toEqual(expect.any(String));
  if (message) expect(body.message, what).toMatch(message);
  const health = await server.fetchRaw(undefined, '/api/app/healthCheck');
  expect(health.status, `health check after ${what}`).toBe(200);
}

async function versionCount(name: string): Promise<number> {
  const result = await server.call('admin', api.listScenarioVersions, { params: { scenarioName: name } });
  if (!result.ok) throw new Error(`versions of ${name}: ${result.status}`);
  return result.data.length;
}

beforeAll(async () => {
  server = await startTestServer('pglite');
  const created = await server.call('admin', api.createScenario, { json: { name: 'target', isFragment: false, category: 'Default' } });
  expect(created.ok).toBe(true);
  const saved = await server.call('admin', api.updateScenario, { params: { scenarioName: 'target' }, json: { scenarioGraph: streamingGraph('first') } });
  expect(saved.ok).toBe(true);
});
afterAll(async () => {
  await server?.close();
});

describe('hostile input', () => {
  test('NUL bytes in paths, query values, comments and labels are bad input (400)', async () => {
    const cases: HostileCase[] = [
      { what: 'NUL as a scenario name', path: '/api/processes/%00', status: 400, message: /NUL/ },
      { what: 'NUL inside a scenario name', path: '/api/processes/tar%00get/versions', status: 400 },
      { what: 'NUL in a list filter', path: '/api/processes?names=%00', status: 400 },
      { what: 'NUL in a category filter', path: '/api/processes?categories=Default%00', status: 400 },
      { what: 'NUL in a new name', path: '/api/processes/target/rename/x%00y', init: { method: 'PUT' }, status: 400 },
      { what: 'NUL in a processing type', path: '/api/processDefinitionData/streaming%00?isFragment=false', status: 400 },
      {
        what: 'NUL in a save comment',
        path: '/api/processes/target',
        init: { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ scenarioGraph: streamingGraph('nul'), comment: 'why\u0000' }) },
        status: 400,
        message: /NUL/,
      },
      {
        what: 'NUL in a label',
        path: '/api/processes/target',
        init: { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ scenarioGraph: streamingGraph('nul'), scenarioLabels: ['a\u0000'] }) },
        status: 400,
      },
      { what: 'NUL in a plain-text comment', path: '/api/processes/target/1/activity/comment', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'note\u0000' }, status: 400, message: /NUL/ },
      {
        what: 'NUL in a deploy comment',
        path: '/api/processManagement/deploy/target',
        init: { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ comment: '\u0000' }) },
        status: 400,
      },
      { what: 'NUL in a new scenario name', path: '/api/processes', init: { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ name: 'a\u0000', isFragment: false, category: 'Default' }) }, status: 400 },
    ];
    for (const hostile of cases) await expectRefused(hostile);
    expect(await versionCount('target')).toBe(2);
  });

  test('prototype names are ordinary names (404 for what does not exist)', async () => {
    const parameters = JSON.stringify({ parameters: [{ name: 'p', typ: INTEGER, expression: spel('1') }], variableTypes: {} });
    const suggestions = JSON.stringify({ expression: spel('#'), caretPosition2d: { row: 0, column: 1 }, variableTypes: {} });
    const cases: HostileCase[] = [];
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      cases.push(
        { what: `parameters of processing type ${name}`, path: `/api/parameters/${name}/validate`, init: { method: 'POST', headers: JSON_HEADERS, body: parameters }, status: 404 },
        { what: `suggestions of processing type ${name}`, path: `/api/parameters/${name}/suggestions`, init: { method: 'POST', headers: JSON_HEADERS, body: suggestions }, status: 404 },
        { what: `definitions of processing type ${name}`, path: `/api/processDefinitionData/${name}?isFragment=false`, status: 404 },
        { what: `scenario ${name}`, path: `/api/processes/${name}`, status: 404 },
        { what: `versions of scenario ${name}`, path: `/api/processes/${name}/versions`, status: 404 },
        { what: `component ${name}`, path: `/api/components/${name}/usages`, status: [400, 404] },
        { what: `create in category ${name}`, path: '/api/processes', init: { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ name: `in-${name}`, isFragment: false, category: name }) }, status: 400 },
      );
    }
    for (const hostile of cases) await expectRefused(hostile);
  });

  test('a variable type named __proto__ is an ordinary variable of a validation request', async () => {
    for (const name of ['__proto__', 'constructor']) {
      const response = await server.fetchRaw(undefined, '/api/parameters/streaming/validate', {
        method: 'POST',
        user: 'admin',
        headers: JSON_HEADERS,
        body: JSON.stringify({ parameters: [{ name: 'p', typ: INTEGER, expression: spel(`#${name} + 1`) }], variableTypes: { [name]: INTEGER } }),
      });
      expect(response.status, name).toBe(200);
    }
  });

  test('scenario names and node ids longer than 255 characters are refused with 400 naming the field', async () => {
    const create = (name: string): RequestInit => ({ method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ name, isFragment: false, category: 'Default' }) });
    const longNode = streamingGraph('long');
    const [, marker] = longNode.nodes;
    if (!marker) throw new Error('the graph has a marker node');
    marker.id = 'm'.repeat(300);
    longNode.edges = [
      { from: 'source', to: marker.id, edgeType: null },
      { from: marker.id, to: 'sink', edgeType: null },
    ];
    const cases: HostileCase[] = [
      { what: '256-character name', path: '/api/processes', init: create('n'.repeat(256)), status: 400, message: /255/ },
      { what: '100,000-character name', path: '/api/processes', init: create('n'.repeat(100_000)), status: 400, message: /name.*255/ },
      { what: '5 MB name', path: '/api/processes', init: create('n'.repeat(5 * MB)), status: 400, message: /255/ },
      { what: 'rename to 300 characters', path: `/api/processes/target/rename/${'r'.repeat(300)}`, init: { method: 'PUT' }, status: 400, message: /255/ },
      { what: '300-character name in a path', path: `/api/processes/${'p'.repeat(300)}`, status: 400, message: /scenarioName.*255/ },
      {
        what: '300-character node id',
        path: '/api/processes/target',
        init: { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ scenarioGraph: longNode }) },
        status: 400,
        message: /nodes\.1\.id.*255/,
      },
      {
        what: '300-character node id in a validation',
        path: '/api/processValidation/target',
        init: { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ scenarioGraph: longNode, processName: 'target' }) },
        status: 400,
      },
    ];
    for (const hostile of cases) await expectRefused(hostile);
    const list = await server.call('admin', api.listScenarios, {});
    expect(list.ok && list.data.every((scenario) => scenario.name.length <= 255)).toBe(true);
    expect(await versionCount('target')).toBe(2);

    // 255 characters are fine, and such a scenario can be archived and deleted again.
    const longest = 'l'.repeat(255);
    expect((await server.fetchRaw(undefined, '/api/processes', { ...create(longest), user: 'admin' })).status).toBe(201);
    expect((await server.fetchRaw(undefined, `/api/archive/${longest}`, { method: 'POST', user: 'admin' })).status).toBe(200);
    expect((await server.fetchRaw(undefined, `/api/processes/${longest}`, { method: 'DELETE', user: 'admin' })).status).toBe(200);
  });

  test('a 5 MB name in the URL is refused by the HTTP server before any route (431)', async () => {
    // Node's HTTP parser answers 431 (without a body) to a request line beyond its header limit, before the app.
    const response = await server.fetchRaw(undefined, `/api/processes/${'x'.repeat(5 * MB)}`, { user: 'admin' });
    expect(response.status).toBe(431);
    expect((await server.fetchRaw(undefined, '/api/app/healthCheck')).status).toBe(200);
  });

  test('deep JSON is refused with 400 before it is parsed', async () => {
    const deepGraph = (depth: number) => `{"scenarioGraph":{"properties":{"additionalFields":{"description":${deepArray(depth)}}}}}`;
    const cases: HostileCase[] = [
      { what: 'array nested 20,000 deep', path: '/api/processes/target', init: { method: 'PUT', headers: JSON_HEADERS, body: deepArray(20_000) }, status: 400, message: /deeper than 1000/ },
      { what: 'graph nested 20,000 deep', path: '/api/processes/target', init: { method: 'PUT', headers: JSON_HEADERS, body: deepGraph(20_000) }, status: 400, message: /deeper than 1000/ },
      { what: 'objects nested 20,000 deep', path: '/api/processValidation/target', init: { method: 'POST', headers: JSON_HEADERS, body: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) }, status: 400 },
      { what: 'one level too deep', path: '/api/processes/target', init: { method: 'PUT', headers: JSON_HEADERS, body: deepArray(1001) }, status: 400, message: /deeper than 1000/ },
      { what: 'deep JSON with a JSON suffix type', path: '/api/processes/target', init: { method: 'PUT', headers: { 'content-type': 'application/merge-patch+json' }, body: deepArray(20_000) }, status: [400, 415] },
      { what: 'deep JSON to the anonymous-free login', path: '/api/processes', init: { method: 'POST', headers: JSON_HEADERS, body: deepArray(20_000) }, status: 400 },
      { what: 'deep imported file', path: '/api/processes/import/target', init: { method: 'POST', body: importForm(deepArray(20_000)) }, status: 400, message: /deeper than 1000/ },
      {
        what: 'deep graph in a test run',
        path: '/api/processManagement/test/target',
        init: { method: 'POST', body: (() => { const form = new FormData(); form.set('testData', '{}'); form.set('scenarioGraph', deepGraph(20_000)); return form; })() },
        status: 400,
        message: /deeper than 1000/,
      },
      { what: 'deep JSON for node validation', path: '/api/nodes/target/validation', init: { method: 'POST', headers: JSON_HEADERS, body: `{"nodeData":${deepArray(20_000)}}` }, status: 400 },
    ];
    for (const hostile of cases) await expectRefused(hostile);
    // Nesting within the limit is an ordinary body: it reaches the route (which refuses its shape).
    await expectRefused({ what: 'deep but within the limit', path: '/api/processes/target', init: { method: 'PUT', headers: JSON_HEADERS, body: deepGraph(990) }, status: 400, message: /^Invalid json/ });
    expect(await versionCount('target')).toBe(2);
  });

  test('bodies over the limit answer 413 naming the limit and are never stored', async () => {
    const hugeSave = JSON.stringify({ scenarioGraph: streamingGraph('x'.repeat(11 * MB)) });
    const cases: HostileCase[] = [
      { what: 'an 11 MB save', path: '/api/processes/target', init: { method: 'PUT', headers: JSON_HEADERS, body: hugeSave }, status: 413, message: /10 MB.*requestLimits\.maxBodyBytes/ },
      { what: 'an 11 MB plain-text comment', path: '/api/processes/target/1/activity/comment', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'c'.repeat(11 * MB) }, status: 413 },
      { what: 'an 11 MB body without a type', path: '/api/processManagement/deploy/target', init: { method: 'POST', body: 'c'.repeat(11 * MB) }, status: 413 },
      {
        what: 'a 200 MB save sent chunked',
        path: '/api/processes/target',
        init: { method: 'PUT', headers: JSON_HEADERS, body: streamOf(200 * MB), duplex: 'half' } as RequestInit,
        status: 413,
        message: /maxBodyBytes/,
      },
    ];
    for (const hostile of cases) await expectRefused(hostile);
    expect(await versionCount('target')).toBe(2);
    // Files have their own, larger limit: an 11 MB import reaches the route, which finds it is no scenario.
    await expectRefused({ what: 'an 11 MB import', path: '/api/processes/import/target', init: { method: 'POST', body: importForm(`"${'i'.repeat(11 * MB)}"`) }, status: 400, message: /not a scenario/ });
  });

  test('every route with a scenarioName refuses a 300-character name and a NUL, and finds no __proto__', async () => {
    type Parameter = { name: string; in: string; required?: boolean };
    const document = (await (await fetch(`${server.baseUrl}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
    // Required query parameters get a value, so the name is what the route refuses.
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.includes('{scenarioName}'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => {
          const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required).map((parameter) => `${parameter.name}=x`);
          return { path: query.length > 0 ? `${path}?${query.join('&')}` : path, method: method.toUpperCase() };
        }),
      );
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const fill = (path: string, name: string) =>
      path.replace('{scenarioName}', name).replace(/\{(\w+)\}/g, (_, param: string) => (param === 'newName' ? 'renamed' : param === 'scenarioActivityId' ? '00000000-0000-0000-0000-000000000000' : '1'));
    for (const { path, method } of routes) {
      const init: RequestInit = method === 'GET' || method === 'DELETE' ? { method } : { method, headers: JSON_HEADERS, body: '{}' };
      await expectRefused({ what: `${method} ${path} with a 300-character name`, path: fill(path, 'n'.repeat(300)), init, status: 400, message: /255/ });
      await expectRefused({ what: `${method} ${path} with a NUL`, path: fill(path, 'a%00b'), init, status: 400, message: /NUL/ });
      // An ordinary name of no scenario: 404, or 400/415 where the (empty JSON) body is checked first.
      await expectRefused({ what: `${method} ${path} with __proto__`, path: fill(path, '__proto__'), init, status: [400, 404, 415] });
    }
  });
});
