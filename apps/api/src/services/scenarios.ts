import { CRON_PROPERTY } from '@scenaria/components';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type {
  CreateScenarioRequest,
  CreateScenarioResponse,
  ImportScenarioResponse,
  ProcessAction,
  ProcessState,
  ScenarioVersion,
  ScenarioWithDetails,
  UpdateScenarioResponse,
} from '@scenaria/api-contract';
import {
  canonicalFormProblems,
  fromCanonical,
  inspectJsonText,
  MAX_JSON_DEPTH,
  newScenarioProperties,
  kindOfMetaDataType,
  scenarioGraphText,
  toCanonical,
  upgradeScenario,
  validateScenarioName,
} from '@scenaria/graph';
import type { CanonicalProcess, ScenarioGraph } from '@scenaria/graph';
import { saveBlockingErrors } from '@scenaria/validation';
import { categoriesWith, hasPermission, impersonationColumns } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import { rowsOf } from '../db/database';
import type { Transaction } from '../db/database';
import { scenarioActions, scenarioActivities, scenarioLabels, scenarioVersions, scenarios } from '../db/schema';
import { badInput, badRequest, conflict, forbidden, notFound } from '../errors';
import type { PostedSaveBody, PostedVersion, ServiceContext, StoredScenarioText, ValidatedScenario } from './context';
import { FreshSharedRun } from './fresh-shared-run';
import { JsonArrayBytes, jsonArrayChunks, jsonBytes, SLICE_LENGTH } from './json';
import type { JsonPieces } from './json';
import { listPredicate, ScenarioListMirror } from './list-mirror';
import type { MirroredScenario, MirrorView, ScenarioListFilter } from './list-mirror';
import { SaveFactsCache } from './save-facts-cache';
import { labelsRefusal, labelsToValidate, parseSaveBody, unstorableRefusal } from './save-body';
import { SizedLru } from './sized-lru';
import { canonicalText, contentKeyOf, graphJson, parseStored, StoredGraphCache, storedGraphOf, storedGraphWithText, versionTextOf } from './stored-graphs';
import type { StoredGraph, VersionText } from './stored-graphs';
import { defaultSlices } from './thread-slices';
import type { SlicesFactory } from './thread-slices';
import { ValidationCache } from './validation-cache';
import type { ValidationKey } from './validation-cache';
import {
  FRAGMENT_KEY,
  fragmentsOfType,
  fragmentVersionKeys,
  fragmentVersionOfKey,
  loadDetailsFacts,
  loadFragments,
  loadLabels,
  loadSaveFacts,
  loadScenarioByName,
  loadHistory,
  loadRecordFacts,
  loadVersion,
  loadVersionTexts,
  processingInfo,
  stateFor,
  toRecord,
} from './scenario-records';
import type { FragmentVersion, SaveFacts, ScenarioRow } from './scenario-records';

export type { ScenarioListFilter } from './list-mirror';

/** The fragments of a processing type as a validation needs them. */
interface FragmentsOfType {
  versions: Promise<string[]>;
  graphs: () => Promise<Record<string, ScenarioGraph>>;
}

/**
 * How a change is recorded when it is not a plain edit: a migration names the version's author as the source
 * environment sent it (Nussknacker takes it without the Impersonate right), and a save writes its own activity.
 */
export interface ChangeRecording {
  author: string;
  activity?: { type: 'INCOMING_MIGRATION'; user: string; additionalFields: { name: string; value: string }[] };
}

/** What a save brings. */
export interface SaveRequest {
  scenarioGraph: ScenarioGraph;
  comment?: string | null | undefined;
  scenarioLabels?: string[] | undefined;
}

/**
 * A save's request as the save holds it: the graph until the validation worker has made it the version's text
 * (`version`), which any later attempt of the same save uses instead.
 */
interface PostedSave extends Omit<SaveRequest, 'scenarioGraph'> {
  scenarioGraph: ScenarioGraph | undefined;
  /** The body's JSON text, until the validation worker has parsed it (its fields are then here). */
  bodyJson?: string;
  forwardedUserName?: string | undefined;
  version?: VersionText;
}

// The graph is let go only once the version's text stands for it, so every path that still needs it has it.
function requiredGraph(posted: PostedSave): ScenarioGraph {
  if (!posted.scenarioGraph) throw new Error('A save needed its graph after the version text stood for it');
  return posted.scenarioGraph;
}

/** A record as served: no null fields (rest-api.md, conventions), except inside the graph, which keeps its own. */
// The reference's record fields in its order; its Option fields are written as null when unset, never left out.
const RECORD_FIELDS = [
  'name',
  'processId',
  'processVersionId',
  'isLatestVersion',
  'description',
  'isArchived',
  'isFragment',
  'processingType',
  'processCategory',
  'processingMode',
  'engineSetupName',
  'modificationDate',
  'modifiedAt',
  'modifiedBy',
  'createdAt',
  'createdBy',
  'labels',
  'lastDeployedAction',
  'lastStateAction',
  'lastAction',
  'scenarioGraph',
  'validationResult',
  'history',
  'modelVersion',
  'state',
] as const;

function recordJson(record: ScenarioWithDetails): ScenarioWithDetails {
  const json: Record<string, unknown> = {};
  for (const key of RECORD_FIELDS) json[key] = record[key] ?? null;
  if (record.scenarioGraph) json.scenarioGraph = graphJson(record.scenarioGraph);
  return json as ScenarioWithDetails;
}

/** JSON written once elsewhere (the caches'), embedded in a record's text as it is: a text, or UTF-8 bytes. */
interface EmbeddedJson {
  scenarioGraph?: string | undefined;
  validationResult?: Uint8Array | undefined;
}

// `"key":value` for each of `keys`, comma-separated, with the graph's text taken as written when given.
function recordFieldsText(record: ScenarioWithDetails, keys: readonly (typeof RECORD_FIELDS)[number][], scenarioGraph: string | undefined): string {
  return keys
    .map((key) => {
      const graphText = key === 'scenarioGraph' ? (scenarioGraph ?? (record.scenarioGraph ? scenarioGraphText(record.scenarioGraph) : undefined)) : undefined;
      return `${JSON.stringify(key)}:${graphText ?? JSON.stringify(record[key] ?? null)}`;
    })
    .join(',');
}

/** `recordJson` as text, in the same field order, with the graph's text taken as written. */
function recordJsonText(record: ScenarioWithDetails, scenarioGraph?: string): string {
  return `{${recordFieldsText(record, RECORD_FIELDS, scenarioGraph)}}`;
}

const VALIDATION_RESULT_AT = RECORD_FIELDS.indexOf('validationResult');

/** `recordJsonText` with `embedded` taken as written: in pieces when the validation result is embedded as its bytes. */
function recordJsonPieces(record: ScenarioWithDetails, embedded: EmbeddedJson): string | JsonPieces {
  if (!embedded.validationResult) return recordJsonText(record, embedded.scenarioGraph);
  const before = recordFieldsText(record, RECORD_FIELDS.slice(0, VALIDATION_RESULT_AT), embedded.scenarioGraph);
  const after = recordFieldsText(record, RECORD_FIELDS.slice(VALIDATION_RESULT_AT + 1), embedded.scenarioGraph);
  return [`{${before},"validationResult":`, embedded.validationResult, `,${after}}`];
}

// The state is the last of a record's fields: a record's text without one ends so, and a state replaces the null.
const NO_STATE_TAIL = '"state":null}';
if (RECORD_FIELDS.at(-1) !== 'state') throw new Error('A record text must end with its state');

// A frozen state is one shared by many scenarios (the idle state of a manager, `DeploymentManagers.stateOf`) and
// never changes: a list writes its JSON once, not once per scenario.
const frozenStateJson = new WeakMap<ProcessState, string>();

function stateJson(state: ProcessState): string {
  if (!Object.isFrozen(state)) return JSON.stringify(state);
  let json = frozenStateJson.get(state);
  if (json === undefined) frozenStateJson.set(state, (json = JSON.stringify(state)));
  return json;
}

/** A record's text without a state (`recordJsonText`) with `state` in its place. */
function withStateText(text: string, state: ProcessState | undefined): string {
  if (!state) return text;
  if (!text.endsWith(NO_STATE_TAIL)) throw new Error('withStateText: the text has a state already');
  return `${text.slice(0, -'null}'.length)}${stateJson(state)}}`;
}

/** What a stored version's validation is asked with. */
type StoredValidation = [row: ScenarioRow, versionId: number, stored: StoredGraph, labels: string[], skipNodeResults: boolean, fragmentsOfType?: FragmentsOfType];

/** How a list is asked for. */
interface ListOptions {
  withGraph: boolean;
  withState: boolean;
  validate?: { skipNodeResults: boolean };
}

/** A listed scenario before its state: as mirrored, or with its graph (and validation) for lists that show them. */
interface ListEntry extends MirroredScenario {
  stored?: StoredGraph;
  validation?: ValidatedScenario;
}

/** A list's text and what it was computed from. */
interface ListText {
  /** The answer as sent: UTF-8 bytes, encoded once (a large text is encoded again by every write of it). */
  bytes: Uint8Array<ArrayBuffer>;
  /** The records it was written from, whose states are computed again when only those are due (lists with states). */
  entries?: ListEntry[];
  seq: number;
  generation: number;
  statesVersion: number | undefined;
  statesValidUntil: number;
}

// Lists differ by user scope and filter; a few dozen cover the designer's screens.
const MAX_LISTS_KEPT = 16;
const MAX_LIST_BYTES_KEPT = 64 * 2 ** 20;
// Lists with graphs read and validate this many scenarios at a time: a list of every scenario holds one page of
// graphs, not all of them (45 kB each with their validation in the bench, 4.5 GB at 100,000 scenarios).
const GRAPH_LIST_PAGE = 100;

/** Whether what was kept of a list came from the same view as `view`. */
function readAs<T extends { seq: number; generation: number }>(kept: T | undefined, view: MirrorView): kept is T {
  return kept !== undefined && kept.seq === view.seq && kept.generation === view.generation;
}

/**
 * A list with graphs found over the kept size while it was read: what was written of it and the pages still to
 * read, for one request to stream on from there (`take`), so its first reader does not read it twice.
 */
class ListContinuation {
  #rest: { encoded: Buffer[]; pages: AsyncGenerator<(string | JsonPieces)[]> } | undefined;

  constructor(encoded: Buffer[], pages: AsyncGenerator<(string | JsonPieces)[]>) {
    this.#rest = { encoded, pages };
  }

  /** The list's chunks, for the first caller only. */
  take(): AsyncIterable<Uint8Array> | undefined {
    const rest = this.#rest;
    this.#rest = undefined;
    return rest && jsonArrayChunks(rest.pages, rest.encoded);
  }
}

/** How much of the lists the server holds in memory. */
export interface ListLimits {
  /** List answers up to this many bytes are kept and shared; a larger list with graphs is streamed (64 MB). */
  listBytesKept?: number;
  /** Lists with graphs read and validate this many scenarios at a time (100). */
  graphListPage?: number;
}

/** How a scenario's details are asked for. */
interface DetailsOptions {
  versionId?: number | undefined;
  skipValidate?: boolean | undefined;
  skipNodeResults?: boolean | undefined;
}

// Whether a save writes a version: the latest one (its content key, `contentKeyOf`) differs, or there is none.
function isNewVersionOf(latestKey: string | undefined, version: { contentKey: string }): boolean {
  return latestKey === undefined || latestKey !== version.contentKey;
}

/** The activity a save records: a new version, or a comment on the same one; nothing otherwise. */
function modifiedActivity<Time extends Date | string>(
  user: AuthenticatedUser,
  userName: string,
  scenarioId: number,
  versionId: number,
  isNewVersion: boolean,
  comment: string | undefined,
  now: Time,
) {
  if (!isNewVersion && !comment) return undefined;
  return {
    scenarioId,
    type: 'SCENARIO_MODIFIED',
    user: userName,
    ...impersonationColumns(user),
    date: now,
    scenarioVersionId: versionId,
    comment: comment ?? null,
    lastModifiedBy: comment ? userName : null,
    lastModifiedAt: comment ? now : null,
  };
}

function withName(canonicalJson: string, name: string): CanonicalProcess {
  const canonical = parseStored(canonicalJson);
  return { ...canonical, metaData: { ...canonical.metaData, id: name } };
}

// Recording a change under another user's name is impersonation: it needs that right on the category.
function actingName(user: AuthenticatedUser, category: string, forwardedUserName: string | undefined): string {
  if (forwardedUserName === undefined || forwardedUserName === user.username) return user.username;
  if (!hasPermission(user, category, 'Impersonate')) throw forbidden(`Acting as ${forwardedUserName} needs the Impersonate permission on ${category}`);
  return forwardedUserName;
}

function nameProblems(name: string): string | undefined {
  const issues = validateScenarioName(name);
  return issues.length > 0 ? issues.map((issue) => issue.message).join('; ') : undefined;
}

/**
 * The part of a save's guarded write that checks the facts it started from (`SaveFacts`) are still current: the
 * scenario's name and change mark (every write of its row, versions, labels or actions marks a new writer) and
 * its processing type's fragments (the `fragments` part of the statement, compared as sets: JSON containment
 * both ways). Its values are the placeholders `name`, `mark` and `fragments`.
 */
function saveFactsGuard(): SQL {
  const fragments = sql`${sql.placeholder('fragments')}::jsonb`;
  return sql`name = ${sql.placeholder('name')}::text and (select m.writer_xid from scenario_change_marks m where m.scenario_id = scenarios.id) is not distinct from ${sql.placeholder('mark')}::bigint and (select keys from fragments) @> ${fragments} and ${fragments} @> (select keys from fragments)`;
}

/** Which parts a save's guarded write has besides its guard: each combination is one statement, prepared once. */
interface GuardedWriteShape {
  newVersion: boolean;
  activity: boolean;
  labels: boolean;
}

/**
 * The guarded write of `#writeIfUnchanged` with placeholders for its values: building it costs more of the
 * server's thread than the rest of a save's statement handling, and its text is the same for every save of a
 * shape. Every part reads the guard: when it updated no row, nothing else is written either. Placeholders in
 * select lists are cast: PostgreSQL does not infer their types from the columns they are inserted into. Labels
 * are one JSON array, whatever their number and characters.
 */
function guardedWriteStatement(shape: GuardedWriteShape): SQL {
  const value = (name: string) => sql.placeholder(name);
  const parts: SQL[] = [
    sql`fragments as (select coalesce(jsonb_agg(${FRAGMENT_KEY}), '[]'::jsonb) as keys ${fragmentsOfType(sql`${value('processingType')}::text`)})`,
    sql`guard as (update scenarios set latest_version_id = ${value('versionId')}::integer where id = ${value('scenarioId')}::integer and latest_version_id = ${value('expected')}::integer and not is_archived and ${saveFactsGuard()} returning id)`,
  ];
  if (shape.newVersion) {
    parts.push(sql`new_version as (insert into scenario_versions (scenario_id, version_id, canonical_json, created_at, created_by) select id, ${value('versionId')}::integer, ${value('newJson')}::text, ${value('now')}::timestamptz, ${value('userName')}::text from guard)`);
  }
  if (shape.activity) {
    parts.push(
      sql`new_activity as (insert into scenario_activities (scenario_id, type, user_name, impersonated_by_identity, impersonated_by_username, created_at, scenario_version_id, comment, last_modified_by, last_modified_at) select id, ${value('activityType')}::text, ${value('activityUser')}::text, ${value('impersonatedByIdentity')}::text, ${value('impersonatedByUsername')}::text, ${value('activityDate')}::timestamptz, ${value('activityVersionId')}::integer, ${value('comment')}::text, ${value('lastModifiedBy')}::text, ${value('lastModifiedAt')}::timestamptz from guard)`,
    );
  }
  if (shape.labels) {
    const labels = sql`(select jsonb_array_elements_text(${value('labels')}::jsonb))`;
    parts.push(sql`old_labels as (delete from scenario_labels where scenario_id = ${value('scenarioId')}::integer and exists (select 1 from guard) and label not in ${labels})`);
    parts.push(sql`new_labels as (insert into scenario_labels (scenario_id, label) select guard.id, given.label from guard, ${labels} as given(label) on conflict do nothing)`);
  }
  return sql`with ${sql.join(parts, sql`, `)} select id, pg_current_xact_id()::text as writer from guard`;
}

const guardedWriteDialect = new PgDialect();

/** Scenarios: create, read, list, save (versions), rename, archive, delete, import and export. */
export class ScenarioService {
  /** Results of validating stored versions: a details GET of an unchanged scenario does not validate again. */
  private readonly validationCache = new ValidationCache();
  private readonly sharedLists = new FreshSharedRun<Uint8Array<ArrayBuffer>>();
  // A list over the kept size is streamed (`listWithGraphsJson`): undefined when known to be so before it was read.
  private readonly sharedGraphLists = new FreshSharedRun<Uint8Array<ArrayBuffer> | ListContinuation | undefined>();
  /** Lists with graphs found too large to keep, as of which read: asked again unchanged, they are streamed at once. */
  readonly #hugeLists = new SizedLru<{ seq: number; generation: number }>(() => 1, MAX_LISTS_KEPT);
  /**
   * The last text of each list asked for, served again while no scenario, version, label or action was
   * written since (`scenario_change_marks`), the configuration is the same, and, for lists with states, the
   * engine's answers are within their cache period.
   */
  readonly #listTexts: SizedLru<ListText>;
  /** Graphs of stored versions as served. */
  private readonly storedGraphs = new StoredGraphCache();
  /** What each scenario's last save knew, so that its next save starts without a read. */
  readonly #saveFacts = new SaveFactsCache();
  /** The guarded writes of saves, prepared once per shape (`guardedWriteStatement`). */
  readonly #guardedWrites = new Map<string, PgPreparedQuery<PreparedQueryConfig>>();
  /** Every scenario as lists show it, read again only where written. */
  readonly #mirror: ScenarioListMirror;

  /** Slices of the loops over every listed scenario, between which the server answers other requests. */
  readonly #slices: SlicesFactory;

  /** The largest list answer kept; a larger list with graphs is streamed. */
  readonly #listBytesKept: number;
  readonly #graphListPage: number;

  constructor(
    private readonly context: ServiceContext,
    options: { slices?: SlicesFactory; mirrorPageRows?: number } & ListLimits = {},
  ) {
    this.#mirror = new ScenarioListMirror(context.db, context.config, options.mirrorPageRows);
    this.#slices = options.slices ?? defaultSlices;
    this.#listBytesKept = options.listBytesKept ?? MAX_LIST_BYTES_KEPT;
    this.#graphListPage = Math.max(1, options.graphListPage ?? GRAPH_LIST_PAGE);
    this.#listTexts = new SizedLru<ListText>((list) => list.bytes.byteLength, this.#listBytesKept, MAX_LISTS_KEPT);
  }

  private get db() {
    return this.context.db;
  }

  /** The scenario row, 404 when missing, 403 when the user lacks `permission` on its category. */
  async requireScenario(user: AuthenticatedUser, name: string, permission: 'Read' | 'Write' | 'Deploy'): Promise<ScenarioRow> {
    const row = await loadScenarioByName(this.db, name);
    if (!row) throw notFound(`Scenario ${name} not found`);
    if (!hasPermission(user, row.category, permission)) throw forbidden();
    return row;
  }

  private async lockScenario(tx: Transaction, id: number): Promise<ScenarioRow> {
    const [row] = await tx.select().from(scenarios).where(eq(scenarios.id, id)).for('update');
    if (!row) throw notFound('Scenario was deleted meanwhile');
    return row;
  }

  /**
   * The row locked for a save, with its latest version's text in the same statement. When the lock waited for
   * another save, Postgres re-reads the row but runs the subqueries in the statement's older snapshot: the
   * version they find is then not the row's latest (or none), and the text is read again.
   */
  async #lockWithLatest(tx: Transaction, id: number): Promise<{ locked: ScenarioRow; latestJson: string | undefined }> {
    // Written out: drizzle leaves a one-table query's columns unqualified, which inside the subquery would name
    // the version's own columns.
    const latest = (column: 'version_id' | 'canonical_json') =>
      sql`(select v.${sql.raw(column)} from scenario_versions v where v.scenario_id = scenarios.id and v.version_id = scenarios.latest_version_id)`;
    const [found] = await tx
      .select({ row: scenarios, latestVersionId: latest('version_id').mapWith(Number), latestJson: latest('canonical_json').mapWith(String) })
      .from(scenarios)
      .where(eq(scenarios.id, id))
      .for('update');
    if (!found) throw notFound('Scenario was deleted meanwhile');
    const locked = found.row;
    if (found.latestVersionId === locked.latestVersionId && found.latestJson !== null) return { locked, latestJson: found.latestJson };
    return { locked, latestJson: (await loadVersion(tx, locked.id, locked.latestVersionId))?.canonicalJson };
  }

  /** The processing type for a new scenario, inferred from whatever part of (category, mode, engine) is given. */
  resolveProcessingType(user: AuthenticatedUser, request: CreateScenarioRequest): { processingType: string; category: string } {
    const config = this.context.config;
    const candidates = Object.entries(config.current.processingTypes).filter(([name, type]) => {
      const info = processingInfo(config, name);
      return (
        (request.category === undefined || type.category === request.category) &&
        (request.processingMode === undefined || info.processingMode === request.processingMode) &&
        (request.engineSetupName === undefined || type.engineSetupName === request.engineSetupName)
      );
    });
    if (candidates.length === 0) {
      throw badRequest('No processing type matches the given category, processing mode and engine setup', ['category']);
    }
    const writable = candidates.filter(([, type]) => hasPermission(user, type.category, 'Write'));
    if (writable.length === 0) throw forbidden();
    if (writable.length > 1) {
      throw badRequest(
        `Ambiguous scenario parameters: give a category (one of ${[...new Set(writable.map(([, type]) => type.category))].join(', ')})`,
        ['category'],
      );
    }
    const [processingType, type] = writable[0]!;
    return { processingType, category: type.category };
  }

  private initialGraph(processingType: string, isFragment: boolean): ScenarioGraph {
    const config = this.context.config;
    const kind = isFragment ? 'fragment' : (config.processingType(processingType)?.kind ?? 'streaming');
    // A batch scenario is a StreamMetaData one (the original's batch is its streaming engine's bounded mode) with a schedule.
    const properties = newScenarioProperties(kind === 'batch' ? 'streaming' : kind, config.current.scenarioPropertiesConfig);
    if (kind === 'batch') properties.additionalFields.properties = { ...properties.additionalFields.properties, [CRON_PROPERTY]: '' };
    return { properties, nodes: [], edges: [] };
  }

  /** Creates a scenario or fragment with version 1 (an empty graph) and a SCENARIO_CREATED activity. */
  async create(user: AuthenticatedUser, request: CreateScenarioRequest, graph?: ScenarioGraph, recording?: ChangeRecording): Promise<CreateScenarioResponse> {
    const prepared = this.prepareCreate(user, request, graph, recording);
    return this.db.transaction((tx) => this.insertScenario(tx, user, prepared));
  }

  // Everything a create checks before it writes: the name, the processing type, who is recorded as its author.
  private prepareCreate(user: AuthenticatedUser, request: CreateScenarioRequest, graph: ScenarioGraph | undefined, recording: ChangeRecording | undefined) {
    const problem = nameProblems(request.name);
    if (problem) throw badRequest(`Invalid scenario name: ${problem}`, ['name']);
    const { processingType, category } = this.resolveProcessingType(user, request);
    const initial = graph ?? this.initialGraph(processingType, request.isFragment);
    const createdBy = recording?.author ?? actingName(user, category, request.forwardedUserName);
    return { name: request.name, isFragment: request.isFragment, processingType, category, initial, createdBy };
  }

  private async insertScenario(tx: Transaction, user: AuthenticatedUser, prepared: ReturnType<ScenarioService['prepareCreate']>): Promise<CreateScenarioResponse> {
    const now = this.context.now();
    const inserted = await tx
      .insert(scenarios)
      .values({
        name: prepared.name,
        isFragment: prepared.isFragment,
        processingType: prepared.processingType,
        category: prepared.category,
        latestVersionId: 1,
        createdAt: now,
        createdBy: prepared.createdBy,
      })
      .onConflictDoNothing({ target: scenarios.name })
      .returning({ id: scenarios.id });
    const created = inserted[0];
    if (!created) throw badRequest(`Scenario ${prepared.name} already exists`, ['name']);
    await tx.insert(scenarioVersions).values({
      scenarioId: created.id,
      versionId: 1,
      canonicalJson: canonicalText(prepared.initial, prepared.name),
      createdAt: now,
      createdBy: prepared.createdBy,
    });
    await tx.insert(scenarioActivities).values({
      scenarioId: created.id,
      type: 'SCENARIO_CREATED',
      user: prepared.createdBy,
      ...impersonationColumns(user),
      date: now,
      scenarioVersionId: 1,
    });
    return { id: created.id, versionId: 1, processName: prepared.name };
  }

  /**
   * A migrated graph: creates the scenario when `create` is given, then saves the graph as its next version,
   * both in one transaction, so a save that fails leaves no empty scenario behind. The caller has checked the
   * rights and validated the graph.
   */
  async saveMigrated(
    user: AuthenticatedUser,
    create: CreateScenarioRequest | undefined,
    request: SaveRequest & { name: string },
    recording: ChangeRecording,
  ): Promise<{ versionId: number }> {
    const creating = create ? this.prepareCreate(user, create, undefined, recording) : undefined;
    const version = this.prepareVersion(request.name, request);
    const result = await this.db.transaction(async (tx) => {
      let scenarioId: number;
      if (creating) scenarioId = (await this.insertScenario(tx, user, creating)).id;
      else {
        const [row] = await tx.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, request.name));
        if (!row) throw notFound(`Scenario ${request.name} not found`);
        scenarioId = row.id;
      }
      return { scenarioId, ...(await this.writeVersion(tx, user, scenarioId, version, recording.author, recording)) };
    });
    this.validationCache.forget(result.scenarioId);
    return { versionId: result.versionId };
  }

  // The categories a list shows the user; what a list depends on of the user.
  #listScope(user: AuthenticatedUser, filter: ScenarioListFilter): string[] {
    const readable = categoriesWith(user, 'Read');
    if (!user.isAdmin) {
      // Lists need Read somewhere; asking for a category one cannot read is refused rather than silently emptied.
      if (readable.length === 0) throw forbidden('No Read permission on any category');
      const denied = (filter.categories ?? []).filter((category) => !readable.includes(category));
      if (denied.length > 0) throw forbidden(`No Read permission on categories: ${denied.join(', ')}`);
    }
    return filter.categories ? readable.filter((category) => filter.categories!.includes(category)) : readable;
  }

  /**
   * A list without graphs as JSON (its UTF-8 bytes), written once and shared by identical lists requested while it
   * is read (each still from a read that started after it arrived: `FreshSharedRun`).
   */
  async listJson(user: AuthenticatedUser, filter: ScenarioListFilter, options: { withState: boolean }): Promise<Uint8Array<ArrayBuffer>> {
    const scope = this.#listScope(user, filter);
    const key = JSON.stringify([user.isAdmin, [...scope].sort(), filter, options]);
    return this.sharedLists.run(key, async () => {
      const view = await this.#mirror.current();
      const { seq, generation } = view;
      const freshness = this.context.stateFreshness;
      const statesVersion = freshness?.().version;
      const cached = this.#listTexts.get(key);
      const unchanged = readAs(cached, view);
      if (unchanged && (!options.withState || (cached.statesVersion === statesVersion && Date.now() < cached.statesValidUntil))) return cached.bytes;
      // Only the states are due: the records are as they were, so only the states are computed again.
      const entries: ListEntry[] = (unchanged ? cached.entries : undefined) ?? this.#listed(view, user, scope, filter);
      const startedAt = Date.now();
      const answer = new JsonArrayBytes();
      const slices = this.#slices();
      // States written by an earlier list are served again while the answers they came from are: after a
      // hundred saves a list computes a hundred states, not all of them.
      let reusedUntil = Number.POSITIVE_INFINITY;
      const computed: { entry: ListEntry; text: string }[] = [];
      for (const entry of entries) {
        if (slices.due() || answer.pendingLength > SLICE_LENGTH) {
          answer.endSlice();
          await slices.pause();
        }
        entry.text ??= recordJsonText(entry.record);
        if (!options.withState) {
          answer.push(entry.text);
          continue;
        }
        const earlier = entry.withState;
        if (earlier && earlier.version === statesVersion && startedAt < earlier.validUntil) {
          reusedUntil = Math.min(reusedUntil, earlier.validUntil);
          answer.push(earlier.text);
          continue;
        }
        const text = withStateText(entry.text, await stateFor(this.context.stateOf, entry.row, entry.facts, { bulk: true }));
        computed.push({ entry, text });
        answer.push(text);
      }
      const bytes = await answer.bytes(() => slices.pause());
      // Asked after the states: they came from answers cached until then at the latest.
      const computedUntil = options.withState ? (freshness?.(startedAt).validUntil ?? 0) : Number.POSITIVE_INFINITY;
      for (const { entry, text } of computed) entry.withState = { text, version: statesVersion, validUntil: computedUntil };
      const statesValidUntil = Math.min(computedUntil, reusedUntil);
      this.#listTexts.set(key, { bytes, entries, seq, generation, statesVersion, statesValidUntil });
      return bytes;
    });
  }

  /**
   * A list with graphs (and validation results unless `validate` is left out) as JSON: its UTF-8 bytes, written
   * once and shared as `listJson`'s are, or, when it is larger than a list is kept (`ListLimits`), its
   * chunks, a page of scenarios at a time, read for this request as its client takes them.
   */
  async listWithGraphsJson(
    user: AuthenticatedUser,
    filter: ScenarioListFilter,
    options: { validate?: { skipNodeResults: boolean } },
  ): Promise<Uint8Array<ArrayBuffer> | AsyncIterable<Uint8Array>> {
    const scope = this.#listScope(user, filter);
    const key = JSON.stringify([user.isAdmin, [...scope].sort(), filter, { withGraph: true, ...options }]);
    const kept = await this.sharedGraphLists.run(key, async () => {
      const view = await this.#mirror.current();
      const { seq, generation } = view;
      const cached = this.#listTexts.get(key);
      if (readAs(cached, view)) return cached.bytes;
      if (readAs(this.#hugeLists.get(key), view)) return undefined;
      const answer = new JsonArrayBytes();
      const pages = this.#graphRecordTexts(this.#listed(view, user, scope, filter), options);
      for (let page = await pages.next(); !page.done; page = await pages.next()) {
        for (const text of page.value) answer.push(text);
        answer.endSlice();
        if (answer.byteLength > this.#listBytesKept) {
          this.#hugeLists.set(key, { seq, generation });
          // The request that takes it first streams on from here; any other sharing this run reads its own.
          return new ListContinuation(answer.takeSlices(), pages);
        }
      }
      const slices = this.#slices();
      const bytes = await answer.bytes(() => slices.pause());
      this.#listTexts.set(key, { bytes, seq, generation, statesVersion: undefined, statesValidUntil: 0 });
      return bytes;
    });
    if (kept instanceof Uint8Array) return kept;
    const continued = kept?.take();
    if (continued) return continued;
    // Each request reads its own pages: one stream shared by many would hold its pages for the slowest reader.
    const view = await this.#mirror.current();
    return jsonArrayChunks(this.#graphRecordTexts(this.#listed(view, user, scope, filter), options));
  }

  /** Scenario records the user may read, filtered as the list query says. */
  async list(user: AuthenticatedUser, filter: ScenarioListFilter, options: ListOptions): Promise<ScenarioWithDetails[]> {
    const records: ScenarioWithDetails[] = [];
    for await (const page of this.listPages(user, filter, options)) for (const record of page) records.push(record);
    return records;
  }

  /**
   * `list`'s records a page at a time: with graphs, a page's graphs are read and validated when it is asked for,
   * so a caller that keeps only what it needs of each record holds one page of graphs at a time.
   */
  async *listPages(user: AuthenticatedUser, filter: ScenarioListFilter, options: ListOptions): AsyncGenerator<ScenarioWithDetails[]> {
    const scope = this.#listScope(user, filter);
    const listed = this.#listed(await this.#mirror.current(), user, scope, filter);
    const slices = this.#slices();
    const pages: AsyncIterable<ListEntry[]> | ListEntry[][] = options.withGraph ? this.#graphEntryPages(listed, options) : [listed];
    for await (const entries of pages) {
      const records: ScenarioWithDetails[] = [];
      for (const entry of entries) {
        if (slices.due()) await slices.pause();
        const record: ScenarioWithDetails = { ...entry.record };
        if (entry.stored) record.scenarioGraph = entry.stored.graph;
        if (entry.validation) record.validationResult = entry.validation.result();
        if (options.withState) {
          const state = await stateFor(this.context.stateOf, entry.row, entry.facts, { bulk: true });
          if (state) record.state = state;
        }
        records.push(recordJson(record));
      }
      yield records;
    }
  }

  /** The records of `view` the user may read (`scope` is the user's `#listScope`) that the filter lets through. */
  #listed(view: MirrorView, user: AuthenticatedUser, scope: string[], filter: ScenarioListFilter): MirroredScenario[] {
    return view.scenarios.filter(listPredicate(filter, user.isAdmin ? filter.categories : scope));
  }

  /** The texts of `listed` with their graphs (and validation results when asked), a page at a time. */
  async *#graphRecordTexts(listed: MirroredScenario[], options: { validate?: { skipNodeResults: boolean } }): AsyncGenerator<(string | JsonPieces)[]> {
    const slices = this.#slices();
    for await (const entries of this.#graphEntryPages(listed, options)) {
      const texts: (string | JsonPieces)[] = [];
      for (const entry of entries) {
        if (slices.due()) await slices.pause();
        texts.push(recordJsonPieces(entry.record, { scenarioGraph: entry.stored?.json, validationResult: entry.validation?.bytes }));
      }
      yield texts;
    }
  }

  /**
   * `listed` with the graphs of their listed versions (and their validation results when asked), read
   * a page of scenarios at a time (`ListLimits`), each page when the one before has been taken.
   */
  async *#graphEntryPages(listed: MirroredScenario[], options: { validate?: { skipNodeResults: boolean } | undefined }): AsyncGenerator<ListEntry[]> {
    // One fragment lookup per processing type, not per listed scenario.
    const fragmentsByType = new Map<string, FragmentsOfType>();
    for (let start = 0; start < listed.length; start += this.#graphListPage) {
      const page = listed.slice(start, start + this.#graphListPage);
      // The listed versions' texts: a version never changes, so these are the graphs of the view's records.
      const texts = await loadVersionTexts(
        this.db,
        page.map((scenario) => ({ scenarioId: scenario.row.id, versionId: scenario.record.processVersionId })),
      );
      const entries: ListEntry[] = [];
      for (const scenario of page) {
        const { row, facts } = scenario;
        const canonicalJson = texts.get(row.id);
        // Deleted since the view was read.
        if (canonicalJson === undefined) continue;
        const versionId = scenario.record.processVersionId;
        const stored = await this.storedGraphs.get(row.id, versionId, async () => storedGraphOf(canonicalJson));
        const entry: ListEntry = { row, facts, record: stored.description ? { ...scenario.record, description: stored.description } : scenario.record, stored };
        if (options.validate && this.context.validateScenario) {
          const type = row.processingType;
          if (!fragmentsByType.has(type)) fragmentsByType.set(type, this.#fragmentsOfType(type));
          // Listed versions are stored ones: their results come from the same cache as the details'.
          const [validationKey, compute] = await this.#storedValidation(
            row,
            versionId,
            stored,
            facts.labels.get(row.id) ?? [],
            options.validate.skipNodeResults,
            fragmentsByType.get(type),
          );
          entry.validation = await this.validationCache.getValidated(validationKey, compute);
        }
        entries.push(entry);
      }
      yield entries;
    }
  }

  /** States of all readable non-archived scenarios (fragments have none). */
  async states(user: AuthenticatedUser): Promise<Record<string, ProcessState>> {
    const records = await this.list(user, { isArchived: false, isFragment: false }, { withGraph: false, withState: true });
    return Object.fromEntries(records.flatMap((record) => (record.state ? [[record.name, record.state]] : [])));
  }

  /** The state of one scenario; fragments have none (400 as in the reference). */
  async state(user: AuthenticatedUser, name: string): Promise<ProcessState> {
    const row = await this.requireScenario(user, name, 'Read');
    if (row.isFragment) throw badRequest("Fragment doesn't have state.");
    const facts = await loadRecordFacts(this.db, [row.id]);
    return (await stateFor(this.context.stateOf, row, facts))!;
  }

  /** Details of the latest or a given version, with graph, history and state. */
  async details(user: AuthenticatedUser, name: string, options: DetailsOptions): Promise<ScenarioWithDetails> {
    return JSON.parse(Buffer.from(await this.detailsJson(user, name, options)).toString()) as ScenarioWithDetails;
  }

  /**
   * The details as the JSON served, in UTF-8 bytes: one read of the database, the graph's text and the validation
   * result's bytes from their caches as they were written (neither is parsed or serialised again per request,
   * and the result is never decoded into a text).
   */
  async detailsJson(user: AuthenticatedUser, name: string, options: DetailsOptions): Promise<Uint8Array<ArrayBuffer>> {
    const loaded = await loadDetailsFacts(this.db, name, options.versionId);
    if (!loaded) throw notFound(`Scenario ${name} not found`);
    const { row, facts } = loaded;
    if (!hasPermission(user, row.category, 'Read')) throw forbidden();
    const versionId = options.versionId ?? row.latestVersionId;
    if (!loaded.version) throw notFound(`Scenario ${name} in version ${versionId} not found`);
    const record = toRecord(this.context.config, row, loaded.version, loaded.latest, facts);
    const stored = await this.#storedGraph(row.id, versionId);
    if (stored.description) record.description = stored.description;
    record.history = loaded.history;
    // From the answer a manager gives for all its scenarios when it can (the same statuses, asked once per cache
    // period): details of many scenarios in a row cost the manager one question, as a list does.
    const state = await stateFor(this.context.stateOf, row, facts, { bulk: true });
    if (state) record.state = state;
    const embedded: EmbeddedJson = { scenarioGraph: stored.json };
    if (!options.skipValidate && this.context.validateScenario) {
      const fragments = this.#fragmentsOfType(row.processingType, loaded.fragmentVersions);
      const validated = await this.validateStored(row, versionId, stored, facts.labels.get(row.id) ?? [], options.skipNodeResults ?? false, fragments);
      embedded.validationResult = validated.bytes;
    }
    return jsonBytes(recordJsonPieces(record, embedded));
  }

  /** A stored version's graph, from the cache (versions never change) or read and converted once. */
  #storedGraph(scenarioId: number, versionId: number): Promise<StoredGraph> {
    return this.storedGraphs.get(scenarioId, versionId, async () => {
      const version = await loadVersion(this.db, scenarioId, versionId);
      if (!version) throw notFound(`Version ${versionId} was deleted meanwhile`);
      return storedGraphOf(version.canonicalJson);
    });
  }

  /** Finished deployment-side actions of a scenario, newest first. */
  async finishedActions(user: AuthenticatedUser, name: string): Promise<ProcessAction[]> {
    const row = await this.requireScenario(user, name, 'Read');
    const facts = await loadRecordFacts(this.db, [row.id]);
    return (facts.actions.get(row.id) ?? []).filter((action) => action.state === 'FINISHED' || action.state === 'EXECUTION_FINISHED');
  }

  /** The version history, newest first. */
  async versions(user: AuthenticatedUser, name: string): Promise<ScenarioVersion[]> {
    const row = await this.requireScenario(user, name, 'Read');
    const facts = await loadRecordFacts(this.db, [row.id]);
    return loadHistory(this.db, row.id, facts.actions.get(row.id) ?? []);
  }

  private async validate(
    row: ScenarioRow,
    scenario: ScenarioGraph | StoredScenarioText | PostedVersion | PostedSaveBody,
    options: { labels?: string[] | undefined; skipNodeResults?: boolean | undefined; fragments?: Record<string, ScenarioGraph> } = {},
  ): Promise<ValidatedScenario> {
    const validator = this.context.validateScenario;
    if (!validator) throw new Error('validate called without a validator');
    const labels = options.labels ?? (await loadLabels(this.db, row.id));
    return validator({
      name: row.name,
      ...('canonicalJson' in scenario || 'storeAs' in scenario ? scenario : { graph: scenario }),
      isFragment: row.isFragment,
      processingType: row.processingType,
      category: row.category,
      labels,
      fragments: options.fragments ?? (await this.fragmentGraphs(row.processingType)),
      skipNodeResults: options.skipNodeResults ?? false,
    });
  }

  /** The validation of a stored version, from the cache when nothing it depends on changed. */
  private async validateStored(...args: StoredValidation): Promise<ValidatedScenario> {
    const [key, compute] = await this.#storedValidation(...args);
    return this.validationCache.getValidated(key, compute);
  }

  async #storedValidation(...[row, versionId, stored, labels, skipNodeResults, fragmentsOfType]: StoredValidation) {
    const fragments = fragmentsOfType ?? this.#fragmentsOfType(row.processingType);
    const key: ValidationKey = {
      scenarioId: row.id,
      versionId,
      configGeneration: this.context.config.generation,
      name: row.name,
      labels,
      processingType: row.processingType,
      isFragment: row.isFragment,
      fragmentVersions: await fragments.versions,
      skipNodeResults,
    };
    // The canonical text, not the graph: a string goes to the worker as one copy, and no graph object is made here.
    const compute = async () => this.validate(row, { canonicalJson: stored.canonicalJson }, { labels, skipNodeResults, fragments: await fragments.graphs() });
    return [key, compute] as const;
  }

  // The fragments a scenario of a processing type may use: their versions (what a cached result depends on) at
  // once, their graphs only when something is validated. A list asks once per processing type.
  // `known` are the versions when a read that brought them already happened (the details' one statement).
  #fragmentsOfType(processingType: string, known?: string[]): FragmentsOfType {
    // The graphs are those of the versions the result is keyed by, never a later read's.
    const versions = known ? Promise.resolve(known) : loadFragments(this.db, processingType).then(fragmentVersionKeys);
    let graphs: Promise<Record<string, ScenarioGraph>> | undefined;
    return { versions, graphs: () => (graphs ??= versions.then((keys) => this.#fragmentGraphsOf(keys.map(fragmentVersionOfKey)))) };
  }

  /** Latest graphs of the non-archived fragments of a processing type, by name: what scenarios may use. */
  async fragmentGraphs(processingType: string): Promise<Record<string, ScenarioGraph>> {
    return this.#fragmentGraphsOf(await loadFragments(this.db, processingType));
  }

  // Versions never change: a fragment's graph is read and converted once per version, into the stored graphs'
  // cache; the texts of those not there are read in one statement. A version gone meanwhile (its fragment
  // deleted) is left out, as if the fragment had been deleted just before.
  async #fragmentGraphsOf(fragments: FragmentVersion[]): Promise<Record<string, ScenarioGraph>> {
    const missing = fragments.filter((fragment) => !this.storedGraphs.peek(fragment.id, fragment.versionId));
    const texts = missing.length > 0 ? await loadVersionTexts(this.db, missing.map((fragment) => ({ scenarioId: fragment.id, versionId: fragment.versionId }))) : undefined;
    const graphs: Record<string, ScenarioGraph> = {};
    for (const fragment of fragments) {
      const stored = await this.storedGraphs.find(fragment.id, fragment.versionId, async () => {
        const text = texts?.get(fragment.id) ?? (await loadVersion(this.db, fragment.id, fragment.versionId))?.canonicalJson;
        return text === undefined ? undefined : storedGraphOf(text);
      });
      if (stored) graphs[fragment.name] = stored.graph;
    }
    return graphs;
  }

  /** Validates a posted graph of an existing scenario without saving it. */
  async validateGraph(user: AuthenticatedUser, name: string, graph: ScenarioGraph, labels?: string[]): Promise<ValidatedScenario> {
    const row = await this.requireScenario(user, name, 'Read');
    if (!this.context.validateScenario) throw new Error('validateGraph called without a validator');
    return this.validate(row, graph, { labels });
  }

  /**
   * Saves a graph. A new version is written only when the canonical form differs from the latest one; the
   * scenario row is locked for the transaction, so concurrent saves each get the next number in turn.
   */
  async save(
    user: AuthenticatedUser,
    name: string,
    request: SaveRequest,
    forwardedUserName?: string,
    recording?: ChangeRecording,
  ): Promise<UpdateScenarioResponse> {
    const { validation, versionId, isNewVersion } = await this.#save(user, name, request, forwardedUserName, recording);
    return { ...(validation?.result() ?? {}), validationPerformed: validation !== undefined, processVersionId: versionId, isNewVersion };
  }

  /**
   * `save` of a request's body (its JSON text, parsed where it is validated: `PostedSaveBody`), answered as the JSON
   * served, in UTF-8 bytes: the validation result's JSON is written once, by the worker, for the cache and the answer.
   */
  async saveJson(user: AuthenticatedUser, name: string, body: string): Promise<Uint8Array<ArrayBuffer>> {
    const { validation, versionId, isNewVersion } = await this.#save(user, name, body, undefined, undefined);
    const tail = `"validationPerformed":${validation !== undefined},"processVersionId":${versionId},"isNewVersion":${isNewVersion}}`;
    const result = validation?.bytes;
    // The result is a JSON object: its closing brace makes way for the tail's fields.
    if (!result || result.byteLength <= 2) return Buffer.from(`{${tail}`);
    return Buffer.concat([result.subarray(0, result.byteLength - 1), Buffer.from(`,${tail}`)]);
  }

  async #save(
    user: AuthenticatedUser,
    name: string,
    request: SaveRequest | string,
    forwardedUserName: string | undefined,
    recording: ChangeRecording | undefined,
  ): Promise<{ validation: ValidatedScenario | undefined; versionId: number; isNewVersion: boolean }> {
    // The request is not kept: its graph is held here only until it has become the version's text (50 saves in
    // flight kept 50 graphs through every collection of the server's thread on their whole way). A body's text
    // goes to the validator as it is; without a validator it is parsed here, with the same rules.
    const posted = this.#postedSave(request, forwardedUserName);
    // A plain save starts from the facts the scenario's last save left, without reading them; its write checks
    // them and, when they are no longer current, it starts again from a read. A migration writes under a lock.
    const kept = recording ? undefined : this.#saveFacts.get(name);
    if (kept) {
      const saved = await this.#saveWithFacts(kept, true, user, posted, recording);
      if (saved) return saved;
      this.#saveFacts.forget(name);
    }
    // The scenario, its labels and the fragments it may use, read in one statement.
    const facts = await loadSaveFacts(this.db, name);
    if (!facts) throw notFound(`Scenario ${name} not found`);
    if (!recording) this.#saveFacts.remember(name, facts);
    const saved = await this.#saveWithFacts(facts, false, user, posted, recording);
    if (!saved) throw new Error('#saveWithFacts gave up on facts just read');
    return saved;
  }

  #postedSave(request: SaveRequest | string, forwardedUserName: string | undefined): PostedSave {
    if (typeof request !== 'string') return { scenarioGraph: request.scenarioGraph, comment: request.comment, scenarioLabels: request.scenarioLabels, forwardedUserName };
    if (this.context.validateScenario) return { scenarioGraph: undefined, bodyJson: request };
    const parsed = parseSaveBody(request);
    if ('refusal' in parsed) throw badInput(parsed.refusal);
    return { ...parsed.request };
  }

  /**
   * A save from `facts`. With kept facts (`kept`) it gives up (undefined) where they may have misled it: the
   * guarded write found the scenario or its fragments changed since, or the validation found errors that block
   * the save. With facts just read it always decides: a write that changed meanwhile is redone under a lock.
   */
  async #saveWithFacts(
    facts: SaveFacts,
    kept: boolean,
    user: AuthenticatedUser,
    posted: PostedSave,
    recording: ChangeRecording | undefined,
  ): Promise<{ validation: ValidatedScenario | undefined; versionId: number; isNewVersion: boolean } | undefined> {
    const { row } = facts;
    const name = row.name;
    if (!hasPermission(user, row.category, 'Write')) throw forbidden();
    if (row.isArchived) throw conflict("Can't update graph archived scenario.");
    // A body not parsed yet has its labels checked where it is (`PostedSaveBody`).
    const labelProblem = posted.scenarioLabels && labelsRefusal(posted.scenarioLabels, this.context.config.current.scenarioLabelSettings.validationRules);
    if (labelProblem) throw badInput(labelProblem);
    // A graph that can be stored is validated as the version it becomes: that is what a later read validates, so
    // the result below is kept for the version written and the first read after a save finds it. Once the graph
    // is gone an earlier attempt found it storable.
    let storable: ReturnType<ScenarioService['prepareVersion']> | undefined;
    let validatedLabels = labelsToValidate(posted.scenarioLabels, facts.labels);
    let validation: ValidatedScenario | undefined;
    let validated: Omit<ValidationKey, 'versionId'> | undefined;
    if (this.context.validateScenario) {
      const configGeneration = this.context.config.generation;
      // The graph is sent to become its version there (`PostedVersion`): when it has a stored form, the worker
      // writes the version's text and key, validates it as stored versions are read, and answers the graph's
      // served text too, which the version's cache entry below keeps; when not, it validates the graph as posted
      // (whether it has one is found there: the graph's connections were a sixth of what this thread allocated
      // per save). A text an earlier attempt left is validated as stored versions are.
      const scenario = posted.version
        ? { canonicalJson: posted.version.canonicalJson, servedText: true }
        : posted.bodyJson !== undefined
          ? { saveBodyJson: posted.bodyJson, storeAs: name }
          : { graph: requiredGraph(posted), storeAs: name };
      validation = await this.validate(row, scenario, {
        labels: validatedLabels,
        fragments: await this.#fragmentGraphsOf(facts.fragmentVersions.map(fragmentVersionOfKey)),
      });
      if (validation.saveRequest) {
        const { comment, scenarioLabels, forwardedUserName } = validation.saveRequest;
        Object.assign(posted, { comment, scenarioLabels, forwardedUserName });
        validatedLabels = labelsToValidate(scenarioLabels, facts.labels);
      }
      if (validation.version) {
        posted.version = validation.version;
        posted.scenarioGraph = undefined;
        posted.bodyJson = undefined;
      }
      validated = {
        scenarioId: row.id,
        configGeneration,
        name: row.name,
        labels: validatedLabels,
        processingType: row.processingType,
        isFragment: row.isFragment,
        fragmentVersions: facts.fragmentVersions,
        skipNodeResults: false,
      };
      if (posted.version) storable = this.#versionOf(posted, posted.version);
      const blocking = saveBlockingErrors(validation);
      // Kept facts may name fragments that changed since: a refusal is only made from facts just read.
      if (blocking.length > 0 && kept) return undefined;
      if (blocking.length > 0) throw badRequest(`Scenario cannot be saved: ${blocking.map((error) => error.message).join('; ')}`);
      if (!storable && validation.unstorable) throw badInput(validation.unstorable);
    }
    // A graph without a stored form is refused here, after its validation errors; without a validator that
    // writes versions, the version's text is written here.
    const version = storable ?? this.prepareVersion(name, { ...posted, scenarioGraph: requiredGraph(posted) });
    const userName = recording?.author ?? actingName(user, row.category, posted.forwardedUserName);
    const guarded = recording ? undefined : await this.#writeIfUnchanged(user, facts, kept, version, userName);
    if (!guarded && kept) return undefined;
    const result = guarded ?? (await this.db.transaction((tx) => this.writeVersion(tx, user, row.id, version, userName, recording)));
    // The next save of the scenario starts from what this one wrote; after a write under a lock it reads again.
    if (guarded) this.#saveFacts.remember(name, { ...facts, row: { ...row, latestVersionId: guarded.versionId }, labels: validatedLabels, mark: guarded.mark });
    else this.#saveFacts.forget(name);
    this.validationCache.forget(row.id);
    // An unchanged graph wrote no version: the stored one's text is the older one's, read when asked.
    if (result.isNewVersion) {
      const { newJson, contentKey } = version;
      const stored = validation?.stored ? storedGraphWithText(newJson, validation.stored) : storedGraphOf(newJson);
      this.storedGraphs.set(row.id, result.versionId, Object.assign(stored, { contentKey }));
      // A reload while this validated made the result one of the old models: it is answered, not kept.
      if (validated && validation && validated.configGeneration === this.context.config.generation) {
        this.validationCache.remember({ ...validated, versionId: result.versionId }, validation);
      }
    }
    return { validation, versionId: result.versionId, isNewVersion: result.isNewVersion };
  }

  /**
   * The usual save in one statement, without a lock held across round trips: written only while the scenario
   * still has the name, latest version and change mark of `facts`, is not archived, and its processing type has
   * the fragments `facts` name (`saveFactsGuard`). Undefined when anything changed meanwhile, or when kept facts
   * (`kept`) would write nothing and so go unchecked. Its answer carries the writer's id, the scenario's change
   * mark once it commits.
   */
  async #writeIfUnchanged(
    user: AuthenticatedUser,
    facts: SaveFacts,
    kept: boolean,
    version: ReturnType<ScenarioService['prepareVersion']>,
    userName: string,
  ): Promise<{ versionId: number; isNewVersion: boolean; mark: string | null } | undefined> {
    const { row } = facts;
    const { newJson, comment, labels } = version;
    const latestKey = await this.#contentKeyOfVersion(row.id, row.latestVersionId, async () => (await loadVersion(this.db, row.id, row.latestVersionId))?.canonicalJson);
    // A version whose text cannot be read (deleted meanwhile): the locked path decides.
    if (latestKey === undefined && row.latestVersionId !== 0) return undefined;
    const isNewVersion = isNewVersionOf(latestKey, version);
    const expected = row.latestVersionId;
    const versionId = isNewVersion ? expected + 1 : expected;
    // Nothing to write, so nothing checks the facts: only facts just read are taken as they are.
    if (!isNewVersion && !comment && !labels) return kept ? undefined : { versionId, isNewVersion, mark: facts.mark };
    // As text: drizzle hands raw parameters to the driver unconverted, and its PostgreSQL driver takes no Date.
    const now = this.context.now().toISOString();
    const activity = modifiedActivity(user, userName, row.id, versionId, isNewVersion, comment, now);
    const shape: GuardedWriteShape = { newVersion: isNewVersion, activity: activity !== undefined, labels: labels !== undefined };
    const key = `${shape.newVersion}:${shape.activity}:${shape.labels}`;
    let statement = this.#guardedWrites.get(key);
    if (!statement) {
      statement = this.db._.session.prepareQuery(guardedWriteDialect.sqlToQuery(guardedWriteStatement(shape)), undefined, undefined, false);
      this.#guardedWrites.set(key, statement);
    }
    const result: unknown = await statement.execute({
      processingType: row.processingType,
      scenarioId: row.id,
      versionId,
      expected,
      name: row.name,
      mark: facts.mark,
      fragments: JSON.stringify(facts.fragmentVersions),
      newJson,
      now,
      userName,
      activityType: activity?.type,
      activityUser: activity?.user,
      impersonatedByIdentity: activity?.impersonatedByIdentity,
      impersonatedByUsername: activity?.impersonatedByUsername,
      activityDate: activity?.date,
      activityVersionId: activity?.scenarioVersionId,
      comment: activity?.comment,
      lastModifiedBy: activity?.lastModifiedBy,
      lastModifiedAt: activity?.lastModifiedAt,
      labels: labels && JSON.stringify([...new Set(labels)]),
    });
    const [written] = rowsOf<{ writer: string }>(result);
    return written ? { versionId, isNewVersion, mark: written.writer } : undefined;
  }

  // A version's content key, as a save compares the latest version with what it writes: kept by the save that wrote
  // it while that is cached, else computed from its text (read only then). Undefined for no version or no text.
  async #contentKeyOfVersion(scenarioId: number, versionId: number, text: () => Promise<string | undefined>): Promise<string | undefined> {
    if (versionId === 0) return undefined;
    const kept = this.storedGraphs.peek(scenarioId, versionId)?.contentKey;
    if (kept !== undefined) return kept;
    const json = await text();
    return json === undefined ? undefined : contentKeyOf(parseStored(json));
  }

  // What a save checks and computes before its transaction: the graph must fit the stored (tree) form.
  private prepareVersion(name: string, request: SaveRequest) {
    const unstorable = unstorableRefusal(canonicalFormProblems(request.scenarioGraph));
    if (unstorable) throw badInput(unstorable);
    return this.#versionOf(request, versionTextOf(request.scenarioGraph, name));
  }

  // The version a save writes: its text (written by the validation worker, or by `prepareVersion`), comment and labels.
  #versionOf(request: Pick<SaveRequest, 'comment' | 'scenarioLabels'>, { canonicalJson, contentKey }: VersionText) {
    const comment = request.comment?.trim() ? request.comment.trim() : undefined;
    return { newJson: canonicalJson, contentKey, comment, labels: request.scenarioLabels };
  }

  // A version is written only when the canonical form differs from the latest one; the scenario row is locked,
  // so concurrent saves each get the next number in turn.
  private async writeVersion(
    tx: Transaction,
    user: AuthenticatedUser,
    scenarioId: number,
    version: ReturnType<ScenarioService['prepareVersion']>,
    userName: string,
    recording: ChangeRecording | undefined,
  ): Promise<{ versionId: number; isNewVersion: boolean }> {
    const { newJson, comment, labels } = version;
    const { locked, latestJson } = await this.#lockWithLatest(tx, scenarioId);
    if (locked.isArchived) throw conflict("Can't update graph archived scenario.");
    const now = this.context.now();
    const isNewVersion = isNewVersionOf(await this.#contentKeyOfVersion(locked.id, locked.latestVersionId, async () => latestJson), version);
    const versionId = isNewVersion ? locked.latestVersionId + 1 : locked.latestVersionId;
    const activity: typeof scenarioActivities.$inferInsert | undefined = recording?.activity
      ? { scenarioId: locked.id, type: recording.activity.type, user: recording.activity.user, date: now, scenarioVersionId: versionId, additionalFields: recording.activity.additionalFields }
      : modifiedActivity(user, userName, locked.id, versionId, isNewVersion, comment, now);
    if (isNewVersion) {
      if (!activity) throw new Error('writeVersion: a new version is always recorded as an activity');
      // One statement writes the version, moves the scenario's pointer to it and records the change: fewer round
      // trips while the row is locked.
      const inserted = tx.$with('inserted_version').as(
        tx.insert(scenarioVersions).values({ scenarioId: locked.id, versionId, canonicalJson: newJson, createdAt: now, createdBy: userName }).returning({ versionId: scenarioVersions.versionId }),
      );
      const moved = tx.$with('moved_pointer').as(
        tx
          .update(scenarios)
          .set({ latestVersionId: sql`(select ${inserted.versionId} from ${inserted})` })
          .where(eq(scenarios.id, locked.id))
          .returning({ id: scenarios.id }),
      );
      await tx.with(inserted, moved).insert(scenarioActivities).values({ ...activity, scenarioId: sql`(select ${moved.id} from ${moved})` });
    } else if (activity) {
      await tx.insert(scenarioActivities).values(activity);
    }
    if (labels) {
      await tx.delete(scenarioLabels).where(eq(scenarioLabels.scenarioId, locked.id));
      const unique = [...new Set(labels)];
      if (unique.length > 0) await tx.insert(scenarioLabels).values(unique.map((label) => ({ scenarioId: locked.id, label })));
    }
    return { versionId, isNewVersion };
  }

  /** Renames a non-archived scenario whose state allows RENAME. */
  async rename(user: AuthenticatedUser, name: string, newName: string): Promise<{ oldName: string; newName: string }> {
    const row = await this.requireScenario(user, name, 'Write');
    const problem = nameProblems(newName);
    if (problem) throw badRequest(`Invalid scenario name: ${problem}`, ['newName']);
    if (row.isArchived) throw conflict(`Cannot rename archived scenario ${name}.`);
    if (!row.isFragment) {
      const facts = await loadRecordFacts(this.db, [row.id]);
      const state = await stateFor(this.context.stateOf, row, facts);
      if (state && !state.allowedActions.includes('RENAME')) {
        throw conflict(`Action RENAME cannot be performed on scenario ${name} in state ${state.status.name}. Allowed actions: ${state.allowedActions.join(', ')}`);
      }
    }
    await this.db.transaction(async (tx) => {
      const locked = await this.lockScenario(tx, row.id);
      const [taken] = await tx.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, newName));
      if (taken) throw badRequest(`Scenario ${newName} already exists`, ['newName']);
      await tx.update(scenarios).set({ name: newName }).where(eq(scenarios.id, locked.id));
      const now = this.context.now();
      const [action] = await tx
        .insert(scenarioActions)
        .values({ scenarioId: locked.id, versionId: locked.latestVersionId, actionName: 'RENAME', state: 'FINISHED', user: user.username, createdAt: now, performedAt: now })
        .returning({ id: scenarioActions.id });
      await tx.insert(scenarioActivities).values({
        scenarioId: locked.id,
        type: 'SCENARIO_NAME_CHANGED',
        user: user.username,
        ...impersonationColumns(user),
        date: now,
        scenarioVersionId: locked.latestVersionId,
        actionId: action?.id,
        additionalFields: [
          { name: 'oldName', value: name },
          { name: 'newName', value: newName },
        ],
      });
    });
    this.validationCache.forget(row.id);
    return { oldName: name, newName };
  }

  /** Archives a fragment, or a scenario whose state allows ARCHIVE. */
  async archive(user: AuthenticatedUser, name: string): Promise<void> {
    const row = await this.requireScenario(user, name, 'Write');
    if (row.isArchived) throw conflict(`Scenario ${name} is already archived.`);
    if (!row.isFragment) {
      const state = await stateFor(this.context.stateOf, row, await loadRecordFacts(this.db, [row.id]));
      if (state && !state.allowedActions.includes('ARCHIVE')) {
        throw conflict(`Action ARCHIVE cannot be performed on scenario ${name} in state ${state.status.name}. Allowed actions: ${state.allowedActions.join(', ')}`);
      }
    }
    await this.setArchived(user, row.id, true);
  }

  /** Unarchives an archived scenario. */
  async unarchive(user: AuthenticatedUser, name: string): Promise<void> {
    const row = await this.requireScenario(user, name, 'Write');
    if (!row.isArchived) throw conflict(`Scenario ${name} is not archived.`);
    await this.setArchived(user, row.id, false);
  }

  private async setArchived(user: AuthenticatedUser, scenarioId: number, isArchived: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const locked = await this.lockScenario(tx, scenarioId);
      if (locked.isArchived === isArchived) throw conflict(`Scenario ${locked.name} is ${isArchived ? 'already' : 'not'} archived.`);
      const now = this.context.now();
      await tx.update(scenarios).set({ isArchived }).where(eq(scenarios.id, locked.id));
      const [action] = await tx
        .insert(scenarioActions)
        .values({
          scenarioId: locked.id,
          versionId: locked.latestVersionId,
          actionName: isArchived ? 'ARCHIVE' : 'UNARCHIVE',
          state: 'FINISHED',
          user: user.username,
          createdAt: now,
          performedAt: now,
        })
        .returning({ id: scenarioActions.id });
      await tx.insert(scenarioActivities).values({
        scenarioId: locked.id,
        type: isArchived ? 'SCENARIO_ARCHIVED' : 'SCENARIO_UNARCHIVED',
        user: user.username,
        ...impersonationColumns(user),
        date: now,
        scenarioVersionId: locked.latestVersionId,
        actionId: action?.id,
      });
    });
    this.validationCache.forget(scenarioId);
  }

  /** Deletes an archived scenario with everything it owns. */
  async delete(user: AuthenticatedUser, name: string): Promise<void> {
    const row = await this.requireScenario(user, name, 'Write');
    if (!row.isArchived) throw conflict("Can't delete not archived scenario.");
    await this.db.transaction(async (tx) => {
      const locked = await this.lockScenario(tx, row.id);
      if (!locked.isArchived) throw conflict("Can't delete not archived scenario.");
      await tx.delete(scenarios).where(eq(scenarios.id, locked.id));
    });
    this.validationCache.forget(row.id);
  }

  /** Reads scenario JSON of any era into a graph (not saved). */
  async importJson(user: AuthenticatedUser, name: string, text: string): Promise<ImportScenarioResponse> {
    const row = await this.requireScenario(user, name, 'Write');
    if (row.isArchived) throw conflict(`Cannot import into archived scenario ${name}.`);
    // The file comes in a multipart body, which the server's JSON body checks do not read.
    if (inspectJsonText(text).tooDeep) throw badRequest(`The file nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`, ['process']);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw badRequest(`The file is not valid JSON: ${(error as Error).message}`, ['process']);
    }
    const upgraded = upgradeScenario(json);
    if (!upgraded.ok) {
      throw badRequest(
        `The file is not a scenario: ${upgraded.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
        ['process'],
      );
    }
    const graph = fromCanonical(upgraded.value).graph;
    // A file of another kind would replace the graph with one this scenario's engine cannot run; say so instead.
    const fileKind = kindOfMetaDataType(graph.properties.additionalFields.metaDataType);
    const scenarioKind = row.isFragment ? 'fragment' : processingInfo(this.context.config, row.processingType).processingMode === 'Request-Response' ? 'request-response' : 'streaming';
    if (fileKind !== undefined && fileKind !== scenarioKind) {
      throw badRequest(`The file holds a ${fileKind} scenario (${graph.properties.additionalFields.metaDataType}); ${name} is a ${scenarioKind} scenario`, ['process']);
    }
    const response: ImportScenarioResponse = { scenarioGraph: graphJson(graph), changes: upgraded.changes };
    if (this.context.validateScenario) response.validationResult = (await this.validate(row, graph)).result();
    return response;
  }

  /** The canonical JSON of a stored version, under the scenario's current name. */
  async exportVersion(user: AuthenticatedUser, name: string, versionId?: number): Promise<CanonicalProcess> {
    const row = await this.requireScenario(user, name, 'Read');
    const wanted = versionId ?? row.latestVersionId;
    const version = await loadVersion(this.db, row.id, wanted);
    if (!version) throw notFound(`Scenario ${name} in version ${wanted} not found`);
    return withName(version.canonicalJson, row.name);
  }

  /** The canonical JSON of a posted graph. */
  async exportGraph(user: AuthenticatedUser, name: string, graph: ScenarioGraph): Promise<CanonicalProcess> {
    const row = await this.requireScenario(user, name, 'Read');
    return toCanonical(graph, { id: row.name });
  }

  /** Distinct labels of scenarios the user may read. */
  async labels(user: AuthenticatedUser): Promise<string[]> {
    const readable = categoriesWith(user, 'Read');
    const query = this.db
      .selectDistinct({ label: scenarioLabels.label })
      .from(scenarioLabels)
      .innerJoin(scenarios, eq(scenarios.id, scenarioLabels.scenarioId));
    const rows = user.isAdmin
      ? await query.orderBy(scenarioLabels.label)
      : readable.length === 0
        ? []
        : await query.where(inArray(scenarios.category, readable)).orderBy(scenarioLabels.label);
    return rows.map((row) => row.label);
  }
}
