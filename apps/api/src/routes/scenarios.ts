import * as contract from '@scenaria/api-contract';
import type { ScenarioService } from '../services/scenarios';
import { createRouter, jsonBodyText, jsonChunks, jsonText, releaseJsonBody, withUnparsedJsonBody } from './router';

/** Scenario routes. Fixed paths are registered before the parameterised ones they would be taken for. */
export function scenarioRoutes(scenarios: ScenarioService, logError: (message: string, error: unknown) => void) {
  const router = createRouter();

  router.openapi(contract.listScenarioStates, async (c) => c.json(await scenarios.states(c.get('user')), 200));

  router.openapi(contract.listScenarios, async (c) => {
    const query = c.req.valid('query');
    return jsonText(c, await scenarios.listJson(c.get('user'), query, { withState: true }));
  });

  router.openapi(contract.listScenariosWithDetails, async (c) => {
    const query = c.req.valid('query');
    // As the reference: validated unless `skipValidateAndResolve=true`.
    const validate = query.skipValidateAndResolve ? undefined : { skipNodeResults: query.skipNodeResults ?? false };
    const answer = await scenarios.listWithGraphsJson(c.get('user'), query, validate ? { validate } : {});
    return answer instanceof Uint8Array ? jsonText(c, answer) : jsonChunks(c, answer, logError);
  });

  router.openapi(contract.listArchivedScenarios, async (c) =>
    jsonText(c, await scenarios.listJson(c.get('user'), { isArchived: true }, { withState: true })),
  );

  router.openapi(contract.createScenario, async (c) => c.json(await scenarios.create(c.get('user'), c.req.valid('json')), 201));

  router.openapi(contract.importScenario, async (c) => {
    const { scenarioName } = c.req.valid('param');
    const { process } = c.req.valid('form');
    return c.json(await scenarios.importJson(c.get('user'), scenarioName, await process.text()), 200);
  });

  router.openapi(contract.listScenarioVersions, async (c) =>
    c.json(await scenarios.versions(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.getScenarioState, async (c) =>
    c.json(await scenarios.state(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.getScenario, async (c) => {
    const { scenarioName } = c.req.valid('param');
    const query = c.req.valid('query');
    const details = await scenarios.detailsJson(c.get('user'), scenarioName, {
      skipValidate: query.skipValidateAndResolve,
      skipNodeResults: query.skipNodeResults,
    });
    return jsonText(c, details);
  });

  router.openapi(contract.getScenarioVersion, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    const query = c.req.valid('query');
    const details = await scenarios.detailsJson(c.get('user'), scenarioName, {
      versionId,
      skipValidate: query.skipValidateAndResolve,
      skipNodeResults: query.skipNodeResults,
    });
    return jsonText(c, details);
  });

  // The body goes to the validation worker as text and is parsed there with the same schema (`parseSaveBody`): 50
  // saves in flight held 50 graphs as objects on the server's thread until each was validated.
  router.openapi(withUnparsedJsonBody(contract.updateScenario), async (c) => {
    const { scenarioName } = c.req.valid('param');
    const body = await jsonBodyText(c);
    releaseJsonBody(c);
    return jsonText(c, await scenarios.saveJson(c.get('user'), scenarioName, body));
  });

  router.openapi(contract.deleteScenario, async (c) => {
    await scenarios.delete(c.get('user'), c.req.valid('param').scenarioName);
    return c.body(null, 200);
  });

  router.openapi(contract.renameScenario, async (c) => {
    const { scenarioName, newName } = c.req.valid('param');
    return c.json(await scenarios.rename(c.get('user'), scenarioName, newName), 200);
  });

  router.openapi(contract.archiveScenario, async (c) => {
    await scenarios.archive(c.get('user'), c.req.valid('param').scenarioName);
    return c.body(null, 200);
  });

  router.openapi(contract.unarchiveScenario, async (c) => {
    await scenarios.unarchive(c.get('user'), c.req.valid('param').scenarioName);
    return c.body(null, 200);
  });

  router.openapi(contract.exportScenarioGraph, async (c) => {
    const { scenarioName } = c.req.valid('param');
    return c.json(await scenarios.exportGraph(c.get('user'), scenarioName, c.req.valid('json')), 200);
  });

  router.openapi(contract.exportScenario, async (c) =>
    c.json(await scenarios.exportVersion(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.exportScenarioVersion, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    return c.json(await scenarios.exportVersion(c.get('user'), scenarioName, versionId), 200);
  });

  return router;
}
