import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { parseCanonicalProcess } from '@scenaria/graph';
import type { TestServer } from '../harness';
import { streamingGraph } from '../graphs';
import { expectError, expectGuarded } from './expect-helpers';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const name = (scenarioName: string) => ({ params: { scenarioName } });
const importForm = (text: string) => {
  const form = new FormData();
  form.set('process', new Blob([text], { type: 'application/json' }), 'scenario.json');
  return form;
};

/** Scenario routes: create, list, details, save, versions, rename, archive, delete, import, export. */
export function scenarioSuite(server: () => TestServer): void {
  describe('scenarios', () => {
    test('create: scenarios and fragments, 201 with version 1', async () => {
      const created = await server().call('writer', api.createScenario, { json: { name: 'alpha', isFragment: false, category: 'Default' } });
      expect(created).toMatchObject({ ok: true, status: 201, data: { versionId: 1, processName: 'alpha' } });
      // The processing mode alone picks the request-response type (the writer cannot write Secret).
      const inferred = await server().call('writer', api.createScenario, { json: { name: 'rr-one', isFragment: false, processingMode: 'Request-Response' } });
      expect(inferred.status).toBe(201);
      const fragment = await server().call('writer', api.createScenario, { json: { name: 'frag-one', isFragment: true, category: 'Default' } });
      expect(fragment.status).toBe(201);
      const secret = await server().call('outsider', api.createScenario, { json: { name: 'secret-one', isFragment: false, category: 'Secret' } });
      expect(secret.status).toBe(201);
      const details = await server().call('reader', api.getScenario, name('rr-one'));
      expect(details.ok && details.data.processingMode).toBe('Request-Response');
      expect(details.ok && details.data.scenarioGraph?.properties.additionalFields.metaDataType).toBe('RequestResponseMetaData');
      const fragmentDetails = await server().call('reader', api.getScenario, name('frag-one'));
      expect(fragmentDetails.ok && fragmentDetails.data.isFragment).toBe(true);
      expect(fragmentDetails.ok && fragmentDetails.data.state).toBeNull();
    });

    test('create: bad input and rights', async () => {
      expectError(await server().call('writer', api.createScenario, { json: { name: 'alpha', isFragment: false, category: 'Default' } }), 400, 'Scenario alpha already exists');
      expectError(await server().call('writer', api.createScenario, { json: { name: ' padded', isFragment: false, category: 'Default' } }), 400, /Invalid scenario name/);
      expectError(await server().call('writer', api.createScenario, { json: { name: 'x', isFragment: false, category: 'Nope' } }), 400, /No processing type/);
      // Writer may write Default and RequestResponse: without a category the choice is ambiguous.
      expectError(await server().call('writer', api.createScenario, { json: { name: 'x', isFragment: false } }), 400, /Ambiguous/);
      const missingField = await server().call('writer', api.createScenario, { json: { name: 'x' } as never });
      expectError(missingField, 400, /isFragment/);
      expect(missingField.ok ? undefined : missingField.error.issues?.[0]?.path).toEqual(['json', 'isFragment']);
      const malformed = await server().fetchRaw(api.createScenario, '/api/processes', { method: 'POST', user: 'writer', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { message: string }).message).toMatch(/JSON/i);
      await expectGuarded(server(), api.createScenario, { json: { name: 'x', isFragment: false, category: 'Default' } }, 'reader');
      // Acting in another user's name needs Impersonate (the writer lacks it, the admin has it).
      expectError(await server().call('writer', api.createScenario, { json: { name: 'forwarded', isFragment: false, category: 'Default', forwardedUserName: 'someone' } }), 403, /Impersonate/);
      expect((await server().call('admin', api.createScenario, { json: { name: 'forwarded', isFragment: false, category: 'Default', forwardedUserName: 'someone' } })).status).toBe(201);
      const forwarded = await server().call('reader', api.getScenario, name('forwarded'));
      expect(forwarded.ok && forwarded.data.createdBy).toBe('someone');
    });

    test('details and a given version', async () => {
      const details = await server().call('reader', api.getScenario, { ...name('alpha'), query: { skipValidateAndResolve: 'true' } });
      expect(details.ok).toBe(true);
      if (!details.ok) return;
      expect(details.data).toMatchObject({ name: 'alpha', processVersionId: 1, isLatestVersion: true, isArchived: false, processingType: 'streaming', processCategory: 'Default', processingMode: 'Unbounded-Stream', createdBy: 'writer', labels: [] });
      expect(details.data.state?.status.name).toBe('NOT_DEPLOYED');
      expect(details.data.history).toHaveLength(1);
      // Option fields the reference writes as null (its record's processId is always null).
      expect(details.data).toMatchObject({ processId: null, description: null, lastAction: null, lastStateAction: null, lastDeployedAction: null, modelVersion: null });
      expect(details.data.state).toMatchObject({ externalDeploymentId: null, version: null, startTime: null, attributes: null });
      const v1 = await server().call('reader', api.getScenarioVersion, { params: { scenarioName: 'alpha', versionId: 1 } });
      expect(v1.ok && v1.data.processVersionId).toBe(1);
      expectError(await server().call('reader', api.getScenario, name('missing')), 404, 'Scenario missing not found');
      expectError(await server().call('reader', api.getScenarioVersion, { params: { scenarioName: 'alpha', versionId: 99 } }), 404, 'Scenario alpha in version 99 not found');
      expectError(await server().call('reader', api.getScenarioVersion, { params: { scenarioName: 'alpha', versionId: 'one' as never } }), 400, /versionId/);
      expectError(await server().call('reader', api.getScenario, { ...name('alpha'), query: { skipNodeResults: 'perhaps' } }), 400, /skipNodeResults/);
      await expectGuarded(server(), api.getScenario, name('alpha'), 'outsider');
      await expectGuarded(server(), api.getScenarioVersion, { params: { scenarioName: 'alpha', versionId: 1 } }, 'outsider');
    });

    test('save: a new version only when the graph changed; comment and labels', async () => {
      const saved = await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('a'), comment: 'first graph', scenarioLabels: ['fraud', 'payments'] } });
      expect(saved).toMatchObject({ ok: true, data: { processVersionId: 2, isNewVersion: true, validationPerformed: true } });
      // The saved graph is validated with the streaming model: its result comes back with the save.
      expect(saved.ok && saved.data.errors && Object.keys(saved.data.nodeResults ?? {})).toEqual(expect.arrayContaining(['source', 'marker', 'sink']));
      const same = await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('a'), scenarioLabels: ['fraud'] } });
      expect(same).toMatchObject({ ok: true, data: { processVersionId: 2, isNewVersion: false } });
      const details = await server().call('reader', api.getScenario, name('alpha'));
      expect(details.ok && details.data.labels).toEqual(['fraud']);
      // Labels alone change with the graph unchanged: one is added, then none clears them.
      for (const [posted, kept] of [[['payments', 'fraud'], ['fraud', 'payments']], [[], []]] as const) {
        const relabelled = await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('a'), scenarioLabels: [...posted] } });
        expect(relabelled).toMatchObject({ ok: true, data: { processVersionId: 2, isNewVersion: false } });
        const read = await server().call('reader', api.getScenario, name('alpha'));
        expect(read.ok && read.data.labels).toEqual(kept);
      }
      await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('a'), scenarioLabels: ['fraud'] } });
      expect(details.ok && details.data.scenarioGraph?.nodes.map((node) => node.id)).toEqual(['source', 'marker', 'sink']);
      expect(details.ok && details.data.description).toBe('graph a');
      expect(details.ok && details.data.validationResult?.nodeResults.marker).toBeDefined();
      const skipped = await server().call('reader', api.getScenario, { ...name('alpha'), query: { skipNodeResults: 'true' } });
      expect(skipped.ok && skipped.data.validationResult?.nodeResults).toEqual({});
      expect(details.ok && details.data.history?.map((version) => version.processVersionId)).toEqual([2, 1]);
      const activities = await server().call('reader', api.listActivities, name('alpha'));
      const modified = activities.ok ? activities.data.activities.filter((activity) => activity.type === 'SCENARIO_MODIFIED') : [];
      expect(modified).toHaveLength(1);
      expect(modified[0]?.comment?.content).toEqual({ status: 'AVAILABLE', value: 'first graph' });
    });

    test('save: bad input, archived, rights', async () => {
      const broken = await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: { properties: {}, nodes: 'x' } as never } });
      expectError(broken, 400, /scenarioGraph/);
      expect(broken.ok ? [] : broken.error.issues?.length).toBeGreaterThan(0);
      const duplicate = streamingGraph('dup');
      duplicate.nodes.push({ ...duplicate.nodes[1]! });
      expectError(await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: duplicate } }), 400, /more than one node/);
      // Graphs without a stored (tree) form: refused with what keeps them from it, and no version is written.
      const before = await server().call('reader', api.getScenario, name('alpha'));
      const loose = streamingGraph('loose');
      loose.edges = loose.edges.filter((edge) => edge.to !== 'sink');
      expectError(await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: loose } }), 400, /'sink' \(Sink\) is not reachable/);
      const cyclic = streamingGraph('cyclic');
      cyclic.edges.push({ from: 'marker', to: 'marker', edgeType: null });
      expectError(await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: cyclic } }), 400, /cycle through 'marker'/);
      // Without a source no node is reachable: the stored form would have none (it was saved as an empty scenario).
      const sourceless = streamingGraph('sourceless');
      sourceless.nodes = sourceless.nodes.filter((node) => node.type !== 'Source');
      sourceless.edges = sourceless.edges.filter((edge) => edge.from !== 'source');
      expectError(await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: sourceless } }), 400, /'marker' \(Variable\) is not reachable/);
      const after = await server().call('reader', api.getScenario, name('alpha'));
      expect(after.ok && after.data.processVersionId).toBe(before.ok && before.data.processVersionId);
      expectError(await server().call('writer', api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('b'), scenarioLabels: ['not valid!'] } }), 400, /Invalid scenario labels/);
      expectError(await server().call('writer', api.updateScenario, { ...name('missing'), json: { scenarioGraph: streamingGraph('b') } }), 404);
      await expectGuarded(server(), api.updateScenario, { ...name('alpha'), json: { scenarioGraph: streamingGraph('b') } }, 'reader');
    });

    test("save: the body is parsed off the server's thread and answered as the router answers JSON bodies", async () => {
      await server().call('writer', api.createScenario, { json: { name: 'parsed-body', isFragment: false, category: 'Default' } });
      const put = async (body: string, contentType: string | undefined, scenario = 'parsed-body') => {
        const response = await server().fetchRaw(undefined, `/api/processes/${scenario}`, {
          method: 'PUT',
          user: 'writer',
          headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) },
          body,
        });
        return { status: response.status, body: (await response.json()) as { message: string; path?: unknown[]; issues?: Array<{ path: unknown[] }> } };
      };
      expect(await put('{"scenarioGraph":', 'application/json')).toEqual({ status: 400, body: { message: 'Malformed JSON in request body' } });
      expect(await put('', 'application/json')).toEqual({ status: 400, body: { message: 'Malformed JSON in request body' } });
      expect((await put(JSON.stringify({ scenarioGraph: streamingGraph('x') }), 'text/plain')).status).toBe(415);
      expect((await put(JSON.stringify({ scenarioGraph: streamingGraph('x') }), undefined)).status).toBe(415);
      const wrongComment = await put(JSON.stringify({ scenarioGraph: streamingGraph('x'), comment: 7 }), 'application/json; charset=utf-8');
      expect(wrongComment.status).toBe(400);
      expect(wrongComment.body.message).toMatch(/^Invalid json\.comment: /);
      expect(wrongComment.body.path).toEqual(['json', 'comment']);
      expect(wrongComment.body.issues?.map((issue) => issue.path)).toEqual([['json', 'comment']]);
      // A missing scenario is found before its body is read, as the reference finds the scenario's id first.
      expect((await put('{"scenarioGraph":', 'application/json', 'missing')).status).toBe(404);
      const labelled = await put(JSON.stringify({ scenarioGraph: streamingGraph('x'), scenarioLabels: ['ok', 'not valid!'] }), 'application/json');
      expect(labelled).toMatchObject({ status: 400, body: { path: ['scenarioLabels'] } });
      expect(labelled.body.message).toMatch(/^Invalid scenario labels: not valid!/);
      // What the body holds besides the graph reaches the save: its labels, comment and the user it acts for.
      const saved = await put(JSON.stringify({ scenarioGraph: streamingGraph('body-fields'), comment: 'from the body', scenarioLabels: ['b', 'a'], forwardedUserName: 'someone' }), 'application/json');
      expect(saved.status).toBe(403);
      expect(saved.body.message).toMatch(/Impersonate/);
      const accepted = await put(JSON.stringify({ scenarioGraph: streamingGraph('body-fields'), comment: 'from the body', scenarioLabels: ['b', 'a'] }), 'application/json');
      expect(accepted.status).toBe(200);
      const details = await server().call('reader', api.getScenario, name('parsed-body'));
      expect(details.ok && details.data.labels).toEqual(['a', 'b']);
      const activities = await server().call('reader', api.listActivities, name('parsed-body'));
      const comments = activities.ok ? activities.data.activities.map((activity) => activity.comment?.content) : [];
      expect(comments).toContainEqual({ status: 'AVAILABLE', value: 'from the body' });
      // Labels given as none take the scenario's away (the label list of later tests knows only its own).
      expect((await put(JSON.stringify({ scenarioGraph: streamingGraph('body-fields'), scenarioLabels: [] }), 'application/json')).status).toBe(200);
      const cleared = await server().call('reader', api.getScenario, name('parsed-body'));
      expect(cleared.ok && cleared.data.labels).toEqual([]);
    });

    test('50 concurrent saves get 50 distinct consecutive versions', async () => {
      await server().call('writer', api.createScenario, { json: { name: 'busy', isFragment: false, category: 'Default' } });
      const saves = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          server().call('writer', api.updateScenario, { ...name('busy'), json: { scenarioGraph: streamingGraph(`concurrent-${index}`), comment: `save ${index}` } }),
        ),
      );
      const versions = saves.map((save) => (save.ok ? save.data.processVersionId : -1)).sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 50 }, (_, index) => index + 2));
      const history = await server().call('reader', api.listScenarioVersions, name('busy'));
      expect(history.ok && history.data.map((version) => version.processVersionId)).toEqual(Array.from({ length: 51 }, (_, index) => 51 - index));
      // Every save's graph is stored in the version it was told about: none overwritten, none lost.
      const markers = new Set<string>();
      for (const save of saves) {
        if (!save.ok) continue;
        const exported = await server().call('reader', api.exportScenarioVersion, { params: { scenarioName: 'busy', versionId: save.data.processVersionId } });
        const marker = exported.ok ? JSON.stringify(exported.data).match(/concurrent-\d+/)?.[0] : undefined;
        expect(marker).toBeDefined();
        markers.add(marker!);
      }
      expect(markers.size).toBe(50);
    });

    test('versions list', async () => {
      const versions = await server().call('reader', api.listScenarioVersions, name('alpha'));
      expect(versions.ok && versions.data.map((version) => version.processVersionId)).toEqual([2, 1]);
      expectError(await server().call('reader', api.listScenarioVersions, name('missing')), 404);
      await expectGuarded(server(), api.listScenarioVersions, name('alpha'), 'outsider');
    });

    test('lists with every filter', async () => {
      const all = await server().call('reader', api.listScenarios);
      const names = all.ok ? all.data.map((scenario) => scenario.name) : [];
      expect(names).toEqual(expect.arrayContaining(['alpha', 'rr-one', 'frag-one', 'busy']));
      expect(names).not.toContain('secret-one');
      expect(all.ok && all.data.find((scenario) => scenario.name === 'alpha')?.state?.status.name).toBe('NOT_DEPLOYED');
      expect(all.ok && all.data.every((scenario) => scenario.scenarioGraph === null)).toBe(true);
      const list = async (query: Record<string, string>) => {
        const result = await server().call('reader', api.listScenarios, { query });
        return result.ok ? result.data.map((scenario) => scenario.name).sort() : [`status ${result.status}`];
      };
      expect(await list({ isFragment: 'true' })).toEqual(['frag-one']);
      expect(await list({ categories: 'RequestResponse' })).toEqual(['rr-one']);
      expect(await list({ processingTypes: 'request-response,streaming', names: 'alpha,rr-one,nothing' })).toEqual(['alpha', 'rr-one']);
      expect(await list({ isArchived: 'true' })).toEqual([]);
      expect(await list({ isDeployed: 'true' })).toEqual([]);
      expect((await list({ isDeployed: 'false', isFragment: 'false' })).length).toBeGreaterThanOrEqual(3);
      const admin = await server().call('admin', api.listScenarios, { query: { categories: 'Secret' } });
      expect(admin.ok && admin.data.map((scenario) => scenario.name)).toEqual(['secret-one']);
      expectError(await server().call('reader', api.listScenarios, { query: { isFragment: 'maybe' } }), 400, /query\.isFragment/);
      await expectGuarded(server(), api.listScenarios, { query: { categories: 'Secret' } }, 'reader');
      expectError(await server().call('nobody', api.listScenarios), 403);

      const detailed = await server().call('reader', api.listScenariosWithDetails, { query: { names: 'alpha' } });
      expect(detailed.ok && detailed.data[0]?.scenarioGraph?.nodes).toHaveLength(3);
      expect(detailed.ok && detailed.data[0]?.state).toBeNull();
      expectError(await server().call('reader', api.listScenariosWithDetails, { query: { isArchived: 'yes' } }), 400, /isArchived/);
      await expectGuarded(server(), api.listScenariosWithDetails, { query: { categories: 'Secret' } }, 'reader');

      const states = await server().call('reader', api.listScenarioStates);
      expect(states.ok && states.data.alpha?.status.name).toBe('NOT_DEPLOYED');
      expect(states.ok && 'frag-one' in states.data).toBe(false);
      await expectGuarded(server(), api.listScenarioStates, {}, 'nobody');
    });

    test('state of one scenario', async () => {
      const state = await server().call('reader', api.getScenarioState, name('alpha'));
      expect(state).toMatchObject({ ok: true, data: { status: { name: 'NOT_DEPLOYED' }, allowedActions: ['DEPLOY', 'ARCHIVE', 'RENAME'] } });
      expectError(await server().call('reader', api.getScenarioState, name('frag-one')), 400, "Fragment doesn't have state.");
      expectError(await server().call('reader', api.getScenarioState, name('missing')), 404);
      await expectGuarded(server(), api.getScenarioState, name('alpha'), 'outsider');
    });

    test('rename', async () => {
      await server().call('writer', api.createScenario, { json: { name: 'to-rename', isFragment: false, category: 'Default' } });
      const renamed = await server().call('writer', api.renameScenario, { params: { scenarioName: 'to-rename', newName: 'renamed' } });
      expect(renamed).toMatchObject({ ok: true, data: { oldName: 'to-rename', newName: 'renamed' } });
      expectError(await server().call('reader', api.getScenario, name('to-rename')), 404);
      const exported = await server().call('reader', api.exportScenario, name('renamed'));
      expect(exported.ok && exported.data.metaData.id).toBe('renamed');
      const activities = await server().call('reader', api.listActivities, name('renamed'));
      const change = activities.ok ? activities.data.activities.find((activity) => activity.type === 'SCENARIO_NAME_CHANGED') : undefined;
      expect(change?.additionalFields).toEqual([{ name: 'oldName', value: 'to-rename' }, { name: 'newName', value: 'renamed' }]);
      expectError(await server().call('writer', api.renameScenario, { params: { scenarioName: 'renamed', newName: 'alpha' } }), 400, 'Scenario alpha already exists');
      expectError(await server().call('writer', api.renameScenario, { params: { scenarioName: 'renamed', newName: 'bad\u0001name' } }), 400, /Invalid scenario name/);
      expectError(await server().call('writer', api.renameScenario, { params: { scenarioName: 'missing', newName: 'x' } }), 404);
      await expectGuarded(server(), api.renameScenario, { params: { scenarioName: 'renamed', newName: 'x' } }, 'reader');
    });

    test('archive, unarchive, delete', async () => {
      await server().call('writer', api.createScenario, { json: { name: 'old', isFragment: false, category: 'Default' } });
      expectError(await server().call('writer', api.deleteScenario, name('old')), 409, "Can't delete not archived scenario.");
      expectError(await server().call('writer', api.unarchiveScenario, name('old')), 409, /not archived/);
      expect(await server().call('writer', api.archiveScenario, name('old'))).toMatchObject({ ok: true, status: 200 });
      expectError(await server().call('writer', api.archiveScenario, name('old')), 409, /already archived/);
      expectError(await server().call('writer', api.updateScenario, { ...name('old'), json: { scenarioGraph: streamingGraph('x') } }), 409, "Can't update graph archived scenario.");
      expectError(await server().call('writer', api.renameScenario, { params: { scenarioName: 'old', newName: 'older' } }), 409);
      expectError(await server().call('writer', api.importScenario, { ...name('old'), body: importForm(fixture('filter-1-18.json')) }), 409);
      const deployments = await server().call('reader', api.listScenarioDeployments, name('old'));
      expect(deployments.ok && deployments.data.map((action) => [action.actionName, action.state])).toEqual([['ARCHIVE', 'FINISHED']]);
      expectError(await server().call('reader', api.listScenarioDeployments, name('missing')), 404);
      await expectGuarded(server(), api.listScenarioDeployments, name('old'), 'outsider');
      const archived = await server().call('reader', api.listArchivedScenarios);
      expect(archived.ok && archived.data.map((scenario) => scenario.name)).toEqual(['old']);
      expect(archived.ok && archived.data[0]?.lastAction?.actionName).toBe('ARCHIVE');
      expect(await server().call('writer', api.unarchiveScenario, name('old'))).toMatchObject({ ok: true });
      expect(await server().call('writer', api.archiveScenario, name('old'))).toMatchObject({ ok: true });
      expect(await server().call('writer', api.deleteScenario, name('old'))).toMatchObject({ ok: true, status: 200 });
      expectError(await server().call('reader', api.getScenario, name('old')), 404);
      expectError(await server().call('writer', api.archiveScenario, name('old')), 404);
      expectError(await server().call('writer', api.unarchiveScenario, name('missing')), 404);
      expectError(await server().call('writer', api.deleteScenario, name('missing')), 404);
      // Fragments are archived regardless of state.
      await server().call('writer', api.createScenario, { json: { name: 'frag-old', isFragment: true, category: 'Default' } });
      expect(await server().call('writer', api.archiveScenario, name('frag-old'))).toMatchObject({ ok: true });
      await expectGuarded(server(), api.archiveScenario, name('alpha'), 'reader');
      await expectGuarded(server(), api.unarchiveScenario, name('frag-old'), 'reader');
      await expectGuarded(server(), api.deleteScenario, name('frag-old'), 'reader');
      await expectGuarded(server(), api.listArchivedScenarios, {}, 'nobody');
    });

    test('import: any era, not saved', async () => {
      const old = await server().call('writer', api.importScenario, { ...name('alpha'), body: importForm(fixture('old-card-transaction.json')) });
      expect(old.ok, JSON.stringify(old.ok ? '' : old.error)).toBe(true);
      if (!old.ok) return;
      expect(old.data.scenarioGraph.nodes.length).toBeGreaterThan(1);
      expect(old.data.changes.length).toBeGreaterThan(0);
      expect(old.data.scenarioGraph.properties.additionalFields.metaDataType).toBe('StreamMetaData');
      const recent = await server().call('writer', api.importScenario, { ...name('alpha'), body: importForm(fixture('filter-1-18.json')) });
      expect(recent.ok && recent.data.scenarioGraph.nodes.some((node) => node.type === 'Filter')).toBe(true);
      const details = await server().call('reader', api.getScenario, name('alpha'));
      expect(details.ok && details.data.processVersionId).toBe(2);
      expectError(await server().call('writer', api.importScenario, { ...name('alpha'), body: importForm('{ not json') }), 400, /not valid JSON/);
      expectError(await server().call('writer', api.importScenario, { ...name('alpha'), body: importForm('{"hello": 1}') }), 400, /not a scenario/);
      // A file of another kind is refused, naming both kinds, rather than replacing the graph with one this engine cannot run.
      const requestResponse = JSON.parse(fixture('filter-1-18.json')) as { metaData: { additionalFields: { metaDataType: string; properties: Record<string, string> } } };
      requestResponse.metaData.additionalFields = { ...requestResponse.metaData.additionalFields, metaDataType: 'RequestResponseMetaData', properties: { slug: 'x' } };
      expectError(
        await server().call('writer', api.importScenario, { ...name('alpha'), body: importForm(JSON.stringify(requestResponse)) }),
        400,
        /The file holds a request-response scenario \(RequestResponseMetaData\); alpha is a streaming scenario/,
      );
      const noFile = new FormData();
      noFile.set('other', 'x');
      expectError(await server().call('writer', api.importScenario, { ...name('alpha'), body: noFile }), 400, /process/);
      expectError(await server().call('writer', api.importScenario, { ...name('missing'), body: importForm(fixture('filter-1-18.json')) }), 404);
      await expectGuarded(server(), api.importScenario, { ...name('alpha'), body: importForm(fixture('filter-1-18.json')) }, 'reader');
    });

    test('validation of a posted graph', async () => {
      const valid = await server().call('reader', api.validateScenarioGraph, { ...name('alpha'), json: { processName: 'alpha', scenarioGraph: streamingGraph('v') } });
      expect(valid.ok).toBe(true);
      if (valid.ok) expect(Object.keys(valid.data.nodeResults)).toEqual(expect.arrayContaining(['source', 'marker', 'sink']));
      const broken = streamingGraph('v');
      broken.nodes[1] = { type: 'Variable', id: 'marker', varName: 'marker', value: { language: 'spel', expression: '#nope +' } } as never;
      const invalid = await server().call('reader', api.validateScenarioGraph, { ...name('alpha'), json: { scenarioGraph: broken } });
      expect(invalid.ok && invalid.data.errors.invalidNodes.marker?.length).toBeGreaterThan(0);
      expectError(await server().call('reader', api.validateScenarioGraph, { ...name('alpha'), json: { scenarioGraph: { nodes: 1 } } as never }), 400, /scenarioGraph/);
      expectError(await server().call('reader', api.validateScenarioGraph, { ...name('missing'), json: { scenarioGraph: streamingGraph('v') } }), 404);
      await expectGuarded(server(), api.validateScenarioGraph, { ...name('alpha'), json: { scenarioGraph: streamingGraph('v') } }, 'outsider');
    });

    test('definitions of a processing type', async () => {
      const streaming = await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: { isFragment: 'false' } });
      expect(streaming.ok).toBe(true);
      if (streaming.ok) {
        expect(Object.keys(streaming.data.components)).toEqual(expect.arrayContaining(['builtin-filter', 'source-kafka', 'sink-logging', 'fragment-frag-one']));
        expect(streaming.data.classes.length).toBeGreaterThan(10);
      }
      const fragment = await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: { isFragment: 'true', enrichedWithUiConfig: 'false' } });
      expect(fragment.ok && Object.keys(fragment.data.components)).toEqual(expect.arrayContaining(['builtin-input', 'builtin-output']));
      const rr = await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'request-response' }, query: { isFragment: 'false' } });
      expect(rr.ok && Object.keys(rr.data.components)).toEqual(expect.arrayContaining(['source-request', 'sink-response']));
      // The reference's route does not match without isFragment (404); a value it cannot read is bad input.
      expectError(await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: {} as never }), 404, /isFragment/);
      expectError(await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: { isFragment: 'maybe' } as never }), 400, /isFragment/);
      expectError(await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'nope' }, query: { isFragment: 'false' } }), 404, 'Scenario type: nope not found');
      await expectGuarded(server(), api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: { isFragment: 'false' } }, 'outsider');
    });

    test('export: posted graph, latest and given version', async () => {
      const posted = await server().call('reader', api.exportScenarioGraph, { ...name('alpha'), json: streamingGraph('export') });
      expect(posted.ok).toBe(true);
      if (posted.ok) {
        expect(parseCanonicalProcess(posted.data).ok).toBe(true);
        expect(posted.data.metaData.id).toBe('alpha');
        expect(posted.data.nodes.map((node) => node.id)).toEqual(['source', 'marker', 'sink']);
      }
      expectError(await server().call('reader', api.exportScenarioGraph, { ...name('alpha'), json: { nodes: [] } as never }), 400, /properties/);
      await expectGuarded(server(), api.exportScenarioGraph, { ...name('alpha'), json: streamingGraph('x') }, 'outsider');

      const latest = await server().call('reader', api.exportScenario, name('alpha'));
      expect(latest.ok && latest.data.nodes).toHaveLength(3);
      expectError(await server().call('reader', api.exportScenario, name('missing')), 404);
      await expectGuarded(server(), api.exportScenario, name('alpha'), 'outsider');

      const first = await server().call('reader', api.exportScenarioVersion, { params: { scenarioName: 'alpha', versionId: 1 } });
      expect(first.ok && first.data.nodes).toHaveLength(0);
      expectError(await server().call('reader', api.exportScenarioVersion, { params: { scenarioName: 'alpha', versionId: 0 } }), 400, /versionId/);
      expectError(await server().call('reader', api.exportScenarioVersion, { params: { scenarioName: 'alpha', versionId: 7 } }), 404);
      await expectGuarded(server(), api.exportScenarioVersion, { params: { scenarioName: 'alpha', versionId: 1 } }, 'outsider');
    });
  });
}
