import { z } from '@hono/zod-openapi';
import { MetaDataSchema, ScenarioGraphSchema } from '@scenaria/graph';
import { BooleanQuerySchema, CommaListQuerySchema, ProcessingModeSchema } from './common';
import { ValidationResultSchema } from './validation-result';

/** Names of the actions of the reference; custom action names are free strings. */
export const ActionNameSchema = z.string().openapi({ example: 'DEPLOY' });

/** A deployment-side action performed on a scenario (semantics.md §2). */
export const ProcessActionSchema = z
  .object({
    id: z.string().uuid(),
    processVersionId: z.number().int(),
    user: z.string(),
    createdAt: z.string(),
    performedAt: z.string(),
    actionName: ActionNameSchema,
    state: z.enum(['IN_PROGRESS', 'FINISHED', 'FAILED', 'EXECUTION_FINISHED']),
    failureMessage: z.string().optional(),
    commentId: z.number().int().optional(),
    comment: z.string().optional(),
    buildInfo: z.record(z.string(), z.string()),
  })
  .openapi('ProcessAction');
export type ProcessAction = z.infer<typeof ProcessActionSchema>;

/** One stored version of a scenario. */
export const ScenarioVersionSchema = z
  .object({
    processVersionId: z.number().int(),
    createDate: z.string(),
    user: z.string(),
    modelVersion: z.number().int().optional(),
    actions: z.array(ProcessActionSchema),
  })
  .openapi('ScenarioVersion');
export type ScenarioVersion = z.infer<typeof ScenarioVersionSchema>;

/** The status of a scenario, merged from its last state action and its engine (semantics.md §1). */
export const ProcessStateSchema = z
  .object({
    externalDeploymentId: z.string().optional(),
    status: z.object({ name: z.string() }),
    version: z
      .object({
        versionId: z.number().int(),
        processName: z.string(),
        labels: z.array(z.string()),
        user: z.string(),
        modelVersion: z.number().int().optional(),
      })
      .optional(),
    allowedActions: z.array(z.string()),
    icon: z.string(),
    tooltip: z.string(),
    description: z.string(),
    startTime: z.number().int().optional(),
    attributes: z.unknown().optional(),
    errors: z.array(z.string()),
  })
  .openapi('ProcessState', {
    example: {
      status: { name: 'NOT_DEPLOYED' },
      allowedActions: ['DEPLOY', 'ARCHIVE', 'RENAME'],
      icon: '/assets/states/not-deployed.svg',
      tooltip: 'The scenario is not deployed.',
      description: 'The scenario is not deployed.',
      errors: [],
    },
  });
export type ProcessState = z.infer<typeof ProcessStateSchema>;

/** A scenario record as lists and details return it; null fields are dropped, never sent as null. */
export const ScenarioWithDetailsSchema = z
  .object({
    name: z.string(),
    processVersionId: z.number().int(),
    isLatestVersion: z.boolean(),
    description: z.string().optional(),
    isArchived: z.boolean(),
    isFragment: z.boolean(),
    processingType: z.string(),
    processCategory: z.string(),
    processingMode: ProcessingModeSchema,
    engineSetupName: z.string(),
    modificationDate: z.string(),
    modifiedAt: z.string(),
    modifiedBy: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    labels: z.array(z.string()),
    lastDeployedAction: ProcessActionSchema.optional(),
    lastStateAction: ProcessActionSchema.optional(),
    lastAction: ProcessActionSchema.optional(),
    scenarioGraph: ScenarioGraphSchema.optional(),
    validationResult: ValidationResultSchema.optional(),
    history: z.array(ScenarioVersionSchema).optional(),
    modelVersion: z.number().int().optional(),
    state: ProcessStateSchema.optional(),
  })
  .openapi('ScenarioWithDetails');
export type ScenarioWithDetails = z.infer<typeof ScenarioWithDetailsSchema>;

/** Body of `POST /api/processes`. */
export const CreateScenarioRequestSchema = z
  .object({
    name: z.string(),
    isFragment: z.boolean(),
    category: z.string().optional(),
    processingMode: ProcessingModeSchema.optional(),
    engineSetupName: z.string().optional(),
    forwardedUserName: z.string().optional(),
  })
  .openapi('CreateScenarioRequest', { example: { name: 'fraud-detection', isFragment: false, category: 'Default' } });
export type CreateScenarioRequest = z.infer<typeof CreateScenarioRequestSchema>;

/** Answer of `POST /api/processes`. */
export const CreateScenarioResponseSchema = z
  .object({ id: z.number().int(), versionId: z.number().int(), processName: z.string() })
  .openapi('CreateScenarioResponse', { example: { id: 1, versionId: 1, processName: 'fraud-detection' } });
export type CreateScenarioResponse = z.infer<typeof CreateScenarioResponseSchema>;

/** Body of `PUT /api/processes/{scenarioName}`. */
export const UpdateScenarioRequestSchema = z
  .object({
    scenarioGraph: ScenarioGraphSchema,
    comment: z.string().optional(),
    scenarioLabels: z.array(z.string()).optional(),
    forwardedUserName: z.string().optional(),
  })
  .openapi('UpdateScenarioRequest');
export type UpdateScenarioRequest = z.infer<typeof UpdateScenarioRequestSchema>;

/**
 * Answer of a save. The reference answers with the ValidationResult of the saved graph; its fields are present
 * exactly when a validator ran (`validationPerformed`), and the saved version is always reported.
 */
export const UpdateScenarioResponseSchema = ValidationResultSchema.partial()
  .extend({
    validationPerformed: z.boolean(),
    processVersionId: z.number().int(),
    isNewVersion: z.boolean(),
  })
  .openapi('UpdateScenarioResponse');
export type UpdateScenarioResponse = z.infer<typeof UpdateScenarioResponseSchema>;

/** Answer of a rename. */
export const RenameScenarioResponseSchema = z
  .object({ oldName: z.string(), newName: z.string() })
  .openapi('RenameScenarioResponse');
export type RenameScenarioResponse = z.infer<typeof RenameScenarioResponseSchema>;

/** Answer of an import: the graph, not saved yet. */
export const ImportScenarioResponseSchema = z
  .object({
    scenarioGraph: ScenarioGraphSchema,
    validationResult: ValidationResultSchema.optional(),
    changes: z.array(z.string()).openapi({ description: 'Upgrades applied to an older format, in order.' }),
  })
  .openapi('ImportScenarioResponse');
export type ImportScenarioResponse = z.infer<typeof ImportScenarioResponseSchema>;

// The graph package's CanonicalProcessSchema is recursive (branches nest), which the OpenAPI generator cannot
// walk; the document describes the tree one level deep and clients parse it with parseCanonicalProcess.
const CanonicalBranchSchema = z
  .array(z.record(z.string(), z.unknown()))
  .openapi({ description: 'A branch: NodeData objects in order, with nested branches (nextFalse, nexts, defaultNext, outputs).' });

/** The stored (canonical, tree) form of a scenario, as exported (scenario-graph.md §4). */
export const CanonicalScenarioSchema = z
  .object({
    metaData: MetaDataSchema,
    nodes: CanonicalBranchSchema,
    additionalBranches: z.array(CanonicalBranchSchema).optional(),
  })
  .openapi('CanonicalProcess');

/** A graph as the body of an export request. */
export const ScenarioGraphBodySchema = ScenarioGraphSchema;

/** Query of the scenario lists: boolean flags are "true"/"false", lists are comma separated. */
export const ScenarioListQuerySchema = z.object({
  isFragment: BooleanQuerySchema.optional(),
  isArchived: BooleanQuerySchema.optional(),
  isDeployed: BooleanQuerySchema.optional(),
  categories: CommaListQuerySchema.optional(),
  processingTypes: CommaListQuerySchema.optional(),
  names: CommaListQuerySchema.optional(),
  skipValidateAndResolve: BooleanQuerySchema.optional(),
  skipNodeResults: BooleanQuerySchema.optional(),
});

/** Query of scenario details. */
export const ScenarioDetailsQuerySchema = z.object({
  skipValidateAndResolve: BooleanQuerySchema.optional(),
  skipNodeResults: BooleanQuerySchema.optional(),
});

/** Body of `POST /api/processValidation/{scenarioName}`. */
export const ValidateScenarioRequestSchema = z
  .object({
    processName: z.string().optional(),
    scenarioGraph: ScenarioGraphSchema,
    scenarioLabels: z.array(z.string()).optional(),
  })
  .openapi('ValidateScenarioRequest');
export type ValidateScenarioRequest = z.infer<typeof ValidateScenarioRequestSchema>;

/**
 * The definitions of a processing type (semantics.md §7). Built by `buildProcessDefinitionData` of the
 * components package, whose `ProcessDefinitionDataSchema` describes it fully; typing results nest, so the
 * document shows the top level only.
 */
export const ProcessDefinitionDataResponseSchema = z
  .object({
    components: z.record(z.string(), z.unknown()),
    componentGroups: z.array(z.unknown()),
    classes: z.array(z.unknown()),
    scenarioProperties: z.unknown(),
    edgesForNodes: z.array(z.unknown()),
    customActions: z.array(z.unknown()),
  })
  .openapi('ProcessDefinitionData');
export type ProcessDefinitionDataResponse = z.infer<typeof ProcessDefinitionDataResponseSchema>;
