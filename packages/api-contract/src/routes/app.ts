import { z } from '@hono/zod-openapi';
import {
  BuildInfoResponseSchema,
  CategoriesWithProcessingTypeSchema,
  ConfigResponseSchema,
  CurrentUserSchema,
  HealthCheckResponseSchema,
  ScenarioLabelsResponseSchema,
  ScenarioLabelsValidationRequestSchema,
  ScenarioLabelsValidationResponseSchema,
  ScenarioParametersCombinationsSchema,
  UiSettingsSchema,
} from '../schemas/misc';
import { UIStatusDefinitionSchema } from '../schemas/library';
import { defineRoute, jsonContent } from './define';

/** `GET /api/scenarioLabels`. */
export const listScenarioLabels = defineRoute('authenticated', {
  method: 'get',
  path: '/api/scenarioLabels',
  tags: ['Labels'],
  summary: 'All labels of scenarios the user may read',
  responses: { 200: { description: 'Labels', content: jsonContent(ScenarioLabelsResponseSchema) } },
});

/** `POST /api/scenarioLabels/validation`. */
export const validateScenarioLabels = defineRoute('authenticated', {
  method: 'post',
  path: '/api/scenarioLabels/validation',
  tags: ['Labels'],
  summary: 'Check labels against the configured rules',
  request: { body: { required: true, content: jsonContent(ScenarioLabelsValidationRequestSchema) } },
  responses: { 200: { description: 'Problems per label', content: jsonContent(ScenarioLabelsValidationResponseSchema) } },
});

const statusDefinitionsResponse = {
  200: { description: 'Statuses', content: jsonContent(z.array(UIStatusDefinitionSchema)) },
};

/** `GET /api/statusDefinitions`. */
export const listStatusDefinitions = defineRoute('authenticated', {
  method: 'get',
  path: '/api/statusDefinitions',
  tags: ['Status'],
  summary: 'Every status a scenario can be in',
  responses: statusDefinitionsResponse,
});

/** `GET /api/processes/statusDefinitions`: the seed's path for the same list. */
export const listStatusDefinitionsSeedPath = defineRoute('authenticated', {
  method: 'get',
  path: '/api/processes/statusDefinitions',
  tags: ['Status'],
  summary: 'Every status a scenario can be in (alias)',
  responses: statusDefinitionsResponse,
});

/** `GET /api/app/healthCheck`: unsecured. */
export const healthCheck = defineRoute('public', {
  method: 'get',
  path: '/api/app/healthCheck',
  tags: ['App'],
  summary: 'Health check (no login needed)',
  responses: { 200: { description: 'Healthy', content: jsonContent(HealthCheckResponseSchema) } },
});

/** `GET /api/app/buildInfo`. */
export const buildInfo = defineRoute('public', {
  method: 'get',
  path: '/api/app/buildInfo',
  tags: ['App'],
  summary: 'Build information of the server and processing types',
  responses: { 200: { description: 'Build info', content: jsonContent(BuildInfoResponseSchema) } },
});

/** `GET /api/app/config`: only when `enableConfigEndpoint` is set; admin. */
export const getServerConfig = defineRoute(
  'admin',
  {
    method: 'get',
    path: '/api/app/config',
    tags: ['App'],
    summary: 'The server configuration without secrets (only with enableConfigEndpoint)',
    responses: { 200: { description: 'Config', content: jsonContent(ConfigResponseSchema) } },
  },
  [404],
);

/** `GET /api/app/config/categoriesWithProcessingType`. */
export const getCategoriesWithProcessingType = defineRoute('authenticated', {
  method: 'get',
  path: '/api/app/config/categoriesWithProcessingType',
  tags: ['App'],
  summary: 'Category -> processing type',
  responses: { 200: { description: 'Mapping', content: jsonContent(CategoriesWithProcessingTypeSchema) } },
});

/** `POST /api/app/processingtype/reload`: re-read processing types from the config file; admin. */
export const reloadProcessingTypes = defineRoute('admin', {
  method: 'post',
  path: '/api/app/processingtype/reload',
  tags: ['App'],
  summary: 'Reload processing types from the configuration file without a restart',
  responses: { 204: { description: 'Reloaded' } },
});

/** `GET /api/user`. */
export const getCurrentUser = defineRoute('authenticated', {
  method: 'get',
  path: '/api/user',
  tags: ['User'],
  summary: 'The logged user and their permissions',
  responses: { 200: { description: 'User', content: jsonContent(CurrentUserSchema) } },
});

/** `GET /api/settings`: read by the designer before login, so unsecured. */
export const getUiSettings = defineRoute('public', {
  method: 'get',
  path: '/api/settings',
  tags: ['App'],
  summary: 'Settings of the web designer',
  responses: { 200: { description: 'Settings', content: jsonContent(UiSettingsSchema) } },
});

/** `GET /api/scenarioParametersCombinations`. */
export const getScenarioParametersCombinations = defineRoute('authenticated', {
  method: 'get',
  path: '/api/scenarioParametersCombinations',
  tags: ['Scenarios'],
  summary: 'Where the user may create scenarios',
  responses: { 200: { description: 'Combinations', content: jsonContent(ScenarioParametersCombinationsSchema) } },
});
