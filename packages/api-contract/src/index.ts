// The public surface of the designer API contract: route definitions, their schemas and a typed client.
export { listScenarios, listScenariosWithDetails, listArchivedScenarios, listScenarioStates, getScenario, getScenarioVersion, listScenarioVersions, getScenarioState, createScenario, updateScenario, deleteScenario, renameScenario, archiveScenario, unarchiveScenario, importScenario, exportScenarioGraph, exportScenario, exportScenarioVersion, validateScenarioGraph, getProcessDefinitionData } from './routes/scenarios';
export { listActivities, getActivitiesMetadata, addComment, editComment, deleteComment, addAttachment, listAttachments, downloadAttachment, deleteAttachment, listLegacyComments, listLegacyActivity, addLegacyComment, deleteLegacyComment, listScenarioDeployments } from './routes/activities';
export { listScenarioLabels, validateScenarioLabels, listStatusDefinitions, listStatusDefinitionsSeedPath, healthCheck, buildInfo, getServerConfig, getCategoriesWithProcessingType, reloadProcessingTypes, getCurrentUser, getUiSettings, getScenarioParametersCombinations } from './routes/app';
export { ErrorResponseSchema, ScenarioNameParamSchema, ScenarioPathSchema, VersionIdParamSchema, BooleanQuerySchema, CommaListQuerySchema, PermissionSchema, ProcessingModeSchema } from './schemas/common';
export type { ErrorResponse, Permission, ProcessingMode } from './schemas/common';
export { ActionNameSchema, ProcessActionSchema, ScenarioVersionSchema, ProcessStateSchema, ScenarioWithDetailsSchema, CreateScenarioRequestSchema, CreateScenarioResponseSchema, UpdateScenarioRequestSchema, UpdateScenarioResponseSchema, RenameScenarioResponseSchema, ImportScenarioResponseSchema, CanonicalScenarioSchema, ScenarioGraphBodySchema, ScenarioListQuerySchema, ScenarioDetailsQuerySchema, ValidateScenarioRequestSchema, ProcessDefinitionDataResponseSchema } from './schemas/scenario';
export type { ProcessAction, ScenarioVersion, ProcessState, ScenarioWithDetails, CreateScenarioRequest, CreateScenarioResponse, UpdateScenarioRequest, UpdateScenarioResponse, RenameScenarioResponse, ImportScenarioResponse, ValidateScenarioRequest, ProcessDefinitionDataResponse } from './schemas/scenario';
export { ScenarioActivityTypeSchema, ScenarioActivitySchema, ScenarioActivitiesResponseSchema, ScenarioActivitiesMetadataSchema, AttachmentSchema, AttachmentsResponseSchema, LegacyCommentSchema, LegacyCommentsResponseSchema, ActivityIdParamSchema, AttachmentIdParamSchema } from './schemas/activity';
export type { ScenarioActivityType, ScenarioActivity, ScenarioActivitiesResponse, ScenarioActivitiesMetadata, Attachment, AttachmentsResponse, LegacyCommentsResponse } from './schemas/activity';
export { ScenarioLabelsResponseSchema, ScenarioLabelsValidationRequestSchema, ScenarioLabelsValidationResponseSchema, StatusDefinitionSchema, HealthCheckResponseSchema, BuildInfoResponseSchema, CurrentUserSchema, UiSettingsSchema, ScenarioParametersCombinationsSchema, CategoriesWithProcessingTypeSchema, ConfigResponseSchema } from './schemas/misc';
export type { ScenarioLabelsResponse, ScenarioLabelsValidationResponse, StatusDefinition, BuildInfoResponse, CurrentUser, UiSettings, ScenarioParametersCombinations } from './schemas/misc';
export { NodeValidationErrorSchema, ValidationResultSchema } from './schemas/validation-result';
export type { NodeValidationError, ValidationResult } from './schemas/validation-result';
export { defineRoute, routePermission, PERMISSION_EXTENSION } from './routes/define';
export type { RoutePermission } from './routes/define';
export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions, ApiResult, RouteInput, RouteOutput } from './client';
export { allRoutes } from './routes/all';
