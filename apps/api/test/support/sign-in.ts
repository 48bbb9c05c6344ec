import { createHash, randomBytes } from 'node:crypto';
import type { OpenIdProviderFixture } from '@scenaria/auth/testkit';

/** Where the test provider sends the browser back; nothing listens there, the code is read from the redirect. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/**
 * Signs in as a browser would: reads the server's sign-in settings, adds PKCE to the authorization URL, logs
 * in at the OpenID provider's login page and exchanges the code through the server. Returns the server's answer.
 */
export async function signInThroughServer(baseUrl: string, idp: OpenIdProviderFixture, login: string, password: string, provider = 'oidc'): Promise<Response> {
  const settings = (await (await fetch(`${baseUrl}/api/authentication/${provider}/settings`)).json()) as { authorizeUrl: string };
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  const back = await idp.signIn(url.href, login, password);
  const form = new URLSearchParams({ code: back.searchParams.get('code') ?? '', redirect_uri: REDIRECT_URI, code_verifier: verifier });
  const iss = back.searchParams.get('iss');
  if (iss) form.set('iss', iss);
  return fetch(`${baseUrl}/api/authentication/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** The access token of a signed-in account. */
export async function accessTokenOf(baseUrl: string, idp: OpenIdProviderFixture, login: string, password: string): Promise<string> {
  const response = await signInThroughServer(baseUrl, idp, login, password);
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
