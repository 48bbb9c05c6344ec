import * as contract from '@scenaria/api-contract';
import type { MigrationService } from '../services/migration';
import type { RemoteEnvironmentService } from '../services/remote-environment';
import { createRouter } from './router';

/** Migration between designers: receiving a scenario, and the secondary-environment operations. */
export function migrationRoutes(migration: MigrationService, remote: RemoteEnvironmentService) {
  const router = createRouter();

  router.openapi(contract.getMigrationApiVersion, (c) => c.json({ version: contract.CURRENT_MIGRATION_API_VERSION }, 200));

  router.openapi(contract.migrateScenario, async (c) => {
    await migration.migrate(c.get('user'), c.req.valid('json'));
    return c.body(null, 200);
  });

  router.openapi(contract.listRemoteScenarioVersions, async (c) =>
    c.json(await remote.versions(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.migrateToRemoteEnvironment, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    await remote.migrate(c.get('user'), scenarioName, versionId);
    return c.body(null, 200);
  });

  router.openapi(contract.compareWithRemoteEnvironment, async (c) => c.json(await remote.compareEnvironment(c.get('user')), 200));

  router.openapi(contract.compareWithRemoteVersion, async (c) => {
    const { scenarioName, versionId, remoteVersionId } = c.req.valid('param');
    return c.json(await remote.compareVersion(c.get('user'), scenarioName, versionId, remoteVersionId), 200);
  });

  return router;
}
