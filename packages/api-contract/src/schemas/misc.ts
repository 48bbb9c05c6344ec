import { z } from '@hono/zod-openapi';
import { PermissionSchema, ProcessingModeSchema } from './common';

/** All labels visible to the user. */
export const ScenarioLabelsResponseSchema = z
  .object({ labels: z.array(z.string()) })
  .openapi('ScenarioLabels', { example: { labels: ['fraud', 'payments'] } });
export type ScenarioLabelsResponse = z.infer<typeof ScenarioLabelsResponseSchema>;

/** Body of label validation. */
export const ScenarioLabelsValidationRequestSchema = z
  .object({ labels: z.array(z.string()) })
  .openapi('ScenarioLabelsValidationRequest', { example: { labels: ['fraud', 'not valid!'] } });

/** Answer of label validation: one entry per invalid label. */
export const ScenarioLabelsValidationResponseSchema = z
  .object({ validationErrors: z.array(z.object({ label: z.string(), messages: z.array(z.string()) })) })
  .openapi('ScenarioLabelsValidationResponse');
export type ScenarioLabelsValidationResponse = z.infer<typeof ScenarioLabelsValidationResponseSchema>;

/** Answer of the health check. */
export const HealthCheckResponseSchema = z
  .object({ status: z.literal('OK') })
  .openapi('HealthCheck', { example: { status: 'OK' } });

/** Build information of the server and of each processing type. */
export const BuildInfoResponseSchema = z
  .object({
    name: z.string(),
    gitCommit: z.string(),
    buildTime: z.string(),
    version: z.string(),
    processingType: z.record(z.string(), z.record(z.string(), z.string())),
    globalBuildInfo: z.record(z.string(), z.string()).optional(),
  })
  .openapi('BuildInfo');
export type BuildInfoResponse = z.infer<typeof BuildInfoResponseSchema>;

/** The logged user and what they may do. */
export const CurrentUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    isAdmin: z.boolean(),
    categories: z.array(z.string()),
    categoryPermissions: z.record(z.string(), z.array(PermissionSchema)),
    globalPermissions: z.array(z.string()),
    /** Who acts as this user through `Nu-Impersonate-User-Identity` (not in the original's answer). */
    impersonatedBy: z.object({ identity: z.string(), username: z.string() }).optional(),
  })
  .openapi('CurrentUser');
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A top tab of the Nussknacker front end: a remote module, an iframe, a link or a local page. */
export const TopTabSchema = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    type: z.enum(['Local', 'Remote', 'IFrame', 'Url']),
    url: z.string(),
    requiredPermission: z.string().nullable(),
    addAccessTokenInQueryParam: z.boolean().nullable(),
    accessTokenInQuery: z.object({ enabled: z.boolean(), parameterName: z.string().nullable() }).nullable(),
    spacerBefore: z.boolean().nullable(),
  })
  .openapi('TopTab');

/** Settings the web designer reads before it shows anything. */
export const UiSettingsSchema = z
  .object({
    features: z.object({
      counts: z.boolean(),
      search: z.object({ key: z.string() }).optional(),
      metrics: z.unknown().optional(),
      remoteEnvironment: z.unknown().optional(),
      environmentAlert: z.object({ content: z.string(), color: z.string() }).optional(),
      commentSettings: z.object({ substitutionPattern: z.string(), substitutionLink: z.string() }).optional(),
      deploymentCommentSettings: z
        .object({ validationPattern: z.string(), exampleComment: z.string().optional() })
        .optional(),
      intervalTimeSettings: z.object({ processes: z.number().int(), healthCheck: z.number().int() }),
      testDataSettings: z.object({
        maxSamplesCount: z.number().int(),
        testDataMaxLength: z.number().int(),
        resultsMaxBytes: z.number().int(),
      }),
      redirectAfterArchive: z.boolean(),
      usageStatisticsReports: z.object({ enabled: z.boolean(), errorReportsEnabled: z.boolean(), fingerprint: z.string().optional() }),
      surveySettings: z.unknown().optional(),
      stickyNotesSettings: z.unknown().optional(),
      /** Top tabs of the Nussknacker front end (its `tabs` setting); unset options are null. */
      tabs: z.array(TopTabSchema),
    }),
    authentication: z.object({ provider: z.string(), anonymousAccessAllowed: z.boolean() }),
    analytics: z.unknown().optional(),
  })
  .openapi('UiSettings');
export type UiSettings = z.infer<typeof UiSettingsSchema>;

/** Which (processing mode, category, engine setup) combinations a user may create scenarios in. */
export const ScenarioParametersCombinationsSchema = z
  .object({
    combinations: z.array(
      z.object({ processingMode: ProcessingModeSchema, category: z.string(), engineSetupName: z.string() }),
    ),
    engineSetupErrors: z.record(z.string(), z.array(z.string())),
  })
  .openapi('ScenarioParametersCombinations');
export type ScenarioParametersCombinations = z.infer<typeof ScenarioParametersCombinationsSchema>;

/** Category -> processing type. */
export const CategoriesWithProcessingTypeSchema = z
  .record(z.string(), z.string())
  .openapi('CategoriesWithProcessingType', { example: { Default: 'streaming' } });

/** The server configuration as the config endpoint shows it (passwords removed). */
export const ConfigResponseSchema = z.record(z.string(), z.unknown()).openapi('ServerConfig');
