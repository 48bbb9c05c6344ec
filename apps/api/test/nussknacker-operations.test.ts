import { randomUUID } from 'node:crypto';
import type { RouteConfig } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { DeploymentManagerCommand } from '@scenaria/deployment-sdk';
import type { ScenarioGraph } from '@scenaria/graph';
import type { ApiDeploymentManager } from '../src/services/deployment-managers';
import { parseConfig } from '../src/config/load-config';
import { DATABASES, openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { TestDatabase, TestServer, TestUser } from './harness';

// The operations of the Nussknacker 1.18.1 designer, as facts read from its OpenAPI document
// (docs-internal/api/nu-designer-openapi.yaml at tag v1.18.1, the Tapir endpoints) and its akka-http routes
// (designer/server/.../ui/api/*Resources.scala, security/.../AuthenticationResources.scala): method, path, the
// success status, and the fields every answer carries with their JSON types. Each operation is called on a
// real server seeded with a running scenario, a fragment and an archived scenario; the test fails for any
// operation missing here or answering without those fields.
//
// Where the document and the Scala source disagree the source wins, and the row's `note` says so. Two rules
// apply everywhere: (1) Tapir lists no List-typed field as required, but circe writes every List field of a
// case class, so such fields are facts here; (2) akka-http answers with circe's default printer, which writes
// `None` as null, so Option fields of the older routes are present (as null or a value).

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * Field paths of the answer and the JSON types each may have. `a.b` walks objects, `a[]` every element of the
 * arrays reached (together they must have at least one), `{}` every value of a map; a path starting with `[]`
 * or `{}` walks the answer itself.
 */
type Fields = Record<string, JsonType | JsonType[]>;

type Answer = { kind: 'none' } | { kind: 'text' } | { kind: 'bytes' } | { kind: 'json'; type: JsonType | JsonType[]; fields?: Fields };

/** What the seeding left for the requests: names, ids and values later operations need. */
interface Seeded {
  scenario: string;
  fragment: string;
  archived: string;
  toDelete: string;
  toRename: string;
  requestResponse: string;
  graph: ScenarioGraph;
  fragmentGraph: ScenarioGraph;
  commentActivityId: string;
  legacyCommentId: number;
  attachmentId: number;
  componentId: string;
  deploymentId: string;
  savepointPath: string;
  canonicalJson: string;
}

interface Request {
  path: string;
  user?: TestUser;
  init?: RequestInit;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The original's path template. */
  path: string;
  /** Where the fact comes from: the OpenAPI document or the akka-http routes. */
  from: 'openapi' | 'routes';
  /** Success statuses the original answers with. */
  status: number[];
  answer: Answer;
  /** Where the document is wrong and the source is followed, or what the fact rests on. */
  note?: string;
  request: (seeded: Seeded) => Request;
  /** Reads what later operations need from the answer. */
  remember?: (seeded: Seeded, body: unknown) => void;
}

const spel = (expression: string) => ({ language: 'spel', expression });
const json = (body: unknown, method = 'POST'): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const none: Answer = { kind: 'none' };
const obj = (fields: Fields = {}): Answer => ({ kind: 'json', type: 'object', fields });
const list = (fields: Fields = {}): Answer => ({ kind: 'json', type: 'array', fields });
const s = encodeURIComponent;

// ProcessAction of 1.18 (restmodel ProcessAction), with the designer's numeric scenario id.
const action = (prefix: string): Fields => ({
  [`${prefix}.id`]: 'string',
  [`${prefix}.processId`]: 'integer',
  [`${prefix}.processVersionId`]: 'integer',
  [`${prefix}.user`]: 'string',
  [`${prefix}.createdAt`]: 'string',
  [`${prefix}.performedAt`]: 'string',
  [`${prefix}.actionName`]: 'string',
  [`${prefix}.state`]: 'string',
  [`${prefix}.buildInfo`]: 'object',
});

// ScenarioWithDetails of 1.18: every field written, Option fields as null when unset (rule 2).
const record = (prefix: string): Fields => ({
  [`${prefix}name`]: 'string',
  [`${prefix}processId`]: 'null',
  [`${prefix}processVersionId`]: 'integer',
  [`${prefix}isLatestVersion`]: 'boolean',
  [`${prefix}description`]: ['string', 'null'],
  [`${prefix}isArchived`]: 'boolean',
  [`${prefix}isFragment`]: 'boolean',
  [`${prefix}processingType`]: 'string',
  [`${prefix}processCategory`]: 'string',
  [`${prefix}processingMode`]: 'string',
  [`${prefix}engineSetupName`]: 'string',
  [`${prefix}modificationDate`]: 'string',
  [`${prefix}modifiedAt`]: 'string',
  [`${prefix}modifiedBy`]: 'string',
  [`${prefix}createdAt`]: 'string',
  [`${prefix}createdBy`]: 'string',
  [`${prefix}labels`]: 'array',
  [`${prefix}lastDeployedAction`]: ['object', 'null'],
  [`${prefix}lastStateAction`]: ['object', 'null'],
  [`${prefix}lastAction`]: ['object', 'null'],
  [`${prefix}scenarioGraph`]: ['object', 'null'],
  [`${prefix}validationResult`]: ['object', 'null'],
  [`${prefix}history`]: ['array', 'null'],
  [`${prefix}modelVersion`]: ['integer', 'null'],
  [`${prefix}state`]: ['object', 'null'],
});

const processState = (prefix: string): Fields => ({
  [`${prefix}status.name`]: 'string',
  [`${prefix}allowedActions`]: 'array',
  [`${prefix}icon`]: 'string',
  [`${prefix}tooltip`]: 'string',
  [`${prefix}description`]: 'string',
  [`${prefix}errors`]: 'array',
  [`${prefix}externalDeploymentId`]: ['string', 'null'],
  [`${prefix}version`]: ['object', 'null'],
  [`${prefix}startTime`]: ['integer', 'null'],
  [`${prefix}attributes`]: ['object', 'null'],
});

const validationResult = (prefix: string): Fields => ({
  [`${prefix}errors.invalidNodes`]: 'object',
  [`${prefix}errors.processPropertiesErrors`]: 'array',
  [`${prefix}errors.globalErrors`]: 'array',
  [`${prefix}warnings.invalidNodes`]: 'object',
  [`${prefix}nodeResults`]: 'object',
});

const validationErrors: Fields = { validationErrors: 'array', validationPerformed: 'boolean' };
const healthCheck: Fields = { status: 'string' };
const testResults: Fields = { results: 'object', 'results.nodeResults': 'object', 'results.invocationResults': 'object', 'results.exceptions': 'array', counts: 'object' };

/** Operations in the table whose calls this test does not make, reported as todo (none left). */
export const NOT_YET_CHECKED: readonly string[] = [];

/** The table, in an order the calls can run in (reads first, then what changes state). */
export const OPERATIONS: readonly Operation[] = [
  // --- App (OpenAPI) ---
  { method: 'GET', path: '/api/app/healthCheck', from: 'openapi', status: [200], answer: obj(healthCheck), request: () => ({ path: '/api/app/healthCheck' }) },
  {
    method: 'GET',
    path: '/api/app/buildInfo',
    from: 'openapi',
    status: [200],
    answer: obj({ name: 'string', gitCommit: 'string', buildTime: 'string', version: 'string', processingType: 'object' }),
    request: () => ({ path: '/api/app/buildInfo' }),
  },
  {
    method: 'GET',
    path: '/api/app/healthCheck/process/deployment',
    from: 'openapi',
    status: [200, 500],
    answer: obj(healthCheck),
    note: 'the 500 answer (scenarios with status PROBLEM) has the same fields',
    request: () => ({ path: '/api/app/healthCheck/process/deployment', user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/app/healthCheck/process/validation',
    from: 'openapi',
    status: [200, 500],
    answer: obj(healthCheck),
    note: 'the 500 answer (scenarios with validation errors) has the same fields',
    request: () => ({ path: '/api/app/healthCheck/process/validation', user: 'writer' }),
  },
  { method: 'GET', path: '/api/app/config', from: 'openapi', status: [200], answer: obj(), request: () => ({ path: '/api/app/config', user: 'admin' }) },
  {
    method: 'GET',
    path: '/api/app/config/categoriesWithProcessingType',
    from: 'openapi',
    status: [200],
    answer: obj({ '{}': 'string' }),
    request: () => ({ path: '/api/app/config/categoriesWithProcessingType', user: 'writer' }),
  },
  { method: 'POST', path: '/api/app/processingtype/reload', from: 'openapi', status: [204], answer: none, request: () => ({ path: '/api/app/processingtype/reload', user: 'admin', init: { method: 'POST' } }) },
  // --- User, labels, parameters combinations, notifications, statistics (OpenAPI) ---
  {
    method: 'GET',
    path: '/api/user',
    from: 'openapi',
    status: [200],
    answer: obj({ id: 'string', username: 'string', isAdmin: 'boolean', categories: 'array', categoryPermissions: 'object', globalPermissions: 'array' }),
    request: () => ({ path: '/api/user', user: 'writer' }),
  },
  { method: 'GET', path: '/api/scenarioLabels', from: 'openapi', status: [200], answer: obj({ labels: 'array' }), request: () => ({ path: '/api/scenarioLabels', user: 'writer' }) },
  {
    method: 'POST',
    path: '/api/scenarioLabels/validation',
    from: 'openapi',
    status: [200],
    answer: obj({ validationErrors: 'array' }),
    request: () => ({ path: '/api/scenarioLabels/validation', user: 'writer', init: json({ labels: ['good'] }) }),
  },
  {
    method: 'GET',
    path: '/api/scenarioParametersCombinations',
    from: 'openapi',
    status: [200],
    answer: obj({ combinations: 'array', 'combinations[].processingMode': 'string', 'combinations[].category': 'string', 'combinations[].engineSetupName': 'string', engineSetupErrors: 'object' }),
    request: () => ({ path: '/api/scenarioParametersCombinations', user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/notifications',
    from: 'openapi',
    status: [200],
    answer: list({ '[].id': 'string', '[].scenarioName': ['string', 'null'], '[].message': 'string', '[].type': ['string', 'null'], '[].toRefresh': 'array' }),
    note: 'type is written as null for refresh-only notifications (Option field); toRefresh is a List (rule 1)',
    request: () => ({ path: '/api/notifications', user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/statistic',
    from: 'openapi',
    status: [204],
    answer: none,
    request: () => ({ path: '/api/statistic', user: 'writer', init: json({ statistics: [{ name: 'SEARCH_SCENARIOS_BY_NAME' }] }) }),
  },
  { method: 'GET', path: '/api/statistic/usage', from: 'openapi', status: [200], answer: obj({ urls: 'array' }), request: () => ({ path: '/api/statistic/usage', user: 'writer' }) },
  // --- Components and definitions ---
  {
    method: 'GET',
    path: '/api/components',
    from: 'openapi',
    status: [200],
    answer: list({
      '[].id': 'string',
      '[].name': 'string',
      '[].icon': 'string',
      '[].componentType': 'string',
      '[].componentGroupName': 'string',
      '[].categories': 'array',
      '[].links': 'array',
      '[].usageCount': 'integer',
      '[].allowedProcessingModes': 'array',
    }),
    request: () => ({ path: '/api/components?skipUsages=false&skipFragments=false', user: 'writer' }),
    remember: (seeded, body) => {
      const used = (body as { id: string; usageCount: number }[]).find((component) => component.usageCount > 0);
      if (used) seeded.componentId = used.id;
    },
  },
  {
    method: 'GET',
    path: '/api/components/{id}/usages',
    from: 'openapi',
    status: [200],
    answer: list({
      '[].name': 'string',
      '[].nodesUsagesData': 'array',
      '[].isFragment': 'boolean',
      '[].processCategory': 'string',
      '[].modificationDate': 'string',
      '[].modifiedAt': 'string',
      '[].modifiedBy': 'string',
      '[].createdAt': 'string',
      '[].createdBy': 'string',
    }),
    request: (seeded) => ({ path: `/api/components/${s(seeded.componentId)}/usages`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processDefinitionData/{processingType}',
    from: 'routes',
    status: [200],
    answer: obj({ components: 'object', classes: 'array', scenarioProperties: 'object', edgesForNodes: 'array', customActions: 'array' }),
    note: 'isFragment is a required query parameter (akka-http answers 404 without it)',
    request: () => ({ path: '/api/processDefinitionData/streaming?isFragment=false', user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/processDefinitionData/{processingType}/dicts',
    from: 'openapi',
    status: [200],
    answer: list({ '[].id': 'string', '[].label': 'string' }),
    request: () => ({ path: '/api/processDefinitionData/streaming/dicts', user: 'writer', init: json({ expectedType: { type: 'TypedClass', refClazzName: 'java.lang.String', params: [] } }) }),
  },
  {
    method: 'GET',
    path: '/api/processDefinitionData/{processingType}/dicts/{dictId}/entry',
    from: 'openapi',
    status: [200],
    answer: list({ '[].key': 'string', '[].label': 'string' }),
    request: () => ({ path: '/api/processDefinitionData/streaming/dicts/currency/entry?label=euro', user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/statusDefinitions',
    from: 'routes',
    status: [200],
    answer: list({ '[].name': 'string', '[].displayableName': 'string', '[].icon': 'string', '[].tooltip': 'string', '[].categories': ['array', 'null'] }),
    request: () => ({ path: '/api/statusDefinitions', user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/settings',
    from: 'routes',
    status: [200],
    answer: obj({
      features: 'object',
      'features.counts': 'boolean',
      'features.intervalTimeSettings': 'object',
      'features.testDataSettings': 'object',
      'features.redirectAfterArchive': 'boolean',
      'features.usageStatisticsReports': 'object',
      'features.tabs[].id': 'string',
      'features.tabs[].type': 'string',
      'features.tabs[].url': 'string',
      authentication: 'object',
      'authentication.provider': 'string',
    }),
    note: 'tabs live under features (ToggleFeaturesOptions.tabs), with the scenarios and components remote tabs by default',
    request: () => ({ path: '/api/settings' }),
  },
  // --- Node, properties and parameter services (OpenAPI) ---
  {
    method: 'POST',
    path: '/api/nodes/{scenarioName}/validation',
    from: 'openapi',
    status: [200],
    answer: obj(validationErrors),
    note: 'validationErrors is a List (rule 1)',
    request: (seeded) => ({
      path: `/api/nodes/${s(seeded.scenario)}/validation`,
      user: 'writer',
      init: json({ nodeData: { type: 'Filter', id: 'f', expression: spel('true') }, processProperties: seeded.graph.properties, variableTypes: {} }),
    }),
  },
  {
    method: 'POST',
    path: '/api/nodes/{scenarioName}/additionalInfo',
    from: 'openapi',
    status: [200],
    answer: { kind: 'json', type: ['object', 'null'] },
    note: 'the document omits the `type` discriminator that AdditionalInfo carries (@ConfiguredJsonCodec with CirceUtil configuration)',
    request: (seeded) => ({ path: `/api/nodes/${s(seeded.scenario)}/additionalInfo`, user: 'writer', init: json({ type: 'Filter', id: 'f', expression: spel('true') }) }),
  },
  {
    method: 'POST',
    path: '/api/properties/{scenarioName}/validation',
    from: 'openapi',
    status: [200],
    answer: obj(validationErrors),
    request: (seeded) => ({ path: `/api/properties/${s(seeded.scenario)}/validation`, user: 'writer', init: json({ additionalFields: seeded.graph.properties.additionalFields, name: seeded.scenario }) }),
  },
  {
    method: 'POST',
    path: '/api/properties/{scenarioName}/additionalInfo',
    from: 'openapi',
    status: [200],
    answer: { kind: 'json', type: ['object', 'null'] },
    request: (seeded) => ({ path: `/api/properties/${s(seeded.scenario)}/additionalInfo`, user: 'writer', init: json(seeded.graph.properties) }),
  },
  {
    method: 'POST',
    path: '/api/parameters/{processingType}/validate',
    from: 'openapi',
    status: [200],
    answer: obj(validationErrors),
    request: () => ({
      path: '/api/parameters/streaming/validate',
      user: 'writer',
      init: json({ parameters: [{ name: 'p', typ: { type: 'TypedClass', refClazzName: 'java.lang.Long', params: [] }, expression: spel('1') }], variableTypes: {} }),
    }),
  },
  {
    method: 'POST',
    path: '/api/parameters/{processingType}/suggestions',
    from: 'openapi',
    status: [200],
    answer: list({ '[].methodName': 'string', '[].refClazz': 'object', '[].fromClass': 'boolean', '[].parameters': 'array' }),
    note: 'parameters is a List (rule 1)',
    request: () => ({
      path: '/api/parameters/streaming/suggestions',
      user: 'writer',
      init: json({ expression: spel("'abc'.to"), caretPosition2d: { row: 0, column: 8 }, variableTypes: {} }),
    }),
  },
  // --- Scenarios (routes) ---
  { method: 'GET', path: '/api/processes', from: 'routes', status: [200], answer: list({ ...record('[].'), ...action('[].lastAction') }), request: () => ({ path: '/api/processes?isFragment=false&isArchived=false', user: 'writer' }) },
  {
    method: 'GET',
    path: '/api/processesDetails',
    from: 'routes',
    status: [200],
    answer: list({ ...record('[].'), '[].scenarioGraph': 'object', ...validationResult('[].validationResult.') }),
    note: 'validated unless skipValidateAndResolve=true',
    request: () => ({ path: '/api/processesDetails?isArchived=false', user: 'writer' }),
  },
  { method: 'GET', path: '/api/archive', from: 'routes', status: [200], answer: list(record('[].')), request: () => ({ path: '/api/archive', user: 'writer' }) },
  { method: 'GET', path: '/api/processes/status', from: 'routes', status: [200], answer: obj(processState('{}.')), request: () => ({ path: '/api/processes/status', user: 'writer' }) },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj({
      ...record(''),
      scenarioGraph: 'object',
      ...validationResult('validationResult.'),
      'history[].processVersionId': 'integer',
      'history[].createDate': 'string',
      'history[].user': 'string',
      ...action('history[].actions[]'),
      ...action('lastAction'),
      ...action('lastStateAction'),
      ...action('lastDeployedAction'),
      ...processState('state.'),
      'state.version.versionId': 'integer',
      'state.version.processName': 'string',
      'state.version.processId': 'integer',
    }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/{versionId}',
    from: 'routes',
    status: [200],
    answer: obj({ ...record(''), scenarioGraph: 'object', history: 'array' }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/1`, user: 'writer' }),
  },
  { method: 'GET', path: '/api/processes/{scenarioName}/status', from: 'routes', status: [200], answer: obj(processState('')), request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/status`, user: 'writer' }) },
  { method: 'GET', path: '/api/processes/{scenarioName}/deployments', from: 'routes', status: [200], answer: list(action('[]')), request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/deployments`, user: 'writer' }) },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/toolbars',
    from: 'routes',
    status: [200],
    answer: obj({
      id: 'string',
      topLeft: 'array',
      bottomLeft: 'array',
      topRight: 'array',
      bottomRight: 'array',
      'topRight[].id': 'string',
      'topRight[].title': ['string', 'null'],
      'topRight[].buttonsVariant': ['string', 'null'],
      'topRight[].buttons': ['array', 'null'],
    }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/toolbars`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/{versionId}/compare/{otherVersionId}',
    from: 'routes',
    status: [200],
    answer: obj(),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/1/compare/2`, user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/processValidation/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj(validationResult('')),
    request: (seeded) => ({ path: `/api/processValidation/${s(seeded.scenario)}`, user: 'writer', init: json({ processName: seeded.scenario, scenarioGraph: seeded.graph }) }),
  },
  {
    method: 'GET',
    path: '/api/processesExport/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj({ metaData: 'object', 'metaData.id': 'string', nodes: 'array', additionalBranches: 'array' }),
    request: (seeded) => ({ path: `/api/processesExport/${s(seeded.scenario)}`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processesExport/{scenarioName}/{versionId}',
    from: 'routes',
    status: [200],
    answer: obj({ metaData: 'object', nodes: 'array' }),
    request: (seeded) => ({ path: `/api/processesExport/${s(seeded.scenario)}/2`, user: 'writer' }),
    remember: (seeded, body) => {
      seeded.canonicalJson = JSON.stringify(body);
    },
  },
  {
    method: 'POST',
    path: '/api/processesExport/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj({ metaData: 'object', nodes: 'array' }),
    request: (seeded) => ({ path: `/api/processesExport/${s(seeded.scenario)}`, user: 'writer', init: json(seeded.graph) }),
  },
  {
    method: 'POST',
    path: '/api/processesExport/pdf/{scenarioName}/{versionId}',
    from: 'routes',
    status: [200],
    answer: { kind: 'bytes' },
    request: (seeded) => ({ path: `/api/processesExport/pdf/${s(seeded.scenario)}/2`, user: 'writer', init: { method: 'POST', headers: { 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"/>' } }),
  },
  {
    method: 'POST',
    path: '/api/processes/import/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj({ scenarioGraph: 'object', ...validationResult('validationResult.') }),
    request: (seeded) => {
      const form = new FormData();
      form.set('process', new Blob([seeded.canonicalJson], { type: 'application/json' }), 'scenario.json');
      return { path: `/api/processes/import/${s(seeded.scenario)}`, user: 'writer', init: { method: 'POST', body: form } };
    },
  },
  { method: 'GET', path: '/api/processCounts/{scenarioName}', from: 'routes', status: [200], answer: obj(), request: (seeded) => ({ path: `/api/processCounts/${s(seeded.scenario)}`, user: 'writer' }) },
  // --- Testing (OpenAPI and routes) ---
  {
    method: 'POST',
    path: '/api/scenarioTesting/{scenarioName}/capabilities',
    from: 'openapi',
    status: [200],
    answer: obj({ canBeTested: 'boolean', canGenerateTestData: 'boolean', canTestWithForm: 'boolean' }),
    request: (seeded) => ({ path: `/api/scenarioTesting/${s(seeded.scenario)}/capabilities`, user: 'writer', init: json(seeded.graph) }),
  },
  {
    method: 'POST',
    path: '/api/scenarioTesting/{scenarioName}/parameters',
    from: 'openapi',
    status: [200],
    answer: list({ '[].sourceId': 'string', '[].parameters': 'array' }),
    note: 'the document gives the items no fields; the source (UISourceParameters) has sourceId and parameters',
    request: (seeded) => ({ path: `/api/scenarioTesting/${s(seeded.scenario)}/parameters`, user: 'writer', init: json(seeded.graph) }),
  },
  {
    method: 'POST',
    path: '/api/scenarioTesting/{scenarioName}/generate/{testSampleSize}',
    from: 'openapi',
    status: [200],
    answer: { kind: 'text' },
    request: (seeded) => ({ path: `/api/scenarioTesting/${s(seeded.scenario)}/generate/2`, user: 'writer', init: json(seeded.graph) }),
  },
  {
    method: 'POST',
    path: '/api/scenarioTesting/{scenarioName}/adhoc/validate',
    from: 'openapi',
    status: [200],
    answer: obj(validationErrors),
    request: (seeded) => ({
      path: `/api/scenarioTesting/${s(seeded.scenario)}/adhoc/validate`,
      user: 'writer',
      init: json({ sourceParameters: { sourceId: 'numbers', parameterExpressions: { amount: spel('1'), label: spel("'x'") } }, scenarioGraph: seeded.graph }),
    }),
  },
  {
    method: 'POST',
    path: '/api/processManagement/test/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj(testResults),
    note: 'multipart: testData and scenarioGraph as file parts, as the 1.18 front end sends them',
    request: (seeded) => {
      const form = new FormData();
      form.set('testData', new Blob(['{"amount": 1, "label": "x"}']), 'testData');
      form.set('scenarioGraph', new Blob([JSON.stringify(seeded.graph)], { type: 'application/json' }), 'scenarioGraph');
      return { path: `/api/processManagement/test/${s(seeded.scenario)}`, user: 'writer', init: { method: 'POST', body: form } };
    },
  },
  {
    method: 'POST',
    path: '/api/processManagement/generateAndTest/{scenarioName}/{testSampleSize}',
    from: 'routes',
    status: [200],
    answer: obj(testResults),
    request: (seeded) => ({ path: `/api/processManagement/generateAndTest/${s(seeded.scenario)}/2`, user: 'writer', init: json(seeded.graph) }),
  },
  {
    method: 'POST',
    path: '/api/processManagement/testWithParameters/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj(testResults),
    request: (seeded) => ({
      path: `/api/processManagement/testWithParameters/${s(seeded.scenario)}`,
      user: 'writer',
      init: json({ sourceParameters: { sourceId: 'numbers', parameterExpressions: { amount: spel('1'), label: spel("'x'") } }, scenarioGraph: seeded.graph }),
    }),
  },
  // --- Activities (OpenAPI) ---
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/activity/activities',
    from: 'openapi',
    status: [200],
    answer: obj({ 'activities[].id': 'string', 'activities[].user': 'string', 'activities[].date': 'string', 'activities[].type': 'string' }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/activities`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/activity/activities/metadata',
    from: 'openapi',
    status: [200],
    answer: obj({ activities: 'array', actions: 'array' }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/activities/metadata`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/activity',
    from: 'openapi',
    status: [200],
    answer: obj({
      'comments[].id': 'integer',
      'comments[].processVersionId': 'integer',
      'comments[].content': 'string',
      'comments[].user': 'string',
      'comments[].createDate': 'string',
      'attachments[].id': 'integer',
      'attachments[].processVersionId': 'integer',
      'attachments[].fileName': 'string',
      'attachments[].user': 'string',
      'attachments[].createDate': 'string',
    }),
    note: 'legacy shape: numeric comment ids, attachments with processVersionId (the document\'s Attachment1)',
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity`, user: 'writer' }),
    remember: (seeded, body) => {
      seeded.legacyCommentId = (body as { comments: { id: number }[] }).comments[0]!.id;
    },
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/activity/attachments',
    from: 'openapi',
    status: [200],
    answer: obj({ 'attachments[].id': 'integer', 'attachments[].scenarioVersion': 'integer', 'attachments[].fileName': 'string', 'attachments[].user': 'string', 'attachments[].createDate': 'string' }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/attachments`, user: 'writer' }),
  },
  {
    method: 'GET',
    path: '/api/processes/{scenarioName}/activity/attachments/{attachmentId}',
    from: 'openapi',
    status: [200],
    answer: { kind: 'bytes' },
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/attachments/${seeded.attachmentId}`, user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/processes/{scenarioName}/{versionId}/activity/comment',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/2/activity/comment`, user: 'writer', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a note' } }),
  },
  {
    method: 'POST',
    path: '/api/processes/{scenarioName}/{versionId}/activity/comments',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/2/activity/comments`, user: 'writer', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a legacy note' } }),
  },
  {
    method: 'PUT',
    path: '/api/processes/{scenarioName}/activity/comment/{scenarioActivityId}',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({
      path: `/api/processes/${s(seeded.scenario)}/activity/comment/${seeded.commentActivityId}`,
      user: 'writer',
      init: { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'edited' },
    }),
  },
  {
    method: 'POST',
    path: '/api/processes/{scenarioName}/{versionId}/activity/attachments',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({
      path: `/api/processes/${s(seeded.scenario)}/2/activity/attachments`,
      user: 'writer',
      init: { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="second.txt"' }, body: 'second' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/processes/{scenarioName}/activity/attachments/{attachmentId}',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/attachments/${seeded.attachmentId}`, user: 'writer', init: { method: 'DELETE' } }),
  },
  {
    method: 'DELETE',
    path: '/api/processes/{scenarioName}/activity/comments/{commentId}',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/comments/${seeded.legacyCommentId}`, user: 'writer', init: { method: 'DELETE' } }),
  },
  {
    method: 'DELETE',
    path: '/api/processes/{scenarioName}/activity/comment/{scenarioActivityId}',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}/activity/comment/${seeded.commentActivityId}`, user: 'writer', init: { method: 'DELETE' } }),
  },
  // --- Migration, remote environment, authentication ---
  { method: 'GET', path: '/api/migration/scenario/description/version', from: 'openapi', status: [200], answer: obj({ version: 'integer' }), request: () => ({ path: '/api/migration/scenario/description/version', user: 'writer' }) },
  {
    method: 'POST',
    path: '/api/migrate',
    from: 'openapi',
    status: [200],
    answer: none,
    request: (seeded) => ({
      path: '/api/migrate',
      user: 'admin',
      init: json({
        version: 2,
        sourceEnvironmentId: 'elsewhere',
        remoteUserName: 'someone',
        processingMode: 'Unbounded-Stream',
        engineSetupName: 'Embedded',
        processCategory: 'Default',
        scenarioLabels: [],
        scenarioGraph: seeded.graph,
        processName: 'ops-migrated',
        isFragment: false,
      }),
    }),
  },
  { method: 'GET', path: '/api/remoteEnvironment/compare', from: 'routes', status: [200], answer: obj(), request: () => ({ path: '/api/remoteEnvironment/compare', user: 'writer' }) },
  { method: 'GET', path: '/api/remoteEnvironment/{scenarioName}/versions', from: 'routes', status: [200], answer: list(), request: (seeded) => ({ path: `/api/remoteEnvironment/${s(seeded.scenario)}/versions`, user: 'writer' }) },
  {
    method: 'GET',
    path: '/api/remoteEnvironment/{scenarioName}/{versionId}/compare/{otherVersionId}',
    from: 'routes',
    status: [200],
    answer: obj(),
    request: (seeded) => ({ path: `/api/remoteEnvironment/${s(seeded.scenario)}/2/compare/1`, user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/remoteEnvironment/{scenarioName}/{versionId}/migrate',
    from: 'routes',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/remoteEnvironment/${s(seeded.scenario)}/2/migrate`, user: 'writer', init: { method: 'POST' } }),
  },
  {
    method: 'GET',
    path: '/api/authentication/{provider}/settings',
    from: 'routes',
    status: [200],
    answer: obj(),
    request: () => ({ path: '/api/authentication/basicauth/settings' }),
  },
  // --- Saving, renaming, archiving (routes) ---
  {
    method: 'POST',
    path: '/api/processes',
    from: 'routes',
    status: [201],
    answer: obj({ id: 'integer', versionId: 'integer', processName: 'string' }),
    request: () => ({ path: '/api/processes', user: 'writer', init: json({ name: 'ops-created', isFragment: false, category: 'Default' }) }),
  },
  {
    method: 'PUT',
    path: '/api/processes/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj(validationResult('')),
    note: 'answers the ValidationResult of the saved graph (UpdateProcessResponse.validationResult)',
    request: (seeded) => ({ path: `/api/processes/${s(seeded.scenario)}`, user: 'writer', init: json({ scenarioGraph: seeded.graph, comment: null }, 'PUT') }),
  },
  {
    method: 'PUT',
    path: '/api/processes/{scenarioName}/rename/{newName}',
    from: 'routes',
    status: [200],
    answer: obj({ oldName: 'string', newName: 'string' }),
    request: (seeded) => ({ path: `/api/processes/${s(seeded.toRename)}/rename/${s(`${seeded.toRename}-renamed`)}`, user: 'writer', init: { method: 'PUT' } }),
  },
  { method: 'POST', path: '/api/archive/{scenarioName}', from: 'routes', status: [200], answer: none, request: (seeded) => ({ path: `/api/archive/${s(seeded.toDelete)}`, user: 'writer', init: { method: 'POST' } }) },
  { method: 'DELETE', path: '/api/processes/{scenarioName}', from: 'routes', status: [200], answer: none, request: (seeded) => ({ path: `/api/processes/${s(seeded.toDelete)}`, user: 'writer', init: { method: 'DELETE' } }) },
  { method: 'POST', path: '/api/unarchive/{scenarioName}', from: 'routes', status: [200], answer: none, request: (seeded) => ({ path: `/api/unarchive/${s(seeded.archived)}`, user: 'writer', init: { method: 'POST' } }) },
  // --- Deployment (OpenAPI and routes), last: they change the running scenario ---
  {
    method: 'POST',
    path: '/api/processManagement/customAction/{scenarioName}/validation',
    from: 'openapi',
    status: [200],
    answer: obj(validationErrors),
    request: (seeded) => ({ path: `/api/processManagement/customAction/${s(seeded.scenario)}/validation`, user: 'writer', init: json({ actionName: 'note', params: { reason: 'x' } }) }),
  },
  {
    method: 'POST',
    path: '/api/processManagement/customAction/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: obj({ isSuccess: 'boolean', msg: 'string' }),
    request: (seeded) => ({ path: `/api/processManagement/customAction/${s(seeded.scenario)}`, user: 'writer', init: json({ actionName: 'note', params: { reason: 'x' } }) }),
  },
  {
    method: 'PUT',
    path: '/api/deployments/{deploymentId}',
    from: 'openapi',
    status: [202],
    answer: none,
    request: (seeded) => {
      seeded.deploymentId = randomUUID();
      return { path: `/api/deployments/${seeded.deploymentId}`, user: 'writer', init: json({ scenarioName: seeded.scenario, nodesDeploymentData: {}, comment: null }, 'PUT') };
    },
  },
  {
    method: 'GET',
    path: '/api/deployments/{deploymentId}/status',
    from: 'openapi',
    status: [200],
    answer: obj({ name: 'string', modifiedAt: 'string' }),
    request: (seeded) => ({ path: `/api/deployments/${seeded.deploymentId}/status`, user: 'writer' }),
  },
  {
    method: 'POST',
    path: '/api/adminProcessManagement/snapshot/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: { kind: 'text' },
    note: 'answers the savepoint path as the plain-text body',
    request: (seeded) => ({ path: `/api/adminProcessManagement/snapshot/${s(seeded.scenario)}?savepointDir=ops`, user: 'writer', init: { method: 'POST' } }),
  },
  {
    method: 'POST',
    path: '/api/adminProcessManagement/stop/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: { kind: 'text' },
    request: (seeded) => ({ path: `/api/adminProcessManagement/stop/${s(seeded.scenario)}`, user: 'writer', init: { method: 'POST' } }),
    remember: (seeded, body) => {
      seeded.savepointPath = body as string;
    },
  },
  {
    method: 'POST',
    path: '/api/adminProcessManagement/deploy/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: none,
    note: 'savepointPath is a required query parameter; the body is the comment as a string',
    request: (seeded) => ({
      path: `/api/adminProcessManagement/deploy/${s(seeded.scenario)}?savepointPath=${s(seeded.savepointPath)}`,
      user: 'writer',
      init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'from the savepoint' },
    }),
  },
  {
    method: 'POST',
    path: '/api/processManagement/cancel/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: none,
    note: 'the body is the comment as a string, whatever its content type (entity(as[Option[String]]))',
    request: (seeded) => ({ path: `/api/processManagement/cancel/${s(seeded.scenario)}`, user: 'writer', init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'stopping' } }),
  },
  {
    method: 'POST',
    path: '/api/processManagement/deploy/{scenarioName}',
    from: 'routes',
    status: [200],
    answer: none,
    request: (seeded) => ({ path: `/api/processManagement/deploy/${s(seeded.scenario)}`, user: 'writer', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'again' } }),
  },
];

const key = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function matches(value: unknown, expected: JsonType | JsonType[]): boolean {
  const actual = typeOf(value);
  const allowed = Array.isArray(expected) ? expected : [expected];
  return allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
}

/** Problems of one field path in an answer: missing, of another type, or an empty list where elements are checked. */
function fieldProblems(root: unknown, path: string, expected: JsonType | JsonType[]): string[] {
  const segments = path.split(/\.(?![^[]*\])/).flatMap((segment) => segment.split(/(?=\[\])|(?<=\[\])/)).filter((segment) => segment !== '');
  let current: { value: unknown; where: string }[] = [{ value: root, where: '' }];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const next: { value: unknown; where: string }[] = [];
    for (const { value, where } of current) {
      if (segment === '[]' || segment === '{}') {
        const elements = segment === '[]' ? (Array.isArray(value) ? value : undefined) : value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : undefined;
        if (!elements) return [`${where || '(answer)'} is not ${segment === '[]' ? 'an array' : 'an object'}`];
        elements.forEach((element, i) => next.push({ value: element, where: `${where}[${i}]` }));
      } else {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where || '(answer)'} is not an object (for ${path})`];
        const record = value as Record<string, unknown>;
        const here = where ? `${where}.${segment}` : segment;
        if (!Object.hasOwn(record, segment)) return [`${here} is missing`];
        const child = record[segment];
        if (!last && child === null) continue; // an Option written as null has nothing inside to check
        next.push({ value: child, where: here });
      }
    }
    // A list may be empty (a version without actions), but the seeded data must give each path one element.
    if (next.length === 0 && (segment === '[]' || segment === '{}')) return [`no element to check ${path}`];
    current = next;
  }
  return current.filter(({ value }) => !matches(value, expected)).map(({ value, where }) => `${where} is ${typeOf(value)}, expected ${String(expected)}`);
}

async function callOperation(server: TestServer, operation: Operation, seeded: Seeded): Promise<string[]> {
  const request = operation.request(seeded);
  const response = await server.fetchRaw(undefined, request.path, { ...request.init, ...(request.user ? { user: request.user } : {}) });
  const text = await response.text();
  if (!operation.status.includes(response.status)) return [`answered ${response.status} (expected ${operation.status.join(' or ')}): ${text.slice(0, 300)}`];
  const answer = operation.answer;
  if (answer.kind === 'none') return [];
  if (answer.kind === 'text' || answer.kind === 'bytes') {
    if (text.length === 0) return ['answered an empty body'];
    operation.remember?.(seeded, text);
    return [];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`answered no JSON: ${text.slice(0, 200)}`];
  }
  const problems = matches(body, answer.type) ? [] : [`the answer is ${typeOf(body)}, expected ${String(answer.type)}`];
  for (const [path, expected] of Object.entries(answer.fields ?? {})) problems.push(...fieldProblems(body, path, expected));
  if (problems.length === 0) operation.remember?.(seeded, body);
  return problems;
}

// A running streaming scenario: one record a second, many of them.
function runningGraph(marker: string): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: `operations ${marker}`,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    },
    nodes: [
      {
        type: 'Source',
        id: 'numbers',
        ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('100000') }, { name: 'value', expression: spel('{amount: 7, label: "x"}') }] },
      },
      { type: 'Variable', id: 'doubled', varName: 'doubled', value: spel('#input.amount * 2') },
      { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#doubled') }] } },
    ],
    edges: [
      { from: 'numbers', to: 'doubled', edgeType: null },
      { from: 'doubled', to: 'log', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}

const fragmentGraph = {
  properties: { additionalFields: { description: null, properties: { docsUrl: '', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
  nodes: [
    { type: 'FragmentInputDefinition', id: 'in', parameters: [] },
    { type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] },
  ],
  edges: [{ from: 'in', to: 'out', edgeType: null }],
} as unknown as ScenarioGraph;

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

async function seed(server: TestServer, kind: string): Promise<Seeded> {
  const graph = runningGraph(kind);
  const seeded: Seeded = {
    scenario: 'ops-scenario',
    fragment: 'ops-fragment',
    archived: 'ops-archived',
    toDelete: 'ops-to-delete',
    toRename: 'ops-to-rename',
    requestResponse: 'ops-rr',
    graph,
    fragmentGraph,
    commentActivityId: '',
    legacyCommentId: 0,
    attachmentId: 0,
    componentId: '',
    deploymentId: '',
    savepointPath: '',
    canonicalJson: '',
  };
  const call = async (route: RouteConfig, input: unknown, what: string): Promise<unknown> => {
    const result = await server.call('writer', route, input as never);
    if (!result.ok) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  for (const name of [seeded.scenario, seeded.archived, seeded.toDelete, seeded.toRename]) {
    await call(api.createScenario, { json: { name, isFragment: false, category: 'Default' } }, `create ${name}`);
    await call(api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: graph, comment: 'first version' } }, `save ${name}`);
  }
  await call(api.createScenario, { json: { name: seeded.fragment, isFragment: true, category: 'Default' } }, 'create fragment');
  await call(api.updateScenario, { params: { scenarioName: seeded.fragment }, json: { scenarioGraph: fragmentGraph } }, 'save fragment');
  await call(api.archiveScenario, { params: { scenarioName: seeded.archived } }, 'archive');
  await call(api.addComment, { params: { scenarioName: seeded.scenario, versionId: 2 }, body: 'seeded note', headers: { 'content-type': 'text/plain' } }, 'comment');
  const activities = (await call(api.listActivities, { params: { scenarioName: seeded.scenario } }, 'activities')) as { activities: { id: string; type: string }[] };
  seeded.commentActivityId = activities.activities.find((activity) => activity.type === 'COMMENT_ADDED')?.id ?? '';
  await expectOk(
    await server.fetchRaw(undefined, `/api/processes/${seeded.scenario}/2/activity/attachments`, {
      method: 'POST',
      user: 'writer',
      headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="notes.txt"' },
      body: 'attached',
    }),
    'attachment',
  );
  const attachments = (await call(api.listAttachments, { params: { scenarioName: seeded.scenario } }, 'attachments')) as { attachments: { id: number }[] };
  seeded.attachmentId = attachments.attachments[0]!.id;
  await expectOk(await server.fetchRaw(undefined, `/api/processManagement/deploy/${seeded.scenario}`, { method: 'POST', user: 'writer', headers: { 'content-type': 'text/plain' }, body: 'go' }), 'deploy');
  return seeded;
}

// The streaming manager with one custom action on top, so the custom action operations have one to run.
async function withCustomAction(base: TestServer): Promise<ApiDeploymentManager> {
  const manager = await base.built.managers.managerFor('streaming');
  if (!manager) throw new Error('no streaming manager');
  return {
    ...manager,
    customActions: [{ name: 'note', allowedStateStatusNames: ['RUNNING'], icon: null, parameters: [{ name: 'reason', editor: { type: 'StringParameterEditor' }, required: true }], isStateChanging: false }],
    processCommand: (async (command: DeploymentManagerCommand) => {
      if (command.type !== 'customAction') return manager.processCommand(command);
      return { ok: true, value: { msg: `noted: ${command.params.reason}` } };
    }) as ApiDeploymentManager['processCommand'],
  };
}

describe.each(DATABASES)('Nussknacker 1.18 operations on %s', (kind) => {
  let database: TestDatabase | undefined;
  let base: TestServer | undefined;
  let server: TestServer | undefined;
  let seeded: Seeded | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    base = await startTestServer(kind, { database });
    // The secondary environment is the other server over the same database: the remote-environment operations
    // then have a real designer to ask (a migration there saves a new version of the same scenario).
    const secondaryEnvironment = { user: 'writer', password: 'writer', targetEnvironmentId: 'production', remoteConfig: { uri: base.baseUrl } };
    server = await startTestServer(kind, {
      database,
      config: parseConfig(testConfigInput({ secondaryEnvironment }), 'test'),
      deps: { deploymentManagers: { streaming: await withCustomAction(base) } },
    });
    seeded = await seed(server, kind);
  });
  afterAll(async () => {
    try {
      await server?.close();
      await base?.close();
    } finally {
      await database?.cleanup();
    }
  });

  test('the table lists each operation once, and every pending one is in it', () => {
    const keys = OPERATIONS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(NOT_YET_CHECKED.filter((pending) => !keys.includes(pending))).toEqual([]);
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(80);
  });

  test('every operation answers with its status and fields', async () => {
    const failures: string[] = [];
    for (const operation of OPERATIONS) {
      if (NOT_YET_CHECKED.includes(key(operation))) continue;
      const problems = await callOperation(server!, operation, seeded!);
      failures.push(...problems.map((problem) => `${key(operation)}: ${problem}`));
    }
    expect(failures).toEqual([]);
  });

  test("the definitions offer the manager's custom actions, as the original serves them", async () => {
    const response = await server!.fetchRaw(undefined, '/api/processDefinitionData/streaming?isFragment=false', { user: 'writer' });
    const definitions = (await response.json()) as { customActions: { name: string; allowedStateStatusNames: string[]; parameters: { name: string; editor: { type: string } }[] }[] };
    expect(definitions.customActions).toEqual([{ name: 'note', allowedStateStatusNames: ['RUNNING'], icon: null, parameters: [{ name: 'reason', editor: { type: 'StringParameterEditor' } }] }]);
    const fragment = await server!.fetchRaw(undefined, '/api/processDefinitionData/streaming?isFragment=true', { user: 'writer' });
    expect(((await fragment.json()) as { customActions: unknown[] }).customActions).toEqual([]);
  });

  for (const pending of NOT_YET_CHECKED) test.todo(`called by the migration suite between two servers, not here: ${pending}`);
});
