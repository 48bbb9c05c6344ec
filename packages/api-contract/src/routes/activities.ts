import { z } from '@hono/zod-openapi';
import {
  ActivityIdParamSchema,
  AttachmentIdParamSchema,
  AttachmentsResponseSchema,
  LegacyCommentsResponseSchema,
  ScenarioActivitiesMetadataSchema,
  ScenarioActivitiesResponseSchema,
} from '../schemas/activity';
import { ScenarioNameParamSchema, ScenarioPathSchema, VersionIdParamSchema } from '../schemas/common';
import { ProcessActionSchema } from '../schemas/library';
import { defineRoute, jsonContent } from './define';

const tags = ['Activities'];
const versionPath = z.object({ scenarioName: ScenarioNameParamSchema, versionId: VersionIdParamSchema });
const activityPath = z.object({ scenarioName: ScenarioNameParamSchema, scenarioActivityId: ActivityIdParamSchema });
const attachmentPath = z.object({ scenarioName: ScenarioNameParamSchema, attachmentId: AttachmentIdParamSchema });
const commentBody = {
  required: true,
  content: { 'text/plain': { schema: z.string().min(1).openapi({ example: 'Raised the threshold after review' }) } },
};

/** `GET /api/processes/{scenarioName}/activity/activities`: everything that happened, oldest first. */
export const listActivities = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity/activities',
    tags,
    summary: 'The chronological activity list of a scenario',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Activities', content: jsonContent(ScenarioActivitiesResponseSchema) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/activity/activities/metadata`. */
export const getActivitiesMetadata = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity/activities/metadata',
    tags,
    summary: 'How each activity type and action is shown',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Metadata', content: jsonContent(ScenarioActivitiesMetadataSchema) } },
  },
  [404],
);

/** `POST /api/processes/{scenarioName}/{versionId}/activity/comment`: text/plain body. */
export const addComment = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/processes/{scenarioName}/{versionId}/activity/comment',
    tags,
    summary: 'Add a comment to a version',
    request: { params: versionPath, body: commentBody },
    responses: { 200: { description: 'Added' } },
  },
  [404],
);

/** `PUT /api/processes/{scenarioName}/activity/comment/{scenarioActivityId}`: text/plain body. */
export const editComment = defineRoute(
  'Write',
  {
    method: 'put',
    path: '/api/processes/{scenarioName}/activity/comment/{scenarioActivityId}',
    tags,
    summary: 'Edit the comment of an activity',
    request: { params: activityPath, body: commentBody },
    responses: { 200: { description: 'Edited' } },
  },
  [404],
);

/** `DELETE /api/processes/{scenarioName}/activity/comment/{scenarioActivityId}`. */
export const deleteComment = defineRoute(
  'Write',
  {
    method: 'delete',
    path: '/api/processes/{scenarioName}/activity/comment/{scenarioActivityId}',
    tags,
    summary: 'Delete the comment of an activity (the activity stays, its comment becomes NOT_AVAILABLE)',
    request: { params: activityPath },
    responses: { 200: { description: 'Deleted' } },
  },
  [404],
);

/** `POST /api/processes/{scenarioName}/{versionId}/activity/attachments`: raw bytes, name in Content-Disposition. */
export const addAttachment = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/processes/{scenarioName}/{versionId}/activity/attachments',
    tags,
    summary: 'Upload an attachment (raw bytes; file name in Content-Disposition)',
    request: {
      params: versionPath,
      headers: z.object({
        'content-disposition': z
          .string()
          .regex(/filename\*?=/i, 'Content-Disposition must carry a filename')
          .openapi({ example: 'attachment; filename="notes.txt"' }),
      }),
      body: { required: true, content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    },
    responses: { 200: { description: 'Stored' } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/activity/attachments`. */
export const listAttachments = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity/attachments',
    tags,
    summary: 'Attachments of a scenario',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Attachments', content: jsonContent(AttachmentsResponseSchema) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/activity/attachments/{attachmentId}`: the bytes. */
export const downloadAttachment = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity/attachments/{attachmentId}',
    tags,
    summary: 'Download an attachment',
    request: { params: attachmentPath },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    },
  },
  [404],
);

/** `DELETE /api/processes/{scenarioName}/activity/attachments/{attachmentId}`: marks it deleted. */
export const deleteAttachment = defineRoute(
  'Write',
  {
    method: 'delete',
    path: '/api/processes/{scenarioName}/activity/attachments/{attachmentId}',
    tags,
    summary: 'Delete an attachment (its activity stays, the file becomes DELETED)',
    request: { params: attachmentPath },
    responses: { 200: { description: 'Deleted' } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/activity/comments`: the legacy comment list. */
export const listLegacyComments = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity/comments',
    tags,
    summary: 'Comments and attachments (legacy shape)',
    deprecated: true,
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Comments', content: jsonContent(LegacyCommentsResponseSchema) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/activity`: the legacy name of the comment list. */
export const listLegacyActivity = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/activity',
    tags,
    summary: 'Comments and attachments (legacy path)',
    deprecated: true,
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Comments', content: jsonContent(LegacyCommentsResponseSchema) } },
  },
  [404],
);

/** `POST /api/processes/{scenarioName}/{versionId}/activity/comments`: legacy add (text/plain). */
export const addLegacyComment = defineRoute(
  'Write',
  {
    method: 'post',
    path: '/api/processes/{scenarioName}/{versionId}/activity/comments',
    tags,
    summary: 'Add a comment to a version (legacy path)',
    deprecated: true,
    request: { params: versionPath, body: commentBody },
    responses: { 200: { description: 'Added' } },
  },
  [404],
);

/**
 * `DELETE /api/processes/{scenarioName}/activity/comments/{commentId}`: legacy delete by the numeric id of the
 * legacy list (the activity's uuid is accepted too).
 */
export const deleteLegacyComment = defineRoute(
  'Write',
  {
    method: 'delete',
    path: '/api/processes/{scenarioName}/activity/comments/{commentId}',
    tags,
    summary: 'Delete a comment (legacy path; the id of the legacy list)',
    deprecated: true,
    request: {
      params: z.object({
        scenarioName: ScenarioNameParamSchema,
        commentId: z
          .union([z.uuid(), z.string().regex(/^\d{1,15}$/).transform(Number)])
          .openapi({ param: { name: 'commentId', in: 'path' }, example: '12', type: 'string' }),
      }),
    },
    responses: { 200: { description: 'Deleted' } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/deployments`: finished deployment-side actions, newest first. */
export const listScenarioDeployments = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/deployments',
    tags,
    summary: 'Finished actions of a scenario, newest first',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Actions', content: jsonContent(z.array(ProcessActionSchema)) } },
  },
  [404],
);
