import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { streamingGraph } from './graphs';

// `streamingGraph` with the source's schedule, which makes it valid.
function validGraph(marker: string | number): ScenarioGraph {
  const graph = streamingGraph(marker);
  const source = graph.nodes[0] as { ref: { parameters: { name: string; expression: { language: string; expression: string } }[] } };
  source.ref.parameters.unshift({ name: 'schedule', expression: { language: 'spel', expression: "T(java.time.Duration).parse('PT1S')" } });
  return graph;
}

// Lists with graphs larger than a list is kept are streamed a page at a time, and what the server computes over
// every graph (component usages, the validation health check) reads them a page at a time. Two servers on one
// database: one keeps these lists whole (the defaults), the other keeps nothing and reads two scenarios a page.
describe.each(DATABASES)('lists with graphs on %s', (kind) => {
  let database: TestDatabase | undefined;
  let kept: TestServer | undefined;
  let paged: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    kept = await startTestServer(kind, { database });
    paged = await startTestServer(kind, { database, deps: { listLimits: { listBytesKept: 1, graphListPage: 2 } } });
    for (let index = 0; index < 7; index++) {
      const name = `wide-${index}`;
      expect((await kept.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
      const graph = validGraph(index);
      // One of them with an error (saved: an ordinary error does not block a save), for the health check.
      if (index === 5) (graph.nodes[1] as { value: { expression: string } }).value.expression = '#unknown';
      const saved = await kept.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
      expect(saved.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    try {
      await Promise.all([kept?.close(), paged?.close()]);
    } finally {
      await database?.cleanup();
    }
  }, 60_000);

  const details = (s: TestServer, query: string) => s.fetchRaw(api.listScenariosWithDetails, `/api/processesDetails${query}`, { user: 'reader' });

  test('a list too large to keep is streamed: the same JSON as a kept one, and it shows the next save', async () => {
    for (const query of ['', '?skipValidateAndResolve=true', '?isFragment=false&skipNodeResults=true']) {
      const whole = await details(kept!, query);
      const streamed = await details(paged!, query);
      expect([whole.status, streamed.status]).toEqual([200, 200]);
      expect(whole.headers.get('content-length')).not.toBeNull();
      expect(streamed.headers.get('content-length')).toBeNull();
      expect(streamed.headers.get('transfer-encoding')).toBe('chunked');
      expect(streamed.headers.get('content-type')).toContain('application/json');
      const text = await streamed.text();
      expect(text).toBe(await whole.text());
      expect((JSON.parse(text) as { name: string }[]).filter((record) => record.name.startsWith('wide-'))).toHaveLength(7);
    }
    // Asked again after a save on the other server: streamed again, with the new version.
    const saved = await kept!.call('writer', api.updateScenario, { params: { scenarioName: 'wide-3' }, json: { scenarioGraph: validGraph('again') } });
    expect(saved.ok && saved.data.processVersionId).toBe(3);
    const again = await details(paged!, '?skipValidateAndResolve=true');
    expect(again.headers.get('content-length')).toBeNull();
    const listed = (await again.json()) as { name: string; processVersionId: number; scenarioGraph: ScenarioGraph }[];
    const wide3 = listed.find((record) => record.name === 'wide-3');
    expect(wide3?.processVersionId).toBe(3);
    expect(JSON.stringify(wide3?.scenarioGraph)).toContain("'again'");
  });

  test('component usages and the validation health check read the graphs a page at a time, with the same answers', async () => {
    for (const path of ['/api/components', '/api/components/builtin-variable/usages', '/api/app/healthCheck/process/validation']) {
      const [whole, pages] = await Promise.all([kept!.fetchRaw(undefined, path, { user: 'reader' }), paged!.fetchRaw(undefined, path, { user: 'reader' })]);
      expect(pages.status, path).toBe(whole.status);
      expect(await pages.json(), path).toEqual(await whole.json());
    }
    const health = await paged!.fetchRaw(undefined, '/api/app/healthCheck/process/validation', { user: 'reader' });
    expect(await health.json()).toEqual({ status: 'ERROR', message: 'Scenarios with validation errors', processes: ['wide-5'] });
    const usages = await paged!.fetchRaw(undefined, '/api/components/builtin-variable/usages', { user: 'reader' });
    expect(((await usages.json()) as { name: string }[]).filter((usage) => usage.name.startsWith('wide-'))).toHaveLength(7);
  });
});
