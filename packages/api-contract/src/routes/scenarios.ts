import { z } from '@hono/zod-openapi';
import {
  CreateScenarioRequestSchema,
  CreateScenarioResponseSchema,
  ImportScenarioResponseSchema,
  RenameScenarioResponseSchema,
  ScenarioDetailsQuerySchema,
  ScenarioListQuerySchema,
  ScenarioVersionSchema,
  ScenarioWithDetailsSchema,
  UpdateScenarioRequestSchema,
  UpdateScenarioResponseSchema,
  ValidateScenarioRequestSchema,
} from '../schemas/scenario';
import { CanonicalProcessSchema, ProcessDefinitionDataSchema, ProcessStateSchema, ScenarioGraphSchema, ValidationResultSchema } from '../schemas/library';
import { BooleanQuerySchema, ScenarioNameParamSchema, ScenarioPathSchema, VersionIdParamSchema } from '../schemas/common';
import { defineRoute, jsonContent } from './define';

const tags = ['Scenarios'];
const versionPath = z.object({ scenarioName: ScenarioNameParamSchema, versionId: VersionIdParamSchema });

/** `GET /api/processes`: scenarios without graph, with state. */
export const listScenarios = defineRoute('Read', {
  method: 'get',
  path: '/api/processes',
  tags,
  summary: 'List scenarios and fragments the user may read',
  request: { query: ScenarioListQuerySchema },
  responses: { 200: { description: 'Scenarios', content: jsonContent(z.array(ScenarioWithDetailsSchema)) } },
});

/** `GET /api/processesDetails`: scenarios with graph. */
export const listScenariosWithDetails = defineRoute('Read', {
  method: 'get',
  path: '/api/processesDetails',
  tags,
  summary: 'List scenarios with their latest graph',
  request: { query: ScenarioListQuerySchema },
  responses: { 200: { description: 'Scenarios', content: jsonContent(z.array(ScenarioWithDetailsSchema)) } },
});

/** `GET /api/archive`: archived scenarios. */
export const listArchivedScenarios = defineRoute('Read', {
  method: 'get',
  path: '/api/archive',
  tags,
  summary: 'List archived scenarios and fragments',
  responses: { 200: { description: 'Archived scenarios', content: jsonContent(z.array(ScenarioWithDetailsSchema)) } },
});

/** `GET /api/processes/status`: states of every non-archived scenario. */
export const listScenarioStates = defineRoute('Read', {
  method: 'get',
  path: '/api/processes/status',
  tags,
  summary: 'States of all non-archived scenarios (fragments have none)',
  responses: { 200: { description: 'Scenario name -> state', content: jsonContent(z.record(z.string(), ProcessStateSchema)) } },
});

/** `GET /api/processes/{scenarioName}`: the latest version with graph and history. */
export const getScenario = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}',
    tags,
    summary: 'Scenario details of the latest version',
    request: { params: ScenarioPathSchema, query: ScenarioDetailsQuerySchema },
    responses: { 200: { description: 'The scenario', content: jsonContent(ScenarioWithDetailsSchema) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/{versionId}`: one version. */
export const getScenarioVersion = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/{versionId}',
    tags,
    summary: 'Scenario details of a given version',
    request: { params: versionPath, query: ScenarioDetailsQuerySchema },
    responses: { 200: { description: 'The scenario in that version', content: jsonContent(ScenarioWithDetailsSchema) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/versions`: the version history, newest first. */
export const listScenarioVersions = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/versions',
    tags,
    summary: 'Versions of a scenario, newest first',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Versions', content: jsonContent(z.array(ScenarioVersionSchema)) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/status`: the state of one scenario. */
export const getScenarioState = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/status',
    tags,
    summary: 'State of a scenario (fragments have none: 400)',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'The state', content: jsonContent(ProcessStateSchema) } },
  },
  [404],
);

/** `POST /api/processes`: create a scenario or fragment with an empty version 1. */
export const createScenario = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/processes',
    tags,
    summary: 'Create a scenario or fragment',
    request: { body: { required: true, content: jsonContent(CreateScenarioRequestSchema) } },
    responses: { 201: { description: 'Created', content: jsonContent(CreateScenarioResponseSchema) } },
  },
  [],
);

/** `PUT /api/processes/{scenarioName}`: save a graph (a new version only if it changed). */
export const updateScenario = defineRoute(
  'Write',
  {
    method: 'put',
    path: '/api/processes/{scenarioName}',
    tags,
    summary: 'Save a scenario graph with an optional comment and labels',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(UpdateScenarioRequestSchema) } },
    responses: { 200: { description: 'Saved', content: jsonContent(UpdateScenarioResponseSchema) } },
  },
  [404, 409],
);

/** `DELETE /api/processes/{scenarioName}`: delete an archived scenario. */
export const deleteScenario = defineRoute(
  'Write',
  {
    method: 'delete',
    path: '/api/processes/{scenarioName}',
    tags,
    summary: 'Delete an archived scenario',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Deleted' } },
  },
  [404, 409],
);

/** `PUT /api/processes/{scenarioName}/rename/{newName}`. */
export const renameScenario = defineRoute(
  'Write',
  {
    method: 'put',
    path: '/api/processes/{scenarioName}/rename/{newName}',
    tags,
    summary: 'Rename a scenario',
    request: {
      params: z.object({
        scenarioName: ScenarioNameParamSchema,
        newName: z.string().min(1).openapi({ param: { name: 'newName', in: 'path' }, example: 'fraud-detection-v2' }),
      }),
    },
    responses: { 200: { description: 'Renamed', content: jsonContent(RenameScenarioResponseSchema) } },
  },
  [404, 409],
);

/** `POST /api/archive/{scenarioName}`. */
export const archiveScenario = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/archive/{scenarioName}',
    tags,
    summary: 'Archive a scenario or fragment',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Archived' } },
  },
  [404, 409],
);

/** `POST /api/unarchive/{scenarioName}`. */
export const unarchiveScenario = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/unarchive/{scenarioName}',
    tags,
    summary: 'Unarchive a scenario or fragment',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Unarchived' } },
  },
  [404, 409],
);

/** `POST /api/processes/import/{scenarioName}`: read scenario JSON of any era into a graph, without saving. */
export const importScenario = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/processes/import/{scenarioName}',
    tags,
    summary: 'Import scenario JSON (any format era) as a graph; the graph is not saved',
    request: {
      params: ScenarioPathSchema,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              process: z
                .custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
                  message: 'Expected a file in the form field "process"',
                })
                .openapi({ type: 'string', format: 'binary' }),
            }),
          },
        },
      },
    },
    responses: { 200: { description: 'The imported graph', content: jsonContent(ImportScenarioResponseSchema) } },
  },
  [404, 409],
);

/** `POST /api/processesExport/{scenarioName}`: the canonical form of a posted graph. */
export const exportScenarioGraph = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/processesExport/{scenarioName}',
    tags,
    summary: 'Convert a graph to the stored (canonical) JSON for download',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(ScenarioGraphSchema) } },
    responses: { 200: { description: 'Canonical scenario JSON', content: jsonContent(CanonicalProcessSchema) } },
  },
  [404],
);

/** `GET /api/processesExport/{scenarioName}`: the latest stored version. */
export const exportScenario = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processesExport/{scenarioName}',
    tags,
    summary: 'Export the latest version as canonical JSON',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Canonical scenario JSON', content: jsonContent(CanonicalProcessSchema) } },
  },
  [404],
);

/** `GET /api/processesExport/{scenarioName}/{versionId}`: a given stored version. */
export const exportScenarioVersion = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processesExport/{scenarioName}/{versionId}',
    tags,
    summary: 'Export a given version as canonical JSON',
    request: { params: versionPath },
    responses: { 200: { description: 'Canonical scenario JSON', content: jsonContent(CanonicalProcessSchema) } },
  },
  [404],
);

/** `POST /api/processValidation/{scenarioName}`: validate a graph without saving it. */
export const validateScenarioGraph = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/processValidation/{scenarioName}',
    tags,
    summary: 'Validate a scenario graph (not saved)',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(ValidateScenarioRequestSchema) } },
    responses: { 200: { description: 'Validation result', content: jsonContent(ValidationResultSchema) } },
  },
  [404],
);

/** `GET /api/processDefinitionData/{processingType}?isFragment=`: components, groups, classes of a type. */
export const getProcessDefinitionData = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processDefinitionData/{processingType}',
    tags: ['Definitions'],
    summary: 'Components, palette groups, classes and properties of a processing type',
    request: {
      params: z.object({
        processingType: z.string().min(1).openapi({ param: { name: 'processingType', in: 'path' }, example: 'streaming' }),
      }),
      query: z.object({ isFragment: BooleanQuerySchema, enrichedWithUiConfig: BooleanQuerySchema.optional() }),
    },
    responses: { 200: { description: 'Definitions', content: jsonContent(ProcessDefinitionDataSchema) } },
  },
  [404],
);
