import * as contract from '@scenaria/api-contract';
import type { VersionCompareService } from '../services/version-compare';
import { createRouter } from './router';

/** `GET /api/processes/{name}/{versionId}/compare/{otherVersionId}`. */
export function compareRoutes(compare: VersionCompareService) {
  const router = createRouter();
  router.openapi(contract.compareScenarioVersions, async (c) => {
    const { scenarioName, versionId, otherVersionId } = c.req.valid('param');
    return c.json(await compare.compare(c.get('user'), scenarioName, versionId, otherVersionId), 200);
  });
  return router;
}
