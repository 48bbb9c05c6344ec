import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RouteConfig } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { frontendStatistics } from '../../src/db/schema';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

const spel = (expression: string) => ({ language: 'spel', expression });
const STRING_TYPE = { type: 'TypedClass' as const, refClazzName: 'java.lang.String', params: [] };
const LONG_TYPE = { type: 'TypedClass' as const, refClazzName: 'java.lang.Long', params: [] };
// What the reference's front end sends with axios: JSON first, but text and anything else accepted too.
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

// A streaming scenario that keeps running: one record a second, many of them.
function runningGraph(marker: string): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: null,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: marker },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    },
    nodes: [
      {
        type: 'Source',
        id: 'numbers',
        ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('100000') }, { name: 'value', expression: spel('7') }] },
      },
      { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
    ],
    edges: [{ from: 'numbers', to: 'log', edgeType: null }],
  } as unknown as ScenarioGraph;
}

async function createSaved(server: TestServer, name: string, graph: ScenarioGraph): Promise<void> {
  expect((await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
  const saved = await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph } });
  expect(saved.ok, JSON.stringify(saved)).toBe(true);
}

/**
 * The smaller Nussknacker endpoints (toolbars, notifications, statistics, dictionaries, additional info,
 * savepoints, the 1.18 deployments API, the validation health check, the YAML document), the request forms
 * the reference accepts, and the two forms of error answers.
 */
export function designerExtrasSuite(server: () => TestServer): void {
  describe('Nussknacker designer extras', () => {
    test('toolbars: the default layout, hidden and disabled per scenario', async () => {
      const s = server();
      await createSaved(s, 'tools', runningGraph('tools'));
      const toolbars = await s.call('reader', api.getScenarioToolbars, { params: { scenarioName: 'tools' } });
      expect(toolbars.ok, JSON.stringify(toolbars)).toBe(true);
      if (!toolbars.ok) return;
      expect(toolbars.data.id).toMatch(/-not-archived-scenario$/);
      expect(toolbars.data.topLeft.map((panel) => panel.id)).toEqual(['search-panel', 'tips-panel', 'creator-panel', 'activities-panel']);
      const actions = toolbars.data.topRight.find((panel) => panel.id === 'process-actions-panel');
      expect(actions?.buttons?.find((button) => button.type === 'custom-link')).toEqual({
        type: 'custom-link',
        name: 'metrics',
        title: null,
        icon: '/assets/buttons/metrics.svg',
        url: '/metrics/tools',
        disabled: false,
        markdownContent: null,
        docs: null,
      });
      const scenarioPanel = toolbars.data.topRight.find((panel) => panel.id === 'process-panel');
      expect(scenarioPanel?.buttons?.map((button) => button.type)).toContain('process-archive');
      expect(scenarioPanel?.buttons?.map((button) => button.type)).not.toContain('process-unarchive');

      await s.call('writer', api.archiveScenario, { params: { scenarioName: 'tools' } });
      const archived = await s.call('reader', api.getScenarioToolbars, { params: { scenarioName: 'tools' } });
      if (!archived.ok) throw new Error('archived toolbars');
      expect(archived.data.id).toMatch(/-archived-scenario$/);
      expect(archived.data.topLeft.map((panel) => panel.id)).not.toContain('creator-panel');
      expect(archived.data.topRight.find((panel) => panel.id === 'process-actions-panel')?.buttons?.find((button) => button.type === 'process-save')?.disabled).toBe(true);

      // The route order: `toolbars` is not a version id.
      expectError(await s.call('reader', api.getScenarioToolbars, { params: { scenarioName: 'missing' } }), 404);
      expectError(await s.call('reader', api.getScenarioToolbars, { params: { scenarioName: ' padded' } }), 400);
      await expectGuarded(s, api.getScenarioToolbars, { params: { scenarioName: 'tools' } }, 'outsider');
    });

    test('deploy and cancel comments in every content type; notifications of the outcomes; savepoints; PUT deployments', async () => {
      const s = server();
      const name = 'noted';
      await createSaved(s, name, runningGraph('noted'));
      const deployPath = `/api/processManagement/deploy/${name}`;
      const cancelPath = `/api/processManagement/cancel/${name}`;
      const post = (route: RouteConfig, path: string, headers: Record<string, string>, body: string) =>
        s.fetchRaw(route, path, { method: 'POST', user: 'writer', headers, body });

      // Plain text, JSON with a null comment, the bare comment as a form body (what axios sends), JSON.
      expect((await post(api.deployScenario, deployPath, { 'content-type': 'text/plain' }, 'as text')).status).toBe(200);
      expect((await post(api.cancelScenario, cancelPath, { 'content-type': 'application/json' }, '{"comment": null}')).status).toBe(200);
      expect((await post(api.deployScenario, deployPath, { 'content-type': 'application/x-www-form-urlencoded' }, 'as a form body')).status).toBe(200);
      expect((await post(api.cancelScenario, cancelPath, { 'content-type': 'application/json' }, '{"comment": "as json"}')).status).toBe(200);
      const activities = await s.call('reader', api.listActivities, { params: { scenarioName: name } });
      const comments = activities.ok ? activities.data.activities.flatMap((activity) => (activity.comment?.content.status === 'AVAILABLE' ? [activity.comment.content.value] : [])) : [];
      expect(comments).toEqual(expect.arrayContaining(['as text', 'as a form body', 'as json']));

      const notifications = await s.call('writer', api.listNotifications);
      expect(notifications.ok && notifications.data.filter((notification) => notification.scenarioName === name)).toEqual([
        expect.objectContaining({ message: 'Deployment finished', type: null, toRefresh: ['versions', 'activity', 'state'] }),
        expect.objectContaining({ message: 'Cancel finished', type: null }),
        expect.objectContaining({ message: 'Deployment finished' }),
        expect.objectContaining({ message: 'Cancel finished' }),
      ]);
      // Notifications are the user's own.
      const others = await s.call('admin', api.listNotifications);
      expect(others.ok && others.data.some((notification) => notification.scenarioName === name)).toBe(false);
      await expectGuarded(s, api.listNotifications, {} as never);

      // The 1.18 deployments API names the deployment.
      const deploymentId = randomUUID();
      const run = await s.call('writer', api.runDeployment, { params: { deploymentId }, json: { scenarioName: name, nodesDeploymentData: {}, comment: null } });
      expect(run.status).toBe(202);
      const status = await s.call('reader', api.getDeploymentStatus, { params: { deploymentId } });
      expect(status.ok && ['DURING_DEPLOY', 'RUNNING'].includes(status.data.name)).toBe(true);
      expectError(await s.call('writer', api.runDeployment, { params: { deploymentId }, json: { scenarioName: name, nodesDeploymentData: {} } }), 409, `Deployment with id ${deploymentId} already exists`);
      expectError(await s.call('writer', api.runDeployment, { params: { deploymentId: randomUUID() }, json: { scenarioName: name } as never }), 400, /nodesDeploymentData/);
      expectError(await s.call('reader', api.runDeployment, { params: { deploymentId: randomUUID() }, json: { scenarioName: name, nodesDeploymentData: {} } }), 403);
      await expectGuarded(s, api.runDeployment, { params: { deploymentId: randomUUID() }, json: { scenarioName: name, nodesDeploymentData: {} } });

      // Savepoints of the running scenario, then a deployment restoring the stop's savepoint.
      const snapshot = await s.call('writer', api.snapshotScenario, { params: { scenarioName: name }, query: { savepointDir: 'snapshots' } });
      expect(snapshot.status, JSON.stringify(snapshot)).toBe(200);
      const stopped = await s.fetchRaw(api.stopScenarioWithSavepoint, `/api/adminProcessManagement/stop/${name}`, { method: 'POST', user: 'writer' });
      const savepointPath = await stopped.text();
      expect(stopped.status, savepointPath).toBe(200);
      expect(savepointPath.length).toBeGreaterThan(0);
      const restored = await s.fetchRaw(api.deployFromSavepoint, `/api/adminProcessManagement/deploy/${name}?savepointPath=${encodeURIComponent(savepointPath)}`, {
        method: 'POST',
        user: 'writer',
        headers: { 'content-type': 'text/plain' },
        body: 'restored',
      });
      expect(restored.status, await restored.text()).toBe(200);
      // Without the required query parameter the reference's route does not match: 404, in its words.
      const unmatched = await s.fetchRaw(api.deployFromSavepoint, `/api/adminProcessManagement/deploy/${name}`, { method: 'POST', user: 'writer' });
      expect(unmatched.status).toBe(404);
      expect(((await unmatched.json()) as { message: string }).message).toBe("Request is missing required query parameter 'savepointPath'");
      expectError(await s.call('reader', api.snapshotScenario, { params: { scenarioName: name }, query: {} }), 403);
      expectError(await s.call('writer', api.snapshotScenario, { params: { scenarioName: 'missing' }, query: {} }), 404);
      expectError(await s.call('reader', api.stopScenarioWithSavepoint, { params: { scenarioName: name }, query: {} }), 403);
      expectError(await s.call('writer', api.stopScenarioWithSavepoint, { params: { scenarioName: ' x' }, query: {} }), 400);
      expectError(await s.call('reader', api.deployFromSavepoint, { params: { scenarioName: name }, query: { savepointPath } }), 403);
      await expectGuarded(s, api.snapshotScenario, { params: { scenarioName: name }, query: {} });
      await expectGuarded(s, api.stopScenarioWithSavepoint, { params: { scenarioName: name }, query: {} });
      await expectGuarded(s, api.deployFromSavepoint, { params: { scenarioName: name }, query: { savepointPath } });
      expect((await s.call('writer', api.cancelScenario, { params: { scenarioName: name }, body: 'done', headers: { 'content-type': 'text/plain' } } as never)).status).toBe(200);
    });

    test('statistics: counted per event, no usage report URLs', async () => {
      const s = server();
      const registered = await s.call('reader', api.registerStatistics, { json: { statistics: [{ name: 'SEARCH_SCENARIOS_BY_NAME' }, { name: 'SEARCH_SCENARIOS_BY_NAME' }, { name: 'SEARCH_COMPONENTS_BY_NAME' }] } });
      expect(registered.status).toBe(204);
      const rows = await s.database.db.select().from(frontendStatistics).where(eq(frontendStatistics.name, 'SEARCH_SCENARIOS_BY_NAME'));
      const row = rows[0];
      expect(Number(row?.count)).toBeGreaterThanOrEqual(2);
      expectError(await s.call('reader', api.registerStatistics, { json: { statistics: [{ name: 'NOT_A_STATISTIC' }] } as never }), 400, /statistics/);
      await expectGuarded(s, api.registerStatistics, { json: { statistics: [] } });
      const usage = await s.call('reader', api.getStatisticUsage);
      expect(usage.ok && usage.data).toEqual({ urls: [] });
      await expectGuarded(s, api.getStatisticUsage, {} as never);
    });

    test('dictionaries: those whose values fit, and their entries by label', async () => {
      const s = server();
      const fitting = await s.call('reader', api.listDicts, { params: { processingType: 'streaming' }, json: { expectedType: STRING_TYPE } });
      expect(fitting.ok && fitting.data).toEqual([{ id: 'currency', label: 'currency' }]);
      const none = await s.call('reader', api.listDicts, { params: { processingType: 'streaming' }, json: { expectedType: LONG_TYPE } });
      expect(none.ok && none.data).toEqual([]);
      expectError(await s.call('reader', api.listDicts, { params: { processingType: 'nope' }, json: { expectedType: STRING_TYPE } }), 404, 'Processing type: nope not found');
      // A processing type the user cannot read is not there for them.
      expectError(await s.call('reader', api.listDicts, { params: { processingType: 'secret' }, json: { expectedType: STRING_TYPE } }), 404);
      expectError(await s.call('reader', api.listDicts, { params: { processingType: 'streaming' }, json: { expectedType: { type: 'TypedClass' as const, refClazzName: 'no.such.Class', params: [] } } }), 400);
      await expectGuarded(s, api.listDicts, { params: { processingType: 'streaming' }, json: { expectedType: STRING_TYPE } });

      const entries = await s.call('reader', api.listDictEntries, { params: { processingType: 'streaming', dictId: 'currency' }, query: { label: 'DOLLAR' } });
      expect(entries.ok && entries.data).toEqual([
        { key: 'AUD', label: 'Australian dollar' },
        { key: 'CAD', label: 'Canadian dollar' },
        { key: 'USD', label: 'United States dollar' },
      ]);
      const all = await s.call('reader', api.listDictEntries, { params: { processingType: 'streaming', dictId: 'currency' }, query: { label: '' } });
      expect(all.ok && all.data).toHaveLength(10);
      expectError(await s.call('reader', api.listDictEntries, { params: { processingType: 'streaming', dictId: 'colours' }, query: { label: '' } }), 404, 'Dictionary with id: colours not found');
      expectError(await s.call('reader', api.listDictEntries, { params: { processingType: 'streaming', dictId: 'toString' }, query: { label: '' } }), 404);
      // A newer (Tapir) route: a missing query parameter is bad input there.
      expectError(await s.call('reader', api.listDictEntries, { params: { processingType: 'streaming', dictId: 'currency' }, query: {} as never }), 400, /label/);
      await expectGuarded(s, api.listDictEntries, { params: { processingType: 'streaming', dictId: 'currency' }, query: { label: 'e' } });
    });

    test('additional info: none from these models', async () => {
      const s = server();
      await createSaved(s, 'informed', runningGraph('informed'));
      const node = { type: 'Filter', id: 'f', expression: spel('true') } as never;
      const nodeInfo = await s.call('reader', api.getNodeAdditionalInfo, { params: { scenarioName: 'informed' }, json: node });
      expect(nodeInfo.status).toBe(200);
      expect(nodeInfo.ok && nodeInfo.data).toBeNull();
      expectError(await s.call('reader', api.getNodeAdditionalInfo, { params: { scenarioName: 'informed' }, json: { id: 'f' } as never }), 400);
      expectError(await s.call('reader', api.getNodeAdditionalInfo, { params: { scenarioName: 'missing' }, json: node }), 404);
      await expectGuarded(s, api.getNodeAdditionalInfo, { params: { scenarioName: 'informed' }, json: node }, 'outsider');
      const properties = runningGraph('informed').properties;
      const propertiesInfo = await s.call('reader', api.getPropertiesAdditionalInfo, { params: { scenarioName: 'informed' }, json: properties });
      expect(propertiesInfo.ok && propertiesInfo.data).toBeNull();
      expectError(await s.call('reader', api.getPropertiesAdditionalInfo, { params: { scenarioName: 'informed' }, json: { additionalFields: 1 } as never }), 400);
      await expectGuarded(s, api.getPropertiesAdditionalInfo, { params: { scenarioName: 'informed' }, json: properties }, 'outsider');
    });

    test('validation health check and details with validation', async () => {
      const s = server();
      const nobody = await s.call('nobody', api.validationHealthCheck);
      expect(nobody.status).toBe(200);
      expect(nobody.ok && nobody.data).toEqual({ status: 'OK' });
      await createSaved(s, 'invalid-for-health', { ...runningGraph('invalid-for-health'), nodes: [...runningGraph('invalid-for-health').nodes.slice(0, 1), { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#nope') }] } }] } as ScenarioGraph);
      const writer = await s.fetchRaw(api.validationHealthCheck, '/api/app/healthCheck/process/validation', { user: 'writer' });
      expect(writer.status).toBe(500);
      const body = (await writer.json()) as { status: string; message: string; processes: string[] };
      expect(body).toMatchObject({ status: 'ERROR', message: 'Scenarios with validation errors' });
      expect(body.processes).toContain('invalid-for-health');
      await expectGuarded(s, api.validationHealthCheck, {} as never);

      const details = await s.call('reader', api.listScenariosWithDetails, { query: { names: 'invalid-for-health' } });
      expect(details.ok && Object.keys(details.data[0]?.validationResult?.errors.invalidNodes ?? {})).toEqual(['log']);
      const skipped = await s.call('reader', api.listScenariosWithDetails, { query: { names: 'invalid-for-health', skipValidateAndResolve: 'true' } });
      expect(skipped.ok && skipped.data[0]?.validationResult).toBeNull();
    });

    test('saving: comment null, and a scenario with no nodes (its error reported, not blocking)', async () => {
      const s = server();
      expect((await s.call('writer', api.createScenario, { json: { name: 'blank', isFragment: false, category: 'Default' } })).status).toBe(201);
      const details = await s.call('reader', api.getScenario, { params: { scenarioName: 'blank' } });
      if (!details.ok || !details.data.scenarioGraph) throw new Error('blank details');
      const graph = details.data.scenarioGraph;
      const changed = { ...graph, properties: { ...graph.properties, additionalFields: { ...graph.properties.additionalFields, description: 'only properties' } } } as ScenarioGraph;
      const saved = await s.call('writer', api.updateScenario, { params: { scenarioName: 'blank' }, json: { scenarioGraph: changed, comment: null } });
      expect(saved.ok, JSON.stringify(saved)).toBe(true);
      expect(saved.ok && saved.data.processVersionId).toBe(2);
      expect(saved.ok && saved.data.errors?.globalErrors.map((entry) => [entry.error.typ, entry.error.errorType])).toEqual([['EmptyProcess', 'SaveAllowed']]);
    });

    test('error answers: plain text unless the request prefers JSON; the missing isFragment of the older route is 404', async () => {
      const s = server();
      const missing = (accept?: string) => s.fetchRaw(api.getScenario, '/api/processes/nowhere', { user: 'reader', headers: accept === undefined ? { accept: '' } : { accept } });
      for (const accept of [undefined, '*/*', AXIOS_ACCEPT, 'text/plain']) {
        const answer = await missing(accept);
        expect(answer.status).toBe(404);
        expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await answer.text()).toBe('Scenario nowhere not found');
      }
      for (const accept of ['application/json', 'application/json, text/plain;q=0.5']) {
        const answer = await missing(accept);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await answer.json()).toEqual({ message: 'Scenario nowhere not found' });
      }
      // Bad input the same way: the message alone, or JSON with where it was.
      const badText = await s.fetchRaw(api.listScenarios, '/api/processes?isFragment=maybe', { user: 'reader', headers: { accept: AXIOS_ACCEPT } });
      expect(badText.status).toBe(400);
      expect(await badText.text()).toMatch(/^Invalid query\.isFragment/);
      const badJson = await s.fetchRaw(api.listScenarios, '/api/processes?isFragment=maybe', { user: 'reader' });
      expect(((await badJson.json()) as { path: unknown[] }).path).toEqual(['query', 'isFragment']);
      // No route, in text for a browser or script.
      const noRoute = await s.fetchRaw(undefined, '/api/no/such/route', { user: 'reader', headers: { accept: '*/*' } });
      expect([noRoute.status, await noRoute.text()]).toEqual([404, 'No route for GET /api/no/such/route']);
      // The definitions route of the reference does not match without isFragment.
      const definitions = await s.fetchRaw(api.getProcessDefinitionData, '/api/processDefinitionData/streaming', { user: 'reader', headers: { accept: AXIOS_ACCEPT } });
      expect([definitions.status, await definitions.text()]).toEqual([404, "Request is missing required query parameter 'isFragment'"]);
    });

    test('attachment downloads name the file both ways', async () => {
      const s = server();
      await createSaved(s, 'filed', runningGraph('filed'));
      const added = await s.fetchRaw(api.addAttachment, '/api/processes/filed/1/activity/attachments', {
        method: 'POST',
        user: 'writer',
        headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('plan "zürich".txt')}` },
        body: 'bytes',
      });
      expect(added.status, await added.text()).toBe(200);
      const listed = await s.call('reader', api.listAttachments, { params: { scenarioName: 'filed' } });
      const id = listed.ok ? listed.data.attachments[0]!.id : 0;
      const download = await s.fetchRaw(api.downloadAttachment, `/api/processes/filed/activity/attachments/${id}`, { user: 'reader' });
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="plan \\"z_rich\\".txt"; filename*=UTF-8''plan%20%22z%C3%BCrich%22.txt`);
      const legacy = await s.call('reader', api.listLegacyActivity, { params: { scenarioName: 'filed' } });
      expect(legacy.ok && legacy.data.attachments[0]).toMatchObject({ id, processVersionId: 1, fileName: 'plan "zürich".txt' });
    });

    test('the OpenAPI document as YAML at the reference path', async () => {
      const s = server();
      const response = await fetch(`${s.baseUrl}/api/docs/nu-designer-openapi.yaml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
      const document = parseYaml(await response.text()) as { openapi: string; paths: Record<string, unknown> };
      const json = (await (await fetch(`${s.baseUrl}/api/docs/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(Object.keys(json.paths));
      expect(document.paths).toHaveProperty(['/api/notifications']);
    });
  });
}
