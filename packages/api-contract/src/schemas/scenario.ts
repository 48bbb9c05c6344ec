import { z } from '@hono/zod-openapi';
import { BooleanQuerySchema, CommaListQuerySchema, ProcessingModeSchema } from './common';
import { ProcessActionSchema, ProcessStateSchema, ScenarioGraphSchema, ValidationResultSchema } from './library';

// A library schema or null: a union keeps the library's named component as it is (a nullable copy of it would
// change the component itself in the document).
const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]).optional();

/** One stored version of a scenario. */
export const ScenarioVersionSchema = z
  .object({
    processVersionId: z.number().int(),
    createDate: z.string(),
    user: z.string(),
    modelVersion: z.number().int().nullish(),
    actions: z.array(ProcessActionSchema),
  })
  .openapi('ScenarioVersion');
export type ScenarioVersion = z.infer<typeof ScenarioVersionSchema>;

/**
 * A scenario record as lists and details return it. As in Nussknacker, a field a route does not fill (graph,
 * validation, history, state, actions never taken) is written as null, and `processId` is always null.
 */
export const ScenarioWithDetailsSchema = z
  .object({
    name: z.string(),
    processId: z.null().optional(),
    processVersionId: z.number().int(),
    isLatestVersion: z.boolean(),
    description: z.string().nullish(),
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
    lastDeployedAction: orNull(ProcessActionSchema),
    lastStateAction: orNull(ProcessActionSchema),
    lastAction: orNull(ProcessActionSchema),
    scenarioGraph: orNull(ScenarioGraphSchema),
    validationResult: orNull(ValidationResultSchema),
    history: z.array(ScenarioVersionSchema).nullish(),
    modelVersion: z.number().int().nullish(),
    state: orNull(ProcessStateSchema),
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
    // The reference's front end sends `"comment": null` when the user wrote none.
    comment: z.string().nullish(),
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
