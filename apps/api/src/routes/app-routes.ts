import * as contract from '@scenaria/api-contract';
import { validateScenarioLabels } from '@scenaria/validation';
import type { CurrentUser, ScenarioParametersCombinations, UiSettings } from '@scenaria/api-contract';
import { categoriesWith, hasPermission } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import type { Authentication } from '../auth/request-user';
import type { ConfigStore } from '../config/config-store';
import { ApiError, forbidden } from '../errors';
import { processingInfo } from '../services/scenario-records';
import type { ScenarioService } from '../services/scenarios';
import { statusDefinitions } from '../services/state';
import { buildInfo } from '../build-info';
import { createRouter } from './router';

// Nussknacker's default `tabs`: the scenarios and components lists are remote modules of its front end, served
// from `/submodules/components/remoteEntry.js` (with an empty `http.publicPath`), then the documentation link.
const tab = (id: string, title: string, type: 'Remote' | 'Url', url: string) => ({
  id,
  title,
  type,
  url,
  requiredPermission: null,
  addAccessTokenInQueryParam: null,
  accessTokenInQuery: { enabled: false, parameterName: 'auth_token' },
  spacerBefore: false,
});
const DEFAULT_TABS = [
  tab('scenarios', 'Scenarios', 'Remote', 'nu_components/scenarios@/submodules/components/remoteEntry.js'),
  tab('components', 'Components', 'Remote', 'nu_components/list@/submodules/components/remoteEntry.js'),
  tab('docs', 'Docs', 'Url', 'https://nussknacker.io/documentation/'),
];

function requireAdmin(user: AuthenticatedUser): void {
  if (!user.isAdmin) throw forbidden('Only an administrator may do this');
}

/** Labels, statuses, user, settings and the /api/app group. */
export function appRoutes(config: ConfigStore, scenarios: ScenarioService, authentication: Authentication, afterReload: () => Promise<void> = async () => undefined) {
  const router = createRouter();

  router.openapi(contract.listScenarioLabels, async (c) => c.json({ labels: await scenarios.labels(c.get('user')) }, 200));

  router.openapi(contract.validateScenarioLabels, (c) =>
    c.json({ validationErrors: validateScenarioLabels(c.req.valid('json').labels, config.current.scenarioLabelSettings.validationRules) }, 200),
  );

  router.openapi(contract.listStatusDefinitions, (c) => c.json(statusDefinitions(config.categories()), 200));
  router.openapi(contract.listStatusDefinitionsSeedPath, (c) => c.json(statusDefinitions(config.categories()), 200));

  router.openapi(contract.healthCheck, (c) => c.json({ status: 'OK' as const }, 200));

  router.openapi(contract.buildInfo, (c) => {
    const processingType = Object.fromEntries(
      Object.entries(config.current.processingTypes).map(([name, type]) => [
        name,
        { engineSetupName: type.engineSetupName, deploymentManager: type.deploymentManager.type, category: type.category },
      ]),
    );
    return c.json({ ...buildInfo(), processingType }, 200);
  });

  router.openapi(contract.getServerConfig, (c) => {
    requireAdmin(c.get('user'));
    if (!config.current.enableConfigEndpoint) throw new ApiError(404, 'The config endpoint is disabled (enableConfigEndpoint)');
    // Secrets stay out: password hashes and the metrics token are shown only as present.
    const { users, metrics, ...rest } = config.current;
    const { bearerToken, ...metricsRest } = metrics;
    return c.json({ ...rest, metrics: { ...metricsRest, hasBearerToken: bearerToken !== undefined }, users: users.map((user) => ({ identity: user.identity, roles: user.roles })) }, 200);
  });

  router.openapi(contract.getCategoriesWithProcessingType, (c) => {
    const user = c.get('user');
    const mapping = Object.fromEntries(
      Object.entries(config.current.processingTypes)
        .filter(([, type]) => hasPermission(user, type.category, 'Read'))
        .map(([name, type]) => [type.category, name]),
    );
    return c.json(mapping, 200);
  });

  router.openapi(contract.reloadProcessingTypes, async (c) => {
    requireAdmin(c.get('user'));
    await config.reloadProcessingTypes();
    // Batch models are typed from the databases' catalogues: a reload reads them again.
    await afterReload();
    return c.body(null, 204);
  });

  router.openapi(contract.getCurrentUser, (c) => {
    const user = c.get('user');
    const body: CurrentUser = {
      id: user.identity,
      username: user.username,
      isAdmin: user.isAdmin,
      categories: categoriesWith(user, 'Read').sort(),
      categoryPermissions: user.categoryPermissions,
      globalPermissions: user.globalPermissions,
      ...(user.impersonatedBy ? { impersonatedBy: user.impersonatedBy } : {}),
    };
    return c.json(body, 200);
  });

  router.openapi(contract.getUiSettings, (c) => {
    const current = config.current;
    const settings: UiSettings = {
      features: {
        counts: false,
        intervalTimeSettings: { processes: 20_000, healthCheck: 30_000 },
        testDataSettings: { maxSamplesCount: 20, testDataMaxLength: 200_000, resultsMaxBytes: 50_000_000 },
        redirectAfterArchive: true,
        usageStatisticsReports: { enabled: false, errorReportsEnabled: false },
        tabs: DEFAULT_TABS,
      },
      authentication: { provider: authentication.provider.name, anonymousAccessAllowed: authentication.anonymousRole !== undefined },
    };
    if (current.deploymentCommentSettings) settings.features.deploymentCommentSettings = current.deploymentCommentSettings;
    return c.json(settings, 200);
  });

  router.openapi(contract.getScenarioParametersCombinations, (c) => {
    const user = c.get('user');
    const combinations = Object.entries(config.current.processingTypes)
      .filter(([, type]) => hasPermission(user, type.category, 'Write'))
      .map(([name, type]) => ({ processingMode: processingInfo(config, name).processingMode, category: type.category, engineSetupName: type.engineSetupName }));
    const body: ScenarioParametersCombinations = { combinations, engineSetupErrors: {} };
    return c.json(body, 200);
  });

  return router;
}
