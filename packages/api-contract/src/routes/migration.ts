import { z } from '@hono/zod-openapi';
import { ScenarioNameParamSchema, ScenarioPathSchema, VersionIdParamSchema } from '../schemas/common';
import { EnvironmentComparisonResultSchema, MigrateScenarioRequestSchema, MigrationApiVersionSchema } from '../schemas/migration';
import { ScenarioComparisonSchema } from '../schemas/library';
import { ScenarioVersionSchema } from '../schemas/scenario';
import { defineRoute, jsonContent } from './define';

const migrationTags = ['Migrations'];
const remoteTags = ['Remote environment'];

/**
 * `POST /api/migrate`: another designer hands over a scenario or fragment (request version 1 or 2). A missing
 * one is created first; the graph is then saved like an update, recorded as INCOMING_MIGRATION. An archived
 * target or an invalid graph is 400. The Write right in the category is checked by the route itself and refused
 * with 401 and Nussknacker's text, not 403, so the route is declared for any signed-in user.
 */
export const migrateScenario = defineRoute(
  'authenticated',
  {
    method: 'post',
    path: '/api/migrate',
    tags: migrationTags,
    summary: 'Migration between environments: receive a scenario from another designer',
    request: { body: { required: true, content: jsonContent(MigrateScenarioRequestSchema) } },
    responses: { 200: { description: 'Migrated' } },
  },
  [],
);

/** `GET /api/migration/scenario/description/version`: the newest migration request version this server reads. */
export const getMigrationApiVersion = defineRoute('authenticated', {
  method: 'get',
  path: '/api/migration/scenario/description/version',
  tags: migrationTags,
  summary: 'Current version of the scenario description used by migrations',
  responses: { 200: { description: 'The version', content: jsonContent(MigrationApiVersionSchema) } },
});

/** `GET /api/remoteEnvironment/{scenarioName}/versions`: the versions of the scenario on the secondary environment. */
export const listRemoteScenarioVersions = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/remoteEnvironment/{scenarioName}/versions',
    tags: remoteTags,
    summary: 'Versions of the scenario on the secondary environment (empty when it has none)',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Remote versions, newest first', content: jsonContent(z.array(ScenarioVersionSchema)) } },
  },
  [404, 502, 504],
);

/** `POST /api/remoteEnvironment/{scenarioName}/{versionId}/migrate`: send a version to the secondary environment. */
export const migrateToRemoteEnvironment = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/remoteEnvironment/{scenarioName}/{versionId}/migrate',
    tags: remoteTags,
    summary: 'Migrate a version of the scenario to the secondary environment (OUTGOING_MIGRATION here)',
    request: { params: z.object({ scenarioName: ScenarioNameParamSchema, versionId: VersionIdParamSchema }) },
    responses: { 200: { description: 'Migrated' } },
  },
  [404, 502, 504],
);

/**
 * `GET /api/remoteEnvironment/{scenarioName}/{versionId}/compare/{remoteVersionId}`: a version here against a
 * version on the secondary environment, in the shape of the version compare (node positions do not count).
 */
export const compareWithRemoteVersion = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/remoteEnvironment/{scenarioName}/{versionId}/compare/{remoteVersionId}',
    tags: remoteTags,
    summary: 'Differences between a version here ("current") and a version on the secondary environment ("other")',
    request: {
      params: z.object({
        scenarioName: ScenarioNameParamSchema,
        versionId: VersionIdParamSchema,
        remoteVersionId: VersionIdParamSchema.openapi({ param: { name: 'remoteVersionId', in: 'path' } }),
      }),
    },
    responses: { 200: { description: 'Differences by key', content: jsonContent(ScenarioComparisonSchema) } },
  },
  [404, 502, 504],
);

/** `GET /api/remoteEnvironment/compare`: every readable scenario here against its latest version there. */
export const compareWithRemoteEnvironment = defineRoute(
  'authenticated',
  {
    method: 'get',
    path: '/api/remoteEnvironment/compare',
    tags: remoteTags,
    summary: 'Scenarios that differ from (or are missing on) the secondary environment',
    responses: { 200: { description: 'The differing scenarios', content: jsonContent(EnvironmentComparisonResultSchema) } },
  },
  [404, 502, 504],
);
