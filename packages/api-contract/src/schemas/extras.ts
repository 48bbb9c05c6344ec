import { z } from '@hono/zod-openapi';
import { TypingResultJsonSchema } from './library';

// Shapes of the designer's smaller endpoints (toolbars, notifications, statistics, dictionaries, additional
// info, the 1.18 deployments API). Field names, optional-as-null fields and enums follow Nussknacker 1.18.

/** A toolbar button of the scenario page; unset texts are null as the reference writes them. */
export const ToolbarButtonSchema = z.object({
  type: z.string(),
  name: z.string().nullable(),
  title: z.string().nullable(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  disabled: z.boolean(),
  markdownContent: z.string().nullable(),
  docs: z.object({ url: z.string(), label: z.string().nullable() }).nullable(),
});

/** A toolbar panel: `id` is the configured id or else the panel type. */
export const ToolbarPanelSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  buttonsVariant: z.enum(['small', 'long']).nullable(),
  buttons: z.array(ToolbarButtonSchema).nullable(),
});

/** `GET /api/processes/{name}/toolbars`. */
export const ScenarioToolbarSettingsSchema = z
  .object({
    id: z.string(),
    topLeft: z.array(ToolbarPanelSchema),
    bottomLeft: z.array(ToolbarPanelSchema),
    topRight: z.array(ToolbarPanelSchema),
    bottomRight: z.array(ToolbarPanelSchema),
  })
  .openapi('ScenarioToolbarSettings');
export type ScenarioToolbarSettings = z.infer<typeof ScenarioToolbarSettingsSchema>;

/** A notification of the user's deploy/cancel outcome; `type` null marks a refresh-only notification. */
export const NotificationSchema = z
  .object({
    id: z.string(),
    scenarioName: z.string().nullable(),
    message: z.string(),
    type: z.enum(['info', 'success', 'error']).nullable(),
    toRefresh: z.array(z.enum(['versions', 'activity', 'state'])),
  })
  .openapi('Notification');
export type Notification = z.infer<typeof NotificationSchema>;

/** Front-end usage events the designer counts (the reference's `StatisticName`). */
export const StatisticNameSchema = z
  .enum([
    'SEARCH_SCENARIOS_BY_NAME',
    'FILTER_SCENARIOS_BY_STATUS',
    'FILTER_SCENARIOS_BY_PROCESSING_MODE',
    'FILTER_SCENARIOS_BY_CATEGORY',
    'FILTER_SCENARIOS_BY_AUTHOR',
    'FILTER_SCENARIOS_BY_OTHER',
    'SORT_SCENARIOS_BY_SORT_OPTION',
    'SEARCH_COMPONENTS_BY_NAME',
  ])
  .openapi('StatisticName');

/** `POST /api/statistic` body. */
export const RegisterStatisticsRequestSchema = z
  .object({ statistics: z.array(z.object({ name: StatisticNameSchema })).max(1000).default([]) })
  .openapi('RegisterStatisticsRequest');

/** `GET /api/statistic/usage`. */
export const StatisticUrlsSchema = z.object({ urls: z.array(z.string()) }).openapi('StatisticUrls');

/** `POST /api/processDefinitionData/{processingType}/dicts` body. */
export const DictListRequestSchema = z.object({ expectedType: TypingResultJsonSchema }).openapi('DictListRequest');

/** A dictionary offered for a parameter. */
export const DictSchema = z.object({ id: z.string(), label: z.string() }).openapi('Dict');

/** One entry of a dictionary. */
export const DictEntrySchema = z.object({ key: z.string(), label: z.string() }).openapi('DictEntry');

/** Additional info of a node or of the properties; the reference encodes the variant as `type`. */
export const AdditionalInfoSchema = z
  .object({ type: z.literal('MarkdownAdditionalInfo'), content: z.string() })
  .openapi('AdditionalInfo');

/** `PUT /api/deployments/{deploymentId}` body. */
export const RunDeploymentRequestSchema = z
  .object({
    scenarioName: z.string().min(1),
    nodesDeploymentData: z.record(z.string(), z.unknown()),
    comment: z.string().nullish(),
  })
  .openapi('RunDeploymentRequest');
