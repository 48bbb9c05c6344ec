import { and, asc, eq } from 'drizzle-orm';
import type {
  AttachmentsResponse,
  LegacyCommentsResponse,
  ScenarioActivitiesMetadata,
  ScenarioActivity,
  ScenarioActivityType,
} from '@scenaria/api-contract';
import { impersonationColumns } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import { attachments, scenarioActivities } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { ServiceContext } from './context';
import { loadVersion } from './scenario-records';
import type { ScenarioService } from './scenarios';

const COMMENT_ACTIONS = ['EDIT_COMMENT', 'DELETE_COMMENT'];

// How the designer shows each activity type (names and icons follow the reference's activity panel).
const ACTIVITY_DISPLAY: Record<ScenarioActivityType, { displayableName: string; icon: string; supportedActions: string[] }> = {
  SCENARIO_CREATED: { displayableName: 'Scenario created', icon: '/assets/activities/scenarioModified.svg', supportedActions: [] },
  SCENARIO_ARCHIVED: { displayableName: 'Scenario archived', icon: '/assets/activities/archived.svg', supportedActions: [] },
  SCENARIO_UNARCHIVED: { displayableName: 'Scenario unarchived', icon: '/assets/activities/unarchived.svg', supportedActions: [] },
  SCENARIO_DEPLOYED: { displayableName: 'Deployment', icon: '/assets/states/deploy.svg', supportedActions: COMMENT_ACTIONS },
  SCENARIO_PAUSED: { displayableName: 'Pause', icon: '/assets/states/stopping.svg', supportedActions: COMMENT_ACTIONS },
  SCENARIO_CANCELED: { displayableName: 'Cancel', icon: '/assets/states/stopping.svg', supportedActions: COMMENT_ACTIONS },
  SCENARIO_MODIFIED: { displayableName: 'New version saved', icon: '/assets/activities/scenarioModified.svg', supportedActions: ['EDIT_COMMENT', 'DELETE_COMMENT', 'COMPARE'] },
  SCENARIO_NAME_CHANGED: { displayableName: 'Scenario name changed', icon: '/assets/activities/scenarioModified.svg', supportedActions: [] },
  COMMENT_ADDED: { displayableName: 'Comment', icon: '/assets/activities/comment.svg', supportedActions: COMMENT_ACTIONS },
  ATTACHMENT_ADDED: { displayableName: 'Attachment', icon: '/assets/activities/attachment.svg', supportedActions: ['DOWNLOAD_ATTACHMENT', 'DELETE_ATTACHMENT'] },
  CHANGED_PROCESSING_MODE: { displayableName: 'Processing mode change', icon: '/assets/activities/processingModeChange.svg', supportedActions: [] },
  INCOMING_MIGRATION: { displayableName: 'Incoming migration', icon: '/assets/activities/migration.svg', supportedActions: ['COMPARE'] },
  OUTGOING_MIGRATION: { displayableName: 'Outgoing migration', icon: '/assets/activities/migration.svg', supportedActions: [] },
  PERFORMED_SINGLE_EXECUTION: { displayableName: 'Processing data', icon: '/assets/activities/singleExecution.svg', supportedActions: [] },
  PERFORMED_SCHEDULED_EXECUTION: { displayableName: 'Processing data', icon: '/assets/activities/scheduledExecution.svg', supportedActions: [] },
  AUTOMATIC_UPDATE: { displayableName: 'Automatic update', icon: '/assets/activities/automaticUpdate.svg', supportedActions: ['COMPARE'] },
  CUSTOM_ACTION: { displayableName: 'Custom action', icon: '/assets/activities/customAction.svg', supportedActions: [] },
};

const ACTIONS_DISPLAY = [
  { id: 'COMPARE', displayableName: 'Compare', icon: '/assets/activities/actions/compare.svg' },
  { id: 'DELETE_COMMENT', displayableName: 'Delete', icon: '/assets/activities/actions/delete.svg' },
  { id: 'EDIT_COMMENT', displayableName: 'Edit', icon: '/assets/activities/actions/edit.svg' },
  { id: 'DOWNLOAD_ATTACHMENT', displayableName: 'Download', icon: '/assets/activities/actions/download.svg' },
  { id: 'DELETE_ATTACHMENT', displayableName: 'Delete', icon: '/assets/activities/actions/delete.svg' },
];

/** The file name from a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string): string | undefined {
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name && name.length > 0 ? name : undefined;
}

/** Comments, attachments and the activity list of a scenario. */
export class ActivityService {
  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
  ) {}

  private get db() {
    return this.context.db;
  }

  /** Every activity of a scenario, oldest first. */
  async list(user: AuthenticatedUser, name: string): Promise<ScenarioActivity[]> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const rows = await this.db
      .select({ activity: scenarioActivities, attachment: { id: attachments.id, fileName: attachments.fileName, isDeleted: attachments.isDeleted } })
      .from(scenarioActivities)
      .leftJoin(attachments, eq(attachments.id, scenarioActivities.attachmentId))
      .where(eq(scenarioActivities.scenarioId, row.id))
      .orderBy(asc(scenarioActivities.date), asc(scenarioActivities.sequence));
    return rows.map(({ activity, attachment }) => {
      const entry: ScenarioActivity = {
        id: activity.id,
        user: activity.user,
        date: activity.date.toISOString(),
        additionalFields: activity.additionalFields,
        type: activity.type as ScenarioActivityType,
      };
      if (activity.scenarioVersionId !== null) entry.scenarioVersionId = activity.scenarioVersionId;
      if (activity.comment !== null || activity.isCommentDeleted) {
        entry.comment = {
          content: activity.isCommentDeleted || activity.comment === null ? { status: 'NOT_AVAILABLE' } : { status: 'AVAILABLE', value: activity.comment },
          lastModifiedBy: activity.lastModifiedBy ?? activity.user,
          lastModifiedAt: (activity.lastModifiedAt ?? activity.date).toISOString(),
        };
      }
      if (attachment) {
        entry.attachment = {
          file: attachment.isDeleted ? { status: 'DELETED' } : { status: 'AVAILABLE', id: attachment.id },
          filename: attachment.fileName,
          lastModifiedBy: activity.lastModifiedBy ?? activity.user,
          lastModifiedAt: (activity.lastModifiedAt ?? activity.date).toISOString(),
        };
      }
      return entry;
    });
  }

  /** Display metadata of activities and their actions. */
  async metadata(user: AuthenticatedUser, name: string): Promise<ScenarioActivitiesMetadata> {
    await this.scenarios.requireScenario(user, name, 'Read');
    return {
      activities: Object.entries(ACTIVITY_DISPLAY).map(([type, display]) => ({ type: type as ScenarioActivityType, ...display })),
      actions: ACTIONS_DISPLAY,
    };
  }

  /** Adds a COMMENT_ADDED activity to a version. */
  async addComment(user: AuthenticatedUser, name: string, versionId: number, text: string): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    const comment = text.trim();
    if (comment.length === 0) throw badRequest('Comment cannot be empty');
    if (!(await loadVersion(this.db, row.id, versionId))) throw notFound(`Scenario ${name} in version ${versionId} not found`);
    const now = this.context.now();
    await this.db.insert(scenarioActivities).values({
      scenarioId: row.id,
      type: 'COMMENT_ADDED',
      user: user.username,
      ...impersonationColumns(user),
      date: now,
      scenarioVersionId: versionId,
      comment,
      lastModifiedBy: user.username,
      lastModifiedAt: now,
    });
  }

  // A number is the legacy list's comment id (the activity's sequence), a string the activity's uuid.
  private async requireCommentActivity(scenarioId: number, activityId: string | number, name: string) {
    const [activity] = await this.db
      .select()
      .from(scenarioActivities)
      .where(
        and(
          typeof activityId === 'number' ? eq(scenarioActivities.sequence, activityId) : eq(scenarioActivities.id, activityId),
          eq(scenarioActivities.scenarioId, scenarioId),
        ),
      );
    if (!activity || activity.comment === null || activity.isCommentDeleted) {
      throw notFound(`Comment of activity ${activityId} of scenario ${name} not found`);
    }
    return activity;
  }

  /** Replaces the comment of an activity. */
  async editComment(user: AuthenticatedUser, name: string, activityId: string, text: string): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    const comment = text.trim();
    if (comment.length === 0) throw badRequest('Comment cannot be empty');
    await this.requireCommentActivity(row.id, activityId, name);
    await this.db
      .update(scenarioActivities)
      .set({ comment, lastModifiedBy: user.username, lastModifiedAt: this.context.now() })
      .where(eq(scenarioActivities.id, activityId));
  }

  /** Removes the comment of an activity; the activity stays in the history. */
  async deleteComment(user: AuthenticatedUser, name: string, activityId: string | number): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    const activity = await this.requireCommentActivity(row.id, activityId, name);
    await this.db
      .update(scenarioActivities)
      .set({ isCommentDeleted: true, lastModifiedBy: user.username, lastModifiedAt: this.context.now() })
      .where(eq(scenarioActivities.id, activity.id));
  }

  /** Stores an attachment and its ATTACHMENT_ADDED activity in one transaction. */
  async addAttachment(user: AuthenticatedUser, name: string, versionId: number, fileName: string, data: Uint8Array): Promise<number> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    if (!(await loadVersion(this.db, row.id, versionId))) throw notFound(`Scenario ${name} in version ${versionId} not found`);
    const now = this.context.now();
    return this.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(attachments)
        .values({ scenarioId: row.id, versionId, fileName, data, user: user.username, createdAt: now })
        .returning({ id: attachments.id });
      if (!stored) throw new Error('Attachment insert returned nothing');
      await tx.insert(scenarioActivities).values({
        scenarioId: row.id,
        type: 'ATTACHMENT_ADDED',
        user: user.username,
        ...impersonationColumns(user),
        date: now,
        scenarioVersionId: versionId,
        attachmentId: stored.id,
        lastModifiedBy: user.username,
        lastModifiedAt: now,
      });
      return stored.id;
    });
  }

  private async requireAttachment(scenarioId: number, attachmentId: number, name: string) {
    const [attachment] = await this.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, attachmentId), eq(attachments.scenarioId, scenarioId), eq(attachments.isDeleted, false)));
    if (!attachment) throw notFound(`Attachment ${attachmentId} of scenario ${name} not found`);
    return attachment;
  }

  /** The bytes and name of an attachment. */
  async download(user: AuthenticatedUser, name: string, attachmentId: number): Promise<{ fileName: string; data: Uint8Array }> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const attachment = await this.requireAttachment(row.id, attachmentId, name);
    return { fileName: attachment.fileName, data: attachment.data };
  }

  /** Marks an attachment deleted: its bytes are dropped, its activity stays. */
  async deleteAttachment(user: AuthenticatedUser, name: string, attachmentId: number): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    await this.requireAttachment(row.id, attachmentId, name);
    const now = this.context.now();
    await this.db.transaction(async (tx) => {
      await tx.update(attachments).set({ isDeleted: true, data: new Uint8Array() }).where(eq(attachments.id, attachmentId));
      await tx
        .update(scenarioActivities)
        .set({ lastModifiedBy: user.username, lastModifiedAt: now })
        .where(eq(scenarioActivities.attachmentId, attachmentId));
    });
  }

  /** Attachments that are not deleted, oldest first. */
  async listAttachments(user: AuthenticatedUser, name: string): Promise<AttachmentsResponse> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    return { attachments: await this.attachmentsOf(row.id) };
  }

  private async attachmentsOf(scenarioId: number) {
    const rows = await this.db
      .select({ id: attachments.id, versionId: attachments.versionId, fileName: attachments.fileName, user: attachments.user, createdAt: attachments.createdAt })
      .from(attachments)
      .where(and(eq(attachments.scenarioId, scenarioId), eq(attachments.isDeleted, false)))
      .orderBy(asc(attachments.id));
    return rows.map((row) => ({ id: row.id, scenarioVersion: row.versionId, fileName: row.fileName, user: row.user, createDate: row.createdAt.toISOString() }));
  }

  /** Comments and attachments in the legacy shape. */
  async legacyComments(user: AuthenticatedUser, name: string): Promise<LegacyCommentsResponse> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const rows = await this.db
      .select()
      .from(scenarioActivities)
      .where(and(eq(scenarioActivities.scenarioId, row.id), eq(scenarioActivities.isCommentDeleted, false)))
      .orderBy(asc(scenarioActivities.date), asc(scenarioActivities.sequence));
    const comments = rows.flatMap((activity) =>
      activity.comment === null
        ? []
        : [{ id: activity.sequence, processVersionId: activity.scenarioVersionId ?? 0, content: activity.comment, user: activity.user, createDate: activity.date.toISOString() }],
    );
    const legacyAttachments = (await this.attachmentsOf(row.id)).map(({ scenarioVersion, ...rest }) => ({ ...rest, processVersionId: scenarioVersion }));
    return { comments, attachments: legacyAttachments };
  }
}
