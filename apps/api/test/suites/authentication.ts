import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { RouteConfig } from '@hono/zod-openapi';
import { startOpenIdProvider } from '@scenaria/auth/testkit';
import type { OpenIdProviderFixture } from '@scenaria/auth/testkit';
import { parseConfig } from '../../src/config/load-config';
import { startTestServer, testConfigInput } from '../harness';
import type { TestServer } from '../harness';
import { REDIRECT_URI, signInThroughServer } from '../support/sign-in';

/**
 * The sign-in routes. The suite's server runs basic authentication, which has no code flow, so the code
 * exchange runs against a second server on the same database with an OpenID provider; its calls are
 * recorded with the suite's server, for the route-table walk. Provider by provider: test/authentication.test.ts.
 */
export function authenticationSuite(server: () => TestServer): void {
  describe('authentication routes', () => {
    let idp: OpenIdProviderFixture;
    let oidc: TestServer;
    beforeAll(async () => {
      idp = await startOpenIdProvider({ accounts: [{ sub: 'alice', password: 'alice-pw', roles: ['Writer'] }], redirectUris: [REDIRECT_URI] });
      const authentication = { method: 'Oidc' as const, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, audience: idp.audience, rolesClaim: 'roles', allowInsecureRequests: true };
      oidc = await startTestServer(server().kind, {
        database: { handle: server().database, cleanup: async () => {} },
        config: parseConfig(testConfigInput({ authentication }), 'test'),
      });
    });
    afterAll(async () => {
      await oidc?.close();
      await idp?.close();
    });

    const record = (on: TestServer, route: RouteConfig, status: number) => on.calls.push({ method: route.method.toUpperCase(), path: route.path, status });
    const fetchAs = async (base: TestServer, route: RouteConfig, path: string, init?: RequestInit) => {
      // A client reading JSON says so: error bodies are plain text otherwise (README, "Error bodies").
      const response = await fetch(`${base.baseUrl}${path}`, { ...init, headers: { accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) } });
      record(server(), route, response.status);
      return response;
    };

    test('settings of the configured provider; others are 404; a bad name is 400', async () => {
      const settings = await server().call('anonymous', api.getAuthenticationSettings, { params: { provider: 'basicauth' } });
      expect(settings.ok && settings.data).toEqual({ strategy: 'Browser', anonymousAccessAllowed: false });
      expect((await server().call('anonymous', api.getAuthenticationSettings, { params: { provider: 'oauth2' } })).status).toBe(404);
      const bad = await server().call('anonymous', api.getAuthenticationSettings, { params: { provider: '../../etc' } });
      expect(bad.status).toBe(400);
    });

    test('the code exchange by query and by form, refused for bad input', async () => {
      const viaForm = await signInThroughServer(oidc.baseUrl, idp, 'alice', 'alice-pw');
      record(server(), api.exchangeAuthenticationCodeForm, viaForm.status);
      expect(viaForm.status).toBe(200);
      const { refreshToken } = (await viaForm.json()) as { refreshToken: string };
      const viaQuery = await fetchAs(oidc, api.exchangeAuthenticationCode, `/api/authentication/oidc?refresh_token=${encodeURIComponent(refreshToken)}`);
      expect(viaQuery.status).toBe(200);
      expect(await viaQuery.json()).toHaveProperty('accessToken');

      const longCode = 'c'.repeat(5000);
      expect((await fetchAs(oidc, api.exchangeAuthenticationCode, `/api/authentication/oidc?code=${longCode}&redirect_uri=${REDIRECT_URI}`)).status).toBe(400);
      const badForm = await fetchAs(oidc, api.exchangeAuthenticationCodeForm, '/api/authentication/oidc', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: 'x', code_verifier: 'too-short' }).toString(),
      });
      expect(badForm.status).toBe(400);
      expect(await badForm.json()).toMatchObject({ path: ['form', 'code_verifier'] });
    });

    test('sign-out of the token cookie', async () => {
      expect((await server().call('anonymous', api.signOut, { params: { provider: 'basicauth' } })).status).toBe(204);
      expect((await server().call('anonymous', api.signOut, { params: { provider: 'BAD NAME' } })).status).toBe(400);
    });
  });
}
