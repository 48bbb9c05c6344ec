import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const at = (scenarioName: string, versionId: number) => ({ params: { scenarioName, versionId } });
const file = (bytes: Uint8Array, fileName: string) => ({
  body: bytes,
  headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${fileName}"` },
});

/** Comments, attachments and the activity list; runs after the scenario suite created `alpha` (version 2). */
export function activitySuite(server: () => TestServer): void {
  describe('activities', () => {
    let commentId = '';
    let attachmentId = 0;

    test('comments: add, edit, delete', async () => {
      expect(await server().call('writer', api.addComment, { ...at('alpha', 1), ...text('Looks good') })).toMatchObject({ ok: true, status: 200 });
      const listed = await server().call('reader', api.listActivities, { params: { scenarioName: 'alpha' } });
      const comment = listed.ok ? listed.data.activities.find((activity) => activity.type === 'COMMENT_ADDED') : undefined;
      expect(comment).toMatchObject({ user: 'writer', scenarioVersionId: 1, comment: { content: { status: 'AVAILABLE', value: 'Looks good' } } });
      commentId = comment!.id;
      expect(await server().call('writer', api.editComment, { params: { scenarioName: 'alpha', scenarioActivityId: commentId }, ...text('Looks great') })).toMatchObject({ ok: true });
      const legacy = await server().call('reader', api.listLegacyComments, { params: { scenarioName: 'alpha' } });
      expect(legacy.ok && legacy.data.comments.map((entry) => entry.content)).toEqual(['first graph', 'Looks great']);
      expect(await server().call('writer', api.deleteComment, { params: { scenarioName: 'alpha', scenarioActivityId: commentId } })).toMatchObject({ ok: true });
      const after = await server().call('reader', api.listActivities, { params: { scenarioName: 'alpha' } });
      const deleted = after.ok ? after.data.activities.find((activity) => activity.id === commentId) : undefined;
      expect(deleted?.comment?.content).toEqual({ status: 'NOT_AVAILABLE' });
    });

    test('comments: bad input and rights', async () => {
      expectError(await server().call('writer', api.addComment, { ...at('alpha', 1), ...text('   ') }), 400, /empty/);
      expectError(await server().call('writer', api.addComment, { ...at('alpha', 1), body: '{"a":1}', headers: { 'content-type': 'application/json' } }), 400, /text\/plain/);
      expectError(await server().call('writer', api.addComment, { ...at('alpha', 42), ...text('x') }), 404, 'Scenario alpha in version 42 not found');
      expectError(await server().call('writer', api.addComment, { params: { scenarioName: 'alpha', versionId: -1 }, ...text('x') }), 400, /versionId/);
      await expectGuarded(server(), api.addComment, { ...at('alpha', 1), ...text('x') }, 'reader');

      const activity = { params: { scenarioName: 'alpha', scenarioActivityId: commentId } };
      expectError(await server().call('writer', api.editComment, { ...activity, ...text('again') }), 404, /not found/);
      expectError(await server().call('writer', api.editComment, { params: { scenarioName: 'alpha', scenarioActivityId: 'not-a-uuid' }, ...text('x') }), 400, /scenarioActivityId/);
      await expectGuarded(server(), api.editComment, { ...activity, ...text('x') }, 'reader');
      expectError(await server().call('writer', api.deleteComment, activity), 404);
      expectError(await server().call('writer', api.deleteComment, { params: { scenarioName: 'alpha', scenarioActivityId: '42' } }), 400, /scenarioActivityId/);
      await expectGuarded(server(), api.deleteComment, activity, 'reader');
    });

    test('attachments: upload, list, download, delete', async () => {
      const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
      expect(await server().call('writer', api.addAttachment, { ...at('alpha', 2), ...file(bytes, 'notes ü.bin') })).toMatchObject({ ok: true });
      const listed = await server().call('reader', api.listAttachments, { params: { scenarioName: 'alpha' } });
      expect(listed.ok && listed.data.attachments).toHaveLength(1);
      const attachment = listed.ok ? listed.data.attachments[0] : undefined;
      expect(attachment).toMatchObject({ scenarioVersion: 2, fileName: 'notes ü.bin', user: 'writer' });
      attachmentId = attachment!.id;
      const downloaded = await server().call('reader', api.downloadAttachment, { params: { scenarioName: 'alpha', attachmentId } });
      expect(downloaded.ok && new Uint8Array(downloaded.data as ArrayBuffer)).toEqual(bytes);
      expect(downloaded.response.headers.get('content-disposition')).toContain("filename*=UTF-8''notes%20%C3%BC.bin");
      const activities = await server().call('reader', api.listActivities, { params: { scenarioName: 'alpha' } });
      const added = activities.ok ? activities.data.activities.find((activity) => activity.type === 'ATTACHMENT_ADDED') : undefined;
      expect(added?.attachment).toMatchObject({ file: { status: 'AVAILABLE', id: attachmentId }, filename: 'notes ü.bin' });
      expect(await server().call('writer', api.deleteAttachment, { params: { scenarioName: 'alpha', attachmentId } })).toMatchObject({ ok: true });
      const afterDelete = await server().call('reader', api.listActivities, { params: { scenarioName: 'alpha' } });
      const stillThere = afterDelete.ok ? afterDelete.data.activities.find((activity) => activity.type === 'ATTACHMENT_ADDED') : undefined;
      expect(stillThere?.attachment?.file).toEqual({ status: 'DELETED' });
      const empty = await server().call('reader', api.listAttachments, { params: { scenarioName: 'alpha' } });
      expect(empty.ok && empty.data.attachments).toEqual([]);
    });

    test('attachments: bad input and rights', async () => {
      const bytes = new Uint8Array([1]);
      expectError(await server().call('writer', api.addAttachment, { ...at('alpha', 2), body: bytes, headers: { 'content-type': 'application/octet-stream' } }), 400, /content-disposition/);
      expectError(await server().call('writer', api.addAttachment, { ...at('alpha', 9), ...file(bytes, 'a.txt') }), 404);
      await expectGuarded(server(), api.addAttachment, { ...at('alpha', 2), ...file(bytes, 'a.txt') }, 'reader');
      const params = { params: { scenarioName: 'alpha', attachmentId } };
      expectError(await server().call('reader', api.downloadAttachment, params), 404, /not found/);
      expectError(await server().call('reader', api.downloadAttachment, { params: { scenarioName: 'alpha', attachmentId: 'x' as never } }), 400, /attachmentId/);
      expectError(await server().call('writer', api.deleteAttachment, params), 404);
      expectError(await server().call('writer', api.deleteAttachment, { params: { scenarioName: 'alpha', attachmentId: 1.5 } }), 400, /attachmentId/);
      expectError(await server().call('reader', api.listAttachments, { params: { scenarioName: 'missing' } }), 404);
      // A fresh attachment, so the guards are checked against something that exists.
      await server().call('writer', api.addAttachment, { ...at('alpha', 2), ...file(bytes, 'b.txt') });
      const listed = await server().call('reader', api.listAttachments, { params: { scenarioName: 'alpha' } });
      const fresh = { params: { scenarioName: 'alpha', attachmentId: listed.ok ? listed.data.attachments[0]!.id : 0 } };
      await expectGuarded(server(), api.downloadAttachment, fresh, 'outsider');
      await expectGuarded(server(), api.deleteAttachment, fresh, 'reader');
      await expectGuarded(server(), api.listAttachments, { params: { scenarioName: 'alpha' } }, 'outsider');
    });

    test('legacy comment paths: list, add, delete', async () => {
      expect(await server().call('writer', api.addLegacyComment, { ...at('alpha', 2), ...text('legacy note') })).toMatchObject({ ok: true });
      const listed = await server().call('reader', api.listLegacyActivity, { params: { scenarioName: 'alpha' } });
      const note = listed.ok ? listed.data.comments.find((comment) => comment.content === 'legacy note') : undefined;
      expect(note).toMatchObject({ processVersionId: 2, user: 'writer' });
      expect(await server().call('writer', api.deleteLegacyComment, { params: { scenarioName: 'alpha', commentId: String(note!.id) } })).toMatchObject({ ok: true });
      const after = await server().call('reader', api.listLegacyActivity, { params: { scenarioName: 'alpha' } });
      expect(after.ok && after.data.comments.some((comment) => comment.content === 'legacy note')).toBe(false);

      expectError(await server().call('reader', api.listLegacyActivity, { params: { scenarioName: 'missing' } }), 404);
      await expectGuarded(server(), api.listLegacyActivity, { params: { scenarioName: 'alpha' } }, 'outsider');
      expectError(await server().call('writer', api.addLegacyComment, { ...at('alpha', 2), ...text('') }), 400, /empty/);
      expectError(await server().call('writer', api.addLegacyComment, { ...at('alpha', 77), ...text('x') }), 404);
      await expectGuarded(server(), api.addLegacyComment, { ...at('alpha', 2), ...text('x') }, 'reader');
      expectError(await server().call('writer', api.deleteLegacyComment, { params: { scenarioName: 'alpha', commentId: String(note!.id) } }), 404);
      expectError(await server().call('writer', api.deleteLegacyComment, { params: { scenarioName: 'alpha', commentId: 'seven' } }), 400, /commentId/);
      await expectGuarded(server(), api.deleteLegacyComment, { params: { scenarioName: 'alpha', commentId: String(note!.id) } }, 'reader');
    });

    test('activity list is chronological; metadata; legacy list', async () => {
      const listed = await server().call('reader', api.listActivities, { params: { scenarioName: 'alpha' } });
      const types = listed.ok ? listed.data.activities.map((activity) => activity.type) : [];
      expect(types[0]).toBe('SCENARIO_CREATED');
      expect(types.indexOf('SCENARIO_MODIFIED')).toBeLessThan(types.indexOf('COMMENT_ADDED'));
      const dates = listed.ok ? listed.data.activities.map((activity) => activity.date) : [];
      expect([...dates].sort()).toEqual(dates);
      expectError(await server().call('reader', api.listActivities, { params: { scenarioName: 'missing' } }), 404);
      await expectGuarded(server(), api.listActivities, { params: { scenarioName: 'alpha' } }, 'outsider');

      const metadata = await server().call('reader', api.getActivitiesMetadata, { params: { scenarioName: 'alpha' } });
      expect(metadata.ok && metadata.data.activities.find((entry) => entry.type === 'COMMENT_ADDED')?.supportedActions).toContain('EDIT_COMMENT');
      expect(metadata.ok && metadata.data.activities).toHaveLength(17);
      expectError(await server().call('reader', api.getActivitiesMetadata, { params: { scenarioName: 'missing' } }), 404);
      await expectGuarded(server(), api.getActivitiesMetadata, { params: { scenarioName: 'alpha' } }, 'outsider');

      const legacy = await server().call('reader', api.listLegacyComments, { params: { scenarioName: 'alpha' } });
      expect(legacy.ok && legacy.data.attachments).toHaveLength(1);
      expectError(await server().call('reader', api.listLegacyComments, { params: { scenarioName: 'missing' } }), 404);
      await expectGuarded(server(), api.listLegacyComments, { params: { scenarioName: 'alpha' } }, 'outsider');
    });
  });
}
