import * as contract from '@scenaria/api-contract';
import { categoriesWith } from '../auth/users';
import type { DeploymentService } from '../services/deployments';
import type { DictionaryService } from '../services/dictionaries';
import type { NotificationService } from '../services/notifications';
import type { ScenarioService } from '../services/scenarios';
import type { StatisticsService } from '../services/statistics';
import { scenarioToolbars } from '../services/toolbars';
import { createRouter } from './router';

/** What the designer's smaller endpoints are built from. */
export interface DesignerExtrasServices {
  scenarios: ScenarioService;
  deployments: DeploymentService;
  notifications: NotificationService;
  statistics: StatisticsService;
  dictionaries: DictionaryService;
}

/**
 * Toolbars, notifications, statistics, dictionaries, additional info, savepoints, the 1.18 deployments API and
 * the validation health check. Registered before the scenario routes: `/api/processes/{name}/toolbars` is not a
 * version of the scenario.
 */
export function designerExtrasRoutes(services: DesignerExtrasServices) {
  const { scenarios, deployments, notifications, statistics, dictionaries } = services;
  const router = createRouter();

  router.openapi(contract.getScenarioToolbars, async (c) => {
    const row = await scenarios.requireScenario(c.get('user'), c.req.valid('param').scenarioName, 'Read');
    return c.json(scenarioToolbars(row), 200);
  });

  router.openapi(contract.listNotifications, async (c) => c.json(await notifications.list(c.get('user')), 200));

  router.openapi(contract.registerStatistics, async (c) => {
    await statistics.register(c.req.valid('json').statistics.map((statistic) => statistic.name));
    return c.body(null, 204);
  });

  // Usage reports go to Nussknacker's statistics service only when enabled; this server never sends them,
  // which the reference answers with an empty list.
  router.openapi(contract.getStatisticUsage, async (c) => c.json({ urls: [] }, 200));

  router.openapi(contract.listDicts, async (c) => {
    const { processingType } = c.req.valid('param');
    return c.json(dictionaries.list(c.get('user'), processingType, c.req.valid('json').expectedType), 200);
  });

  router.openapi(contract.listDictEntries, async (c) => {
    const { processingType, dictId } = c.req.valid('param');
    return c.json(dictionaries.entries(c.get('user'), processingType, dictId, c.req.valid('query').label), 200);
  });

  // No model here provides additional info (Nussknacker's `AdditionalInfoProvider`): the reference answers null.
  router.openapi(contract.getNodeAdditionalInfo, async (c) => {
    await scenarios.requireScenario(c.get('user'), c.req.valid('param').scenarioName, 'Read');
    return c.json(null, 200);
  });

  router.openapi(contract.getPropertiesAdditionalInfo, async (c) => {
    await scenarios.requireScenario(c.get('user'), c.req.valid('param').scenarioName, 'Read');
    return c.json(null, 200);
  });

  router.openapi(contract.stopScenarioWithSavepoint, async (c) => {
    const { scenarioName } = c.req.valid('param');
    return c.text(await deployments.savepoint(c.get('user'), scenarioName, 'stop', c.req.valid('query').savepointDir), 200);
  });

  router.openapi(contract.snapshotScenario, async (c) => {
    const { scenarioName } = c.req.valid('param');
    return c.text(await deployments.savepoint(c.get('user'), scenarioName, 'snapshot', c.req.valid('query').savepointDir), 200);
  });

  router.openapi(contract.deployFromSavepoint, async (c) => {
    const { scenarioName } = c.req.valid('param');
    // The body is the comment itself, whatever its content type (the reference reads it as a string).
    const comment = await c.req.text();
    await deployments.deploy(c.get('user'), scenarioName, comment === '' ? undefined : comment, { savepointPath: c.req.valid('query').savepointPath });
    return c.body(null, 200);
  });

  router.openapi(contract.runDeployment, async (c) => {
    const { deploymentId } = c.req.valid('param');
    const body = c.req.valid('json');
    await deployments.deploy(c.get('user'), body.scenarioName, body.comment ?? undefined, { deploymentId, nodesData: body.nodesDeploymentData });
    return c.body(null, 202);
  });

  router.openapi(contract.validationHealthCheck, async (c) => {
    const user = c.get('user');
    // A user who reads no category sees no scenario, hence none with errors (lists refuse such a user).
    if (!user.isAdmin && categoriesWith(user, 'Read').length === 0) return c.json({ status: 'OK' as const }, 200);
    const invalid: string[] = [];
    // A page of graphs at a time: only the names of invalid scenarios are kept.
    for await (const records of scenarios.listPages(user, { isArchived: false, isFragment: false }, { withGraph: true, withState: false, validate: { skipNodeResults: true } })) {
      for (const record of records) {
        const errors = record.validationResult?.errors;
        if (errors && (Object.keys(errors.invalidNodes).length > 0 || errors.processPropertiesErrors.length > 0 || errors.globalErrors.length > 0)) invalid.push(record.name);
      }
    }
    if (invalid.length === 0) return c.json({ status: 'OK' as const }, 200);
    return c.json({ status: 'ERROR' as const, message: 'Scenarios with validation errors', processes: invalid }, 500);
  });

  return router;
}
