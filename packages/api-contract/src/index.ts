/** Routes of scenarios: lists, details, versions, save, rename, archive, import, export, validation, definitions. */
export {
  listScenarios,
  listScenariosWithDetails,
  listArchivedScenarios,
  listScenarioStates,
  getScenario,
  getScenarioVersion,
  listScenarioVersions,
  getScenarioState,
  createScenario,
  updateScenario,
  deleteScenario,
  renameScenario,
  archiveScenario,
  unarchiveScenario,
  importScenario,
  exportScenarioGraph,
  exportScenario,
  exportScenarioVersion,
  validateScenarioGraph,
  getProcessDefinitionData,
} from './routes/scenarios';

/** Version compare: the differences between two versions of a scenario. */
export { compareScenarioVersions } from './routes/compare';

/** Test suites stored with a scenario (@scenaria/scenario-tests): list, get, store, delete, run with coverage. */
export { listTestSuites, getTestSuite, putTestSuite, deleteTestSuite, runStoredTestSuite, TestSuiteDetailsSchema } from './routes/test-suites';
export type { TestSuiteDetails } from './routes/test-suites';
export { TestSuiteNameParamSchema, TestSuiteSummarySchema } from './schemas/test-suites';
export type { TestSuiteSummary } from './schemas/test-suites';
export { StoredTestSuiteSchema, SuiteReportSchema } from '@scenaria/scenario-tests/schemas';
export type { StoredTestSuite, SuiteReport, TestCaseReport, Coverage as SuiteCoverage } from '@scenaria/scenario-tests/schemas';

/** Routes of the activity log: activities, comments, attachments, their legacy paths, finished actions. */
export {
  listActivities,
  getActivitiesMetadata,
  addComment,
  editComment,
  deleteComment,
  addAttachment,
  listAttachments,
  downloadAttachment,
  deleteAttachment,
  listLegacyComments,
  listLegacyActivity,
  addLegacyComment,
  deleteLegacyComment,
  listScenarioDeployments,
} from './routes/activities';

/** Routes of the application: labels, status definitions, health, build info, config, user, settings. */
export {
  listScenarioLabels,
  validateScenarioLabels,
  listStatusDefinitions,
  listStatusDefinitionsSeedPath,
  healthCheck,
  buildInfo,
  getServerConfig,
  getCategoriesWithProcessingType,
  reloadProcessingTypes,
  getCurrentUser,
  getUiSettings,
  getScenarioParametersCombinations,
} from './routes/app';

/** Sign-in: the provider's settings, the code exchange (query or form), sign-out of the token cookie. */
export { getAuthenticationSettings, exchangeAuthenticationCode, exchangeAuthenticationCodeForm, signOut } from './routes/authentication';
export { AuthenticationSettingsSchema, TokenExchangeRequestSchema, TokenExchangeResponseSchema } from '@scenaria/auth/schemas';
export type { TokenExchangeRequest, TokenExchangeResponse } from '@scenaria/auth/schemas';

/** Routes of deployment and testing: deploy, cancel, status, counts, tests, topics, custom actions. */
export {
  deployScenario,
  cancelScenario,
  getDeploymentStatus,
  deploymentHealthCheck,
  deploymentHealthCheckSeedPath,
  getProcessCounts,
  ProcessCountsQuerySchema,
  getScenarioEndpoint,
  testScenarioWithFile,
  generateAndTest,
  testWithParameters,
  testWithParametersAdminPath,
  getTestingCapabilities,
  getTestParameters,
  generateTestData,
  validateAdhocTest,
  getTestingCapabilitiesTestInfo,
  getTestParametersTestInfo,
  generateTestDataTestInfo,
  validateAdhocTestTestInfo,
  publishTopicRecords,
  readTopicRecords,
  runCustomAction,
  validateCustomAction,
  CustomActionRequestSchema,
} from './routes/deployment';
export type { ProcessCountsQuery } from './routes/deployment';

/** Routes of node, properties and parameter validation, expression suggestions and the components list. */
export {
  validateNode,
  validateProperties,
  validateParameters,
  suggestExpression,
  listComponents,
  listComponentUsages,
  NodeValidationRequestSchema,
  NodeValidationResultSchema,
  PropertiesValidationRequestSchema,
  ParametersValidationRequestSchema,
  ExpressionSuggestionsRequestSchema,
  ExpressionSuggestionSchema,
  ComponentListElementSchema,
  ComponentUsagesSchema,
} from './routes/node-validation';

/** Migration between designers and the secondary (remote) environment. */
export {
  compareWithRemoteEnvironment,
  compareWithRemoteVersion,
  getMigrationApiVersion,
  listRemoteScenarioVersions,
  migrateScenario,
  migrateToRemoteEnvironment,
} from './routes/migration';
export {
  CURRENT_MIGRATION_API_VERSION,
  EnvironmentComparisonResultSchema,
  ProcessDifferenceSchema,
  MigrateScenarioRequestSchema,
  MigrateScenarioRequestV1Schema,
  MigrateScenarioRequestV2Schema,
  MigrationApiVersionSchema,
} from './schemas/migration';
export type { EnvironmentComparisonResult, MigrateScenarioRequest, MigrateScenarioRequestV2, MigrationApiVersion } from './schemas/migration';
/** The PDF export of a scenario version. */
export { exportScenarioPdf, MAX_PDF_SVG_LENGTH } from './routes/export';

/** Every route, fixed paths before the parameterised paths they would otherwise be taken for. */
export { allRoutes } from './routes/all';

/** How a route is defined: `createRoute` plus its permission, readable from the document. */
export { defineRoute, routePermission, PERMISSION_EXTENSION } from './routes/define';
export type { RoutePermission } from './routes/define';

/** The typed fetch client over these routes. */
export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions, ApiCredentials, ApiResult, RouteInput, RouteOutput } from './client';

/** Wire shapes the libraries define, named for the OpenAPI document (the contract's schema is the library's). */
export {
  CanonicalProcessSchema,
  EdgeSchema,
  ExpressionSchema,
  MetaDataSchema,
  NodeCountSchema,
  NodeDataSchema,
  NodeValidationErrorSchema,
  NodeValidationResponseSchema,
  ProcessActionSchema,
  ProcessAdditionalFieldsSchema,
  ProcessDefinitionDataSchema,
  ProcessPropertiesSchema,
  ProcessStateSchema,
  ResultsWithCountsSchema,
  ScenarioComparisonSchema,
  ScenarioDifferenceSchema,
  ScenarioGraphSchema,
  TypingResultJsonSchema,
  UIParameterSchema,
  UIStatusDefinitionSchema,
  ValidationResultSchema,
  libraryComponents,
} from './schemas/library';
export type {
  CanonicalProcess,
  Edge,
  NodeCount,
  NodeData,
  NodeValidationError,
  NodeValidationResponse,
  ProcessAction,
  ProcessDefinitionData,
  ProcessState,
  ResultsWithCounts,
  ScenarioComparison,
  ScenarioDifference,
  ScenarioGraph,
  TypingResultJson,
  UIParameter,
  UIStatusDefinition,
  ValidationResult,
} from './schemas/library';

/** Path, query and error shapes shared by the routes. */
export {
  ErrorResponseSchema,
  ScenarioNameParamSchema,
  ScenarioPathSchema,
  VersionIdParamSchema,
  BooleanQuerySchema,
  CommaListQuerySchema,
  PermissionSchema,
  ProcessingModeSchema,
} from './schemas/common';
export type { ErrorResponse, Permission, ProcessingMode } from './schemas/common';

/** Scenario records, versions and the bodies and answers of the scenario routes. */
export {
  ScenarioVersionSchema,
  ScenarioWithDetailsSchema,
  CreateScenarioRequestSchema,
  CreateScenarioResponseSchema,
  UpdateScenarioRequestSchema,
  UpdateScenarioResponseSchema,
  RenameScenarioResponseSchema,
  ImportScenarioResponseSchema,
  ScenarioListQuerySchema,
  ScenarioDetailsQuerySchema,
  ValidateScenarioRequestSchema,
} from './schemas/scenario';
export type {
  ScenarioVersion,
  ScenarioWithDetails,
  CreateScenarioRequest,
  CreateScenarioResponse,
  UpdateScenarioRequest,
  UpdateScenarioResponse,
  RenameScenarioResponse,
  ImportScenarioResponse,
  ValidateScenarioRequest,
} from './schemas/scenario';

/** Activities, attachments and legacy comments. */
export {
  ScenarioActivityTypeSchema,
  ScenarioActivitySchema,
  ScenarioActivitiesResponseSchema,
  ScenarioActivitiesMetadataSchema,
  AttachmentSchema,
  AttachmentsResponseSchema,
  LegacyCommentSchema,
  LegacyAttachmentSchema,
  LegacyCommentsResponseSchema,
  ActivityIdParamSchema,
  AttachmentIdParamSchema,
} from './schemas/activity';
export type {
  ScenarioActivityType,
  ScenarioActivity,
  ScenarioActivitiesResponse,
  ScenarioActivitiesMetadata,
  Attachment,
  AttachmentsResponse,
  LegacyCommentsResponse,
} from './schemas/activity';

/** Labels, health, build info, user, settings and the other application answers. */
export {
  ScenarioLabelsResponseSchema,
  ScenarioLabelsValidationRequestSchema,
  ScenarioLabelsValidationResponseSchema,
  HealthCheckResponseSchema,
  BuildInfoResponseSchema,
  CurrentUserSchema,
  UiSettingsSchema,
  TopTabSchema,
  ScenarioParametersCombinationsSchema,
  CategoriesWithProcessingTypeSchema,
  ConfigResponseSchema,
} from './schemas/misc';
export type {
  ScenarioLabelsResponse,
  ScenarioLabelsValidationResponse,
  BuildInfoResponse,
  CurrentUser,
  UiSettings,
  ScenarioParametersCombinations,
} from './schemas/misc';

/** Bodies and answers of deployment, testing and the embedded topics. */
export {
  DeploymentCommentRequestSchema,
  ProcessCountsSchema,
  ScenarioEndpointSchema,
  SourceParametersSchema,
  TestWithParametersRequestSchema,
  TestingCapabilitiesSchema,
  TestSourceParametersSchema,
  ValidationErrorsResponseSchema,
  DeploymentStatusResponseSchema,
  ProcessesHealthCheckSchema,
  PublishTopicRecordsRequestSchema,
  TopicRecordSchema,
  TopicPathSchema,
} from './schemas/deployment';
export type { DeploymentCommentRequest, ResultsWithCountsResponse, ScenarioEndpoint } from './schemas/deployment';

/** Toolbars, notifications, statistics, dictionaries, additional info, savepoints and the 1.18 deployments API. */
export {
  getScenarioToolbars,
  listNotifications,
  registerStatistics,
  getStatisticUsage,
  listDicts,
  listDictEntries,
  getNodeAdditionalInfo,
  getPropertiesAdditionalInfo,
  stopScenarioWithSavepoint,
  snapshotScenario,
  deployFromSavepoint,
  runDeployment,
  validationHealthCheck,
} from './routes/extras';
export {
  AdditionalInfoSchema,
  DictEntrySchema,
  DictListRequestSchema,
  DictSchema,
  NotificationSchema,
  RegisterStatisticsRequestSchema,
  RunDeploymentRequestSchema,
  ScenarioToolbarSettingsSchema,
  StatisticNameSchema,
  StatisticUrlsSchema,
} from './schemas/extras';
export type { Notification, ScenarioToolbarSettings } from './schemas/extras';
