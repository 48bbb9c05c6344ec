import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';
import Provider, { errors as providerErrors } from 'oidc-provider';
import type { Configuration } from 'oidc-provider';

/** A person who can sign in at the test provider's login page. */
export interface TestAccount {
  sub: string;
  password: string;
  preferredUsername?: string;
  roles?: string[];
}

export interface OpenIdProviderOptions {
  accounts: TestAccount[];
  /** Where the provider may send browsers back with a code. */
  redirectUris: string[];
  /** The resource (access-token audience) the tokens are for; the first is the default. */
  audiences?: string[];
  /** Seconds an access token lives. */
  accessTokenTtlSeconds?: number;
}

/** A real OpenID provider (`oidc-provider`) on 127.0.0.1 with a login page, for tests of sign-in. */
export interface OpenIdProviderFixture {
  issuer: string;
  /** The confidential client of the designer (code flow, refresh). */
  clientId: string;
  clientSecret: string;
  /** A machine-to-machine client (client credentials). */
  machineClientId: string;
  machineClientSecret: string;
  audience: string;
  /** Registers one more redirect URI (a server whose port was not known when the provider started). */
  allowRedirectUri(uri: string): void;
  /** Replaces the signing keys: tokens signed before are no longer verifiable with the published keys. */
  rotateKeys(): Promise<void>;
  /** Signs `account` in through the login page by HTTP, from an authorization URL to the redirect with `code`. */
  signIn(authorizeUrl: string, login: string, password: string): Promise<URL>;
  /** An access token of the machine client for `resource` (default: the audience). */
  machineToken(resource?: string): Promise<string>;
  close(): Promise<void>;
}

async function signingKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html><html><head><title>Sign in</title></head><body>
<h1>Sign in to the test OpenID provider</h1><p>for ${escapeHtml(clientId)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Login <input name="login" autocomplete="username" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) break;
  }
  return new URLSearchParams(text);
}

/** Starts the provider on a free port of 127.0.0.1. */
export async function startOpenIdProvider(options: OpenIdProviderOptions): Promise<OpenIdProviderFixture> {
  const audiences = options.audiences ?? ['urn:scenaria:api'];
  const audience = audiences[0]!;
  const clientId = 'scenaria-designer';
  const clientSecret = `secret-${randomUUID()}`;
  const machineClientId = 'scenaria-robot';
  const machineClientSecret = `secret-${randomUUID()}`;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 3600;
  const redirectUris = [...options.redirectUris];
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  let keys = [await signingKey()];

  let provider: Provider;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
        {
          client_id: machineClientId,
          client_secret: machineClientSecret,
          redirect_uris: [],
          grant_types: ['client_credentials'],
          response_types: [],
        },
      ],
      jwks: { keys },
      scopes: ['openid', 'profile', 'email', 'offline_access', 'api'],
      claims: { openid: ['sub'], profile: ['preferred_username', 'roles'] },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, preferred_username: account.preferredUsername ?? sub, roles: account.roles ?? [] }),
        };
      },
      // Access tokens carry the user's name and roles, as identity providers configured for an API do.
      extraTokenClaims: (_ctx, token) => {
        const account = 'accountId' in token && typeof token.accountId === 'string' ? accounts.get(token.accountId) : undefined;
        return account ? { preferred_username: account.preferredUsername ?? account.sub, roles: account.roles ?? [] } : undefined;
      },
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => audience,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, resource) => {
            if (!audiences.includes(resource)) throw new providerErrors.InvalidTarget();
            return { scope: 'api', audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtl };
          },
        },
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => false },
      // Explicit lifetimes: the defaults work but make the provider print a notice for each kind.
      ttl: {
        AccessToken: accessTokenTtl,
        AuthorizationCode: 60,
        ClientCredentials: accessTokenTtl,
        Grant: 3600,
        IdToken: 3600,
        Interaction: 600,
        RefreshToken: 86_400,
        Session: 3600,
      },
      cookies: { keys: ['test-cookie-key'] },
    };
    return new Provider(issuer, configuration);
  };
  provider = build();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    const clientOf = String(details.params.client_id ?? '');
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid, clientOf));
      return;
    }
    const form = await formBody(req);
    const account = accounts.get(form.get('login') ?? '');
    if (!account || account.password !== form.get('password')) {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid, clientOf, 'Wrong login or password'));
      return;
    }
    // Consent is given with the login: the test client is first-party.
    const grant = new provider.Grant({ accountId: account.sub, clientId: clientOf });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    grant.addResourceScope(audience, 'api');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    machineClientId,
    machineClientSecret,
    audience,
    allowRedirectUri(uri) {
      // Clients are fixed when a provider is made: a new one takes the list (its in-memory sessions start empty).
      redirectUris.push(uri);
      provider = build();
    },
    async rotateKeys() {
      keys = [await signingKey()];
      provider = build();
    },
    async signIn(authorizeUrl, login, password) {
      const cookies = new Map<string, string>();
      const send = async (target: string, init: RequestInit = {}) => {
        const response = await fetch(target, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair = ''] = header.split(';');
          const separator = pair.indexOf('=');
          cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
        }
        await response.arrayBuffer();
        return response;
      };
      let response = await send(authorizeUrl);
      for (let step = 0; step < 10; step++) {
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status} without a redirect`);
        const next = new URL(location, issuer);
        if (next.origin !== issuer) return next;
        if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
          await send(next.href);
          response = await send(`${next.href}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ login, password }).toString(),
          });
          if (response.status === 200) throw new Error('The login page refused the login');
        } else {
          response = await send(next.href);
        }
      }
      throw new Error('Too many redirects while signing in');
    },
    async machineToken(resource = audience) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${machineClientId}:${machineClientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api', resource }).toString(),
      });
      const body = (await response.json()) as { access_token?: string; error?: string };
      if (!body.access_token) throw new Error(`No machine token: ${body.error ?? response.status}`);
      return body.access_token;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
