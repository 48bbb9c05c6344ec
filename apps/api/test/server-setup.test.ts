import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { ConfigError, defaultConfig, loadConfig, parseConfig, usersWithTrialPasswords } from '../src/config/load-config';
import { ConfigStore } from '../src/config/config-store';
import { openPglite } from '../src/db/database';
import { exampleScenarios, seedExamples } from '../src/seed/examples';
import { ScenarioService } from '../src/services/scenarios';
import { fileNameFromDisposition } from '../src/services/activities';
import { openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { TestDatabase } from './harness';

const scratch = mkdtempSync(join(tmpdir(), 'scenaria-api-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('configuration', () => {
  test('the default is the documented trial setup, and its passwords are detected', () => {
    expect(Object.keys(defaultConfig.processingTypes)).toEqual(['streaming', 'request-response']);
    expect(defaultConfig.users.map((user) => user.identity)).toEqual(['admin', 'writer', 'reader']);
    expect(usersWithTrialPasswords(defaultConfig)).toEqual(['admin', 'writer', 'reader']);
    expect(usersWithTrialPasswords(parseConfig(testConfigInput(), 'test'))).toEqual(['admin', 'writer', 'reader']);
    expect(usersWithTrialPasswords(parseConfig(testConfigInput({ users: [] }), 'test'))).toEqual([]);
  });

  test('topic record types are JSON schemas, checked when the file is read', () => {
    expect(defaultConfig.processingTypes.streaming?.model.topics.transactions).toMatchObject({ type: 'object' });
    const withTopics = (topics: Record<string, unknown>) =>
      testConfigInput({ processingTypes: { streaming: { kind: 'streaming', category: 'Default', model: { components: 'default', topics }, deploymentManager: { type: 'embedded' } } } });
    expect(parseConfig(withTopics({ payments: { type: 'object', properties: { amount: { type: 'number' } } } }), 'test').processingTypes.streaming?.model.topics).toHaveProperty('payments');
    expect(() => parseConfig(withTopics({ payments: 'not a schema' }), 'test')).toThrow(/payments/);
  });

  test('the embedded manager settings, worker limits included, are checked when the file is read', () => {
    const withManager = (deploymentManager: Record<string, unknown>) =>
      testConfigInput({ processingTypes: { 'request-response': { kind: 'request-response', category: 'RequestResponse', deploymentManager: { type: 'embedded', ...deploymentManager } } } });
    const limits = { workerMaxOldGenerationSizeMb: 64, workerMaxYoungGenerationSizeMb: 8, workerStackSizeMb: 2, requestTimeoutMs: 1_000, batchTimeoutMs: 2_000, testTimeoutMs: 3_000, isolation: 'worker' };
    expect(parseConfig(withManager(limits), 'test').processingTypes['request-response']?.deploymentManager).toEqual({ type: 'embedded', ...limits });
    expect(() => parseConfig(withManager({ workerMaxOldGenerationSizeMb: 2 }), 'test')).toThrow(/deploymentManager\.workerMaxOldGenerationSizeMb/);
    expect(() => parseConfig(withManager({ requestTimeoutMs: -1 }), 'test')).toThrow(/deploymentManager\.requestTimeoutMs/);
    expect(() => parseConfig(withManager({ workerMaxOldGenerationSizeMB: 64 }), 'test')).toThrow(/workerMaxOldGenerationSizeMB/);
    // Other managers' settings are theirs to check.
    expect(() => parseConfig(testConfigInput({ processingTypes: { other: { kind: 'streaming', category: 'A', deploymentManager: { type: 'flink', anything: 1 } } } }), 'test')).not.toThrow();
  });

  test('request limits: the bytes held at once must take any one body within its own limit', () => {
    expect(parseConfig(testConfigInput(), 'test').requestLimits).toEqual({ maxBodyBytes: 10 * 2 ** 20, maxUploadBytes: 50 * 2 ** 20, maxBodyBytesInFlight: 256 * 2 ** 20 });
    expect(() => parseConfig(testConfigInput({ requestLimits: { maxBodyBytesInFlight: 40 * 2 ** 20 } }), 'test')).toThrow(/requestLimits\.maxBodyBytesInFlight.*at least/);
    expect(parseConfig(testConfigInput({ requestLimits: { maxUploadBytes: 2 ** 20, maxBodyBytesInFlight: 10 * 2 ** 20 } }), 'test').requestLimits.maxBodyBytesInFlight).toBe(10 * 2 ** 20);
  });

  test('the JetStream manager settings (the schema of its package) are checked when the file is read', () => {
    const withManager = (deploymentManager: Record<string, unknown>) =>
      testConfigInput({ processingTypes: { scaled: { kind: 'streaming', category: 'Default', deploymentManager: { type: 'jetstream', ...deploymentManager } } } });
    const settings = { servers: ['nats://10.0.0.1:4222', 'nats://10.0.0.2:4222'], namespace: 'prod', partitions: 16, leaseMs: 5_000 };
    expect(parseConfig(withManager(settings), 'test').processingTypes['scaled']?.deploymentManager).toEqual({ type: 'jetstream', ...settings });
    expect(() => parseConfig(withManager({ partitions: 0 }), 'test')).toThrow(/deploymentManager\.partitions/);
    expect(() => parseConfig(withManager({ namespace: 'a.b' }), 'test')).toThrow(/deploymentManager\.namespace/);
    expect(() => parseConfig(withManager({ partition: 8 }), 'test')).toThrow(/partition/);
  });

  test('a file is read and checked field by field', async () => {
    const good = join(scratch, 'good.json');
    writeFileSync(good, JSON.stringify(testConfigInput({ environment: 'from-file' })));
    expect((await loadConfig(good)).environment).toBe('from-file');
    expect(await loadConfig(undefined)).toBe(defaultConfig);
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify({ processingTypes: { streaming: { kind: 'periodic', category: 'A', deploymentManager: { type: 'x' } } }, users: [{ identity: 'a', password: 'plain' }] }));
    const error = await loadConfig(bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/processingTypes\.streaming\.kind/);
    expect(String((error as Error).message)).toMatch(/users\.0\.password: password must be a bcrypt hash/);
    writeFileSync(bad, '{ nope');
    await expect(loadConfig(bad)).rejects.toThrow(/not valid JSON/);
    await expect(loadConfig(join(scratch, 'absent.json'))).rejects.toThrow(/Cannot read/);
  });

  test('Content-Disposition file names', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.txt"')).toBe('a b.txt');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%C3%BC.txt; filename=\"u.txt\"")).toBe('ü.txt');
    expect(fileNameFromDisposition('attachment; filename=plain.bin')).toBe('plain.bin');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
  });
});

describe('servers over one database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.cleanup();
  });

  test('processing types reload from the file without a restart', async () => {
    const file = join(scratch, 'reload.json');
    writeFileSync(file, JSON.stringify(testConfigInput()));
    const server = await startTestServer('pglite', { database, config: await loadConfig(file), reloadSource: () => loadConfig(file) });
    try {
      const before = await server.call('admin', api.getScenarioParametersCombinations);
      expect(before.ok && before.data.combinations.map((combination) => combination.category)).toEqual(['Default', 'RequestResponse', 'Secret']);
      const changed = testConfigInput();
      changed.processingTypes = { ...changed.processingTypes, batch: { kind: 'streaming', category: 'Batch', deploymentManager: { type: 'embedded' } } };
      writeFileSync(file, JSON.stringify(changed));
      expect((await server.call('admin', api.reloadProcessingTypes)).status).toBe(204);
      const after = await server.call('admin', api.getScenarioParametersCombinations);
      expect(after.ok && after.data.combinations.map((combination) => combination.category)).toContain('Batch');
      expect((await server.call('admin', api.createScenario, { json: { name: 'in-batch', isFragment: false, category: 'Batch' } })).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  test('an anonymous role lets requests without credentials in, with that role only', async () => {
    const server = await startTestServer('pglite', { database, config: parseConfig(testConfigInput({ anonymousUserRole: 'Reader' }), 'test') });
    try {
      const user = await server.call('anonymous', api.getCurrentUser);
      expect(user).toMatchObject({ ok: true, data: { username: 'anonymous', categories: ['Default', 'RequestResponse'] } });
      expect((await server.call('anonymous', api.listScenarios)).status).toBe(200);
      expect((await server.call('anonymous', api.createScenario, { json: { name: 'anon', isFragment: false, category: 'Default' } })).status).toBe(403);
      expect((await server.call('wrong-password', api.listScenarios)).status).toBe(401);
      const settings = await server.call('anonymous', api.getUiSettings);
      expect(settings.ok && settings.data.authentication.anonymousAccessAllowed).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('a static web app is served at / with index.html for client routes, never for /api', async () => {
    const site = join(scratch, 'site');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>designer</title>');
    writeFileSync(join(site, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(scratch, 'secret.txt'), 'outside');
    const server = await startTestServer('pglite', { database, deps: { staticDir: site } });
    try {
      const index = await server.fetchRaw(undefined, '/');
      expect(await index.text()).toContain('designer');
      const script = await server.fetchRaw(undefined, '/assets/app.js');
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(await script.text()).toBe('console.log(1)');
      const clientRoute = await server.fetchRaw(undefined, '/scenarios/some-name');
      expect(await clientRoute.text()).toContain('designer');
      const escape = await server.fetchRaw(undefined, '/..%2Fsecret.txt');
      expect(await escape.text()).not.toContain('outside');
      const api404 = await server.fetchRaw(undefined, '/api/unknown', { user: 'reader' });
      expect(api404.status).toBe(404);
      expect(api404.headers.get('content-type')).toContain('application/json');
    } finally {
      await server.close();
    }
  });
});

// Listing without states never asks for one.
const notAsked = () => Promise.reject(new Error('the state is not asked for in this test'));

describe('example scenarios', () => {
  test('parse with the graph schema and are seeded once into an empty database', async () => {
    expect(exampleScenarios().map((example) => example.name)).toEqual(['example-transactions', 'example-greeting', 'example-positive-amount']);
    const dataDir = join(scratch, 'data');
    const database = await openPglite(dataDir);
    try {
      const config = new ConfigStore(defaultConfig);
      const service = new ScenarioService({ db: database.db, config, now: () => new Date(), validateScenario: undefined, stateOf: notAsked });
      expect(await seedExamples(database.db, config, service)).toHaveLength(3);
      expect(await seedExamples(database.db, config, service)).toEqual([]);
      const admin = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
      const listed = await service.list(admin, {}, { withGraph: true, withState: false });
      expect(listed.map((scenario) => [scenario.name, scenario.isFragment, scenario.processingMode])).toEqual([
        ['example-greeting', false, 'Request-Response'],
        ['example-positive-amount', true, 'Unbounded-Stream'],
        ['example-transactions', false, 'Unbounded-Stream'],
      ]);
      expect(listed.every((scenario) => (scenario.scenarioGraph?.nodes.length ?? 0) >= 3)).toBe(true);
    } finally {
      await database.close();
    }
    // The data directory persists: reopening finds the same scenarios.
    const reopened = await openPglite(dataDir);
    try {
      const service = new ScenarioService({ db: reopened.db, config: new ConfigStore(defaultConfig), now: () => new Date(), validateScenario: undefined, stateOf: notAsked });
      const admin = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
      expect((await service.list(admin, {}, { withGraph: false, withState: false })).length).toBe(3);
    } finally {
      await reopened.close();
    }
  });

  test('validate with no errors and no warnings under the default configuration', async () => {
    // The trial configuration as shipped, with the embedded manager on a free port.
    const processingTypes = Object.fromEntries(
      Object.entries(defaultConfig.processingTypes).map(([typeName, type]) => [typeName, { ...type, deploymentManager: { type: 'embedded', port: 0 } }]),
    );
    const server = await startTestServer('pglite', { config: { ...defaultConfig, processingTypes } });
    try {
      expect(await seedExamples(server.database.db, server.config, server.built.services.scenarios)).toHaveLength(3);
      for (const example of exampleScenarios()) {
        const details = await server.call('reader', api.getScenario, { params: { scenarioName: example.name } });
        const result = details.ok ? details.data.validationResult : undefined;
        expect({ name: example.name, errors: result?.errors, warnings: result?.warnings }).toEqual({
          name: example.name,
          errors: { invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] },
          warnings: { invalidNodes: {} },
        });
      }
    } finally {
      await server.close();
    }
  });
});
