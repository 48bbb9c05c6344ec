import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { MigrateScenarioRequest, ScenarioActivity } from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { parseConfig } from '../../src/config/load-config';
import type { ServerConfigInput } from '../../src/config/config-schema';
import { openTestDatabase, startTestServer, testConfigInput } from '../harness';
import type { TestDatabase, TestServer } from '../harness';
import { streamingGraph } from '../graphs';
import { expectError, expectGuarded } from './expect-helpers';

const spel = (expression: string) => ({ language: 'spel', expression });

/** A fragment with one parameter and one output. */
function fragmentGraph(marker: string): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: `fragment ${marker}`,
        properties: { docsUrl: '', componentGroup: '', icon: '' },
        metaDataType: 'FragmentSpecificData',
        showDescription: false,
      },
    },
    nodes: [
      {
        type: 'FragmentInputDefinition',
        id: 'input',
        parameters: [{ name: 'amount', typ: { refClazzName: 'java.lang.Long' }, required: false, initialValue: null, hintText: null, valueEditor: null, valueCompileTimeValidation: null }],
      },
      { type: 'Filter', id: 'big', expression: spel('#amount > 10'), isDisabled: null },
      { type: 'FragmentOutputDefinition', id: 'out', outputName: 'big', fields: [] },
    ],
    edges: [
      { from: 'input', to: 'big', edgeType: null },
      { from: 'big', to: 'out', edgeType: { type: 'FilterTrue' } },
    ],
  } as ScenarioGraph;
}

type SecondaryInput = NonNullable<ServerConfigInput['secondaryEnvironment']>;

/** A secondary environment entry pointing at `target` as `user` (password = user name, as in the harness). */
function secondary(target: string, user: string, overrides: Partial<SecondaryInput> & { remote?: Partial<SecondaryInput['remoteConfig']> } = {}): SecondaryInput {
  const { remote, ...rest } = overrides;
  return { user, password: user, targetEnvironmentId: 'production', remoteConfig: { uri: target, ...remote }, ...rest };
}

function fields(activity: ScenarioActivity | undefined): Record<string, string> {
  return Object.fromEntries((activity?.additionalFields ?? []).map((field) => [field.name, field.value]));
}

/**
 * Migration between two designers: the suite's server is the target ("local" environment), and a second real
 * server on its own database is the source ("staging"), whose secondary environment is the target. Sources
 * with other secondary settings (wrong password, a user without rights, nothing listening, a remote that never
 * answers, the legacy create API) share the source's database.
 */
export function migrationSuite(server: () => TestServer): void {
  describe('migration between designers', () => {
    let sourceDb: TestDatabase | undefined;
    const sources: TestServer[] = [];
    let source: TestServer;
    const silentRemote = createServer(() => {
      // Never answers: the remote that hangs.
    });

    const startSource = async (secondaryEnvironment: SecondaryInput): Promise<TestServer> => {
      const config = parseConfig(testConfigInput({ environment: 'staging', secondaryEnvironment }), 'test');
      const started = await startTestServer(server().kind, { database: sourceDb!, config });
      sources.push(started);
      return started;
    };

    beforeAll(async () => {
      sourceDb = await openTestDatabase(server().kind);
      source = await startSource(secondary(server().baseUrl, 'writer'));
      // Opening a database keeps the event loop busy for seconds, past the servers' keep-alive timeouts: let
      // those overdue timers close the idle pooled connections before a request could be sent on one of them.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    afterAll(async () => {
      try {
        for (const started of sources) {
          await started.close();
          // The calls of these servers count for the route table of the suite's server.
          server().calls.push(...started.calls);
        }
      } finally {
        silentRemote.closeAllConnections();
        await new Promise<void>((resolve) => silentRemote.close(() => resolve()));
        await sourceDb?.cleanup();
      }
    });

    const request = (name: string, overrides: Partial<Extract<MigrateScenarioRequest, { version: 2 }>> = {}): MigrateScenarioRequest => ({
      version: 2,
      sourceEnvironmentId: 'staging',
      sourceScenarioVersionId: 4,
      remoteUserName: 'alice',
      processingMode: 'Unbounded-Stream',
      engineSetupName: 'Embedded',
      processCategory: 'Default',
      scenarioLabels: ['finance', 'v2'],
      scenarioGraph: streamingGraph(name),
      processName: name,
      isFragment: false,
      ...overrides,
    });

    test('GET /api/migration/scenario/description/version answers 2', async () => {
      const result = await server().call('reader', api.getMigrationApiVersion);
      expect(result.ok && result.data).toEqual({ version: 2 });
      await expectGuarded(server(), api.getMigrationApiVersion, {});
    });

    test('POST /api/migrate v2 creates the scenario, saves graph and labels, records INCOMING_MIGRATION', async () => {
      const s = server();
      const name = 'migrated-v2';
      const result = await s.call('writer', api.migrateScenario, { json: request(name) });
      expect(result.status, JSON.stringify(!result.ok && result.error)).toBe(200);

      const details = await s.call('reader', api.getScenario, { params: { scenarioName: name } });
      expect(details.ok).toBe(true);
      if (!details.ok) return;
      expect(details.data.labels).toEqual(['finance', 'v2']);
      expect(details.data.processCategory).toBe('Default');
      expect(details.data.isFragment).toBe(false);
      expect(details.data.processVersionId).toBe(2);
      expect(details.data.scenarioGraph?.nodes.map((node) => node.id)).toEqual(['source', 'marker', 'sink']);
      // Both versions are the source user's: the empty one creating it and the migrated graph.
      expect(details.data.history?.map((version) => version.user)).toEqual(['alice', 'alice']);

      const activities = await s.call('reader', api.listActivities, { params: { scenarioName: name } });
      const list = activities.ok ? activities.data.activities : [];
      expect(list.map((activity) => activity.type)).toEqual(['SCENARIO_CREATED', 'INCOMING_MIGRATION']);
      const incoming = list[1];
      expect(incoming?.user).toBe('writer');
      expect(incoming?.scenarioVersionId).toBe(2);
      expect(fields(incoming)).toEqual({ sourceEnvironment: 'staging', sourceUser: 'alice', targetEnvironment: 'local', sourceScenarioVersionId: '4' });

      // A second migration of the same scenario saves a new version over the existing one.
      const again = await s.call('writer', api.migrateScenario, { json: request(name, { scenarioGraph: streamingGraph(`${name}-2`), scenarioLabels: ['finance'] }) });
      expect(again.status).toBe(200);
      const after = await s.call('reader', api.getScenario, { params: { scenarioName: name } });
      expect(after.ok && [after.data.processVersionId, after.data.labels]).toEqual([3, ['finance']]);
    });

    test('POST /api/migrate v1 (no labels, no source version) and a fragment', async () => {
      const s = server();
      const { scenarioLabels: _labels, sourceScenarioVersionId: _version, ...v2 } = request('migrated-v1') as Extract<MigrateScenarioRequest, { version: 2 }>;
      const v1: MigrateScenarioRequest = { ...v2, version: 1 };
      expect((await s.call('writer', api.migrateScenario, { json: v1 })).status).toBe(200);
      const details = await s.call('reader', api.getScenario, { params: { scenarioName: 'migrated-v1' } });
      expect(details.ok && details.data.labels).toEqual([]);
      const activities = await s.call('reader', api.listActivities, { params: { scenarioName: 'migrated-v1' } });
      const incoming = activities.ok ? activities.data.activities.find((activity) => activity.type === 'INCOMING_MIGRATION') : undefined;
      expect(fields(incoming)).toEqual({ sourceEnvironment: 'staging', sourceUser: 'alice', targetEnvironment: 'local' });

      const fragment = request('migrated-fragment', { isFragment: true, scenarioGraph: fragmentGraph('v2'), scenarioLabels: ['shared'] });
      const migrated = await s.call('writer', api.migrateScenario, { json: fragment });
      expect(migrated.status, JSON.stringify(!migrated.ok && migrated.error)).toBe(200);
      const fragmentDetails = await s.call('reader', api.getScenario, { params: { scenarioName: 'migrated-fragment' } });
      expect(fragmentDetails.ok && [fragmentDetails.data.isFragment, fragmentDetails.data.labels]).toEqual([true, ['shared']]);
      expect(fragmentDetails.ok && fragmentDetails.data.scenarioGraph?.nodes.map((node) => node.type)).toEqual([
        'FragmentInputDefinition',
        'Filter',
        'FragmentOutputDefinition',
      ]);
    });

    test('POST /api/migrate refuses as Nussknacker does: rights 401, archived 400, bad parameters and graphs 400', async () => {
      const s = server();
      expectError(await s.call('reader', api.migrateScenario, { json: request('refused-reader') }), 401, 'The supplied user [reader] is not authorized to access this resource');
      expectError(await s.call('writer', api.migrateScenario, { json: request('refused-secret', { processCategory: 'Secret' }) }), 401, /\[writer\]/);
      await expectGuarded(s, api.migrateScenario, { json: request('refused-guarded') });
      // The existing scenario's category counts too: outsider may write Secret, not Default.
      expectError(
        await s.call('outsider', api.migrateScenario, { json: request('migrated-v2', { processCategory: 'Secret', engineSetupName: 'Other' }) }),
        401,
        /\[outsider\]/,
      );
      expect((await s.call('reader', api.getScenario, { params: { scenarioName: 'refused-reader' } })).status).toBe(404);

      expectError(await s.call('writer', api.migrateScenario, { json: request('wrong-mode', { processingMode: 'Request-Response' }) }), 400, /processing type/i);
      expectError(await s.call('writer', api.migrateScenario, { json: { ...request('bad'), version: 3 } as never }), 400, /version/);
      expectError(await s.call('writer', api.migrateScenario, { json: { ...request('bad'), processName: '' } }), 400, /processName/);
      expectError(await s.call('writer', api.migrateScenario, { json: request('bad-labels', { scenarioLabels: ['no spaces'] }) }), 400, /labels/);

      // Errors that would stop a save stop the migration before anything is written.
      // (An empty scenario saves, with its error reported, as in Nussknacker; two nodes with one id do not.)
      const valid = streamingGraph('broken');
      const broken = { ...valid, nodes: [...valid.nodes, valid.nodes[0]!] };
      expectError(await s.call('writer', api.migrateScenario, { json: request('broken', { scenarioGraph: broken }) }), 400, /^Cannot migrate, following errors occurred: /);
      expect((await s.call('reader', api.getScenario, { params: { scenarioName: 'broken' } })).status).toBe(404);

      expect((await s.call('writer', api.migrateScenario, { json: request('archived-target') })).status).toBe(200);
      expect((await s.call('writer', api.archiveScenario, { params: { scenarioName: 'archived-target' } })).status).toBe(200);
      expectError(
        await s.call('writer', api.migrateScenario, { json: request('archived-target') }),
        400,
        'Cannot migrate, scenario archived-target is archived on local. You have to unarchive scenario on local in order to migrate.',
      );
    });

    test('POST /api/remoteEnvironment/{name}/{v}/migrate sends a scenario and a fragment to the secondary environment', async () => {
      const target = server();
      const name = 'from-staging';
      expect((await source.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
      const saved = await source.call('writer', api.updateScenario, {
        params: { scenarioName: name },
        json: { scenarioGraph: streamingGraph(name), scenarioLabels: ['promoted'] },
      });
      expect(saved.ok && saved.data.processVersionId).toBe(2);

      expect((await source.call('writer', api.listRemoteScenarioVersions, { params: { scenarioName: name } })).ok).toBe(true);
      const before = await source.call('reader', api.listRemoteScenarioVersions, { params: { scenarioName: name } });
      expect(before.ok && before.data).toEqual([]);

      const migrated = await source.call('writer', api.migrateToRemoteEnvironment, { params: { scenarioName: name, versionId: 2 } });
      expect(migrated.status, JSON.stringify(!migrated.ok && migrated.error)).toBe(200);

      const there = await target.call('reader', api.getScenario, { params: { scenarioName: name } });
      expect(there.ok && there.data.labels).toEqual(['promoted']);
      expect(there.ok && there.data.scenarioGraph?.nodes.map((node) => node.id)).toEqual(['source', 'marker', 'sink']);
      // passUsernameInMigration (the default): the versions there are the migrating user's, as Remote[name].
      expect(there.ok && there.data.history?.map((version) => version.user)).toEqual(['Remote[writer]', 'Remote[writer]']);
      const targetActivities = await target.call('reader', api.listActivities, { params: { scenarioName: name } });
      const incoming = targetActivities.ok ? targetActivities.data.activities.find((activity) => activity.type === 'INCOMING_MIGRATION') : undefined;
      expect(fields(incoming)).toEqual({ sourceEnvironment: 'staging', sourceUser: 'Remote[writer]', targetEnvironment: 'local', sourceScenarioVersionId: '2' });

      const sourceActivities = await source.call('reader', api.listActivities, { params: { scenarioName: name } });
      const outgoing = sourceActivities.ok ? sourceActivities.data.activities.filter((activity) => activity.type === 'OUTGOING_MIGRATION') : [];
      expect(outgoing.map((activity) => [activity.user, activity.scenarioVersionId, fields(activity)])).toEqual([
        ['writer', 2, { destinationEnvironment: 'production' }],
      ]);

      const versions = await source.call('reader', api.listRemoteScenarioVersions, { params: { scenarioName: name } });
      expect(versions.ok && versions.data.map((version) => version.processVersionId)).toEqual([2, 1]);

      const fragment = 'fragment-from-staging';
      await source.call('writer', api.createScenario, { json: { name: fragment, isFragment: true, category: 'Default' } });
      await source.call('writer', api.updateScenario, { params: { scenarioName: fragment }, json: { scenarioGraph: fragmentGraph('staging') } });
      expect((await source.call('writer', api.migrateToRemoteEnvironment, { params: { scenarioName: fragment, versionId: 2 } })).status).toBe(200);
      const fragmentThere = await target.call('reader', api.getScenario, { params: { scenarioName: fragment } });
      expect(fragmentThere.ok && [fragmentThere.data.isFragment, fragmentThere.data.processVersionId]).toEqual([true, 2]);
    });

    test('remote-environment routes check rights here and bad input', async () => {
      const params = { scenarioName: 'from-staging', versionId: 2 };
      expectError(await source.call('reader', api.migrateToRemoteEnvironment, { params }), 403);
      expectError(await source.call('outsider', api.listRemoteScenarioVersions, { params: { scenarioName: 'from-staging' } }), 403);
      await expectGuarded(source, api.migrateToRemoteEnvironment, { params });
      await expectGuarded(source, api.listRemoteScenarioVersions, { params: { scenarioName: 'from-staging' } });
      expectError(await source.call('writer', api.migrateToRemoteEnvironment, { params: { ...params, versionId: 9 } }), 404, /version 9/);
      expectError(await source.call('writer', api.migrateToRemoteEnvironment, { params: { ...params, scenarioName: 'nope' } }), 404);
      const badVersion = await source.fetchRaw(api.migrateToRemoteEnvironment, '/api/remoteEnvironment/from-staging/x/migrate', { method: 'POST', user: 'writer' });
      expect(badVersion.status).toBe(400);
      const badName = await source.fetchRaw(api.listRemoteScenarioVersions, '/api/remoteEnvironment/%20x/versions', { user: 'writer' });
      expect(badName.status).toBe(400);
      // The suite's server has no secondary environment.
      expectError(await server().call('writer', api.listRemoteScenarioVersions, { params: { scenarioName: 'migrated-v2' } }), 404, /secondaryEnvironment/);
    });

    test('a secondary environment that refuses gives a clear error naming it, and nothing is recorded', async () => {
      const name = 'refused-by-remote';
      await source.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });
      await source.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: streamingGraph(name) } });
      const params = { scenarioName: name, versionId: 2 };

      const wrongPassword = await startSource({ ...secondary(server().baseUrl, 'writer'), password: 'not-the-password' });
      expectError(await wrongPassword.call('writer', api.migrateToRemoteEnvironment, { params }), 403, /^Remote environment production refused .* \(HTTP 401\)/);
      expectError(await wrongPassword.call('writer', api.listRemoteScenarioVersions, { params: { scenarioName: name } }), 403, /Remote environment production/);

      // The remote checks its own user: reader may not write there.
      const readerThere = await startSource(secondary(server().baseUrl, 'reader'));
      expectError(await readerThere.call('writer', api.migrateToRemoteEnvironment, { params }), 403, /The supplied user \[reader\] is not authorized/);

      // Archived there: the remote's 400 comes back with its message.
      const archived = 'archived-target';
      await source.call('writer', api.createScenario, { json: { name: archived, isFragment: false, category: 'Default' } });
      await source.call('writer', api.updateScenario, { params: { scenarioName: archived }, json: { scenarioGraph: streamingGraph(archived) } });
      expectError(
        await source.call('writer', api.migrateToRemoteEnvironment, { params: { scenarioName: archived, versionId: 2 } }),
        400,
        /Remote environment production refused .*is archived on local/,
      );

      const down = await startSource(secondary('http://127.0.0.1:1', 'writer'));
      expectError(await down.call('writer', api.migrateToRemoteEnvironment, { params }), 502, /^Remote environment production \(http:\/\/127\.0\.0\.1:1\) is not reachable/);

      await new Promise<void>((resolve) => silentRemote.listen(0, '127.0.0.1', () => resolve()));
      const silentUrl = `http://127.0.0.1:${(silentRemote.address() as AddressInfo).port}`;
      const hanging = await startSource(secondary(silentUrl, 'writer', { remote: { requestTimeoutMs: 200 } }));
      expectError(await hanging.call('writer', api.migrateToRemoteEnvironment, { params }), 504, /did not answer within 200 ms/);

      const activities = await source.call('reader', api.listActivities, { params: { scenarioName: name } });
      expect(activities.ok && activities.data.activities.some((activity) => activity.type === 'OUTGOING_MIGRATION')).toBe(false);
      expect((await server().call('reader', api.getScenario, { params: { scenarioName: name } })).status).toBe(404);
    });

    test('useLegacyCreateScenarioApi migrates through the scenario routes', async () => {
      const legacy = await startSource(secondary(server().baseUrl, 'writer', { passUsernameInMigration: false, remote: { useLegacyCreateScenarioApi: true } }));
      const name = 'legacy-migrated';
      await legacy.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });
      await legacy.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: streamingGraph(name), scenarioLabels: ['old-api'] } });
      const migrated = await legacy.call('writer', api.migrateToRemoteEnvironment, { params: { scenarioName: name, versionId: 2 } });
      expect(migrated.status, JSON.stringify(!migrated.ok && migrated.error)).toBe(200);
      const there = await server().call('reader', api.getScenario, { params: { scenarioName: name } });
      expect(there.ok && [there.data.labels, there.data.history?.map((version) => version.user)]).toEqual([['old-api'], ['writer', 'writer']]);
      const activities = await server().call('reader', api.listActivities, { params: { scenarioName: name } });
      expect(activities.ok && activities.data.activities.map((activity) => activity.type)).toEqual(['SCENARIO_CREATED', 'SCENARIO_MODIFIED']);
    });

    test('compare with the secondary environment: one version, and the whole environment', async () => {
      const name = 'from-staging';
      // Migrated as version 2 there; version 3 here moves the source (layout only), changes the marker and
      // the description (a property).
      const same = await source.call('reader', api.compareWithRemoteVersion, { params: { scenarioName: name, versionId: 2, remoteVersionId: 2 } });
      expect(same.ok && same.data).toEqual({});
      const edited = streamingGraph('edited');
      edited.nodes[0] = { ...edited.nodes[0]!, additionalFields: { description: null, layoutData: { x: 300, y: 40 } } } as ScenarioGraph['nodes'][number];
      const saved = await source.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: edited, scenarioLabels: ['promoted'] } });
      expect(saved.ok && saved.data.processVersionId).toBe(3);
      const changed = await source.call('reader', api.compareWithRemoteVersion, { params: { scenarioName: name, versionId: 3, remoteVersionId: 2 } });
      expect(changed.ok && Object.keys(changed.data).sort()).toEqual(["Node 'marker'", 'Properties']);
      expect(changed.ok && changed.data["Node 'marker'"]?.type).toBe('NodeDifferent');

      expectError(
        await source.call('reader', api.compareWithRemoteVersion, { params: { scenarioName: name, versionId: 3, remoteVersionId: 9 } }),
        404,
        'Scenario from-staging in version 9 not found on remote environment production',
      );
      expectError(await source.call('outsider', api.compareWithRemoteVersion, { params: { scenarioName: name, versionId: 3, remoteVersionId: 2 } }), 403);
      await expectGuarded(source, api.compareWithRemoteVersion, { params: { scenarioName: name, versionId: 3, remoteVersionId: 2 } });
      const badVersion = await source.fetchRaw(api.compareWithRemoteVersion, `/api/remoteEnvironment/${name}/3/compare/x`, { user: 'reader' });
      expect(badVersion.status).toBe(400);

      const environment = await source.call('reader', api.compareWithRemoteEnvironment);
      expect(environment.ok).toBe(true);
      if (!environment.ok) return;
      const byName = new Map(environment.data.processDifferences.map((entry) => [entry.name, entry]));
      expect(byName.get(name)?.presentOnOther).toBe(true);
      expect(Object.keys(byName.get(name)?.differences ?? {}).sort()).toEqual(["Node 'marker'", 'Properties']);
      expect(byName.get('refused-by-remote')).toEqual({ name: 'refused-by-remote', presentOnOther: false, differences: {} });
      // Same graph on both sides: not listed.
      expect(byName.has('fragment-from-staging')).toBe(false);
      await expectGuarded(source, api.compareWithRemoteEnvironment, {});

      const down = await startSource(secondary('http://127.0.0.1:1', 'writer'));
      expectError(await down.call('reader', api.compareWithRemoteEnvironment), 502, /not reachable/);
    });
  });
}
