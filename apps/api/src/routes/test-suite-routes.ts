import * as contract from '@scenaria/api-contract';
import type { TestSuiteService } from '../services/test-suites';
import { createRouter, jsonText } from './router';

/** Test suites stored with a scenario. Mounted before the scenario routes: `testSuites` is not a version id. */
export function testSuiteRoutes(suites: TestSuiteService) {
  const router = createRouter();

  router.openapi(contract.listTestSuites, async (c) => c.json(await suites.list(c.get('user'), c.req.valid('param').scenarioName), 200));

  // The stored suite is sent as the text it was stored as.
  router.openapi(contract.getTestSuite, async (c) => {
    const { scenarioName, suiteName } = c.req.valid('param');
    return jsonText(c, await suites.detailsJson(c.get('user'), scenarioName, suiteName));
  });

  router.openapi(contract.putTestSuite, async (c) => {
    const { scenarioName, suiteName } = c.req.valid('param');
    return jsonText(c, await suites.put(c.get('user'), scenarioName, suiteName, c.req.valid('json')));
  });

  router.openapi(contract.deleteTestSuite, async (c) => {
    const { scenarioName, suiteName } = c.req.valid('param');
    await suites.delete(c.get('user'), scenarioName, suiteName);
    return c.body(null, 200);
  });

  router.openapi(contract.runStoredTestSuite, async (c) => {
    const { scenarioName, suiteName } = c.req.valid('param');
    return c.json(await suites.run(c.get('user'), scenarioName, suiteName), 200);
  });

  return router;
}
