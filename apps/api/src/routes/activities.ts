import * as contract from '@scenaria/api-contract';
import type { Context } from 'hono';
import { fileNameFromDisposition } from '../services/activities';
import type { ActivityService } from '../services/activities';
import type { ScenarioService } from '../services/scenarios';
import { ApiError, badRequest } from '../errors';
import { createRouter } from './router';

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

// Comments travel as text/plain (rest-api.md §6); zod-openapi validates only JSON and form bodies.
async function commentText(c: Context): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('text/plain')) throw new ApiError(400, 'Comment must be sent as text/plain', ['body']);
  return c.req.text();
}

// The reference sends `attachment; filename="..."`, which its clients read; `filename*` (RFC 6266) carries names
// beyond ASCII. The plain name keeps printable ASCII only and escapes quotes and backslashes.
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Activity routes: comments, attachments and the activity list. */
export function activityRoutes(activities: ActivityService, scenarios: ScenarioService) {
  const router = createRouter();

  router.openapi(contract.listActivities, async (c) =>
    c.json({ activities: await activities.list(c.get('user'), c.req.valid('param').scenarioName) }, 200),
  );

  router.openapi(contract.getActivitiesMetadata, async (c) =>
    c.json(await activities.metadata(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.addComment, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    await activities.addComment(c.get('user'), scenarioName, versionId, await commentText(c));
    return c.body(null, 200);
  });

  router.openapi(contract.editComment, async (c) => {
    const { scenarioName, scenarioActivityId } = c.req.valid('param');
    await activities.editComment(c.get('user'), scenarioName, scenarioActivityId, await commentText(c));
    return c.body(null, 200);
  });

  router.openapi(contract.deleteComment, async (c) => {
    const { scenarioName, scenarioActivityId } = c.req.valid('param');
    await activities.deleteComment(c.get('user'), scenarioName, scenarioActivityId);
    return c.body(null, 200);
  });

  router.openapi(contract.addAttachment, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    const fileName = fileNameFromDisposition(c.req.valid('header')['content-disposition']);
    if (!fileName) throw badRequest('Content-Disposition must carry a file name', ['header', 'content-disposition']);
    const data = new Uint8Array(await c.req.arrayBuffer());
    if (data.byteLength > MAX_ATTACHMENT_BYTES) throw badRequest(`Attachment larger than ${MAX_ATTACHMENT_BYTES} bytes`, ['body']);
    await activities.addAttachment(c.get('user'), scenarioName, versionId, fileName, data);
    return c.body(null, 200);
  });

  router.openapi(contract.listAttachments, async (c) =>
    c.json(await activities.listAttachments(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.downloadAttachment, async (c) => {
    const { scenarioName, attachmentId } = c.req.valid('param');
    const file = await activities.download(c.get('user'), scenarioName, attachmentId);
    return c.body(new Uint8Array(file.data), 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': contentDisposition(file.fileName),
    });
  });

  router.openapi(contract.deleteAttachment, async (c) => {
    const { scenarioName, attachmentId } = c.req.valid('param');
    await activities.deleteAttachment(c.get('user'), scenarioName, attachmentId);
    return c.body(null, 200);
  });

  router.openapi(contract.listLegacyComments, async (c) =>
    c.json(await activities.legacyComments(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.listLegacyActivity, async (c) =>
    c.json(await activities.legacyComments(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  router.openapi(contract.addLegacyComment, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    await activities.addComment(c.get('user'), scenarioName, versionId, await commentText(c));
    return c.body(null, 200);
  });

  router.openapi(contract.deleteLegacyComment, async (c) => {
    const { scenarioName, commentId } = c.req.valid('param');
    await activities.deleteComment(c.get('user'), scenarioName, commentId);
    return c.body(null, 200);
  });

  router.openapi(contract.listScenarioDeployments, async (c) =>
    c.json(await scenarios.finishedActions(c.get('user'), c.req.valid('param').scenarioName), 200),
  );

  return router;
}
