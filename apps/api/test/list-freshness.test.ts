import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { streamingGraph } from './graphs';
import { scenarioActions, scenarioLabels, scenarios } from '../src/db/schema';

// Identical lists in flight share their reads, but never one that started before a request arrived: a save
// answered before a list is asked for shows in that list, however many lists are in flight. (Over HTTP the
// window in which a shared read could be stale is short; src/services/fresh-shared-run.test.ts pins the rule
// itself with computations the test holds open.)
describe.each(DATABASES)('lists in flight on %s', (kind) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(kind, { database });
  }, 60_000);
  afterAll(async () => {
    try {
      await server?.close();
    } finally {
      await database?.cleanup();
    }
  }, 60_000);

  test('a save answered before a list is asked for is in it, while other lists are in flight', async () => {
    const s = server!;
    for (let index = 0; index < 30; index++) {
      expect((await s.call('writer', api.createScenario, { json: { name: `fresh-${index}`, isFragment: false, category: 'Default' } })).status).toBe(201);
    }
    const versionOf = async (user: 'reader' | 'writer') => {
      const listed = await s.call(user, api.listScenarios, { query: {} });
      if (!listed.ok) throw new Error(`list: ${listed.status}`);
      return listed.data.find((record) => record.name === 'fresh-0')?.processVersionId;
    };
    for (let round = 2; round <= 6; round++) {
      // Lists keep arriving back to back before, during and after the save, so some are always in flight.
      let stop = false;
      const seen: (number | undefined)[] = [];
      const pump = Array.from({ length: 6 }, async () => {
        while (!stop) seen.push(await versionOf('reader'));
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: 'fresh-0' }, json: { scenarioGraph: streamingGraph(`round-${round}`) } });
      expect(saved.ok && saved.data.processVersionId).toBe(round);
      const after = await Promise.all(Array.from({ length: 10 }, () => versionOf('reader')));
      stop = true;
      await Promise.all(pump);
      expect(after).toEqual(Array.from({ length: 10 }, () => round));
      expect(seen.length).toBeGreaterThan(0);
      for (const version of seen) expect([round - 1, round]).toContain(version);
    }
    // The details lists share the same way.
    const details = await s.call('reader', api.listScenariosWithDetails, { query: { skipValidateAndResolve: true } });
    expect(details.ok && details.data.find((record) => record.name === 'fresh-0')?.processVersionId).toBe(6);
  }, 120_000);

  // Lists served again from their text must still show what any other writer on the database committed: the
  // statements below are what another server would commit, none of them through this server.
  test('writes committed by someone else show in the next list, though an unchanged list is served again', async () => {
    const s = server!;
    const db = database!.handle.db;
    expect((await s.call('writer', api.createScenario, { json: { name: 'elsewhere', isFragment: false, category: 'Default' } })).status).toBe(201);
    const record = async () => {
      const listed = await s.call('reader', api.listScenarios, { query: {} });
      if (!listed.ok) throw new Error(`list: ${listed.status}`);
      return listed.data.find((entry) => entry.name === 'elsewhere');
    };
    expect((await record())?.labels).toEqual([]);
    expect(await record()).toEqual(await record());
    const [row] = await db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, 'elsewhere'));
    const id = row!.id;
    await db.insert(scenarioLabels).values({ scenarioId: id, label: 'from-elsewhere' });
    expect((await record())?.labels).toEqual(['from-elsewhere']);
    // Listed in order, each scenario with its own.
    await db.insert(scenarioLabels).values({ scenarioId: id, label: 'a-first' });
    expect((await record())?.labels).toEqual(['a-first', 'from-elsewhere']);
    const listed = await s.call('reader', api.listScenarios, { query: {} });
    expect(listed.ok && listed.data.filter((entry) => entry.name !== 'elsewhere').every((entry) => !entry.labels.includes('a-first'))).toBe(true);
    await db.insert(scenarioActions).values({ scenarioId: id, versionId: 1, actionName: 'RENAME', state: 'FINISHED', user: 'other', comment: 'from elsewhere' });
    expect((await record())?.lastAction?.comment).toBe('from elsewhere');
    await db.update(scenarios).set({ createdBy: 'someone-else' }).where(eq(scenarios.id, id));
    expect((await record())?.createdBy).toBe('someone-else');
  }, 60_000);
});
