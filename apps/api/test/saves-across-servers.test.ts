import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { dropNulls } from '../src/services/json';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { fragmentGraph, streamingGraph, userGraph } from './graphs';

// A save reads no texts when its server wrote the latest version and the fragments itself: it keeps their
// content keys and graphs. Two servers on one database write in turns, so each save here meets a latest
// version or a fragment version the other server wrote, which its own caches do not hold.
describe.each(DATABASES)('saves in turns on two servers on %s', (kind) => {
  let database: TestDatabase | undefined;
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    first = await startTestServer(kind, { database });
    second = await startTestServer(kind, { database });
    for (const [name, isFragment] of [['turns-fragment', true], ['turns-user', false]] as const) {
      expect((await first.call('writer', api.createScenario, { json: { name, isFragment, category: 'Default' } })).status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    try {
      await Promise.all([first?.close(), second?.close()]);
    } finally {
      await database?.cleanup();
    }
  }, 60_000);

  async function save(s: TestServer, name: string, scenarioGraph: ScenarioGraph) {
    const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph } });
    if (!saved.ok) throw new Error(`PUT ${name}: ${saved.status} ${JSON.stringify(saved)}`);
    return saved.data;
  }

  // The save's own result must be what validating the same graph now answers (never cached).
  async function expectFresh(s: TestServer, name: string, graph: ScenarioGraph, saved: Awaited<ReturnType<typeof save>>) {
    const fresh = await s.call('reader', api.validateScenarioGraph, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
    if (!fresh.ok) throw new Error(`POST validation of ${name}: ${fresh.status}`);
    expect(dropNulls(saved.errors)).toEqual(dropNulls(fresh.data.errors));
  }

  test('a version the other server wrote is compared by its content, and a fragment it wrote is validated against', async () => {
    await save(first!, 'turns-fragment', fragmentGraph('java.lang.Integer'));
    const textGraph = userGraph('turns-fragment', "'text'");
    expect(await save(first!, 'turns-user', textGraph)).toMatchObject({ processVersionId: 2, isNewVersion: true });

    // The same graph on the other server: no version, though that server never wrote or read one.
    expect(await save(second!, 'turns-user', textGraph)).toMatchObject({ processVersionId: 2, isNewVersion: false });
    const numberGraph = userGraph('turns-fragment', '42');
    const onSecond = await save(second!, 'turns-user', numberGraph);
    expect(onSecond).toMatchObject({ processVersionId: 3, isNewVersion: true });
    expect(onSecond.errors?.invalidNodes).toEqual({});

    // Back on the first server, whose kept key is of version 2: the same graph as version 3 is no change.
    expect(await save(first!, 'turns-user', numberGraph)).toMatchObject({ processVersionId: 3, isNewVersion: false });
    // ... and the graph of version 2 is one again.
    expect(await save(first!, 'turns-user', textGraph)).toMatchObject({ processVersionId: 4, isNewVersion: true });

    // The fragment's parameter becomes a String on the first server: `1` no longer fits it, on either server.
    await save(first!, 'turns-fragment', fragmentGraph('java.lang.String'));
    const afterFragment = await save(second!, 'turns-user', numberGraph);
    expect(afterFragment).toMatchObject({ processVersionId: 5, isNewVersion: true });
    expect(Object.keys(afterFragment.errors?.invalidNodes ?? {})).toEqual(['call']);
    await expectFresh(second!, 'turns-user', numberGraph, afterFragment);

    // And back to an Integer on the second server: the first server's next save sees that version.
    await save(second!, 'turns-fragment', fragmentGraph('java.lang.Integer'));
    const afterSecondFragment = await save(first!, 'turns-user', userGraph('turns-fragment', '43'));
    expect(afterSecondFragment.errors?.invalidNodes).toEqual({});
    await expectFresh(first!, 'turns-user', userGraph('turns-fragment', '43'), afterSecondFragment);
  });

  // Each server starts a scenario's next save from what its last save of it knew (no read); the other server's
  // rename, labels and archiving must still decide that save, as if it had read them.
  test("a save from the facts its server kept meets the other server's rename, labels and archiving", async () => {
    const call = (s: TestServer, name: string, json: { scenarioGraph: ScenarioGraph; comment?: string; scenarioLabels?: string[] }) =>
      s.call('writer', api.updateScenario, { params: { scenarioName: name }, json });
    expect((await first!.call('writer', api.createScenario, { json: { name: 'kept-facts', isFragment: false, category: 'Default' } })).status).toBe(201);
    expect(await save(first!, 'kept-facts', streamingGraph('a'))).toMatchObject({ processVersionId: 2, isNewVersion: true });

    // Renamed on the other server: the old name is gone for the first server too, and the new one takes the save.
    expect((await second!.call('writer', api.renameScenario, { params: { scenarioName: 'kept-facts', newName: 'kept-facts-renamed' } })).status).toBe(200);
    expect((await call(first!, 'kept-facts', { scenarioGraph: streamingGraph('b') })).status).toBe(404);
    expect(await save(first!, 'kept-facts-renamed', streamingGraph('b'))).toMatchObject({ processVersionId: 3, isNewVersion: true });

    // Labels set on the other server (a change of the scenario without a version) are the ones the next save keeps.
    expect((await call(second!, 'kept-facts-renamed', { scenarioGraph: streamingGraph('b'), scenarioLabels: ['from-second'] })).status).toBe(200);
    expect(await save(first!, 'kept-facts-renamed', streamingGraph('c'))).toMatchObject({ processVersionId: 4, isNewVersion: true });
    const details = await first!.call('reader', api.getScenario, { params: { scenarioName: 'kept-facts-renamed' }, query: {} });
    if (!details.ok) throw new Error(`GET kept-facts-renamed: ${details.status}`);
    expect(details.data.labels).toEqual(['from-second']);

    // The same graph again with a comment writes no version, only the comment: still numbered from the other
    // server's version.
    expect(await save(second!, 'kept-facts-renamed', streamingGraph('d'))).toMatchObject({ processVersionId: 5, isNewVersion: true });
    expect(await save(first!, 'kept-facts-renamed', streamingGraph('d'))).toMatchObject({ processVersionId: 5, isNewVersion: false });

    // Archived on the other server: refused as an archived scenario's save, not written from the kept facts.
    expect((await second!.call('writer', api.archiveScenario, { params: { scenarioName: 'kept-facts-renamed' } })).status).toBe(200);
    const refused = await call(first!, 'kept-facts-renamed', { scenarioGraph: streamingGraph('e'), comment: 'too late' });
    expect(refused.status).toBe(409);
  });
});
