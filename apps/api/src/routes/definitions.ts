import * as contract from '@scenaria/api-contract';
import { processDefinitionDataWithFragments } from '@scenaria/validation';
import { hasPermission } from '../auth/users';
import type { ConfigStore } from '../config/config-store';
import { forbidden, notFound } from '../errors';
import type { DeploymentManagers } from '../services/deployment-managers';
import type { ModelRegistry } from '../services/models';
import type { ScenarioService } from '../services/scenarios';
import { createRouter, jsonText } from './router';

/** Scenario validation without saving, and the definitions of a processing type. */
export function definitionRoutes(config: ConfigStore, models: ModelRegistry, scenarios: ScenarioService, managers: DeploymentManagers) {
  const router = createRouter();

  router.openapi(contract.validateScenarioGraph, async (c) => {
    const { scenarioName } = c.req.valid('param');
    const body = c.req.valid('json');
    return jsonText(c, (await scenarios.validateGraph(c.get('user'), scenarioName, body.scenarioGraph, body.scenarioLabels)).bytes);
  });

  router.openapi(contract.getProcessDefinitionData, async (c) => {
    const { processingType } = c.req.valid('param');
    const { isFragment, enrichedWithUiConfig } = c.req.valid('query');
    const type = config.processingType(processingType);
    const model = models.modelFor(processingType);
    if (!type || !model) throw notFound(`Scenario type: ${processingType} not found`);
    if (!hasPermission(c.get('user'), type.category, 'Read')) throw forbidden();
    const fragments = isFragment ? {} : await scenarios.fragmentGraphs(processingType);
    const definitions = processDefinitionDataWithFragments(model, {
      isFragment,
      fragments,
      ...(enrichedWithUiConfig === undefined ? {} : { enrichedWithUiConfig }),
    });
    // The original serves the deployment manager's custom actions here: they are what the manager runs.
    const customActions = isFragment ? [] : await managers.customActionsOf(processingType);
    return c.json(customActions.length > 0 ? { ...definitions, customActions: [...definitions.customActions, ...customActions] } : definitions, 200);
  });

  return router;
}
