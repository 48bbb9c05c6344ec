import { afterAll, beforeAll, describe } from 'vitest';
import { DATABASES, openTestDatabase, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { activitySuite } from './suites/activities';
import { appSuite } from './suites/app';
import { authenticationSuite } from './suites/authentication';
import { badInputSuite } from './suites/bad-input';
import { deploymentSuite } from './suites/deployment';
import { migrationSuite } from './suites/migration';
import { designerExtrasSuite } from './suites/designer-extras';
import { frontendCallsSuite } from './suites/frontend-calls';
import { modelConfigSuite } from './suites/model-config';
import { nodeValidationSuite } from './suites/node-validation';
import { routeTableWalk } from './suites/route-table';
import { scenarioSuite } from './suites/scenarios';
import { testSuiteSuite } from './suites/test-suites';
import { versionCompareSuite } from './suites/version-compare';

// The same suite on every database: a real HTTP server on port 0 over PGlite, and over PostgreSQL when
// DATABASE_URL is set (a fresh database per run, dropped at the end).
describe.each(DATABASES)('API on %s', (kind) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(kind, { database });
  });
  afterAll(async () => {
    try {
      await server?.close();
    } finally {
      await database?.cleanup();
    }
  });
  const current = () => {
    if (!server) throw new Error('server not started');
    return server;
  };
  scenarioSuite(current);
  activitySuite(current);
  appSuite(current);
  authenticationSuite(current);
  badInputSuite(current);
  deploymentSuite(current);
  nodeValidationSuite(current);
  modelConfigSuite(current);
  migrationSuite(current);
  versionCompareSuite(current);
  designerExtrasSuite(current);
  frontendCallsSuite(current);
  testSuiteSuite(current);
  routeTableWalk(current);
});
