import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as client from 'openid-client';
import { OidcConfigSchema, OidcProvider } from '../src/index';
import { startOpenIdProvider } from '../src/testkit/index';
import type { OpenIdProviderFixture } from '../src/testkit/index';

const limits = { maxFailuresPerUser: 10, maxFailuresPerAddress: 10, failureWindowSeconds: 60, maxTrackedKeys: 100 };
const redirectUri = 'http://127.0.0.1:1/callback';

let idp: OpenIdProviderFixture;
beforeAll(async () => {
  idp = await startOpenIdProvider({
    accounts: [{ sub: 'alice', password: 'wonderland', preferredUsername: 'Alice', roles: ['Writer'] }],
    redirectUris: [redirectUri],
  });
});
afterAll(() => idp.close());

function provider(overrides: Record<string, unknown> = {}, now?: () => number) {
  const config = OidcConfigSchema.parse({
    method: 'Oidc',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    audience: idp.audience,
    rolesClaim: 'roles',
    allowInsecureRequests: true,
    jwksCooldownSeconds: 0,
    ...overrides,
  });
  return new OidcProvider(config, { users: () => [{ identity: idp.machineClientId, username: 'robot', roles: ['Deployer'] }], limits: () => limits, ...(now ? { now } : {}) });
}

async function signIn(oidc: OidcProvider) {
  const settings = await oidc.frontendSettings(false);
  if (settings.strategy !== 'OAuth2') throw new Error('OAuth2 settings expected');
  const verifier = client.randomPKCECodeVerifier();
  const url = new URL(settings.authorizeUrl!);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', await client.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  const back = await idp.signIn(url.href, 'alice', 'wonderland');
  return oidc.exchangeCode({ code: back.searchParams.get('code')!, redirectUri, codeVerifier: verifier, iss: back.searchParams.get('iss') ?? undefined });
}

const request = (authorization?: string) => ({ authorization, clientAddress: '127.0.0.1' });

describe('OIDC provider against a real OpenID provider', () => {
  test('code flow with PKCE gives a JWT access token with the claims; refresh gives another', async () => {
    const oidc = provider();
    const tokens = await signIn(oidc);
    expect(tokens.tokenType.toLowerCase()).toBe('bearer');
    expect(await oidc.authenticate(request(`Bearer ${tokens.accessToken}`))).toEqual({
      kind: 'authenticated',
      user: { identity: 'alice', username: 'Alice', roles: ['Writer'] },
    });
    expect(tokens.refreshToken).toBeDefined();
    const refreshed = await oidc.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await oidc.authenticate(request(`Bearer ${refreshed.accessToken}`))).kind).toBe('authenticated');
  });

  test('expired, wrong-audience and forged tokens are rejected', async () => {
    let now = Date.now();
    const oidc = provider({}, () => now);
    const { accessToken } = await signIn(oidc);
    now += 2 * 3600 * 1000;
    expect(await oidc.authenticate(request(`Bearer ${accessToken}`))).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/ERR_JWT_EXPIRED/) });
    now = Date.now();
    expect(await oidc.authenticate(request(`Bearer ${accessToken}x`))).toMatchObject({ kind: 'rejected' });
    const other = provider({ audience: 'urn:someone-else' });
    expect(await other.authenticate(request(`Bearer ${accessToken}`))).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/aud/) });
  });

  test('machine-to-machine tokens get roles and name from the users file', async () => {
    const oidc = provider();
    const token = await idp.machineToken();
    expect(await oidc.authenticate(request(`Bearer ${token}`))).toEqual({
      kind: 'authenticated',
      user: { identity: idp.machineClientId, username: 'robot', roles: ['Deployer'] },
    });
  });

  test('a bad code is a token exchange error', async () => {
    await expect(provider().exchangeCode({ code: 'nonsense', redirectUri })).rejects.toMatchObject({ code: 'token-exchange-failed' });
  });
});
