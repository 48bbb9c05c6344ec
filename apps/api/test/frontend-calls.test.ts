import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { frontendCallsSuite } from './suites/frontend-calls';

// The original's front end (Nussknacker 1.18.1, designer/client/src) against our server, on a server that also
// serves a designer build: its API calls (the suite, also part of api.test.ts for the route-table walk) and the
// icons it loads from /static/assets.
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

  frontendCallsSuite(s);

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

});
