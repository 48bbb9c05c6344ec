import { describe, expect, test } from 'vitest';
import { createApiClient } from './client';
import { allRoutes } from './routes/all';
import { routePermission } from './routes/define';
import { addComment } from './routes/activities';
import { getCurrentUser } from './routes/app';
import { getScenario, listScenarios, updateScenario } from './routes/scenarios';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

// A fetch that records what the client sends and answers with a fixed response: the client's own logic
// (URLs, encoding, auth, decoding) is what is under test here; the server side is tested in apps/api.
function recordingFetch(answer: () => Response) {
  const seen: Seen[] = [];
  const fetchFn = (async (input: string, init?: RequestInit) => {
    seen.push({ url: input, method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
    return answer();
  }) as typeof fetch;
  return { seen, fetchFn };
}

describe('createApiClient', () => {
  test('fills path parameters (encoded), query and basic auth', async () => {
    const { seen, fetchFn } = recordingFetch(() => Response.json({ name: 'a b' }));
    const client = createApiClient({ baseUrl: 'http://host/', credentials: { username: 'zoë', password: 'p:w' }, fetch: fetchFn });
    const result = await client.call(getScenario, { params: { scenarioName: 'a b/c' }, query: { skipNodeResults: 'true' } });
    expect(result).toMatchObject({ ok: true, status: 200, data: { name: 'a b' } });
    expect(seen[0]?.url).toBe('http://host/api/processes/a%20b%2Fc?skipNodeResults=true');
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(seen[0]!.headers.authorization!.slice(6)), (char) => char.charCodeAt(0)));
    expect(decoded).toBe('zoë:p:w');
  });

  test('asks for JSON error answers (the server answers plain text otherwise)', async () => {
    const { seen, fetchFn } = recordingFetch(() => Response.json({ message: 'Scenario x not found' }, { status: 404 }));
    const client = createApiClient({ fetch: fetchFn });
    const result = await client.call(getScenario, { params: { scenarioName: 'x' } });
    expect(seen[0]?.headers.accept).toBe('application/json');
    expect(result).toMatchObject({ ok: false, status: 404, error: { message: 'Scenario x not found' } });
  });

  test('sends JSON bodies and list queries', async () => {
    const { seen, fetchFn } = recordingFetch(() => Response.json([]));
    const client = createApiClient({ fetch: fetchFn });
    await client.call(listScenarios, { query: { categories: ['A', 'B'], isFragment: 'false' } as never });
    expect(seen[0]?.url).toBe('/api/processes?categories=A%2CB&isFragment=false');
    await client.call(updateScenario, { params: { scenarioName: 's' }, json: { scenarioGraph: { properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes: [], edges: [] } } });
    expect(seen[1]?.method).toBe('PUT');
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1]!.body as string)).toMatchObject({ scenarioGraph: { nodes: [] } });
  });

  test('returns the error body of a failed call, JSON or text', async () => {
    const json = createApiClient({ fetch: recordingFetch(() => Response.json({ message: 'Scenario s not found' }, { status: 404 })).fetchFn });
    expect(await json.call(getScenario, { params: { scenarioName: 's' } })).toMatchObject({ ok: false, status: 404, error: { message: 'Scenario s not found' } });
    const text = createApiClient({ fetch: recordingFetch(() => new Response('plain failure', { status: 500 })).fetchFn });
    expect(await text.call(getScenario, { params: { scenarioName: 's' } })).toMatchObject({ ok: false, status: 500, error: { message: 'plain failure' } });
  });

  test('answers without content decode to undefined; a missing path parameter is a bug', async () => {
    const client = createApiClient({ fetch: recordingFetch(() => new Response(null, { status: 200 })).fetchFn });
    const added = await client.call(addComment, { params: { scenarioName: 's', versionId: 1 }, body: 'hi', headers: { 'content-type': 'text/plain' } });
    expect(added).toMatchObject({ ok: true, data: undefined });
    await expect(client.call(getScenario, { params: {} as never })).rejects.toThrow(/Missing path parameter scenarioName/);
  });
});

describe('createApiClient in the designer', () => {
  test('an access token goes as a bearer token', async () => {
    const seen: Headers[] = [];
    const fetchFn = (async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response('{"id":"alice"}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const client = createApiClient({ fetch: fetchFn, credentials: { accessToken: 'eyJ.token' } });
    await client.call(getCurrentUser);
    expect(seen[0]?.get('authorization')).toBe('Bearer eyJ.token');
  });

  test('asks for the credentials before each call and passes further fetch options', async () => {
    const seen: RequestInit[] = [];
    const signedIn: { credentials?: { username: string; password: string } } = {};
    const fetchFn = (async (_input: string, init?: RequestInit) => {
      seen.push(init ?? {});
      return Response.json([]);
    }) as typeof fetch;
    const client = createApiClient({ fetch: fetchFn, credentials: () => signedIn.credentials, requestInit: { credentials: 'omit' } });
    await client.call(listScenarios);
    signedIn.credentials = { username: 'admin', password: 'admin' };
    await client.call(listScenarios);
    expect((seen[0]?.headers as Record<string, string>).authorization).toBeUndefined();
    expect((seen[1]?.headers as Record<string, string>).authorization).toBe('Basic YWRtaW46YWRtaW4=');
    expect(seen.map((init) => init.credentials)).toEqual(['omit', 'omit']);
  });

  test('reads a message out of any error body and tolerates an empty JSON answer', async () => {
    const answering = (response: () => Response) => createApiClient({ fetch: recordingFetch(response).fetchFn });
    const call = (response: () => Response) => answering(response).call(getScenario, { params: { scenarioName: 's' } });
    expect(await call(() => new Response('', { status: 500 }))).toMatchObject({ error: { message: 'Request failed with status 500' } });
    expect(await call(() => new Response('[1]', { status: 400 }))).toMatchObject({ error: { message: '[1]' } });
    expect(await call(() => new Response("Can't update graph archived scenario.", { status: 409 }))).toMatchObject({
      error: { message: "Can't update graph archived scenario." },
    });
    expect(await call(() => new Response('', { status: 200 }))).toMatchObject({ ok: true, data: undefined });
  });
});

describe('route table', () => {
  test('every route has a unique method and path and a permission', () => {
    const keys = allRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of allRoutes) expect(['public', 'authenticated', 'Read', 'Write', 'Deploy', 'admin']).toContain(routePermission(route));
    expect(allRoutes.filter((route) => routePermission(route) === 'public').map((route) => route.path).sort()).toEqual([
      '/api/app/buildInfo',
      '/api/app/healthCheck',
      // Sign-in happens before there is a user: settings, the code exchange (GET and POST), sign-out.
      '/api/authentication/{provider}',
      '/api/authentication/{provider}',
      '/api/authentication/{provider}/session',
      '/api/authentication/{provider}/settings',
      '/api/settings',
    ]);
  });
});
