import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub-style OAuth2 server for tests: a token endpoint and a user-info endpoint, counting profile calls. */
export interface UserInfoServer {
  baseUrl: string;
  /** Profile requests answered so far (to see the cache). */
  profileCalls: number;
  close(): Promise<void>;
}

/** `profiles` maps an access token to the profile it answers; `codes` maps an authorization code to a token. */
export async function startUserInfoServer(profiles: Record<string, Record<string, unknown>>, codes: Record<string, string>): Promise<UserInfoServer> {
  const state = { profileCalls: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/user') {
      state.profileCalls++;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const profile = token !== undefined && Object.hasOwn(profiles, token) ? profiles[token] : undefined;
      res.statusCode = profile ? 200 : 401;
      res.end(JSON.stringify(profile ?? { message: 'Bad credentials' }));
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const token = Object.hasOwn(codes, code) ? codes[code] : undefined;
        res.statusCode = token ? 200 : 400;
        res.end(JSON.stringify(token ? { access_token: token, token_type: 'bearer', scope: 'read:user' } : { error: 'invalid_grant' }));
      });
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    get profileCalls() {
      return state.profileCalls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
