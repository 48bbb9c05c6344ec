import { processingModeOfScenarioType } from '@scenaria/components';
import { and, asc, desc, eq, gt, gte, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { ProcessAction, ProcessingMode, ScenarioVersion, ScenarioWithDetails } from '@scenaria/api-contract';
import type { ConfigStore } from '../config/config-store';
import { CHANGE_HORIZON } from '../db/database';
import type { Database, Transaction } from '../db/database';
import { scenarioActions, scenarioChangeMarks, scenarioLabels, scenarioVersions, scenarios as scenariosTable } from '../db/schema';
import { isStateAction } from './state';
import type { StateResolver } from './state';

/** A scenario row as stored. */
export type ScenarioRow = typeof scenariosTable.$inferSelect;
type ActionRow = typeof scenarioActions.$inferSelect;
type Queryable = Database | Transaction;

/** Processing mode and engine of a processing type (unknown after a reload removed it). */
export function processingInfo(config: ConfigStore, processingType: string): { processingMode: ProcessingMode; engineSetupName: string } {
  const type = config.processingType(processingType);
  if (!type) return { processingMode: 'Unbounded-Stream', engineSetupName: 'Unknown' };
  return {
    processingMode: processingModeOfScenarioType(type.kind),
    engineSetupName: type.engineSetupName,
  };
}

/** An action row in the shape of the reference. */
export function toProcessAction(row: ActionRow): ProcessAction {
  const action: ProcessAction = {
    id: row.id,
    processId: row.scenarioId,
    processVersionId: row.versionId,
    user: row.user,
    createdAt: row.createdAt.toISOString(),
    performedAt: (row.performedAt ?? row.createdAt).toISOString(),
    actionName: row.actionName,
    state: row.state as ProcessAction['state'],
    // Option fields of the reference's ProcessAction, written as null when unset.
    failureMessage: row.failureMessage,
    commentId: null,
    comment: row.comment,
    buildInfo: row.buildInfo,
  };
  return action;
}

/** The facts about a scenario's latest version a record shows. */
export interface VersionFacts {
  versionId: number;
  createdAt: Date;
  createdBy: string;
  modelVersion: number | null;
}

/** Everything needed to show scenarios as records, loaded with one query per table. */
export interface RecordFacts {
  labels: Map<number, string[]>;
  actions: Map<number, ProcessAction[]>;
}

// One array parameter instead of `IN (...)` with a parameter per id: building and binding a thousand
// parameters costs more than the query itself when a whole list is shown.
function intArray(ids: number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

function inIds(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${intArray(ids)})`;
}

/** Labels and actions of many scenarios at once. */
export async function loadRecordFacts(db: Queryable, scenarioIds: number[]): Promise<RecordFacts> {
  const labels = new Map<number, string[]>();
  const actions = new Map<number, ProcessAction[]>();
  if (scenarioIds.length === 0) return { labels, actions };
  const labelRows = await db
    .select()
    .from(scenarioLabels)
    .where(inIds(scenarioLabels.scenarioId, scenarioIds))
    .orderBy(asc(scenarioLabels.label));
  for (const row of labelRows) labels.set(row.scenarioId, [...(labels.get(row.scenarioId) ?? []), row.label]);
  const actionRows = await db
    .select()
    .from(scenarioActions)
    .where(inIds(scenarioActions.scenarioId, scenarioIds))
    .orderBy(desc(scenarioActions.createdAt));
  for (const row of actionRows) actions.set(row.scenarioId, [...(actions.get(row.scenarioId) ?? []), toProcessAction(row)]);
  return { labels, actions };
}

/** A scenario's labels, sorted. */
export async function loadLabels(db: Database, scenarioId: number): Promise<string[]> {
  const rows = await statements(db).labels.execute({ scenarioId });
  return rows.map((row) => row.label);
}

/**
 * The actions a list needs of many scenarios: per scenario the newest action of each (name, state) pair. That
 * holds the last action, the last (settled) state action, the last finished deploy and the names of actions in
 * progress, so a scenario deployed ten thousand times costs a list a handful of rows, not ten thousand.
 */
export async function loadListActions(db: Queryable, scenarioIds: number[]): Promise<Map<number, ProcessAction[]>> {
  const actions = new Map<number, ProcessAction[]>();
  if (scenarioIds.length === 0) return actions;
  const newer = alias(scenarioActions, 'newer');
  const rows = await db
    .select()
    .from(scenarioActions)
    .where(
      and(
        inIds(scenarioActions.scenarioId, scenarioIds),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.scenarioId, scenarioActions.scenarioId),
                eq(newer.actionName, scenarioActions.actionName),
                eq(newer.state, scenarioActions.state),
                gt(newer.createdAt, scenarioActions.createdAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(scenarioActions.createdAt));
  for (const row of rows) actions.set(row.scenarioId, [...(actions.get(row.scenarioId) ?? []), toProcessAction(row)]);
  return actions;
}

/** The scenario record of the reference, without graph, history or state. */
export function toRecord(
  config: ConfigStore,
  row: ScenarioRow,
  version: VersionFacts,
  latest: VersionFacts,
  facts: RecordFacts,
): ScenarioWithDetails {
  const actions = facts.actions.get(row.id) ?? [];
  const lastAction = actions[0];
  const lastStateAction = actions.find((action) => isStateAction(action.actionName));
  // As Nussknacker: the last settled DEPLOY or CANCEL, when it is a DEPLOY whose execution has not finished, so
  // it says the scenario is deployed now (not after a cancel, nor once a bounded run ended: EXECUTION_FINISHED).
  const lastSettledDeployOrCancel = actions.find((action) => (action.actionName === 'DEPLOY' || action.actionName === 'CANCEL') && (action.state === 'FINISHED' || action.state === 'EXECUTION_FINISHED'));
  const lastDeployedAction = lastSettledDeployOrCancel?.actionName === 'DEPLOY' && lastSettledDeployOrCancel.state === 'FINISHED' ? lastSettledDeployOrCancel : undefined;
  const record: ScenarioWithDetails = {
    name: row.name,
    processVersionId: version.versionId,
    isLatestVersion: version.versionId === latest.versionId,
    isArchived: row.isArchived,
    isFragment: row.isFragment,
    processingType: row.processingType,
    processCategory: row.category,
    ...processingInfo(config, row.processingType),
    modificationDate: latest.createdAt.toISOString(),
    modifiedAt: latest.createdAt.toISOString(),
    modifiedBy: latest.createdBy,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    labels: facts.labels.get(row.id) ?? [],
  };
  if (lastAction) record.lastAction = lastAction;
  if (lastStateAction) record.lastStateAction = lastStateAction;
  if (lastDeployedAction) record.lastDeployedAction = lastDeployedAction;
  if (version.modelVersion !== null) record.modelVersion = version.modelVersion;
  return record;
}

/** The state shown for a scenario; fragments have none. */
export async function stateFor(resolve: StateResolver, row: ScenarioRow, facts: RecordFacts, options: { bulk?: boolean } = {}) {
  if (row.isFragment) return undefined;
  return resolve(row, facts.actions.get(row.id) ?? [], options);
}

/** Whether the scenario's last state action is a deploy that neither failed nor ended (EXECUTION_FINISHED). */
export function isDeployed(row: ScenarioRow, facts: RecordFacts): boolean {
  const lastStateAction = (facts.actions.get(row.id) ?? []).find((action) => isStateAction(action.actionName));
  return lastStateAction?.actionName === 'DEPLOY' && lastStateAction.state !== 'FAILED' && lastStateAction.state !== 'EXECUTION_FINISHED';
}

/** The version history, newest first, each with the actions performed on it. */
export async function loadHistory(db: Queryable, scenarioId: number, actions: ProcessAction[]): Promise<ScenarioVersion[]> {
  const rows = await db
    .select({
      versionId: scenarioVersions.versionId,
      createdAt: scenarioVersions.createdAt,
      createdBy: scenarioVersions.createdBy,
      modelVersion: scenarioVersions.modelVersion,
    })
    .from(scenarioVersions)
    .where(eq(scenarioVersions.scenarioId, scenarioId))
    .orderBy(desc(scenarioVersions.versionId));
  return rows.map((row) => historyEntry(row, actions));
}

function historyEntry(row: VersionFacts, actions: ProcessAction[]): ScenarioVersion {
  const version: ScenarioVersion = {
    processVersionId: row.versionId,
    createDate: row.createdAt.toISOString(),
    user: row.createdBy,
    actions: actions.filter((action) => action.processVersionId === row.versionId),
  };
  version.modelVersion = row.modelVersion;
  return version;
}

/** One stored version with its canonical JSON text. */
export async function loadVersion(db: Queryable, scenarioId: number, versionId: number) {
  const [row] = await db
    .select()
    .from(scenarioVersions)
    .where(and(eq(scenarioVersions.scenarioId, scenarioId), eq(scenarioVersions.versionId, versionId)));
  return row;
}

/** What the details of one scenario show, besides its graph, validation and state: read in one statement. */
export interface DetailsFacts {
  row: ScenarioRow;
  /** The asked-for version (the latest unless one is named); missing when no such version exists. */
  version: VersionFacts | undefined;
  latest: VersionFacts;
  facts: RecordFacts;
  history: ScenarioVersion[];
  /** `id:version:name` of the fragments the scenario may use, sorted: what a cached validation depends on. */
  fragmentVersions: string[];
}

// Timestamps inside json_agg arrive as text; the date is re-read so it serialises as drizzle's columns do.
const isoOf = (value: string | null) => (value === null ? null : new Date(value));

// The reads every request about one scenario makes are built once per database (drizzle would build their text
// anew on every call). They run on the database, never inside a transaction.
const statementsOf = new WeakMap<Database, ReturnType<typeof buildStatements>>();

function statements(db: Database) {
  let built = statementsOf.get(db);
  if (!built) {
    built = buildStatements(db);
    statementsOf.set(db, built);
  }
  return built;
}

function buildStatements(db: Database) {
  return {
    ...buildDetailsStatements(db),
    byName: db.select().from(scenariosTable).where(eq(scenariosTable.name, sql.placeholder('name'))).prepare('scenario_by_name'),
    labels: db
      .select({ label: scenarioLabels.label })
      .from(scenarioLabels)
      .where(eq(scenarioLabels.scenarioId, sql.placeholder('scenarioId')))
      .orderBy(asc(scenarioLabels.label))
      .prepare('scenario_labels'),
    fragments: db
      .select({ id: scenariosTable.id, name: scenariosTable.name, versionId: scenariosTable.latestVersionId })
      .from(scenariosTable)
      .where(and(eq(scenariosTable.processingType, sql.placeholder('processingType')), eq(scenariosTable.isFragment, true), eq(scenariosTable.isArchived, false)))
      .prepare('processing_type_fragments'),
    // One row (an aggregate): the reader's horizon and the marks at or above the previous one, from one snapshot.
    changesSince: db
      .select({
        horizon: CHANGE_HORIZON,
        scenarioIds: sql<number[] | null>`array_agg(${scenarioChangeMarks.scenarioId} order by ${scenarioChangeMarks.scenarioId})`,
        writers: sql<string[] | null>`array_agg(${scenarioChangeMarks.writerXid}::text order by ${scenarioChangeMarks.scenarioId})`,
      })
      .from(scenarioChangeMarks)
      .where(gte(scenarioChangeMarks.writerXid, sql.placeholder('since')))
      .prepare('scenario_changes_since'),
    // Written out: drizzle leaves a one-table query's columns unqualified, which inside the subqueries would name
    // their own tables' columns.
    forSave: db
      .select({
        row: scenariosTable,
        labels: sql<string[]>`array(select l.label from scenario_labels l where l.scenario_id = scenarios.id order by l.label)`,
        fragmentVersions: sql<string[]>`array(select ${FRAGMENT_KEY} ${fragmentsOfType(sql`scenarios.processing_type`)})`,
        mark: sql<string | null>`(select m.writer_xid::text from scenario_change_marks m where m.scenario_id = scenarios.id)`,
      })
      .from(scenariosTable)
      .where(eq(scenariosTable.name, sql.placeholder('name')))
      .prepare('scenario_for_save'),
  };
}

/** A fragment's key in SQL, `id:version:name` as `fragmentVersionKeys` writes it, of the fragments `f` (`fragmentsOfType`). */
export const FRAGMENT_KEY = sql.raw(`f.id || ':' || f.latest_version_id || ':' || f.name`);

/** The from and where of a subquery over a processing type's fragments that scenarios may use, as `f`. */
export function fragmentsOfType(processingType: SQL | AnyColumn): SQL {
  return sql`from scenarios f where f.processing_type = ${processingType} and f.is_fragment and not f.is_archived`;
}

/** A fragment's latest version, which scenarios validate against. */
export interface FragmentVersion {
  id: number;
  name: string;
  versionId: number;
}

/** The fragments' versions as validation results are keyed by them (`id:version:name`, sorted). */
export function fragmentVersionKeys(fragments: readonly FragmentVersion[]): string[] {
  return fragments.map((fragment) => `${fragment.id}:${fragment.versionId}:${fragment.name}`).sort();
}

/** A fragment version back from its key (`fragmentVersionKeys`); the name is the rest, colons and all. */
export function fragmentVersionOfKey(key: string): FragmentVersion {
  const first = key.indexOf(':');
  const second = key.indexOf(':', first + 1);
  return { id: Number(key.slice(0, first)), versionId: Number(key.slice(first + 1, second)), name: key.slice(second + 1) };
}

/**
 * What a save reads before it validates, in one statement. No texts: the latest version's and the fragments'
 * are usually kept by the server (the save before wrote them), and are read apart when they are not.
 */
export interface SaveFacts {
  row: ScenarioRow;
  labels: string[];
  /** `id:version:name` of the processing type's fragments, sorted (`fragmentVersionKeys`). */
  fragmentVersions: string[];
  /**
   * The writer of the scenario's last change as this read saw it (`scenario_change_marks`; null before its first
   * change since marking began): any later write of its row, versions, labels or actions marks another writer.
   */
  mark: string | null;
}

/** The scenario, its labels, its processing type's fragment versions and its change mark, in one statement. */
export async function loadSaveFacts(db: Database, name: string): Promise<SaveFacts | undefined> {
  const [found] = await statements(db).forSave.execute({ name });
  return found && { row: found.row, labels: found.labels, fragmentVersions: [...found.fragmentVersions].sort(), mark: found.mark };
}

/** The scenario called `name`, if any. */
export async function loadScenarioByName(db: Database, name: string): Promise<ScenarioRow | undefined> {
  const [row] = await statements(db).byName.execute({ name });
  return row;
}

/** The latest versions of the non-archived fragments of a processing type (without their texts). */
export function loadFragments(db: Database, processingType: string): Promise<FragmentVersion[]> {
  return statements(db).fragments.execute({ processingType });
}

// A scenario's details are read by one statement: of the latest version, or of a version asked for.
function buildDetailsStatements(db: Database) {
  const asked = alias(scenarioVersions, 'asked');
  const latest = alias(scenarioVersions, 'latest');
  const select = (askedVersion: SQL | AnyColumn) =>
    db
      .select({
        row: scenariosTable,
        askedVersionId: asked.versionId,
        askedCreatedAt: asked.createdAt,
        askedCreatedBy: asked.createdBy,
        askedModelVersion: asked.modelVersion,
        latestCreatedAt: latest.createdAt,
        latestCreatedBy: latest.createdBy,
        latestModelVersion: latest.modelVersion,
        labels: sql<string[]>`array(select ${scenarioLabels.label} from ${scenarioLabels} where ${scenarioLabels.scenarioId} = ${scenariosTable.id} order by ${scenarioLabels.label})`,
        actions: sql<ActionJson[] | null>`(select json_agg(json_build_object('id', a.id, 'versionId', a.version_id, 'actionName', a.action_name, 'state', a.state, 'user', a.user_name, 'createdAt', a.created_at, 'performedAt', a.performed_at, 'failureMessage', a.failure_message, 'comment', a.comment, 'buildInfo', a.build_info) order by a.created_at desc) from ${scenarioActions} a where a.scenario_id = ${scenariosTable.id})`,
        history: sql<HistoryJson[] | null>`(select json_agg(json_build_object('versionId', v.version_id, 'createdAt', v.created_at, 'createdBy', v.created_by, 'modelVersion', v.model_version) order by v.version_id desc) from ${scenarioVersions} v where v.scenario_id = ${scenariosTable.id})`,
        fragmentVersions: sql<string[]>`array(select ${FRAGMENT_KEY} ${fragmentsOfType(scenariosTable.processingType)})`,
      })
      .from(scenariosTable)
      .innerJoin(latest, and(eq(latest.scenarioId, scenariosTable.id), eq(latest.versionId, scenariosTable.latestVersionId)))
      .leftJoin(asked, and(eq(asked.scenarioId, scenariosTable.id), eq(asked.versionId, askedVersion)))
      .where(eq(scenariosTable.name, sql.placeholder('name')));
  return {
    latest: select(scenariosTable.latestVersionId).prepare('scenario_details_latest'),
    asked: select(sql`${sql.placeholder('versionId')}::integer`).prepare('scenario_details_asked'),
  };
}

/**
 * The scenario called `name` with the facts its details show: the asked-for and the latest version, labels,
 * actions, version history and the versions of its processing type's fragments. One statement, so a details
 * GET costs one round trip (and one parse of the driver's reply) instead of seven.
 */
export async function loadDetailsFacts(db: Database, name: string, versionId: number | undefined): Promise<DetailsFacts | undefined> {
  const details = statements(db);
  const [found] = versionId === undefined ? await details.latest.execute({ name }) : await details.asked.execute({ name, versionId });
  if (!found) return undefined;
  const { row } = found;
  const actions = (found.actions ?? []).map((action) =>
    toProcessAction({
      ...action,
      scenarioId: row.id,
      createdAt: new Date(action.createdAt),
      performedAt: isoOf(action.performedAt),
    }),
  );
  const latestFacts: VersionFacts = { versionId: row.latestVersionId, createdAt: found.latestCreatedAt, createdBy: found.latestCreatedBy, modelVersion: found.latestModelVersion };
  const version: VersionFacts | undefined =
    found.askedVersionId === null || found.askedCreatedAt === null || found.askedCreatedBy === null
      ? undefined
      : { versionId: found.askedVersionId, createdAt: found.askedCreatedAt, createdBy: found.askedCreatedBy, modelVersion: found.askedModelVersion };
  return {
    row,
    version,
    latest: latestFacts,
    facts: { labels: new Map([[row.id, found.labels]]), actions: new Map([[row.id, actions]]) },
    history: (found.history ?? []).map((entry) => historyEntry({ ...entry, createdAt: new Date(entry.createdAt) }, actions)),
    fragmentVersions: [...found.fragmentVersions].sort(),
  };
}

type ActionJson = Omit<ActionRow, 'scenarioId' | 'createdAt' | 'performedAt'> & { createdAt: string; performedAt: string | null };
type HistoryJson = { versionId: number; createdAt: string; createdBy: string; modelVersion: number | null };

/** A scenario's last committed write: the transaction that wrote it (`scenario_change_marks`). */
export interface ScenarioChange {
  scenarioId: number;
  writer: number;
}

/**
 * The reader's horizon now (`readChangeHorizon`) and the scenarios whose last write is at or above the horizon of
 * an earlier read (`since`), from one snapshot: what may have been written since that read.
 */
export async function readChangesSince(db: Database, since: number): Promise<{ horizon: number; changes: ScenarioChange[] }> {
  // Every list asks it: built once (`statements`).
  const [row] = await statements(db).changesSince.execute({ since });
  const ids = row?.scenarioIds ?? [];
  const writers = row?.writers ?? [];
  return { horizon: Number(row!.horizon), changes: ids.map((scenarioId, index) => ({ scenarioId, writer: Number(writers[index]) })) };
}

/** A scenario as a list shows it: the row, its latest version's facts and its labels. */
export interface ListRow {
  scenario: ScenarioRow;
  latest: VersionFacts;
  labels: string[];
}

/** The ids and names of at most `limit` scenarios in the order of names, after the name `after` (from the first when undefined). */
export function loadNamePage(db: Queryable, after: string | undefined, limit: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: scenariosTable.id, name: scenariosTable.name })
    .from(scenariosTable)
    .where(after === undefined ? undefined : gt(scenariosTable.name, after))
    .orderBy(scenariosTable.name)
    .limit(limit);
}

/**
 * Which scenarios `loadListRows` reads: those of `ids`. When they are a page of `loadNamePage`, `names` is its
 * range, and the scenarios are read along the names' index: asked by a thousand ids out of a hundred thousand,
 * PostgreSQL scans them all.
 */
export interface ListSelection {
  ids: number[];
  names?: { after: string | undefined; last: string };
}

/** The selected scenarios with their latest versions' facts and labels, by name. */
export async function loadListRows(db: Queryable, { ids: scenarioIds, names }: ListSelection): Promise<ListRow[]> {
  if (scenarioIds.length === 0) return [];
  // Labels aggregated in one pass and joined: a subquery per listed row was most of the list's time in the
  // embedded database (a sort and an index scan for each of 1,000 rows).
  const labelLists = db
    .select({ scenarioId: scenarioLabels.scenarioId, labels: sql<string[]>`array_agg(${scenarioLabels.label} order by ${scenarioLabels.label})`.as('labels') })
    .from(scenarioLabels)
    .where(inIds(scenarioLabels.scenarioId, scenarioIds))
    .groupBy(scenarioLabels.scenarioId)
    .as('label_lists');
  const rows = await db
    .select({
      scenario: scenariosTable,
      versionId: scenarioVersions.versionId,
      createdAt: scenarioVersions.createdAt,
      createdBy: scenarioVersions.createdBy,
      modelVersion: scenarioVersions.modelVersion,
      labels: sql<string[]>`coalesce(${labelLists.labels}, '{}'::text[])`,
    })
    .from(scenariosTable)
    .innerJoin(scenarioVersions, and(eq(scenarioVersions.scenarioId, scenariosTable.id), eq(scenarioVersions.versionId, scenariosTable.latestVersionId)))
    .leftJoin(labelLists, eq(labelLists.scenarioId, scenariosTable.id))
    .where(
      names
        ? and(names.after === undefined ? undefined : gt(scenariosTable.name, names.after), lte(scenariosTable.name, names.last))
        : inIds(scenariosTable.id, scenarioIds),
    )
    .orderBy(scenariosTable.name);
  return rows.map(({ scenario, labels, ...latest }) => ({ scenario, latest, labels }));
}

/** The stored texts of the given versions, by scenario id (a version gone with its scenario is left out). */
export async function loadVersionTexts(db: Queryable, versions: { scenarioId: number; versionId: number }[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  if (versions.length === 0) return texts;
  const scenarioIds = intArray(versions.map((version) => version.scenarioId));
  const versionIds = intArray(versions.map((version) => version.versionId));
  const rows = await db
    .select({ scenarioId: scenarioVersions.scenarioId, canonicalJson: scenarioVersions.canonicalJson })
    .from(scenarioVersions)
    .where(sql`(${scenarioVersions.scenarioId}, ${scenarioVersions.versionId}) in (select * from unnest(${scenarioIds}, ${versionIds}))`);
  for (const row of rows) texts.set(row.scenarioId, row.canonicalJson);
  return texts;
}
