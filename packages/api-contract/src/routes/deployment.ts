import { createRoute, z } from '@hono/zod-openapi';
import type { RouteConfig } from '@hono/zod-openapi';
import { MAX_JSON_DEPTH, inspectJsonText, parseScenarioGraph } from '@scenaria/graph';
import { ScenarioPathSchema, ScenarioNameParamSchema } from '../schemas/common';
import {
  DeploymentCommentRequestSchema,
  DeploymentStatusResponseSchema,
  ProcessCountsSchema,
  ProcessesHealthCheckSchema,
  PublishTopicRecordsRequestSchema,
  ScenarioEndpointSchema,
  TestSourceParametersSchema,
  TestWithParametersRequestSchema,
  TestingCapabilitiesSchema,
  TopicPathSchema,
  TopicRecordSchema,
  ValidationErrorsResponseSchema,
} from '../schemas/deployment';
import { ResultsWithCountsSchema, ScenarioGraphSchema } from '../schemas/library';
import { defineRoute, jsonContent } from './define';

const tags = ['Deployment'];
const testTags = ['Testing'];
const appTags = ['App'];

// Deploy and cancel take JSON `{comment}` or, as in the reference, any other body as the comment itself: its
// front end posts the bare comment, which axios labels application/x-www-form-urlencoded.
const commentBody = {
  required: false,
  content: {
    'application/json': { schema: DeploymentCommentRequestSchema },
    'text/plain': { schema: z.string() },
    'application/x-www-form-urlencoded': { schema: z.unknown().openapi({ type: 'string', description: 'The whole body is the comment' }) },
  },
} as const;

/** `POST /api/processManagement/deploy/{scenarioName}`: deploy the latest version. */
export const deployScenario = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/deploy/{scenarioName}',
    tags,
    summary: 'Deploy the latest version (validated first); answers when the manager has taken the command',
    request: { params: ScenarioPathSchema, body: commentBody },
    responses: { 200: { description: 'Deployed' } },
  },
  [404, 409, 503],
);

/** `POST /api/processManagement/cancel/{scenarioName}`. */
export const cancelScenario = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/cancel/{scenarioName}',
    tags,
    summary: 'Cancel the running deployment',
    request: { params: ScenarioPathSchema, body: commentBody },
    responses: { 200: { description: 'Canceled' } },
  },
  [404, 409, 503],
);

/** `GET /api/deployments/{deploymentId}/status`: a deployment by its designer-side id (the action id). */
export const getDeploymentStatus = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/deployments/{deploymentId}/status',
    tags,
    summary: 'Status of one deployment',
    request: { params: z.object({ deploymentId: z.uuid().openapi({ param: { name: 'deploymentId', in: 'path' } }) }) },
    responses: { 200: { description: 'Status', content: jsonContent(DeploymentStatusResponseSchema) } },
  },
  [404],
);

const deploymentHealthCheckConfig = (path: string) =>
  ({
    method: 'get',
    path,
    tags: appTags,
    summary: 'OK when every scenario deployed by the designer runs (500 with their names otherwise)',
    responses: {
      200: { description: 'All running', content: jsonContent(ProcessesHealthCheckSchema) },
      500: { description: 'Some are not', content: jsonContent(ProcessesHealthCheckSchema) },
    },
  }) as const;

/** `GET /api/app/healthCheck/process/deployment`: deployed scenarios that are not running. */
export const deploymentHealthCheck = defineRoute('authenticated', deploymentHealthCheckConfig('/api/app/healthCheck/process/deployment'));

/** `GET /api/healthCheck/process/deployment`: the seed's path of the same check. */
export const deploymentHealthCheckSeedPath = defineRoute('authenticated', deploymentHealthCheckConfig('/api/healthCheck/process/deployment'));

/** `GET /api/processCounts/{scenarioName}` query: an optional time range (either end may be open). */
export const ProcessCountsQuerySchema = z
  .object({
    dateFrom: z.iso.datetime({ offset: true }).optional(),
    dateTo: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((range) => !range.dateFrom || !range.dateTo || Date.parse(range.dateFrom) <= Date.parse(range.dateTo), {
    message: 'dateFrom must not be after dateTo',
    path: ['dateFrom'],
  });
export type ProcessCountsQuery = z.infer<typeof ProcessCountsQuerySchema>;

/** `GET /api/processCounts/{scenarioName}`: per-node counts of the running deployment, or of a time range. */
export const getProcessCounts = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processCounts/{scenarioName}',
    tags,
    summary: 'Records per node: of the current (or last) deployment, or with dateFrom/dateTo summed over the deployments that ran within that range',
    request: { params: ScenarioPathSchema, query: ProcessCountsQuerySchema },
    responses: { 200: { description: 'Counts', content: jsonContent(ProcessCountsSchema) } },
  },
  [404],
);

/** `GET /api/scenarioEndpoint/{scenarioName}`: the URL a deployed request-response scenario answers at. */
export const getScenarioEndpoint = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/scenarioEndpoint/{scenarioName}',
    tags,
    summary: 'The URL a deployed request-response scenario answers at (POST a JSON body matching its input schema; no login)',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'The endpoint', content: jsonContent(ScenarioEndpointSchema) } },
  },
  [404],
);

// A multipart field carries the graph as JSON text. It is decoded here with the graph package's parser (the
// schema plus the legacy properties shape), so the route's one validation hook reports a bad graph as it
// does for the JSON bodies.
// The original's front end sends the graph as a file part (a Blob of type application/json); scripts send a
// text field. Both are read as text (the request's size limit bounds the part).
const ScenarioGraphJsonTextSchema = z
  .union([z.string(), z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob)])
  .transform(async (part, ctx) => {
    const text = typeof part === 'string' ? part : await part.text();
    // Checked before parsing, as the server checks JSON bodies: nesting deeper than this would overflow the
    // stack in the steps after the parse.
    if (inspectJsonText(text).tooDeep) {
      ctx.addIssue({ code: 'custom', message: `The scenario graph nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` });
      return z.NEVER;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected the scenario graph as JSON text' });
      return z.NEVER;
    }
    const graph = parseScenarioGraph(json);
    if (graph.ok) return graph.value;
    for (const issue of graph.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  })
  .openapi({ type: 'string', description: 'The scenario graph (ScenarioGraph) as JSON text, in a text field or a file part (application/json)' });

/** `POST /api/processManagement/test/{scenarioName}`: run a test over records from a file. */
export const testScenarioWithFile = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/test/{scenarioName}',
    tags: testTags,
    summary: 'Test the posted graph with records of a file (one per line)',
    request: {
      params: ScenarioPathSchema,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              testData: z.union([z.string(), z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob)]).openapi({ type: 'string', format: 'binary' }),
              scenarioGraph: ScenarioGraphJsonTextSchema,
            }),
          },
        },
      },
    },
    responses: { 200: { description: 'Results', content: jsonContent(ResultsWithCountsSchema) } },
  },
  [404, 503],
);

const SamplesParamSchema = z.coerce.number().int().min(1).max(10_000);

/** `POST /api/processManagement/generateAndTest/{scenarioName}/{samples}`. */
export const generateAndTest = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/generateAndTest/{scenarioName}/{samples}',
    tags: testTags,
    summary: 'Generate test records from the sources and test the posted graph with them',
    request: {
      params: z.object({ scenarioName: ScenarioNameParamSchema, samples: SamplesParamSchema.openapi({ param: { name: 'samples', in: 'path' } }) }),
      body: { required: true, content: jsonContent(ScenarioGraphSchema) },
    },
    responses: { 200: { description: 'Results', content: jsonContent(ResultsWithCountsSchema) } },
  },
  [404, 503],
);

const testWithParametersConfig = (path: string) =>
  ({
    method: 'post',
    path,
    tags: testTags,
    summary: 'Test the posted graph with one record built from the ad-hoc form of a source',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(TestWithParametersRequestSchema) } },
    responses: { 200: { description: 'Results', content: jsonContent(ResultsWithCountsSchema) } },
  }) as const;

/** `POST /api/processManagement/testWithParameters/{scenarioName}` (what the web client calls). */
export const testWithParameters = defineRoute('Deploy', testWithParametersConfig('/api/processManagement/testWithParameters/{scenarioName}'), [404, 503]);

/** `POST /api/adminProcessManagement/testWithParameters/{scenarioName}` (the seed's path of the same). */
export const testWithParametersAdminPath = defineRoute('Deploy', testWithParametersConfig('/api/adminProcessManagement/testWithParameters/{scenarioName}'), [404, 503]);

/** `POST /api/scenarioTesting/{scenarioName}/capabilities`. */
export const getTestingCapabilities = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/scenarioTesting/{scenarioName}/capabilities',
    tags: testTags,
    summary: 'Whether the posted graph can be tested, with generated data, with the form',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(ScenarioGraphSchema) } },
    responses: { 200: { description: 'Capabilities', content: jsonContent(TestingCapabilitiesSchema) } },
  },
  [404],
);

/** `POST /api/scenarioTesting/{scenarioName}/parameters`. */
export const getTestParameters = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/scenarioTesting/{scenarioName}/parameters',
    tags: testTags,
    summary: 'The ad-hoc test form of each source of the posted graph',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(ScenarioGraphSchema) } },
    responses: { 200: { description: 'Form definitions', content: jsonContent(TestSourceParametersSchema) } },
  },
  [404],
);

/** `POST /api/scenarioTesting/{scenarioName}/generate/{testSampleSize}`. */
export const generateTestData = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/scenarioTesting/{scenarioName}/generate/{testSampleSize}',
    tags: testTags,
    summary: 'Test records generated by the sources of the posted graph, one JSON per line',
    request: {
      params: z.object({ scenarioName: ScenarioNameParamSchema, testSampleSize: SamplesParamSchema.openapi({ param: { name: 'testSampleSize', in: 'path' } }) }),
      body: { required: true, content: jsonContent(ScenarioGraphSchema) },
    },
    responses: { 200: { description: 'Test data', content: { 'text/plain': { schema: z.string() } } } },
  },
  [404],
);

/** `POST /api/scenarioTesting/{scenarioName}/adhoc/validate`. */
export const validateAdhocTest = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/scenarioTesting/{scenarioName}/adhoc/validate',
    tags: testTags,
    summary: 'Check the ad-hoc test form values against the source parameters',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(TestWithParametersRequestSchema) } },
    responses: { 200: { description: 'Errors', content: jsonContent(ValidationErrorsResponseSchema) } },
  },
  [404],
);


/**
 * The same route under `/api/testInfo/`, the older path of `/api/scenarioTesting/` that older clients of the
 * original still call: same body, answers and permission, served by the same handler.
 */
function testInfoAlias<const R extends RouteConfig>(route: R): R {
  return createRoute({ ...route, path: route.path.replace('/api/scenarioTesting/', '/api/testInfo/'), summary: `${route.summary ?? ''} (older path)` }) as unknown as R;
}

/** `POST /api/testInfo/{scenarioName}/capabilities`. */
export const getTestingCapabilitiesTestInfo = testInfoAlias(getTestingCapabilities);
/** `POST /api/testInfo/{scenarioName}/parameters`. */
export const getTestParametersTestInfo = testInfoAlias(getTestParameters);
/** `POST /api/testInfo/{scenarioName}/generate/{testSampleSize}`. */
export const generateTestDataTestInfo = testInfoAlias(generateTestData);
/** `POST /api/testInfo/{scenarioName}/adhoc/validate`. */
export const validateAdhocTestTestInfo = testInfoAlias(validateAdhocTest);

/** `POST /api/topics/{topic}/records`: publish records to a topic of the embedded log (admin). */
export const publishTopicRecords = defineRoute('admin', {
  method: 'post',
  path: '/api/topics/{topic}/records',
  tags: ['Topics'],
  summary: 'Append records to a topic of the embedded log',
  request: { params: TopicPathSchema, body: { required: true, content: jsonContent(PublishTopicRecordsRequestSchema) } },
  responses: { 200: { description: 'Offsets of the appended records', content: jsonContent(z.object({ offsets: z.array(z.number().int()) })) } },
}, [429]);

/** `GET /api/topics/{topic}/records?limit=`: the newest records of a topic, oldest first (admin). */
export const readTopicRecords = defineRoute('admin', {
  method: 'get',
  path: '/api/topics/{topic}/records',
  tags: ['Topics'],
  summary: 'The tail of a topic of the embedded log',
  request: { params: TopicPathSchema, query: z.object({ limit: z.coerce.number().int().min(1).max(10_000).optional() }) },
  responses: { 200: { description: 'Records', content: jsonContent(z.object({ records: z.array(TopicRecordSchema) })) } },
});

/** Body of a custom action and of its validation. */
export const CustomActionRequestSchema = z
  .object({ actionName: z.string().min(1), comment: z.string().optional(), params: z.record(z.string(), z.string()).default({}) })
  .openapi('CustomActionRequest');

/** `POST /api/processManagement/customAction/{scenarioName}`: run an action the scenario's manager defines. */
export const runCustomAction = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/customAction/{scenarioName}',
    tags,
    summary: 'Run a custom action of the deployment manager',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(CustomActionRequestSchema) } },
    responses: { 200: { description: 'Done', content: jsonContent(z.object({ isSuccess: z.boolean(), msg: z.string() })) } },
  },
  [404, 409, 503],
);

/** `POST /api/processManagement/customAction/{scenarioName}/validation`: check a custom action's parameters. */
export const validateCustomAction = defineRoute(
  'Deploy',
  {
    method: 'post',
    path: '/api/processManagement/customAction/{scenarioName}/validation',
    tags,
    summary: 'Check the parameters of a custom action',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(CustomActionRequestSchema) } },
    responses: { 200: { description: 'Errors', content: jsonContent(ValidationErrorsResponseSchema) } },
  },
  [404],
);
