import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import type { ScenarioValidator } from '../src/services/context';
import { ModelRegistry } from '../src/services/models';
import { ValidationWorkers } from '../src/services/validation-workers';
import { createScenarioValidator } from '../src/services/validator';
import { topicGraph } from './graphs';
import { startTestServer, testConfigInput } from './harness';

// A processing-type reload that changes a model replaces the deployment managers built with it (on the next use of
// the processing type). A command already on its way to the old manager then meets a closed manager: it did nothing,
// and the client is told to send it again (503 with Retry-After), as the new manager takes it.

const scratch = mkdtempSync(join(tmpdir(), 'scenaria-reload-in-flight-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a command whose manager a reload replaced while it was on its way', () => {
  test('answers 503 with Retry-After and a message; sent again, it is done by the new manager', { timeout: 120_000 }, async () => {
    const file = join(scratch, 'config.json');
    writeFileSync(file, JSON.stringify(testConfigInput()));
    const config = new ConfigStore(await loadConfig(file), () => loadConfig(file));
    // The server's own validation, over the same configuration; a deploy runs it after it took the scenario's
    // manager and before it sends that manager the command, which is where the reload is made to happen here.
    const workers = new ValidationWorkers({ size: 1 });
    const validate = createScenarioValidator(new ModelRegistry(config), config, workers);
    let whileDeploying: (() => Promise<void>) | undefined;
    const validateScenario: ScenarioValidator = async (input) => {
      const hook = whileDeploying;
      whileDeploying = undefined;
      await hook?.();
      return validate(input);
    };
    const server = await startTestServer('pglite', { deps: { config, validateScenario } });
    try {
      const name = 'orders-reader';
      await server.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } });
      expect((await server.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: topicGraph('orders', 'big-orders') } })).ok).toBe(true);
      const before = await server.built.managers.managerFor('streaming');

      whileDeploying = async () => {
        // A changed model: the streaming managers are built again with it.
        const changed = testConfigInput();
        const streaming = changed.processingTypes['streaming']!;
        changed.processingTypes = { ...changed.processingTypes, streaming: { ...streaming, model: { components: 'default', topics: { orders: { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'number' } } } } } } };
        writeFileSync(file, JSON.stringify(changed));
        expect((await server.call('admin', api.reloadProcessingTypes)).status).toBe(204);
        // The designer reads statuses all the time: this read is the one that replaces the manager.
        expect((await server.call('reader', api.getScenarioState, { params: { scenarioName: name } })).status).toBe(200);
        expect(await server.built.managers.managerFor('streaming')).not.toBe(before);
      };
      const refused = await server.fetchRaw(undefined, `/api/processManagement/deploy/${name}`, { user: 'writer', method: 'POST' });
      expect(whileDeploying).toBeUndefined();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { message: string }).message).toMatch(/replaced by a configuration reload: try again/);

      expect((await server.call('writer', api.deployScenario, { params: { scenarioName: name } })).status).toBe(200);
      const state = await server.call('reader', api.getScenarioState, { params: { scenarioName: name } });
      expect(state.ok && state.data.status.name).toBe('RUNNING');
      expect((await server.call('writer', api.cancelScenario, { params: { scenarioName: name } })).status).toBe(200);
    } finally {
      await server.close();
      await workers.close();
    }
  });
});
