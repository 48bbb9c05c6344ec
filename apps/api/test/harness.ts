import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createApiClient } from '@scenaria/api-contract';
import type { ApiClient, ApiResult, RouteInput, RouteOutput } from '@scenaria/api-contract';
import type { RouteConfig } from '@hono/zod-openapi';
import { pgliteClusterImage } from '@scenaria/vitest-config/pglite-image';
import { hashSync } from '@node-rs/bcrypt';
import { pino } from 'pino';
import postgres from 'postgres';
import { createApp } from '../src/app';
import type { AppDependencies, ScenariaApp } from '../src/app';
import { ConfigStore } from '../src/config/config-store';
import { parseConfig } from '../src/config/load-config';
import type { ServerConfig, ServerConfigInput } from '../src/config/config-schema';
import { openPglite, openPostgres } from '../src/db/database';
import type { DatabaseHandle } from '../src/db/database';

/** The databases the suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Users of the test configuration; each password equals the user name. */
export type TestUser = 'admin' | 'writer' | 'reader' | 'outsider' | 'nobody' | 'anonymous' | 'wrong-password';

// Cost 4 keeps bcrypt fast in tests; the server does not care about the cost factor.
const hash = (password: string) => hashSync(password, { cost: 4 });

// No port of its own: the embedded manager's request-response scenarios are served by the test server under
// `/scenario/*`, as in production; short intervals keep streaming tests quick.
const EMBEDDED = { type: 'embedded', pollIntervalMs: 50, countsFlushIntervalMs: 100, syncIntervalMs: 200 };

/** The configuration the suite runs with: two processing types and one category nobody but `outsider` sees. */
export function testConfigInput(overrides: Partial<ServerConfigInput> = {}): ServerConfigInput {
  return {
    processingTypes: {
      streaming: {
        kind: 'streaming',
        category: 'Default',
        engineSetupName: 'Embedded',
        model: { components: 'default', topics: { payments: { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } } } },
        deploymentManager: EMBEDDED,
      },
      'request-response': { kind: 'request-response', category: 'RequestResponse', engineSetupName: 'Embedded', deploymentManager: EMBEDDED },
      secret: { kind: 'streaming', category: 'Secret', engineSetupName: 'Other', deploymentManager: EMBEDDED },
    },
    scenarioPropertiesConfig: { environment: { label: 'Environment', defaultValue: 'test' } },
    users: [
      { identity: 'admin', password: hash('admin'), roles: ['Admin'] },
      { identity: 'writer', password: hash('writer'), roles: ['Writer'] },
      { identity: 'reader', password: hash('reader'), roles: ['Reader'] },
      { identity: 'outsider', password: hash('outsider'), roles: ['Outsider'] },
      { identity: 'nobody', password: hash('nobody'), roles: [] },
    ],
    rules: [
      { role: 'Admin', isAdmin: true },
      { role: 'Writer', categories: ['Default', 'RequestResponse'], permissions: ['Read', 'Write', 'Deploy'] },
      { role: 'Reader', categories: ['Default', 'RequestResponse'], permissions: ['Read'] },
      { role: 'Outsider', categories: ['Secret'], permissions: ['Read', 'Write'] },
    ],
    scenarioLabelSettings: {
      validationRules: [
        { validationPattern: '^[\\w-]+$', validationMessage: "Scenario label can contain only letters, digits, '-' and '_'" },
        { validationPattern: '^.{1,20}$', validationMessage: 'Scenario label can contain up to 20 characters' },
      ],
    },
    enableConfigEndpoint: true,
    seedExamples: false,
    // Every guarded route is tried with a wrong admin password from one address; the limits have suites of
    // their own (test/sign-in.test.ts).
    signInLimits: { maxFailuresPerUser: 100_000, maxFailuresPerAddress: 100_000 },
    ...overrides,
  };
}

/** One recorded call, for the route-table walk. */
export interface RecordedCall {
  method: string;
  path: string;
  status: number;
}

/** A running server on a real port with its own database. */
export interface TestServer {
  baseUrl: string;
  kind: 'pglite' | 'postgres';
  database: DatabaseHandle;
  config: ConfigStore;
  /** The app behind the server (its services and deployment managers). */
  built: ScenariaApp;
  calls: RecordedCall[];
  /** A typed client acting as a user; every call is recorded for the route-table walk. */
  as(user: TestUser): ApiClient;
  /** Calls a route as a user, recording it. */
  call<R extends RouteConfig>(user: TestUser, route: R, input?: RouteInput<R>): Promise<ApiResult<RouteOutput<R>>>;
  /** A raw fetch against the server, recorded under the given route. */
  fetchRaw(route: RouteConfig | undefined, path: string, init?: RequestInit & { user?: TestUser }): Promise<Response>;
  close(): Promise<void>;
}

function credentialsOf(user: TestUser): { username: string; password: string } | undefined {
  if (user === 'anonymous') return undefined;
  if (user === 'wrong-password') return { username: 'admin', password: 'not-the-password' };
  return { username: user, password: user };
}

/** A database for a test run, with the function that removes it. */
export interface TestDatabase {
  handle: DatabaseHandle;
  cleanup: () => Promise<void>;
}

/**
 * PGlite in memory (loaded from an image of a new cluster: initdb was most of a test database's start; the data
 * directories of server-setup's tests still run it), or a fresh PostgreSQL database created for this run.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite(undefined, { startFrom: await pgliteClusterImage() });
    return { handle, cleanup: () => handle.close() };
  }
  // A fresh database per run, dropped afterwards, so runs never see each other's rows.
  const url = new URL(process.env.DATABASE_URL!);
  const name = `scenaria_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const testUrl = new URL(url.toString());
  testUrl.pathname = `/${name}`;
  const handle = await openPostgres(testUrl.toString());
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Starts the real HTTP server (port 0) on a fresh database. As `main` does, it builds its deployment managers
 * before it listens, so the deployments stored in a shared database run again here; `resume: false` leaves them
 * to be built on first use, so a deployment another server stored keeps its place in its topics and runs nowhere.
 */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  options: { database?: TestDatabase; config?: ServerConfig; reloadSource?: () => Promise<ServerConfig>; deps?: Partial<AppDependencies>; resume?: boolean } = {},
): Promise<TestServer> {
  // A shared database stays open (its owner cleans it up); one opened here is removed when the server closes.
  const { handle, cleanup } = options.database
    ? { handle: options.database.handle, cleanup: async () => {} }
    : await openTestDatabase(kind);
  const config = new ConfigStore(options.config ?? parseConfig(testConfigInput(), 'test'), options.reloadSource);
  const errors: unknown[] = [];
  // Warnings and errors only: the audit log of every deploy would drown the test output.
  const built = createApp({ db: handle.db, config, logError: (_message, error) => errors.push(error), logger: pino({ level: 'warn' }), ...options.deps });
  if (options.resume ?? true) await built.start();
  // The server as main.ts builds it: scenario endpoints on the node path, the rest through Hono.
  const server = createServer(built.requestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  built.listeningAt(baseUrl);
  const calls: RecordedCall[] = [];
  const clients = new Map<TestUser, ApiClient>();

  const as = (user: TestUser): ApiClient => {
    let client = clients.get(user);
    if (!client) {
      const credentials = credentialsOf(user);
      const inner = createApiClient({ baseUrl, ...(credentials ? { credentials } : {}) });
      client = {
        url: inner.url,
        call: async (route, input) => {
          const result = await inner.call(route, input);
          calls.push({ method: route.method.toUpperCase(), path: route.path, status: result.status });
          return result;
        },
      };
      clients.set(user, client);
    }
    return client;
  };

  return {
    baseUrl,
    kind,
    built,
    database: handle,
    config,
    calls,
    as,
    call: (user, route, input) => as(user).call(route, input),
    fetchRaw: async (route, path, init = {}) => {
      const { user, ...rest } = init;
      const headers = new Headers(rest.headers);
      // As our own clients do, so error answers are JSON; tests of the plain-text answers set their own Accept.
      if (!headers.has('accept')) headers.set('accept', 'application/json');
      const credentials = user ? credentialsOf(user) : undefined;
      if (credentials) headers.set('authorization', `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`);
      const response = await fetch(`${baseUrl}${path}`, { ...rest, headers });
      if (route) calls.push({ method: route.method.toUpperCase(), path: route.path, status: response.status });
      return response;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.close();
      await cleanup();
      if (errors.length > 0) throw new Error(`The server logged unexpected errors: ${errors.map((e) => (e as Error).stack ?? String(e)).join("; ")}`);
    },
  };
}
