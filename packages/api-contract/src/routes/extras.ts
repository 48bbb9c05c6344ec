import { z } from '@hono/zod-openapi';
import {
  AdditionalInfoSchema,
  DictEntrySchema,
  DictListRequestSchema,
  DictSchema,
  NotificationSchema,
  RegisterStatisticsRequestSchema,
  RunDeploymentRequestSchema,
  ScenarioToolbarSettingsSchema,
  StatisticUrlsSchema,
} from '../schemas/extras';
import { ProcessesHealthCheckSchema } from '../schemas/deployment';
import { NodeDataSchema, ProcessPropertiesSchema } from '../schemas/library';
import { ScenarioPathSchema } from '../schemas/common';
import { defineRoute, jsonContent } from './define';

const ProcessingTypePathSchema = z.object({
  processingType: z.string().min(1).max(200).openapi({ param: { name: 'processingType', in: 'path' }, example: 'streaming' }),
});
const textContent = { 'text/plain': { schema: z.string() } } as const;

/** `GET /api/processes/{scenarioName}/toolbars`: the scenario page's toolbar layout. */
export const getScenarioToolbars = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/toolbars',
    tags: ['Scenarios'],
    summary: 'Toolbar panels and buttons of the scenario page, hidden and disabled for this scenario',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Toolbars', content: jsonContent(ScenarioToolbarSettingsSchema) } },
  },
  [404],
);

/** `GET /api/notifications`: the user's recent deploy and cancel outcomes. */
export const listNotifications = defineRoute('authenticated', {
  method: 'get',
  path: '/api/notifications',
  tags: ['Notifications'],
  summary: "Outcomes of the user's deploy and cancel actions of the last minute",
  responses: { 200: { description: 'Notifications', content: jsonContent(z.array(NotificationSchema)) } },
});

/** `POST /api/statistic`: counts front-end usage events. */
export const registerStatistics = defineRoute('authenticated', {
  method: 'post',
  path: '/api/statistic',
  tags: ['Statistics'],
  summary: 'Count front-end usage events',
  request: { body: { required: true, content: jsonContent(RegisterStatisticsRequestSchema) } },
  responses: { 204: { description: 'Counted' } },
});

/** `GET /api/statistic/usage`: where usage reports go (none while reports are off). */
export const getStatisticUsage = defineRoute('authenticated', {
  method: 'get',
  path: '/api/statistic/usage',
  tags: ['Statistics'],
  summary: 'Usage statistics report URLs (empty: this server sends no usage reports)',
  responses: { 200: { description: 'URLs', content: jsonContent(StatisticUrlsSchema) } },
});

/** `POST /api/processDefinitionData/{processingType}/dicts`: dictionaries whose values fit a type. */
export const listDicts = defineRoute(
  'authenticated',
  {
    method: 'post',
    path: '/api/processDefinitionData/{processingType}/dicts',
    tags: ['Dictionary'],
    summary: 'Dictionaries whose value type fits the expected type',
    request: { params: ProcessingTypePathSchema, body: { required: true, content: jsonContent(DictListRequestSchema) } },
    responses: { 200: { description: 'Dictionaries', content: jsonContent(z.array(DictSchema)) } },
  },
  [404],
);

/** `GET /api/processDefinitionData/{processingType}/dicts/{dictId}/entry?label=`. */
export const listDictEntries = defineRoute(
  'authenticated',
  {
    method: 'get',
    path: '/api/processDefinitionData/{processingType}/dicts/{dictId}/entry',
    tags: ['Dictionary'],
    summary: 'Entries of a dictionary whose label contains the given text',
    request: {
      params: ProcessingTypePathSchema.extend({ dictId: z.string().min(1).max(200).openapi({ param: { name: 'dictId', in: 'path' } }) }),
      query: z.object({ label: z.string().max(1000) }),
    },
    responses: { 200: { description: 'Entries', content: jsonContent(z.array(DictEntrySchema)) } },
  },
  [404],
);

const additionalInfoResponse = {
  200: { description: 'The info, or null when there is none', content: jsonContent(z.union([AdditionalInfoSchema, z.null()])) },
} as const;

/** `POST /api/nodes/{scenarioName}/additionalInfo`. */
export const getNodeAdditionalInfo = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/nodes/{scenarioName}/additionalInfo',
    tags: ['Nodes'],
    summary: "Additional info (markdown) of a node, from its component's documentation",
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(NodeDataSchema) } },
    responses: additionalInfoResponse,
  },
  [404],
);

/** `POST /api/properties/{scenarioName}/additionalInfo`. */
export const getPropertiesAdditionalInfo = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/properties/{scenarioName}/additionalInfo',
    tags: ['Nodes'],
    summary: 'Additional info of the scenario properties',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(ProcessPropertiesSchema) } },
    responses: additionalInfoResponse,
  },
  [404],
);

const SavepointDirQuerySchema = z.object({ savepointDir: z.string().max(4000).optional() });

/** `POST /api/adminProcessManagement/stop/{scenarioName}?savepointDir=`: answers the savepoint path as text. */
export const stopScenarioWithSavepoint = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/adminProcessManagement/stop/{scenarioName}',
    tags: ['Deployment'],
    summary: 'Stop the scenario taking a savepoint',
    request: { params: ScenarioPathSchema, query: SavepointDirQuerySchema },
    responses: { 200: { description: 'Savepoint path', content: textContent } },
  },
  [404, 409, 503],
);

/** `POST /api/adminProcessManagement/snapshot/{scenarioName}?savepointDir=`. */
export const snapshotScenario = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/adminProcessManagement/snapshot/{scenarioName}',
    tags: ['Deployment'],
    summary: 'Take a savepoint of the running scenario',
    request: { params: ScenarioPathSchema, query: SavepointDirQuerySchema },
    responses: { 200: { description: 'Savepoint path', content: textContent } },
  },
  [404, 409, 503],
);

/**
 * `POST /api/adminProcessManagement/deploy/{scenarioName}?savepointPath=`: deploys restoring a savepoint; the
 * body is the comment as plain text. Without `savepointPath` the route does not match (404), as in the reference.
 */
export const deployFromSavepoint = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/adminProcessManagement/deploy/{scenarioName}',
    tags: ['Deployment'],
    summary: 'Deploy the latest version restoring state from a savepoint',
    request: { params: ScenarioPathSchema, query: z.object({ savepointPath: z.string().min(1).max(4000) }) },
    responses: { 200: { description: 'Deployed' } },
  },
  [404, 409, 503],
);

/** `PUT /api/deployments/{deploymentId}`: the 1.18 deployments API; the deployment gets the caller's id. */
export const runDeployment = defineRoute(
  'Deploy',
  {
    method: 'put',
    path: '/api/deployments/{deploymentId}',
    tags: ['Deployments'],
    summary: 'Deploy the latest version of a scenario under the given deployment id',
    request: {
      params: z.object({ deploymentId: z.uuid().openapi({ param: { name: 'deploymentId', in: 'path' } }) }),
      body: { required: true, content: jsonContent(RunDeploymentRequestSchema) },
    },
    responses: { 202: { description: 'Accepted' } },
  },
  [404, 409, 503],
);

/** `GET /api/app/healthCheck/process/validation`: scenarios whose latest version does not validate. */
export const validationHealthCheck = defineRoute('authenticated', {
  method: 'get',
  path: '/api/app/healthCheck/process/validation',
  tags: ['App'],
  summary: 'OK when every scenario validates (500 with the names of those that do not)',
  responses: {
    200: { description: 'All valid', content: jsonContent(ProcessesHealthCheckSchema) },
    500: { description: 'Some are invalid', content: jsonContent(ProcessesHealthCheckSchema) },
  },
});
