import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PERMISSION_EXTENSION } from '@scenaria/api-contract';
import type { AuthenticationProvider } from '@scenaria/auth';
import { startOpenIdProvider } from '@scenaria/auth/testkit';
import type { OpenIdProviderFixture } from '@scenaria/auth/testkit';
import { hashSync } from '@node-rs/bcrypt';
import { eq } from 'drizzle-orm';
import { scenarioActivities, scenarios } from '../src/db/schema';
import { authenticationRealm } from '../src/auth/request-user';
import { createApp } from '../src/app';
import { parseConfig } from '../src/config/load-config';
import type { ServerConfigInput } from '../src/config/config-schema';
import { DATABASES, openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { AppDependencies } from '../src/app';
import type { TestDatabase, TestServer } from './harness';
import { accessTokenOf, REDIRECT_URI, signInThroughServer } from './support/sign-in';
import { startUserInfoServer } from './support/user-info-server';
import type { UserInfoServer } from './support/user-info-server';

// These requests are a client reading JSON, so they say so: error bodies are plain text otherwise (README,
// "Error bodies"), except a 401's, which is JSON for every client.
const fetch = (input: string, init: RequestInit = {}) =>
  globalThis.fetch(input, { ...init, headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) } });

// Sign-in with every built-in provider over a real HTTP server: basic, OpenID Connect against a real OpenID
// provider (oidc-provider on 127.0.0.1, logged in through its login page by HTTP), and OAuth2 against a
// GitHub-style user-info server. Each case starts its own server, since the provider is fixed at start.
// The database is PostgreSQL when DATABASE_URL is set (the activities' impersonation columns), else PGlite.
const KIND = DATABASES.at(-1)!;

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const bearer = (token: string) => `Bearer ${token}`;

let database: TestDatabase;
let idp: OpenIdProviderFixture;
let github: UserInfoServer;

const base = testConfigInput();
const IMPERSONATOR_RULE = { role: 'Impersonator', categories: ['Default'], permissions: ['Read' as const], globalPermissions: ['Impersonate'] };
const users = [
  ...base.users!,
  { identity: 'ops', password: hashSync('ops', { cost: 4 }), roles: ['Impersonator'] },
  // Machine-to-machine: the robot client's tokens carry no roles; the users file gives them.
  { identity: 'scenaria-robot', username: 'robot', roles: ['Writer'] },
  // GitHub user 42 by its numeric id.
  { identity: '42', username: 'The Octocat', roles: ['Writer'] },
];

beforeAll(async () => {
  database = await openTestDatabase(KIND);
  idp = await startOpenIdProvider({
    accounts: [
      { sub: 'alice', password: 'alice-pw', preferredUsername: 'Alice', roles: ['Writer'] },
      { sub: 'root', password: 'root-pw', roles: ['Admin'] },
      { sub: 'ops-person', password: 'ops-pw', roles: ['Impersonator'] },
      { sub: 'reader-person', password: 'reader-pw', roles: ['Reader'] },
    ],
    redirectUris: [REDIRECT_URI],
    audiences: ['urn:scenaria:api', 'urn:someone-else'],
  });
  github = await startUserInfoServer({ 'gho-good': { id: 42, login: 'octocat' }, 'gho-reader': { id: 7, login: 'someone', roles: 'Reader' } }, { 'good-code': 'gho-good' });
});
afterAll(async () => {
  await idp?.close();
  await github?.close();
  await database?.cleanup();
});

function oidcSettings(overrides: Record<string, unknown> = {}) {
  return {
    method: 'Oidc' as const,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    audience: idp.audience,
    rolesClaim: 'roles',
    allowInsecureRequests: true,
    jwksCooldownSeconds: 0,
    ...overrides,
  };
}

function oauth2Settings(overrides: Record<string, unknown> = {}) {
  return {
    method: 'OAuth2' as const,
    authorizeUri: `${github.baseUrl}/login/oauth/authorize`,
    accessTokenUri: `${github.baseUrl}/login/oauth/access_token`,
    profileUri: `${github.baseUrl}/user`,
    clientId: 'github-client',
    clientSecret: 'github-secret',
    rolesField: 'roles',
    allowInsecureRequests: true,
    ...overrides,
  };
}

async function withServer(overrides: Partial<ServerConfigInput>, run: (server: TestServer) => Promise<void>, deps: Partial<AppDependencies> = {}): Promise<void> {
  const config = parseConfig(testConfigInput({ users, rules: [...base.rules!, IMPERSONATOR_RULE], ...overrides }), 'test');
  const server = await startTestServer(KIND, { database, config, deps });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
const userOf = async (server: TestServer, headers: Record<string, string>) => {
  const response = await get(server, '/api/user', headers);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function expectUnauthorizedJson(response: Response, scheme: string): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(new RegExp(`^${scheme} realm="nussknacker"`));
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(((await response.json()) as { message: string }).message).toMatch(/authentication/);
}

describe('OpenID Connect', () => {
  test('public settings, login through the provider\'s page, the code exchange and the user', async () => {
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const settings = await get(server, '/api/authentication/oidc/settings');
      expect(settings.status).toBe(200);
      const body = (await settings.json()) as { strategy: string; authorizeUrl: string; anonymousAccessAllowed: boolean };
      expect(body).toMatchObject({ strategy: 'OAuth2', anonymousAccessAllowed: false, implicitGrantEnabled: false, jwtIdTokenNonceVerificationRequired: false });
      const authorize = new URL(body.authorizeUrl);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idp.issuer}/auth`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: idp.clientId, response_type: 'code', audience: idp.audience });
      expect((await get(server, '/api/authentication/basicauth/settings')).status).toBe(404);
      expect(await (await get(server, '/api/settings')).json()).toMatchObject({ authentication: { provider: 'Oidc', anonymousAccessAllowed: false } });

      const exchanged = await signInThroughServer(server.baseUrl, idp, 'alice', 'alice-pw');
      expect(exchanged.status).toBe(200);
      const tokens = (await exchanged.json()) as Record<string, string>;
      expect(tokens.tokenType!.toLowerCase()).toBe('bearer');
      expect(tokens.access_token).toBe(tokens.accessToken);
      expect(tokens.token_type).toBe(tokens.tokenType);
      expect(exchanged.headers.get('set-cookie')).toBeNull();
      expect(await userOf(server, { authorization: bearer(tokens.accessToken!) })).toEqual({
        status: 200,
        body: {
          id: 'alice',
          username: 'Alice',
          isAdmin: false,
          categories: ['Default', 'RequestResponse'],
          categoryPermissions: { Default: ['Read', 'Write', 'Deploy'], RequestResponse: ['Read', 'Write', 'Deploy'] },
          globalPermissions: [],
        },
      });

      // The refresh token trades for a working access token (GET with query parameters, as the original).
      const refreshed = await get(server, `/api/authentication/oidc?refresh_token=${encodeURIComponent(tokens.refreshToken!)}`);
      expect(refreshed.status).toBe(200);
      const fresh = (await refreshed.json()) as { accessToken: string };
      expect(fresh.accessToken).not.toBe(tokens.accessToken);
      expect((await get(server, '/api/processes', { authorization: bearer(fresh.accessToken) })).status).toBe(200);
    });
  });

  test('a wrong code, a missing code and a wrong login are refused with JSON', async () => {
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const wrong = await get(server, `/api/authentication/oidc?code=not-a-code&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual({ message: 'Retrieving access token error. Please try authenticate again.' });
      const missing = await get(server, `/api/authentication/oidc?redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ message: 'code is required' });
      const noRedirect = await get(server, '/api/authentication/oidc?code=abc');
      expect(noRedirect.status).toBe(404);
      const badVerifier = await get(server, '/api/authentication/oidc?code=abc&code_verifier=short');
      expect(badVerifier.status).toBe(400);
      expect(await badVerifier.json()).toMatchObject({ path: ['query', 'code_verifier'] });
      await expect(signInThroughServer(server.baseUrl, idp, 'alice', 'wrong')).rejects.toThrow(/refused the login/);
    });
  });

  test('expired, wrong-audience and forged tokens get 401 with a JSON body', async () => {
    const token = await (async () => {
      let value = '';
      await withServer({ authentication: oidcSettings() }, async (server) => {
        value = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      });
      return value;
    })();
    // The server's clock two hours on: the token (one hour) has expired.
    await withServer({ authentication: oidcSettings() }, async (server) => {
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer(token) }), 'Bearer');
    }, { now: () => new Date(Date.now() + 2 * 3600 * 1000) });
    await withServer({ authentication: oidcSettings() }, async (server) => {
      expect((await get(server, '/api/processes', { authorization: bearer(token) })).status).toBe(200);
      const otherAudience = await idp.machineToken('urn:someone-else');
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer(otherAudience) }), 'Bearer');
      const [header, payload] = token.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), roles: ['Admin'] })).toString('base64url');
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer(`${header}.${forgedPayload}.${token.split('.')[2]}`) }), 'Bearer');
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer('not-a-jwt') }), 'Bearer');
    });
  });

  test('JWKS rotation: tokens of the old key are refused, tokens of the new key accepted', async () => {
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const before = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      expect((await get(server, '/api/processes', { authorization: bearer(before) })).status).toBe(200);
      await idp.rotateKeys();
      const after = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      expect((await get(server, '/api/processes', { authorization: bearer(after) })).status).toBe(200);
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer(before) }), 'Bearer');
    });
  });

  test('machine-to-machine tokens take roles and name from the users file; basic users sign in beside them', async () => {
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const robot = await userOf(server, { authorization: bearer(await idp.machineToken()) });
      expect(robot).toMatchObject({ status: 200, body: { id: 'scenaria-robot', username: 'robot', categories: ['Default', 'RequestResponse'] } });
      expect(await userOf(server, { authorization: basic('admin', 'admin') })).toMatchObject({ status: 200, body: { id: 'admin', isAdmin: true } });
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: basic('admin', 'wrong') }), 'Bearer');
      // The robot has no password: it cannot use basic credentials.
      expect((await get(server, '/api/processes', { authorization: basic('scenaria-robot', '') })).status).toBe(401);
    });
  });

  test('cookie mode: a Secure, HttpOnly cookie with Max-Age, accepted instead of the header, removed at sign-out', async () => {
    await withServer({ authentication: oidcSettings({ tokenCookie: { name: 'nu-token', path: '/' } }) }, async (server) => {
      const exchanged = await signInThroughServer(server.baseUrl, idp, 'alice', 'alice-pw');
      expect(exchanged.status).toBe(200);
      const cookie = exchanged.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^nu-token=[^;]+/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Max-Age=3600/);
      const pair = cookie.split(';')[0]!;
      expect(await userOf(server, { cookie: pair })).toMatchObject({ status: 200, body: { id: 'alice' } });
      await expectUnauthorizedJson(await get(server, '/api/processes', { cookie: 'nu-token=garbage' }), 'Bearer');
      const out = await fetch(`${server.baseUrl}/api/authentication/oidc/session`, { method: 'DELETE' });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/^nu-token=; Max-Age=0/);
    });
  });

  test('a configured query parameter carries the token into frames', async () => {
    await withServer({ authentication: oidcSettings({ accessTokenQueryParameter: 'accessToken' }) }, async (server) => {
      const token = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      expect((await userOf(server, {})).status).toBe(401);
      const response = await get(server, `/api/user?accessToken=${encodeURIComponent(token)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: 'alice' });
    });
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const token = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      expect((await get(server, `/api/user?accessToken=${encodeURIComponent(token)}`)).status).toBe(401);
    });
  });

  test('anonymous role, and overrideFrontendAuthenticationStrategy', async () => {
    const override = { strategy: 'Remote', moduleUrl: 'https://auth.example.com/remote.js' };
    await withServer({ authentication: oidcSettings({ anonymousUserRole: 'Reader', overrideFrontendAuthenticationStrategy: override }) }, async (server) => {
      expect(await (await get(server, '/api/authentication/oidc/settings')).json()).toEqual(override);
      expect(await userOf(server, {})).toMatchObject({ status: 200, body: { id: 'anonymous', categories: ['Default', 'RequestResponse'] } });
      // Wrong credentials are not anonymous.
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer('garbage') }), 'Bearer');
      expect(await (await get(server, '/api/settings')).json()).toMatchObject({ authentication: { provider: 'Oidc', anonymousAccessAllowed: true } });
    });
  });

  test('an unreachable identity provider is 503 with JSON, and basic users still sign in', async () => {
    const logged: string[] = [];
    const down = oidcSettings({ issuer: 'http://127.0.0.1:9/unreachable', requestTimeoutMs: 2000 });
    await withServer({ authentication: down }, async (server) => {
      for (const response of [
        await get(server, '/api/authentication/oidc/settings'),
        await get(server, '/api/processes', { authorization: bearer('some-token') }),
        await get(server, `/api/authentication/oidc?code=abc&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`),
      ]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ message: 'The identity provider cannot be reached; try again later' });
      }
      expect((await get(server, '/api/processes', { authorization: basic('writer', 'writer') })).status).toBe(200);
    }, { logError: (message) => logged.push(message) });
    expect(logged).toHaveLength(3);
  });

  test('impersonation with a token: allowed with Impersonate, refused for admins and without the permission', async () => {
    await withServer({ authentication: oidcSettings() }, async (server) => {
      const ops = await accessTokenOf(server.baseUrl, idp, 'ops-person', 'ops-pw');
      const acting = await userOf(server, { authorization: bearer(ops), 'Nu-Impersonate-User-Identity': 'scenaria-robot' });
      expect(acting).toMatchObject({ status: 200, body: { id: 'scenaria-robot', username: 'robot', impersonatedBy: { identity: 'ops-person', username: 'ops-person' } } });
      const admin = await get(server, '/api/user', { authorization: bearer(ops), 'Nu-Impersonate-User-Identity': 'admin' });
      expect(admin.status).toBe(403);
      expect(await admin.json()).toEqual({ message: 'admin is an administrator and may not be impersonated (isAdminImpersonationPossible)' });
      const alice = await accessTokenOf(server.baseUrl, idp, 'alice', 'alice-pw');
      const refused = await get(server, '/api/user', { authorization: bearer(alice), 'Nu-Impersonate-User-Identity': 'writer' });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/needs the global permission Impersonate/);
    });
  });
});

describe('basic authentication', () => {
  test('settings, realm, anonymous role and impersonation', async () => {
    await withServer({}, async (server) => {
      expect(await (await get(server, '/api/authentication/basicauth/settings')).json()).toEqual({ strategy: 'Browser', anonymousAccessAllowed: false });
      expect((await get(server, '/api/authentication/oidc/settings')).status).toBe(404);
      const bad = await get(server, '/api/authentication/Basic!/settings');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ path: ['param', 'provider'] });
      // No code flow here.
      expect((await get(server, '/api/authentication/basicauth?code=x&redirect_uri=http://a/b')).status).toBe(400);
      await expectUnauthorizedJson(await get(server, '/api/processes'), 'Basic');

      const ops = { authorization: basic('ops', 'ops') };
      const writer = await userOf(server, { ...ops, 'Nu-Impersonate-User-Identity': 'writer' });
      expect(writer).toMatchObject({ status: 200, body: { id: 'writer', username: 'writer', impersonatedBy: { identity: 'ops', username: 'ops' } } });
      // Acting as the writer: the writer's rights, not the impersonator's.
      expect((await get(server, '/api/app/config', { ...ops, 'Nu-Impersonate-User-Identity': 'writer' })).status).toBe(403);
      const unknown = await get(server, '/api/user', { ...ops, 'Nu-Impersonate-User-Identity': 'nobody-at-all' });
      expect(unknown.status).toBe(403);
      expect(await unknown.json()).toEqual({ message: 'No user with identity "nobody-at-all" to impersonate' });
      expect((await get(server, '/api/user', { ...ops, 'Nu-Impersonate-User-Identity': 'admin' })).status).toBe(403);
      expect((await get(server, '/api/user', { authorization: basic('reader', 'reader'), 'Nu-Impersonate-User-Identity': 'writer' })).status).toBe(403);
      await expectUnauthorizedJson(await get(server, '/api/user', { 'Nu-Impersonate-User-Identity': 'writer' }), 'Basic');

      // The history records both: the writer as the user, the impersonator beside.
      const created = await fetch(`${server.baseUrl}/api/processes`, {
        method: 'POST',
        headers: { ...ops, 'Nu-Impersonate-User-Identity': 'writer', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'made-by-impersonation', isFragment: false, category: 'Default' }),
      });
      expect(created.status).toBe(201);
      const [row] = await server.database.db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, 'made-by-impersonation'));
      const activities = await server.database.db
        .select({ user: scenarioActivities.user, identity: scenarioActivities.impersonatedByIdentity, username: scenarioActivities.impersonatedByUsername })
        .from(scenarioActivities)
        .where(eq(scenarioActivities.scenarioId, row!.id));
      expect(activities).toEqual([{ user: 'writer', identity: 'ops', username: 'ops' }]);
    });
    await withServer({ authentication: { method: 'BasicAuth', isAdminImpersonationPossible: true, anonymousUserRole: 'Reader' } }, async (server) => {
      expect(await userOf(server, { authorization: basic('ops', 'ops'), 'Nu-Impersonate-User-Identity': 'admin' })).toMatchObject({ status: 200, body: { id: 'admin', isAdmin: true } });
      expect(await userOf(server, {})).toMatchObject({ status: 200, body: { id: 'anonymous' } });
      // The anonymous role cannot impersonate.
      expect((await get(server, '/api/user', { 'Nu-Impersonate-User-Identity': 'writer' })).status).toBe(401);
    });
  });

  test('the realm comes from AUTHENTICATION_REALM', async () => {
    expect(authenticationRealm({})).toBe('nussknacker');
    expect(authenticationRealm({ AUTHENTICATION_REALM: 'acme' })).toBe('acme');
    await withServer({}, async (server) => {
      expect((await get(server, '/api/processes')).headers.get('www-authenticate')).toBe('Basic realm="acme", charset="UTF-8"');
    }, { authenticationRealm: 'acme' });
  });

  test('a provider without anonymous access refuses an anonymous role at start', async () => {
    const closed: AuthenticationProvider = {
      name: 'Closed',
      supportsAnonymousAccess: false,
      supportsImpersonation: false,
      challengeScheme: 'Bearer',
      authenticate: async () => ({ kind: 'no-credentials' }),
      findUser: async () => undefined,
      frontendSettings: async () => ({ strategy: 'Remote', moduleUrl: '/closed.js' }),
    };
    const config = parseConfig(testConfigInput({ anonymousUserRole: 'Reader' }), 'test');
    expect(() => createApp({ db: database.handle.db, config, authenticationProvider: closed })).toThrow(/does not support anonymous access/);
  });
});

describe('OAuth2 with a user-info endpoint', () => {
  test('code exchange, the token checked by the profile endpoint and cached, roles from the users file', async () => {
    await withServer({ authentication: oauth2Settings({ redirectUri: REDIRECT_URI }) }, async (server) => {
      const settings = (await (await get(server, '/api/authentication/oauth2/settings')).json()) as { strategy: string; authorizeUrl: string };
      expect(settings.strategy).toBe('OAuth2');
      expect(Object.fromEntries(new URL(settings.authorizeUrl).searchParams)).toMatchObject({ client_id: 'github-client', redirect_uri: REDIRECT_URI });
      const exchanged = await get(server, '/api/authentication/oauth2?code=good-code');
      expect(exchanged.status).toBe(200);
      expect(await exchanged.json()).toMatchObject({ accessToken: 'gho-good', access_token: 'gho-good' });
      expect((await get(server, '/api/authentication/oauth2?code=bad-code')).status).toBe(400);

      const calls = github.profileCalls;
      expect(await userOf(server, { authorization: bearer('gho-good') })).toMatchObject({ status: 200, body: { id: '42', username: 'The Octocat', categories: ['Default', 'RequestResponse'] } });
      expect((await get(server, '/api/processes', { authorization: bearer('gho-good') })).status).toBe(200);
      expect(github.profileCalls).toBe(calls + 1);
      // Not in the users file: roles from the profile's roles field.
      expect(await userOf(server, { authorization: bearer('gho-reader') })).toMatchObject({ status: 200, body: { id: '7', username: 'someone', categories: ['Default', 'RequestResponse'] } });
      const beforeRevoked = github.profileCalls;
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer('gho-revoked') }), 'Bearer');
      // A refused token is remembered as refused: repeating it does not call the provider again.
      await expectUnauthorizedJson(await get(server, '/api/processes', { authorization: bearer('gho-revoked') }), 'Bearer');
      expect(github.profileCalls).toBe(beforeRevoked + 1);
      expect(await userOf(server, { authorization: bearer('gho-good'), 'Nu-Impersonate-User-Identity': 'writer' })).toMatchObject({ status: 403 });
    });
  });

  test('the profile cache is bounded', async () => {
    await withServer({ authentication: oauth2Settings({ tokenCacheMaxEntries: 1 }) }, async (server) => {
      const calls = github.profileCalls;
      for (const token of ['gho-good', 'gho-reader', 'gho-good']) expect((await get(server, '/api/processes', { authorization: bearer(token) })).status).toBe(200);
      expect(github.profileCalls).toBe(calls + 3);
    });
  });
});

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  [PERMISSION_EXTENSION]?: string;
}

describe('401 and 403 on every secured route, for every provider', () => {
  const providers = [
    ['BasicAuth', () => ({ method: 'BasicAuth' as const }), 'Basic', async () => basic('reader', 'reader')],
    ['Oidc', () => oidcSettings(), 'Bearer', async (server: TestServer) => bearer(await accessTokenOf(server.baseUrl, idp, 'reader-person', 'reader-pw'))],
    ['OAuth2', () => oauth2Settings(), 'Bearer', async () => bearer('gho-reader')],
  ] as const;

  test.each(providers)('%s', async (_name, settings, scheme, readerCredentials) => {
    await withServer({ authentication: settings() }, async (server) => {
      const doc = (await (await get(server, '/api/docs/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
      const reader = await readerCredentials(server);
      let secured = 0;
      let adminOnly = 0;
      for (const [template, operations] of Object.entries(doc.paths)) {
        // Every parameter filled with a plain value: refusal comes before the parameters are looked at.
        const path = template.replace(/\{[^}]+\}/g, 'x');
        for (const [method, operation] of Object.entries(operations)) {
          if (!operation.security?.length) continue;
          secured++;
          const request = (headers: Record<string, string>) => fetch(`${server.baseUrl}${path}`, { method: method.toUpperCase(), headers });
          const none = await request({});
          expect(none.status, `${method} ${template} without credentials`).toBe(401);
          expect(none.headers.get('www-authenticate'), `${method} ${template}`).toMatch(new RegExp(`^${scheme} `));
          expect(await none.json(), `${method} ${template}`).toHaveProperty('message');
          const wrong = await request({ authorization: scheme === 'Basic' ? basic('reader', 'wrong') : bearer('wrong-token') });
          expect(wrong.status, `${method} ${template} with wrong credentials`).toBe(401);
          expect(await wrong.json()).toHaveProperty('message');
          // Admin routes that take no body: with a body, the body is checked before the right (a 400 first).
          if (operation[PERMISSION_EXTENSION] === 'admin' && !operation.requestBody) {
            adminOnly++;
            const forbidden = await request({ authorization: reader });
            expect(forbidden.status, `${method} ${template} as a reader`).toBe(403);
            expect(await forbidden.json()).toHaveProperty('message');
          }
        }
      }
      expect(secured).toBeGreaterThanOrEqual(40);
      expect(adminOnly).toBeGreaterThanOrEqual(2);
    });
  });
});
