import { z } from '@hono/zod-openapi';
import { ScenarioComparisonSchema } from '../schemas/library';
import { ScenarioNameParamSchema, VersionIdParamSchema } from '../schemas/common';
import { defineRoute, jsonContent } from './define';

const comparePath = z.object({
  scenarioName: ScenarioNameParamSchema,
  versionId: VersionIdParamSchema,
  otherVersionId: VersionIdParamSchema.openapi({ param: { name: 'otherVersionId', in: 'path' } }),
});

/** `GET /api/processes/{scenarioName}/{versionId}/compare/{otherVersionId}`: what changed between two versions. */
export const compareScenarioVersions = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/{versionId}/compare/{otherVersionId}',
    tags: ['Scenarios'],
    summary: 'Differences between two versions of a scenario (node positions do not count)',
    request: { params: comparePath },
    responses: {
      200: {
        description: 'Differences by key (`Node \'<id>\'`, `Edge from \'<a>\' to \'<b>\'`, `Properties`); `versionId` is "current"',
        content: jsonContent(ScenarioComparisonSchema),
      },
    },
  },
  [404],
);
