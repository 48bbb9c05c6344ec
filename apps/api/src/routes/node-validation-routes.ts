import * as contract from '@scenaria/api-contract';
import type { NodeValidationService } from '../services/node-validation';
import { createRouter } from './router';

/** Validation of nodes, properties and parameters, expression completion, and the components list. */
export function nodeValidationRoutes(service: NodeValidationService) {
  const router = createRouter();

  router.openapi(contract.validateNode, async (c) => c.json(await service.node(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json')), 200));

  router.openapi(contract.validateProperties, async (c) =>
    c.json(await service.properties(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json')), 200),
  );

  router.openapi(contract.validateParameters, (c) => c.json(service.parameters(c.get('user'), c.req.valid('param').processingType, c.req.valid('json')), 200));

  router.openapi(contract.suggestExpression, (c) => c.json(service.suggestions(c.get('user'), c.req.valid('param').processingType, c.req.valid('json')), 200));

  router.openapi(contract.listComponents, async (c) => {
    const query = c.req.valid('query');
    return c.json(await service.components(c.get('user'), { skipUsages: query.skipUsages === 'true', skipFragments: query.skipFragments === 'true' }), 200);
  });

  router.openapi(contract.listComponentUsages, async (c) => c.json(await service.usages(c.get('user'), c.req.valid('param').componentId), 200));

  return router;
}
