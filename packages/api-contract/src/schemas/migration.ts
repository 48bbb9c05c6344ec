import { z } from '@hono/zod-openapi';
import { validateScenarioName } from '@scenaria/graph';
import { ProcessingModeSchema } from './common';
import { ScenarioComparisonSchema, ScenarioGraphSchema } from './library';

// A migrated scenario keeps its name on the target, so the name rules of `@scenaria/graph` hold for it too.
const MigratedScenarioNameSchema = z.string().superRefine((name, context) => {
  for (const issue of validateScenarioName(name)) context.addIssue({ code: 'custom', message: issue.message });
});

// Fields both versions of the migration request carry (Nussknacker's MigrateScenarioRequestDtoV1).
const migrateRequestFields = {
  sourceEnvironmentId: z.string().min(1),
  remoteUserName: z.string().min(1),
  processingMode: ProcessingModeSchema,
  engineSetupName: z.string().min(1),
  processCategory: z.string().min(1),
  scenarioGraph: ScenarioGraphSchema,
  processName: MigratedScenarioNameSchema,
  isFragment: z.boolean(),
};

/** Version 1 of `POST /api/migrate`: no labels, no source version. */
export const MigrateScenarioRequestV1Schema = z
  .object({ version: z.literal(1), ...migrateRequestFields })
  .openapi('MigrateScenarioRequestV1');

/** Version 2 of `POST /api/migrate` (the current one): adds the labels and the version migrated from. */
export const MigrateScenarioRequestV2Schema = z
  .object({
    version: z.literal(2),
    ...migrateRequestFields,
    sourceScenarioVersionId: z.number().int().positive().nullish(),
    scenarioLabels: z.array(z.string()),
  })
  .openapi('MigrateScenarioRequestV2');

/** Body of `POST /api/migrate`: which version it is decides the rest. */
export const MigrateScenarioRequestSchema = z
  .discriminatedUnion('version', [MigrateScenarioRequestV1Schema, MigrateScenarioRequestV2Schema])
  .openapi('MigrateScenarioRequest');
export type MigrateScenarioRequest = z.infer<typeof MigrateScenarioRequestSchema>;
export type MigrateScenarioRequestV2 = z.infer<typeof MigrateScenarioRequestV2Schema>;

/** The newest migration request version this server reads. */
export const CURRENT_MIGRATION_API_VERSION = 2;

/** Answer of `GET /api/migration/scenario/description/version`. */
export const MigrationApiVersionSchema = z
  .object({ version: z.number().int().positive() })
  .openapi('MigrationApiVersion', { example: { version: CURRENT_MIGRATION_API_VERSION } });
export type MigrationApiVersion = z.infer<typeof MigrationApiVersionSchema>;

/** How one scenario here differs from the secondary environment's latest version of it. */
export const ProcessDifferenceSchema = z
  .object({
    name: z.string(),
    /** Whether the secondary environment has the scenario at all. */
    presentOnOther: z.boolean(),
    differences: ScenarioComparisonSchema,
  })
  .openapi('ProcessDifference');

/** Answer of `GET /api/remoteEnvironment/compare`: only the scenarios that differ (or are missing there). */
export const EnvironmentComparisonResultSchema = z
  .object({ processDifferences: z.array(ProcessDifferenceSchema) })
  .openapi('EnvironmentComparisonResult');
export type EnvironmentComparisonResult = z.infer<typeof EnvironmentComparisonResultSchema>;
