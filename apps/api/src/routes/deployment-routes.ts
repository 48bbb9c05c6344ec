import * as contract from '@scenaria/api-contract';
import type { Context } from 'hono';
import type { DeploymentService } from '../services/deployments';
import type { TestingService } from '../services/testing';
import type { TopicService } from '../services/topics';
import { createRouter } from './router';
import type { AppEnv } from './router';

// The reference reads the whole body as the comment whatever its content type (its front end posts the bare
// comment, which axios labels application/x-www-form-urlencoded); JSON `{"comment"}` is taken as the comment field.
export async function commentOf(c: Context<AppEnv>): Promise<string | undefined> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (c.req.valid as (target: 'json') => { comment?: string | null } | undefined)('json');
    return body?.comment ?? undefined;
  }
  const text = await c.req.text();
  return text === '' ? undefined : text;
}

/** Deploy, cancel, deployment status, counts, health check, testing and the embedded topics. */
export function deploymentRoutes(deployments: DeploymentService, testing: TestingService, topics: TopicService) {
  const router = createRouter();

  router.openapi(contract.deployScenario, async (c) => {
    const { scenarioName } = c.req.valid('param');
    await deployments.deploy(c.get('user'), scenarioName, await commentOf(c as unknown as Context<AppEnv>));
    return c.body(null, 200);
  });

  router.openapi(contract.cancelScenario, async (c) => {
    const { scenarioName } = c.req.valid('param');
    await deployments.cancel(c.get('user'), scenarioName, await commentOf(c as unknown as Context<AppEnv>));
    return c.body(null, 200);
  });

  router.openapi(contract.runCustomAction, async (c) =>
    c.json(await deployments.customAction(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json')), 200),
  );

  router.openapi(contract.validateCustomAction, async (c) => {
    const validationErrors = await deployments.validateCustomAction(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json'));
    return c.json({ validationErrors, validationPerformed: true }, 200);
  });

  router.openapi(contract.getDeploymentStatus, async (c) => c.json(await deployments.deploymentStatus(c.get('user'), c.req.valid('param').deploymentId), 200));

  for (const route of [contract.deploymentHealthCheck, contract.deploymentHealthCheckSeedPath]) {
    router.openapi(route, async (c) => {
      const failing = await deployments.notRunning(c.get('user'));
      if (failing.length === 0) return c.json({ status: 'OK' as const }, 200);
      return c.json({ status: 'ERROR' as const, message: 'Scenarios with status PROBLEM', processes: failing }, 500);
    });
  }

  router.openapi(contract.getScenarioEndpoint, async (c) => {
    return c.json(await deployments.endpoint(c.get('user'), c.req.valid('param').scenarioName), 200);
  });
  router.openapi(contract.getProcessCounts, async (c) => {
    const { dateFrom, dateTo } = c.req.valid('query');
    const range = dateFrom || dateTo ? { ...(dateFrom ? { from: Date.parse(dateFrom) } : {}), ...(dateTo ? { to: Date.parse(dateTo) } : {}) } : undefined;
    return c.json(await deployments.counts(c.get('user'), c.req.valid('param').scenarioName, range), 200);
  });

  router.openapi(contract.testScenarioWithFile, async (c) => {
    const { scenarioName } = c.req.valid('param');
    const form = c.req.valid('form');
    const testData = typeof form.testData === 'string' ? form.testData : await form.testData.text();
    return c.json(await testing.testWithFile(c.get('user'), scenarioName, form.scenarioGraph, testData), 200);
  });

  router.openapi(contract.generateAndTest, async (c) => {
    const { scenarioName, samples } = c.req.valid('param');
    return c.json(await testing.generateAndTest(c.get('user'), scenarioName, c.req.valid('json'), samples), 200);
  });

  for (const route of [contract.testWithParameters, contract.testWithParametersAdminPath]) {
    router.openapi(route, async (c) => {
      const { scenarioName } = c.req.valid('param');
      const { sourceParameters, scenarioGraph } = c.req.valid('json');
      return c.json(await testing.testWithForm(c.get('user'), scenarioName, scenarioGraph, sourceParameters.sourceId, sourceParameters.parameterExpressions), 200);
    });
  }

  // Each `/api/scenarioTesting/` route also at its older `/api/testInfo/` path.
  for (const route of [contract.getTestingCapabilities, contract.getTestingCapabilitiesTestInfo]) {
    router.openapi(route, async (c) => c.json(await testing.capabilities(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json')), 200));
  }

  for (const route of [contract.getTestParameters, contract.getTestParametersTestInfo]) {
    router.openapi(route, async (c) => c.json(await testing.parameters(c.get('user'), c.req.valid('param').scenarioName, c.req.valid('json')), 200));
  }

  for (const route of [contract.generateTestData, contract.generateTestDataTestInfo]) {
    router.openapi(route, async (c) => {
      const { scenarioName, testSampleSize } = c.req.valid('param');
      return c.text(await testing.generate(c.get('user'), scenarioName, c.req.valid('json'), testSampleSize), 200);
    });
  }

  for (const route of [contract.validateAdhocTest, contract.validateAdhocTestTestInfo]) {
    router.openapi(route, async (c) => {
      const { scenarioName } = c.req.valid('param');
      const { sourceParameters, scenarioGraph } = c.req.valid('json');
      const validationErrors = await testing.validateForm(c.get('user'), scenarioName, scenarioGraph, sourceParameters.sourceId, sourceParameters.parameterExpressions);
      return c.json({ validationErrors, validationPerformed: true }, 200);
    });
  }

  router.openapi(contract.publishTopicRecords, async (c) =>
    c.json(await topics.publish(c.get('user'), c.req.valid('param').topic, c.req.valid('json').records), 200),
  );

  router.openapi(contract.readTopicRecords, async (c) =>
    c.json({ records: await topics.tail(c.get('user'), c.req.valid('param').topic, c.req.valid('query').limit) }, 200),
  );

  return router;
}

