import type { ProcessAction, ScenarioWithDetails } from '@scenaria/api-contract';
import type { ConfigStore } from '../config/config-store';
import { changeAnnouncementsOf, readChangeHorizon } from '../db/database';
import type { ChangeAnnouncements, Database, Transaction } from '../db/database';
import { FreshSharedRun } from './fresh-shared-run';
import { isDeployed, loadListActions, loadListRows, loadNamePage, readChangesSince, toRecord } from './scenario-records';
import type { ListRow, RecordFacts, ScenarioChange, ScenarioRow } from './scenario-records';

/** A scenario as every list shows it: never changed once made, replaced whole when the scenario is written. */
export interface MirroredScenario {
  readonly row: ScenarioRow;
  /** Its labels and actions, under its id, as `toRecord`, `stateFor` and `isDeployed` read them. */
  readonly facts: RecordFacts;
  /** The record without graph, validation result and state. */
  readonly record: ScenarioWithDetails;
  /** The record's text without graph, validation result and state, written by the first list that shows it. */
  text?: string;
  /**
   * The record's text with its state, as the last list with states wrote it: served again while the engine's
   * answers it used are (`version` and `validUntil` of the deployment managers' state freshness).
   */
  withState?: { text: string; version: number | undefined; validUntil: number };
}

/** All scenarios, by name. */
export interface MirrorView {
  /** Which view of its mirror this is: a later view of other scenarios has a higher number. */
  readonly seq: number;
  readonly generation: number;
  readonly scenarios: readonly MirroredScenario[];
}

/** Which scenarios a list shows. */
export interface ScenarioListFilter {
  isFragment?: boolean | undefined;
  isArchived?: boolean | undefined;
  isDeployed?: boolean | undefined;
  categories?: string[] | undefined;
  processingTypes?: string[] | undefined;
  names?: string[] | undefined;
}

/**
 * Whether a list shows a scenario. `categories` is what the user may see of the asked ones, or undefined when
 * all are visible (an administrator asking for no category).
 */
export function listPredicate(filter: ScenarioListFilter, categories: readonly string[] | undefined): (scenario: MirroredScenario) => boolean {
  const visible = categories && new Set(categories);
  const processingTypes = filter.processingTypes && new Set(filter.processingTypes);
  const names = filter.names && new Set(filter.names);
  return ({ row, facts }) =>
    (visible === undefined || visible.has(row.category)) &&
    (filter.isFragment === undefined || row.isFragment === filter.isFragment) &&
    (filter.isArchived === undefined || row.isArchived === filter.isArchived) &&
    (processingTypes === undefined || processingTypes.has(row.processingType)) &&
    (names === undefined || names.has(row.name)) &&
    (filter.isDeployed === undefined || isDeployed(row, facts) === filter.isDeployed);
}

/**
 * Beyond this share of the mirrored scenarios written since, reading all of them again costs about as much as
 * reading those.
 */
const PATCH_AT_MOST = 0.5;

/**
 * Scenarios read per statement. Mapping a statement's rows happens on the server's thread in one go (about
 * 5 us a row with the driver's share): pages keep each go short, so a full read of 100,000 scenarios lets other
 * requests run between its pages instead of holding them for seconds.
 */
export const MIRROR_PAGE_ROWS = 1000;

/**
 * Every scenario as lists show it, kept in memory and brought up to date by reading only the scenarios written
 * since (`scenario_change_marks`): a list after a hundred saves reads a hundred rows, not all of them. Lists
 * filter it; their order is the database's (by name), so a scenario created or renamed means reading all again,
 * a page at a time in one snapshot. It holds about 2 kB per scenario.
 */
export class ScenarioListMirror {
  #view: MirrorView | undefined;
  // Every writer below it shows in the view; those at or above it may not (`readChangeHorizon`).
  #horizon = 0;
  // The writer of each scenario's last change read since the last full read: met again (a writer that was still
  // running held the horizon back), it is no change.
  readonly #applied = new Map<number, number>();
  #views = 0;
  readonly #refreshes = new FreshSharedRun<MirrorView>();

  constructor(
    private readonly db: Database,
    private readonly config: ConfigStore,
    private readonly pageRows = MIRROR_PAGE_ROWS,
    private readonly announced: ChangeAnnouncements | undefined = changeAnnouncementsOf(db),
  ) {}

  /** All scenarios as of a read that started after this call. */
  current(): Promise<MirrorView> {
    return this.#refreshes.run('all', () => this.#refresh());
  }

  async #refresh(): Promise<MirrorView> {
    const view = this.#view;
    const generation = this.config.generation;
    if (view && view.generation === generation) {
      // The database announced no writer since the view's read: nothing was written since.
      if (this.announced?.nothingSince(this.#horizon)) return view;
      const { horizon, changes } = await readChangesSince(this.db, this.#horizon);
      this.announced?.confirm(changes.reduce<number | undefined>((newest, { writer }) => (newest === undefined || writer > newest ? writer : newest), undefined));
      const unseen = changes.filter(({ scenarioId, writer }) => this.#applied.get(scenarioId) !== writer);
      if (unseen.length === 0) {
        this.#horizon = horizon;
        return view;
      }
      if (unseen.length <= PATCH_AT_MOST * view.scenarios.length) {
        const patched = await this.#patch(view, unseen);
        if (patched) {
          for (const { scenarioId, writer } of unseen) this.#applied.set(scenarioId, writer);
          this.#horizon = horizon;
          return (this.#view = patched);
        }
      }
    }
    this.#view = undefined;
    // The horizon and every page from one snapshot: the view is exactly the scenarios as of that snapshot, and a
    // scenario renamed meanwhile is neither missed nor shown twice.
    const { horizon, view: loaded } = await this.db.transaction((tx) => this.#readAll(tx, generation), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    this.announced?.confirm(undefined);
    this.#applied.clear();
    this.#horizon = horizon;
    return (this.#view = loaded);
  }

  async #readAll(tx: Transaction, generation: number): Promise<{ horizon: number; view: MirrorView }> {
    const horizon = await readChangeHorizon(tx);
    const scenarios: MirroredScenario[] = [];
    for (let after: string | undefined; ; ) {
      const page = await loadNamePage(tx, after, this.pageRows);
      const ids = page.map((scenario) => scenario.id);
      const rows = await loadListRows(tx, { ids, names: page.length > 0 ? { after, last: page[page.length - 1]!.name } : undefined });
      const actions = await loadListActions(tx, ids);
      for (const row of rows) scenarios.push(this.#mirrored(row, actions));
      if (page.length < this.pageRows) return { horizon, view: { seq: ++this.#views, generation, scenarios } };
      after = page[page.length - 1]!.name;
    }
  }

  // The view with the written scenarios read again; undefined when one was created or renamed (its place in
  // the order is the database's to say).
  async #patch(view: MirrorView, changes: ScenarioChange[]): Promise<MirrorView | undefined> {
    const changed = changes.map(({ scenarioId }) => scenarioId);
    const rows = new Map<number, ListRow>();
    const actions = new Map<number, ProcessAction[]>();
    for (let start = 0; start < changed.length; start += this.pageRows) {
      const ids = changed.slice(start, start + this.pageRows);
      for (const row of await loadListRows(this.db, { ids })) rows.set(row.scenario.id, row);
      for (const [id, ofScenario] of await loadListActions(this.db, ids)) actions.set(id, ofScenario);
    }
    const written = new Set(changed);
    const scenarios: MirroredScenario[] = [];
    for (const scenario of view.scenarios) {
      const id = scenario.row.id;
      if (!written.has(id)) {
        scenarios.push(scenario);
        continue;
      }
      const row = rows.get(id);
      rows.delete(id);
      // Gone: deleted since.
      if (!row) continue;
      if (row.scenario.name !== scenario.row.name) return undefined;
      scenarios.push(this.#mirrored(row, actions));
    }
    return rows.size > 0 ? undefined : { seq: ++this.#views, generation: view.generation, scenarios };
  }

  #mirrored({ scenario, latest, labels }: ListRow, actions: Map<number, ProcessAction[]>): MirroredScenario {
    const facts: RecordFacts = { labels: new Map([[scenario.id, labels]]), actions: new Map([[scenario.id, actions.get(scenario.id) ?? []]]) };
    return { row: scenario, facts, record: toRecord(this.config, scenario, latest, latest, facts) };
  }
}
