import { z } from '@hono/zod-openapi';

/** Kinds of scenario activity of the reference. */
export const ScenarioActivityTypeSchema = z
  .enum([
    'SCENARIO_CREATED',
    'SCENARIO_ARCHIVED',
    'SCENARIO_UNARCHIVED',
    'SCENARIO_DEPLOYED',
    'SCENARIO_PAUSED',
    'SCENARIO_CANCELED',
    'SCENARIO_MODIFIED',
    'SCENARIO_NAME_CHANGED',
    'COMMENT_ADDED',
    'ATTACHMENT_ADDED',
    'CHANGED_PROCESSING_MODE',
    'INCOMING_MIGRATION',
    'OUTGOING_MIGRATION',
    'PERFORMED_SINGLE_EXECUTION',
    'PERFORMED_SCHEDULED_EXECUTION',
    'AUTOMATIC_UPDATE',
    'CUSTOM_ACTION',
  ])
  .openapi('ScenarioActivityType');
export type ScenarioActivityType = z.infer<typeof ScenarioActivityTypeSchema>;

/** One entry of the chronological activity list of a scenario. */
export const ScenarioActivitySchema = z
  .object({
    id: z.string().uuid(),
    user: z.string(),
    date: z.string(),
    scenarioVersionId: z.number().int().optional(),
    comment: z
      .object({
        content: z.discriminatedUnion('status', [
          z.object({ status: z.literal('AVAILABLE'), value: z.string() }),
          z.object({ status: z.literal('NOT_AVAILABLE') }),
        ]),
        lastModifiedBy: z.string(),
        lastModifiedAt: z.string(),
      })
      .optional(),
    attachment: z
      .object({
        file: z.discriminatedUnion('status', [
          z.object({ status: z.literal('AVAILABLE'), id: z.number().int() }),
          z.object({ status: z.literal('DELETED') }),
        ]),
        filename: z.string(),
        lastModifiedBy: z.string(),
        lastModifiedAt: z.string(),
      })
      .optional(),
    additionalFields: z.array(z.object({ name: z.string(), value: z.string() })),
    overrideIcon: z.string().optional(),
    overrideDisplayableName: z.string().optional(),
    overrideSupportedActions: z.array(z.string()).optional(),
    type: ScenarioActivityTypeSchema,
  })
  .openapi('ScenarioActivity');
export type ScenarioActivity = z.infer<typeof ScenarioActivitySchema>;

/** Answer of the activity list. */
export const ScenarioActivitiesResponseSchema = z
  .object({ activities: z.array(ScenarioActivitySchema) })
  .openapi('ScenarioActivities');
export type ScenarioActivitiesResponse = z.infer<typeof ScenarioActivitiesResponseSchema>;

/** How the designer shows each activity type and action. */
export const ScenarioActivitiesMetadataSchema = z
  .object({
    activities: z.array(
      z.object({
        type: ScenarioActivityTypeSchema,
        displayableName: z.string(),
        icon: z.string(),
        supportedActions: z.array(z.string()),
      }),
    ),
    actions: z.array(z.object({ id: z.string(), displayableName: z.string(), icon: z.string() })),
  })
  .openapi('ScenarioActivitiesMetadata');
export type ScenarioActivitiesMetadata = z.infer<typeof ScenarioActivitiesMetadataSchema>;

/** An attachment as listed. */
export const AttachmentSchema = z
  .object({
    id: z.number().int(),
    scenarioVersion: z.number().int(),
    fileName: z.string(),
    user: z.string(),
    createDate: z.string(),
  })
  .openapi('Attachment');
export type Attachment = z.infer<typeof AttachmentSchema>;

/** Answer of the attachment list. */
export const AttachmentsResponseSchema = z
  .object({ attachments: z.array(AttachmentSchema) })
  .openapi('Attachments');
export type AttachmentsResponse = z.infer<typeof AttachmentsResponseSchema>;

/** A comment in the legacy comment list. */
export const LegacyCommentSchema = z
  .object({
    /** A number, as in the reference; the legacy delete takes it. */
    id: z.number().int(),
    processVersionId: z.number().int(),
    content: z.string(),
    user: z.string(),
    createDate: z.string(),
  })
  .openapi('LegacyComment');

/** An attachment in the legacy list: its version is `processVersionId` there. */
export const LegacyAttachmentSchema = z
  .object({ id: z.number().int(), processVersionId: z.number().int(), fileName: z.string(), user: z.string(), createDate: z.string() })
  .openapi('LegacyAttachment');

/** Answer of the legacy comment list (`GET .../activity/comments`). */
export const LegacyCommentsResponseSchema = z
  .object({ comments: z.array(LegacyCommentSchema), attachments: z.array(LegacyAttachmentSchema) })
  .openapi('LegacyComments');
export type LegacyCommentsResponse = z.infer<typeof LegacyCommentsResponseSchema>;

/** A scenario activity id in a path. */
export const ActivityIdParamSchema = z
  .string()
  .uuid()
  .openapi({ param: { name: 'scenarioActivityId', in: 'path' }, example: '1c0d5a1e-2b7a-4f6e-9a3b-2d9f1f0e7c11' });

/** An attachment id in a path. */
export const AttachmentIdParamSchema = z.coerce
  .number()
  .int()
  .positive()
  .openapi({ param: { name: 'attachmentId', in: 'path' }, example: 1, type: 'integer' });
