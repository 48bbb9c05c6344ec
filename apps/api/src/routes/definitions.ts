import * as contract from '@scenaria/api-contract';
import { buildProcessDefinitionData } from '@scenaria/components';
import type { ComponentDefinition } from '@scenaria/components';
import { expressionEnvironment, fragmentComponentFor } from '@scenaria/validation';
import { hasPermission } from '../auth/users';
import type { ConfigStore } from '../config/config-store';
import { forbidden, notFound } from '../errors';
import type { ModelRegistry } from '../services/models';
import type { ScenarioService } from '../services/scenarios';
import { createRouter } from './router';

/** Scenario validation without saving, and the definitions of a processing type. */
export function definitionRoutes(config: ConfigStore, models: ModelRegistry, scenarios: ScenarioService) {
  const router = createRouter();

  router.openapi(contract.validateScenarioGraph, async (c) => {
    const { scenarioName } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await scenarios.validateGraph(c.get('user'), scenarioName, body.scenarioGraph, body.scenarioLabels), 200);
  });

  router.openapi(contract.getProcessDefinitionData, async (c) => {
    const { processingType } = c.req.valid('param');
    const { isFragment, enrichedWithUiConfig } = c.req.valid('query');
    const type = config.processingType(processingType);
    const model = models.modelFor(processingType);
    if (!type || !model) throw notFound(`Scenario type: ${processingType} not found`);
    if (!hasPermission(c.get('user'), type.category, 'Read')) throw forbidden();
    const graphs = await scenarios.fragmentGraphs(processingType);
    const fragments: ComponentDefinition[] = [];
    for (const [name, graph] of Object.entries(graphs)) {
      // A fragment that uses itself (directly or not) has no component; it is left out of the palette.
      try {
        fragments.push(fragmentComponentFor(name, graph, model, graphs));
      } catch {
        continue;
      }
    }
    // Every class expressions may use: the standard ones, the language helpers' and the model's own.
    const classNames = [...new Set(expressionEnvironment(model).registry.classes().map((definition) => definition.name))].sort();
    const definitions = buildProcessDefinitionData(model, {
      isFragment,
      fragments,
      classNames,
      ...(enrichedWithUiConfig === undefined ? {} : { enrichedWithUiConfig }),
    });
    return c.json(definitions, 200);
  });

  return router;
}
