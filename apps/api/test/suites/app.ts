import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

/** Labels, statuses, user, settings, health, build info, config, reload, docs and headers. */
export function appSuite(server: () => TestServer): void {
  describe('labels, statuses, user, settings', () => {
    test('labels: list and validation', async () => {
      const labels = await server().call('reader', api.listScenarioLabels);
      expect(labels.ok && labels.data.labels).toEqual(['fraud']);
      const none = await server().call('nobody', api.listScenarioLabels);
      expect(none.ok && none.data.labels).toEqual([]);
      await expectGuarded(server(), api.listScenarioLabels, {} as never);

      const checked = await server().call('reader', api.validateScenarioLabels, { json: { labels: ['ok-label', 'not ok', 'x'.repeat(21), 'ok-label'] } });
      expect(checked.ok && checked.data.validationErrors).toEqual([
        { label: 'not ok', messages: ["Scenario label can contain only letters, digits, '-' and '_'"] },
        { label: 'x'.repeat(21), messages: ['Scenario label can contain up to 20 characters'] },
        { label: 'ok-label', messages: ['Label has to be unique'] },
      ]);
      expectError(await server().call('reader', api.validateScenarioLabels, { json: { labels: 'fraud' } as never }), 400, /labels/);
      await expectGuarded(server(), api.validateScenarioLabels, { json: { labels: [] } });
    });

    test('status definitions at both paths', async () => {
      for (const route of [api.listStatusDefinitions, api.listStatusDefinitionsSeedPath]) {
        const result = await server().call('reader', route);
        expect(result.ok && result.data.map((status) => status.name)).toEqual(['NOT_DEPLOYED', 'DURING_DEPLOY', 'RUNNING', 'FINISHED', 'RESTARTING', 'DURING_CANCEL', 'CANCELED', 'PROBLEM']);
        expect(result.ok && result.data[0]?.categories).toEqual(['Default', 'RequestResponse', 'Secret']);
        await expectGuarded(server(), route, {});
      }
    });

    test('current user', async () => {
      const reader = await server().call('reader', api.getCurrentUser);
      expect(reader).toMatchObject({ ok: true, data: { id: 'reader', username: 'reader', isAdmin: false, categories: ['Default', 'RequestResponse'], categoryPermissions: { Default: ['Read'] } } });
      const admin = await server().call('admin', api.getCurrentUser);
      expect(admin.ok && admin.data.isAdmin).toBe(true);
      expect(admin.ok && admin.data.categoryPermissions.Secret).toEqual(['Read', 'Write', 'Deploy', 'Demo', 'Impersonate']);
      await expectGuarded(server(), api.getCurrentUser, {});
    });

    test('settings and combinations', async () => {
      const settings = await server().call('anonymous', api.getUiSettings);
      expect(settings).toMatchObject({ ok: true, data: { authentication: { provider: 'BasicAuth', anonymousAccessAllowed: false } } });
      const combinations = await server().call('writer', api.getScenarioParametersCombinations);
      expect(combinations.ok && combinations.data.combinations).toEqual([
        { processingMode: 'Unbounded-Stream', category: 'Default', engineSetupName: 'Embedded' },
        { processingMode: 'Request-Response', category: 'RequestResponse', engineSetupName: 'Embedded' },
      ]);
      const readerCombinations = await server().call('reader', api.getScenarioParametersCombinations);
      expect(readerCombinations.ok && readerCombinations.data.combinations).toEqual([]);
      await expectGuarded(server(), api.getScenarioParametersCombinations, {});
    });
  });

  describe('/api/app', () => {
    test('health check and build info need no login', async () => {
      expect(await server().call('anonymous', api.healthCheck)).toMatchObject({ ok: true, data: { status: 'OK' } });
      const info = await server().call('anonymous', api.buildInfo);
      expect(info).toMatchObject({ ok: true, data: { name: '@scenaria/api', processingType: { streaming: { engineSetupName: 'Embedded' } } } });
    });

    test('config: admin only', async () => {
      const config = await server().call('admin', api.getServerConfig);
      expect(config.ok && Object.keys(config.data)).toEqual(expect.arrayContaining(['processingTypes', 'users', 'rules']));
      expect(JSON.stringify(config.ok && config.data)).not.toContain('$2');
      await expectGuarded(server(), api.getServerConfig, {}, 'writer');
      const categories = await server().call('reader', api.getCategoriesWithProcessingType);
      expect(categories.ok && categories.data).toEqual({ Default: 'streaming', RequestResponse: 'request-response' });
      await expectGuarded(server(), api.getCategoriesWithProcessingType, {});
    });

    test('processing type reload: admin only', async () => {
      expect(await server().call('admin', api.reloadProcessingTypes)).toMatchObject({ ok: true, status: 204 });
      await expectGuarded(server(), api.reloadProcessingTypes, {}, 'writer');
    });

    test('unknown API paths are JSON 404s; security headers everywhere', async () => {
      const unknown = await server().fetchRaw(undefined, '/api/nothing-here', { user: 'reader' });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { message: string }).message).toContain('/api/nothing-here');
      for (const path of ['/api/app/healthCheck', '/api/processes', '/api/nothing-here', '/api/docs', '/']) {
        const response = await server().fetchRaw(undefined, path);
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
        await response.arrayBuffer();
      }
    });

    test('OpenAPI document and an offline docs UI', async () => {
      const doc = await server().fetchRaw(undefined, '/api/docs/openapi.json');
      expect(doc.status).toBe(200);
      const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(json.openapi).toBe('3.1.0');
      expect(Object.keys(json.paths)).toContain('/api/processes/{scenarioName}');
      const page = await server().fetchRaw(undefined, '/api/docs');
      const html = await page.text();
      expect(html).not.toMatch(/https?:\/\//);
      for (const asset of html.match(/\/api\/docs\/assets\/[\w.-]+/g) ?? []) {
        const response = await server().fetchRaw(undefined, asset);
        expect(response.status, asset).toBe(200);
        expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
      }
      expect((await server().fetchRaw(undefined, '/api/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404);
    });
  });
}
