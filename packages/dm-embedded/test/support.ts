import { PGlite } from '@electric-sql/pglite';
import { pgliteClusterImageBlob } from '@scenaria/vitest-config/pglite-image';
import type { DeploymentManagerDependencies, ProcessVersion } from '@scenaria/deployment-sdk';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterEach, beforeEach } from 'vitest';
import { createEmbeddedDeploymentManager } from '../src/index';
import type { EmbeddedDatabase, EmbeddedDeploymentManager, WorkerSetup } from '../src/index';
import { testModels } from './models';

export { testModels };

/** Scenario workers build the test models with this module (models hold functions, so they are not sent). */
export const testWorkerSetup: WorkerSetup = { module: new URL('./worker-setup.ts', import.meta.url).href };

/** The databases tests run on: in-memory PGlite always, PostgreSQL when DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env['DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

/** A database for one test environment. `reopen` gives a second handle on the same data (a restart). */
export interface TestDatabase {
  db: EmbeddedDatabase;
  /** PostgreSQL: the database's URL, for another process to open it. */
  url?: string;
  dispose(): Promise<void>;
}

let databaseCounter = 0;

/**
 * A fresh database: an in-memory PGlite (loaded from an image of a new cluster rather than made by initdb, which
 * took seconds of every test), or a new PostgreSQL database dropped on dispose.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite({ loadDataDir: await pgliteClusterImageBlob() });
    return { db: drizzlePglite(client) as unknown as EmbeddedDatabase, dispose: () => client.close() };
  }
  const base = new URL(process.env['DATABASE_URL'] as string);
  const name = `dm_embedded_${process.pid}_${Date.now()}_${databaseCounter++}`;
  const admin = postgres(base.toString(), { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 5, onnotice: () => undefined });
  return {
    db: drizzlePostgres(client) as unknown as EmbeddedDatabase,
    url: url.toString(),
    async dispose() {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Manager settings a test may override. */
export type ManagerOptions = Partial<Parameters<typeof createEmbeddedDeploymentManager>[0]>;

/**
 * A fresh database for each test of the calling suite and a factory of managers over it (the test models,
 * their worker setup, a fast poll and small batches); every manager still open is closed after the test.
 * A test that closes a manager itself takes it out with `release`.
 */
export function useTestManagers(kind: 'pglite' | 'postgres') {
  let database: TestDatabase | undefined;
  const managers: EmbeddedDeploymentManager[] = [];
  beforeEach(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(async () => {
    for (const manager of managers.splice(0)) await manager.close();
    await database?.dispose();
  });
  const current = (): TestDatabase => {
    if (!database) throw new Error('the test database is opened before each test');
    return database;
  };
  return {
    get database(): TestDatabase {
      return current();
    },
    async createManager(options: ManagerOptions = {}, deps: DeploymentManagerDependencies = dependencies()): Promise<EmbeddedDeploymentManager> {
      const manager = await createEmbeddedDeploymentManager(
        { db: current().db, models: testModels(), workerSetup: testWorkerSetup, port: 0, pollIntervalMs: 20, batchSize: 7, ...options },
        deps,
      );
      managers.push(manager);
      return manager;
    },
    release(manager: EmbeddedDeploymentManager): void {
      managers.splice(managers.indexOf(manager), 1);
    },
  };
}

const silent = () => undefined;

/** Dependencies as the designer gives them, with a silent logger. */
export function dependencies(now: () => number = () => Date.now()): DeploymentManagerDependencies {
  return {
    scenarioActivityManager: { saveActivity: async () => undefined },
    clock: { now },
    logger: { debug: silent, info: silent, warn: silent, error: silent },
    deployedScenarios: async () => [],
  };
}

export const spel = (expression: string) => ({ language: 'spel', expression });
export const param = (name: string, expression: string) => ({ name, expression: spel(expression) });

export function processVersion(name: string, versionId = 1): ProcessVersion {
  return { versionId, processName: name, labels: [], user: 'admin', modelVersion: null };
}

export function deploymentData(id = 'deployment-1') {
  return { deploymentId: id, user: { id: 'admin', username: 'admin' }, additionalDeploymentData: {}, nodesData: {} };
}

export const kafkaSource = (id: string, topic: string): CanonicalNode => ({
  type: 'Source',
  id,
  ref: { typ: 'kafka', parameters: [param('Topic', `'${topic}'`), param('Schema version', "'latest'")] },
});

export const kafkaSink = (id: string, topic: string, value: string): CanonicalNode => ({
  type: 'Sink',
  id,
  ref: {
    typ: 'kafka',
    parameters: [param('Topic', `'${topic}'`), param('Schema version', "'latest'"), param('Key', ''), param('Raw editor', 'true'), param('Value validation mode', "'lax'"), param('Value', value)],
  },
});

export function streamingScenario(name: string, nodes: CanonicalNode[], additionalBranches: CanonicalNode[][] = []): CanonicalProcess {
  return { metaData: { id: name, additionalFields: { metaDataType: 'StreamMetaData', properties: {} } }, nodes, additionalBranches };
}

/** Reads `transactions`, keeps records with amount > 10, writes `{id, doubled}` to `output`. */
export function topicToTopic(name: string, output = 'alerts'): CanonicalProcess {
  return streamingScenario(name, [
    kafkaSource('source', 'transactions'),
    { type: 'Filter', id: 'big', expression: spel('#input.amount > 10'), nextFalse: [{ type: 'Sink', id: 'small', ref: { typ: 'dead-end', parameters: [] } }] },
    { type: 'Variable', id: 'doubled', varName: 'doubled', value: spel('#input.amount * 2') },
    kafkaSink('sink', output, '{id: #input.id, doubled: #doubled}'),
  ]);
}

export function requestResponseScenario(name: string, properties: Record<string, string> = {}): CanonicalProcess {
  return {
    metaData: {
      id: name,
      additionalFields: {
        metaDataType: 'RequestResponseMetaData',
        properties: {
          inputSchema: JSON.stringify({ type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } } }),
          outputSchema: JSON.stringify({ type: 'object', properties: { fee: { type: 'number' }, label: { type: 'string' } } }),
          ...properties,
        },
      },
    },
    nodes: [
      { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
      { type: 'Variable', id: 'fee', varName: 'fee', value: spel('#input.amount * 3 + 1') },
      { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [param('fee', '#fee'), param('label', "#input.currency + ':' + #fee")] } },
    ],
    additionalBranches: [],
  };
}

/** Polls until `check` passes (returns its value) or fails with its last error. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
