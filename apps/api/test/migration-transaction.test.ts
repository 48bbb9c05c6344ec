import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { MigrateScenarioRequest } from '@scenaria/api-contract';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { streamingGraph } from './graphs';

// A migration creates the scenario and saves the migrated version in one transaction: when the last write of
// the save fails (here a real trigger in the database refuses the INCOMING_MIGRATION activity), nothing of the
// scenario stays behind, and the same migration succeeds once the database accepts it.
describe.each(DATABASES)('POST /api/migrate is one transaction on %s', (kind) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(kind, { database });
  }, 60_000);
  afterAll(async () => {
    try {
      // The refused write is a database failure, which the server answers with 500 and logs: exactly one.
      await expect(server?.close()).rejects.toThrow(/Failed query: .*insert into "scenario_activities"/);
    } finally {
      await database?.cleanup();
    }
  }, 60_000);

  const request = (name: string): MigrateScenarioRequest => ({
    version: 2,
    sourceEnvironmentId: 'staging',
    sourceScenarioVersionId: 3,
    remoteUserName: 'alice',
    processingMode: 'Unbounded-Stream',
    engineSetupName: 'Embedded',
    processCategory: 'Default',
    scenarioLabels: ['finance'],
    scenarioGraph: streamingGraph(name),
    processName: name,
    isFragment: false,
  });

  test('a failing save leaves no empty scenario behind', async () => {
    const s = server!;
    const db = s.database.db;
    await db.execute(sql.raw(`
      CREATE FUNCTION refuse_incoming_migration() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test trigger'; END $$`));
    await db.execute(sql.raw(`
      CREATE TRIGGER refuse_incoming_migration BEFORE INSERT ON scenario_activities
      FOR EACH ROW WHEN (NEW.type = 'INCOMING_MIGRATION') EXECUTE FUNCTION refuse_incoming_migration()`));

    const refused = await s.call('writer', api.migrateScenario, { json: request('half-migrated') });
    expect(refused.status).toBe(500);
    expect((await s.call('reader', api.getScenario, { params: { scenarioName: 'half-migrated' } })).status).toBe(404);
    const listed = await s.call('reader', api.listScenarios, { query: {} });
    expect(listed.ok && listed.data.map((record) => record.name)).not.toContain('half-migrated');
    const rows = await db.execute(sql.raw(`SELECT count(*)::int AS count FROM scenarios WHERE name = 'half-migrated'`));
    expect((rows as unknown as { rows?: { count: number }[] }).rows?.[0]?.count ?? (rows as unknown as { count: number }[])[0]?.count).toBe(0);

    await db.execute(sql.raw('DROP TRIGGER refuse_incoming_migration ON scenario_activities'));
    const migrated = await s.call('writer', api.migrateScenario, { json: request('half-migrated') });
    expect(migrated.status, JSON.stringify(!migrated.ok && migrated.error)).toBe(200);
    const details = await s.call('reader', api.getScenario, { params: { scenarioName: 'half-migrated' } });
    expect(details.ok && [details.data.processVersionId, details.data.labels]).toEqual([2, ['finance']]);
    const activities = await s.call('reader', api.listActivities, { params: { scenarioName: 'half-migrated' } });
    expect(activities.ok && activities.data.activities.map((activity) => activity.type)).toEqual(['SCENARIO_CREATED', 'INCOMING_MIGRATION']);
  }, 60_000);
});
