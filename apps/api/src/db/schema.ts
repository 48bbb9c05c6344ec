import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// PGlite hands bytea back as Uint8Array and postgres.js as Buffer (a Uint8Array too); both write Uint8Array.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** One row per scenario or fragment; its graph lives in versions. Every filter of the lists has an index. */
export const scenarios = pgTable(
  'scenarios',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    isFragment: boolean('is_fragment').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    processingType: text('processing_type').notNull(),
    category: text('category').notNull(),
    /** Highest version number, kept here so a save can lock one row and number the next version. */
    latestVersionId: integer('latest_version_id').notNull().default(0),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    index('scenarios_kind_idx').on(table.isArchived, table.isFragment),
    index('scenarios_category_idx').on(table.category),
    index('scenarios_processing_type_idx').on(table.processingType, table.isFragment),
  ],
);

/** Immutable versions; `canonical_json` is the exact canonical JSON text (jsonb would reorder its keys). */
export const scenarioVersions = pgTable(
  'scenario_versions',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').notNull(),
    canonicalJson: text('canonical_json').notNull(),
    modelVersion: integer('model_version'),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (table) => [unique('scenario_versions_scenario_version_unique').on(table.scenarioId, table.versionId)],
);

/** Labels of a scenario (the latest save's set). */
export const scenarioLabels = pgTable(
  'scenario_labels',
  {
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scenarioId, table.label] }), index('scenario_labels_label_idx').on(table.label)],
);

/** Deployment-side actions (deploy, cancel, archive, rename, custom ...), semantics.md §2. */
export const scenarioActions = pgTable(
  'scenario_actions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').notNull(),
    actionName: text('action_name').notNull(),
    state: text('state').notNull(),
    user: text('user_name').notNull(),
    createdAt: createdAt(),
    performedAt: timestamp('performed_at', { withTimezone: true, mode: 'date' }),
    failureMessage: text('failure_message'),
    comment: text('comment'),
    buildInfo: jsonb('build_info').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [index('scenario_actions_scenario_idx').on(table.scenarioId, table.createdAt)],
);

/** Attachment bytes; the attachment's place in the history is its activity. */
export const attachments = pgTable('attachments', {
  id: serial('id').primaryKey(),
  scenarioId: integer('scenario_id')
    .notNull()
    .references(() => scenarios.id, { onDelete: 'cascade' }),
  versionId: integer('version_id').notNull(),
  fileName: text('file_name').notNull(),
  data: bytea('data').notNull(),
  user: text('user_name').notNull(),
  createdAt: createdAt(),
  isDeleted: boolean('is_deleted').notNull().default(false),
});

/** The one chronological history of a scenario: comments, attachments, version changes, actions, custom entries. */
export const scenarioActivities = pgTable(
  'scenario_activities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    user: text('user_name').notNull(),
    /** Who acted as `user` through impersonation (both null when the user acted themselves). */
    impersonatedByIdentity: text('impersonated_by_identity'),
    impersonatedByUsername: text('impersonated_by_username'),
    date: createdAt(),
    /** Orders activities written in the same transaction (and the same millisecond). */
    sequence: serial('sequence').notNull(),
    scenarioVersionId: integer('scenario_version_id'),
    comment: text('comment'),
    isCommentDeleted: boolean('is_comment_deleted').notNull().default(false),
    lastModifiedBy: text('last_modified_by'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true, mode: 'date' }),
    attachmentId: integer('attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
    actionId: uuid('action_id').references(() => scenarioActions.id, { onDelete: 'set null' }),
    additionalFields: jsonb('additional_fields').$type<{ name: string; value: string }[]>().notNull().default([]),
  },
  (table) => [index('scenario_activities_scenario_idx').on(table.scenarioId, table.sequence)],
);

/** How often the front end reported each usage event (`POST /api/statistic`), per day. */
export const frontendStatistics = pgTable(
  'frontend_statistics',
  {
    day: text('day').notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.name] })],
);

/**
 * Test suites stored with a scenario (@scenaria/scenario-tests, without `scenario`), by name. `suite_json` is
 * the suite as checked and written once, so a GET sends it without another pass.
 */
export const scenarioTestSuites = pgTable(
  'scenario_test_suites',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    testCount: integer('test_count').notNull(),
    suiteJson: text('suite_json').notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedBy: text('modified_by').notNull(),
  },
  (table) => [unique('scenario_test_suites_scenario_name_unique').on(table.scenarioId, table.name)],
);

/**
 * Per scenario, the transaction id (`pg_current_xact_id()`) of its last committed write of a scenario, version,
 * label or action (triggers of migration 0005, marking since 0008, run at commit). A reader takes the oldest
 * transaction still running when it reads (its snapshot's xmin) as its horizon: every writer below it has ended
 * and shows in that read, so the scenarios marked at or above it are all a later reader must read again. No
 * writer waits for another (before 0008 a counter row, locked from its bump to the commit, ordered them).
 * A deleted scenario keeps its mark, which is how readers learn of the deletion.
 */
export const scenarioChangeMarks = pgTable(
  'scenario_change_marks',
  {
    scenarioId: integer('scenario_id').primaryKey(),
    writerXid: bigint('writer_xid', { mode: 'number' }).notNull(),
  },
  (table) => [index('scenario_change_marks_writer_xid_idx').on(table.writerXid)],
);
