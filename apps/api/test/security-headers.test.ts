import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { securityHeaders } from '../src/auth/security-headers';
import { parseConfig } from '../src/config/load-config';
import type { ServerConfigInput } from '../src/config/config-schema';
import { openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { TestDatabase, TestServer } from './harness';

// Headers for browsers on every response (issue 12): API answers, the designer's pages and the docs.

// A built single-page app as SvelteKit's static adapter writes it: an inline bootstrap script in index.html.
const BOOTSTRAP = '\n  { __sveltekit_x = { base: "" }; import("/_app/start.js"); }\n';
const scratch = mkdtempSync(join(tmpdir(), 'scenaria-headers-'));
mkdirSync(join(scratch, '_app'));
writeFileSync(join(scratch, 'index.html'), `<!doctype html><html><head><link href="/_app/app.css" rel="stylesheet"></head><body><div id="app" style="display: contents"><script>${BOOTSTRAP}</script></div></body></html>`);
writeFileSync(join(scratch, '_app', 'app.css'), 'body { margin: 0 }');
mkdirSync(join(scratch, '_app', 'immutable', 'workers'), { recursive: true });
writeFileSync(join(scratch, '_app', 'immutable', 'workers', 'typing.worker-x.js'), 'fetch("/api/app/healthCheck")');
const bootstrapHash = `'sha256-${createHash('sha256').update(BOOTSTRAP).digest('base64')}'`;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function withServer(overrides: Partial<ServerConfigInput>, run: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer('pglite', { database, config: parseConfig(testConfigInput(overrides), 'test'), deps: { staticDir: scratch } });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** The directives of a Content-Security-Policy value by name. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

describe('security headers', () => {
  test('API answers: nothing may run, no caching, no framing by others', async () => {
    await withServer({}, async (server) => {
      const answers = [
        await server.fetchRaw(undefined, '/api/app/healthCheck'),
        await server.fetchRaw(undefined, '/api/processes', { user: 'reader' }),
        await server.fetchRaw(undefined, '/api/processes'),
        await server.fetchRaw(undefined, '/api/processes', { user: 'wrong-password' }),
        await server.fetchRaw(undefined, '/api/nothing-here', { user: 'reader' }),
        await server.fetchRaw(undefined, '/api/processes/no-such-scenario', { user: 'reader' }),
      ];
      for (const response of answers) {
        const where = `${response.url} ${response.status}`;
        expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
        const policy = directives(response.headers.get('content-security-policy'));
        expect(policy.get('default-src'), where).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors'), where).toEqual(["'self'"]);
        expect(response.headers.get('cache-control'), where).toBe('no-store');
        expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), where).toBe('no-referrer');
        expect(response.headers.get('x-frame-options'), where).toBe('SAMEORIGIN');
        await response.arrayBuffer();
      }
    });
  });

  test('designer pages: their inline bootstrap script by hash, no eval, no inline scripts', async () => {
    await withServer({}, async (server) => {
      for (const path of ['/', '/scenarios/some-scenario']) {
        const page = await server.fetchRaw(undefined, path);
        expect(page.status, path).toBe(200);
        expect(await page.text(), path).toContain('__sveltekit_x');
        const policy = directives(page.headers.get('content-security-policy'));
        expect(policy.get('script-src'), path).toEqual(["'self'", bootstrapHash]);
        expect(policy.get('default-src'), path).toEqual(["'self'"]);
        expect(policy.get('object-src'), path).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors'), path).toEqual(["'self'"]);
        expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(page.headers.get('cache-control'), path).toBe('no-cache');
      }
      const asset = await server.fetchRaw(undefined, '/_app/app.css');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(directives(asset.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      await asset.arrayBuffer();
    });
  });

  test('a designer worker script: the page policy, since a worker runs under its own script’s policy', async () => {
    await withServer({}, async (server) => {
      const worker = await server.fetchRaw(undefined, '/_app/immutable/workers/typing.worker-x.js');
      expect(worker.status).toBe(200);
      const policy = directives(worker.headers.get('content-security-policy'));
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      await worker.arrayBuffer();
      // other assets keep the API's policy
      const asset = await server.fetchRaw(undefined, '/_app/app.css');
      expect(directives(asset.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
      await asset.arrayBuffer();
    });
  });

  test('the docs page: scripts from this server only', async () => {
    await withServer({}, async (server) => {
      const docs = await server.fetchRaw(undefined, '/api/docs');
      expect(docs.status).toBe(200);
      const policy = directives(docs.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(docs.headers.get('cache-control')).toBe('no-store');
      // Nothing inline that the policy would block: every script of the page is a file of this server.
      const html = await docs.text();
      expect(html.match(/<script>/g)).toBeNull();
      expect(html.match(/<script src="\/api\/docs\/assets\/[\w.-]+"><\/script>/g)).toHaveLength(3);
      const openapi = await server.fetchRaw(undefined, '/api/docs/openapi.json');
      expect(openapi.headers.get('cache-control')).toBe('no-store');
      expect(directives(openapi.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
      await openapi.arrayBuffer();
    });
  });

  test('frame-ancestors is configurable, and a value cannot add a directive', async () => {
    await withServer({ securityHeaders: { frameAncestors: ["'none'"] } }, async (server) => {
      const page = await server.fetchRaw(undefined, '/');
      expect(directives(page.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      await page.arrayBuffer();
    });
    await withServer({ securityHeaders: { frameAncestors: ["'self'", 'https://portal.example.com'] } }, async (server) => {
      const page = await server.fetchRaw(undefined, '/api/app/healthCheck');
      expect(directives(page.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'", 'https://portal.example.com']);
      // X-Frame-Options cannot name other origins: browsers that know frame-ancestors follow it instead.
      expect(page.headers.get('x-frame-options')).toBeNull();
      await page.arrayBuffer();
    });
    expect(() => parseConfig(testConfigInput({ securityHeaders: { frameAncestors: ["'self'; script-src *"] } }), 'test')).toThrow(/securityHeaders\.frameAncestors\.0/);
  });

  test('answers whose headers cannot change (a web redirect) get the headers too', async () => {
    const config = parseConfig(testConfigInput(), 'test');
    const app = new Hono();
    app.use(securityHeaders(() => config));
    app.get('/moved', () => Response.redirect('http://localhost/elsewhere', 302));
    app.get('/answer', (c) => c.json({ ok: true }));
    for (const path of ['/moved', '/answer']) {
      const answer = await app.request(path);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
