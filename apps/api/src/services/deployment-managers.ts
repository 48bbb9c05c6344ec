import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ParameterEditorSchema, type ProcessDefinitionData } from '@scenaria/components';
import type { ProcessAction, ProcessState } from '@scenaria/api-contract';
import {
  computeScenarioState,
  createStatusDefinitions,
  isDeploymentManagerUnavailable,
  isEngineStateNeeded,
  isStateChangingAction,
} from '@scenaria/deployment-sdk';
import type { DeployedScenarioData, DeploymentLogger, DeploymentManager, DeploymentManagerDependencies, EngineStateSnapshot, StatusDefinition, StatusDetails } from '@scenaria/deployment-sdk';
import { createEmbeddedDeploymentManager, EmbeddedManagerSettingsSchema } from '@scenaria/dm-embedded';
import type { BatchDeploymentManager, EmbeddedDeploymentManager, EmbeddedModels, RequestBodyLimit, WorkerSetup } from '@scenaria/dm-embedded';
import { createBatchDeploymentManager } from '@scenaria/dm-embedded';
import { createJetStreamDeploymentManager, JetStreamManagerSettingsSchema } from '@scenaria/dm-jetstream';
import type { JetStreamDeploymentManager } from '@scenaria/dm-jetstream';
import type { ProcessingTypeConfig } from '../config/config-schema';
import type { BatchCatalogues } from './batch-catalogues';
import { toCanonical } from '@scenaria/graph';
import type { CanonicalProcess, ScenarioGraph } from '@scenaria/graph';
import type { Logger } from 'pino';
import { deepFreeze } from '@scenaria/typing';
import type { ConfigStore } from '../config/config-store';
import type { ServerConfig } from '../config/config-schema';
import type { Database } from '../db/database';
import { scenarioActions, scenarioActivities, scenarioVersions, scenarios } from '../db/schema';
import type { ModelRegistry } from './models';
import type { ScenarioWorkerSetupData } from './scenario-worker-setup';

/** A manager the API was given or built, with the embedded or JetStream manager's extras when it is one. */
export type ApiDeploymentManager = DeploymentManager &
  Partial<Pick<EmbeddedDeploymentManager, 'nodeCounts' | 'allNodeCounts' | 'scenarioUrl' | 'handleRequest' | 'handleNodeRequest' | 'mountAt' | 'scenarioAt'>> &
  Partial<Pick<JetStreamDeploymentManager, 'processCounts' | 'topicSamples'>> &
  Partial<Pick<BatchDeploymentManager, 'generateTestData'>>;

/** The body of the 404 for a path under `/scenario/` that no deployed scenario serves. */
export const noScenarioAt = (path: string) => ({ message: `No scenario is deployed at ${path}` });

/** Managers given to `createApp` by processing type; the rest are built from the configuration. */
export type DeploymentManagerOverrides = Readonly<Record<string, ApiDeploymentManager>>;

const DEFAULT_STATE_TTL_MS = 2_000;
const NO_STATUS_DEFINITIONS: readonly StatusDefinition[] = [];

// The module the embedded manager's scenario workers build their models with. The built server has it beside
// its bundle (a tsup entry of its own, like the workers' script `worker.js`); from the sources it is the
// TypeScript file, which dm-embedded bundles into its worker script.
const WORKER_SETUP_MODULE = new URL(import.meta.url.endsWith('.ts') ? './scenario-worker-setup.ts' : './scenario-worker-setup.js', import.meta.url).href;

/** An embedded manager built here, with the models (as their configuration data) it was built with. */
interface BuiltManager {
  modelKey: string;
  manager: Promise<ApiDeploymentManager>;
  /** The manager once built (undefined while it is being built or if it failed). */
  ready?: ApiDeploymentManager;
}

// Only finished actions are the "last state action"; failed ones changed nothing on the engine.
const SETTLED = new Set(['FINISHED', 'EXECUTION_FINISHED']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The deployment manager of each processing type. Processing types with equal manager settings share one
 * manager (the embedded one keeps one HTTP port and one set of tables). Built on first use, or all at once by
 * `start()`, which is what brings persisted deployments back after a restart.
 */
export class DeploymentManagers {
  readonly #built = new Map<string, BuiltManager>();
  #workerModels: { config: ServerConfig; data: ScenarioWorkerSetupData; key: string } | undefined;
  // Fragments by id (ids are scenario names, unique across processing types), as the last test run or
  // deployment that needed them loaded them: the manager looks fragments up synchronously, and its workers
  // get the ones a scenario uses as data.
  readonly #fragments = new Map<string, CanonicalProcess>();
  readonly #stateCache = new Map<string, { at: number; until: number; snapshot: EngineStateSnapshot; listed: boolean }>();
  // Answers of managers that report all their scenarios in one call, for lists (by manager).
  readonly #bulkCache = new Map<ApiDeploymentManager, { at: number; statuses: Promise<ReadonlyMap<string, readonly StatusDetails[]>> }>();
  // Where this server listens (`http://localhost:PORT`), once it does.
  #listeningUrl: string | undefined;
  // When each scenario (by processing type and name) last asked its manager which deployments ended.
  readonly #synchronisedAt = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly config: ConfigStore,
    private readonly models: ModelRegistry,
    private readonly logger: Logger,
    private readonly overrides: DeploymentManagerOverrides = {},
    private readonly catalogues?: BatchCatalogues,
  ) {}

  /** The custom actions of a processing type's manager in the definitions' shape (none for an unknown type). */
  async customActionsOf(processingType: string): Promise<ProcessDefinitionData['customActions']> {
    const manager = await this.managerFor(processingType).catch(() => undefined);
    return (manager?.customActions ?? []).map((action) => ({
      name: action.name,
      allowedStateStatusNames: [...action.allowedStateStatusNames],
      icon: action.icon,
      // A manager's editor JSON is loose; one the designer cannot draw is offered as a raw expression field.
      parameters: action.parameters.map((parameter) => {
        const editor = ParameterEditorSchema.safeParse(parameter.editor);
        return { name: parameter.name, editor: editor.success ? editor.data : { type: 'RawParameterEditor' as const } };
      }),
    }));
  }

  /** The manager of a processing type, or undefined for an unknown type or manager kind. */
  async managerFor(processingType: string): Promise<ApiDeploymentManager | undefined> {
    const given = this.overrides[processingType];
    if (given) return given;
    const type = this.config.processingType(processingType);
    if (!type || !['embedded', 'jetstream'].includes(type.deploymentManager.type)) return undefined;
    if (type.kind === 'batch') {
      if (type.deploymentManager.type !== 'embedded') return undefined;
      return this.#batchManagerFor(processingType, type);
    }
    const key = JSON.stringify(type.deploymentManager);
    const models = this.#currentWorkerModels();
    const built = this.#built.get(key);
    if (built?.modelKey === models.key) return built.manager;
    // First use, or a reload changed the models: a manager cannot change the models of its running workers,
    // so it is replaced, as Nussknacker recreates its deployment managers on a reload. The new one resumes
    // every stored deployment, compiled with the new models in new workers.
    const previous = built?.manager;
    // The models for this thread are taken now, from the same configuration as the workers' data.
    const hostModels = { streaming: this.models.modelForKind('streaming'), 'request-response': this.models.modelForKind('request-response') };
    const manager = (async () => {
      if (previous) await this.#closeManager(previous);
      if (type.deploymentManager.type === 'jetstream') return this.#buildJetStream(type.deploymentManager, hostModels);
      return this.#buildEmbedded(type.deploymentManager, hostModels, { module: WORKER_SETUP_MODULE, data: models.data });
    })();
    const entry: BuiltManager = { modelKey: models.key, manager };
    void manager.then((built) => (entry.ready = built), () => undefined);
    this.#built.set(key, entry);
    manager.catch(() => {
      if (this.#built.get(key) === entry) this.#built.delete(key);
    });
    return manager;
  }

  /**
   * The base URL request-response scenarios answer at, under `/scenario/*` of this server: `publicUrl` of the
   * configuration when set (behind a proxy), else the URL the server listens at.
   */
  publicUrl(): string | undefined {
    return this.config.current.publicUrl ?? this.#listeningUrl;
  }

  /** Records where the server listens, for the scenario URLs of the managers mounted in it. */
  listeningAt(url: string): void {
    this.#listeningUrl = url;
  }

  /**
   * Answers a request to `/scenario/*` with the manager that serves its path (scenario endpoints are public:
   * no login, only the request limits in front), or a 404 when none does.
   */
  async handleRequest(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const manager = await this.#managerServing(path, 'handleRequest');
    return manager ? manager.handleRequest(request) : Response.json(noScenarioAt(path), { status: 404 });
  }

  /**
   * `handleRequest` on the node path (the server's own listener, no web Request/Response): the manager that
   * serves the path answers on `response`, or false is returned when none does (a 404 for the caller to write,
   * with `noScenarioAt`). `bodyLimit` is the server's request limit for this body.
   */
  async handleNodeRequest(request: IncomingMessage, response: ServerResponse, bodyLimit: RequestBodyLimit): Promise<boolean> {
    const manager = await this.#managerServing(new URL(request.url ?? '/', 'http://localhost').pathname, 'handleNodeRequest');
    if (!manager) return false;
    await manager.handleNodeRequest(request, response, { bodyLimit });
    return true;
  }

  async #managerServing<M extends 'handleRequest' | 'handleNodeRequest'>(path: string, method: M): Promise<(ApiDeploymentManager & Required<Pick<ApiDeploymentManager, M>>) | undefined> {
    type Serving = ApiDeploymentManager & Required<Pick<ApiDeploymentManager, M>>;
    const serving = new Map<string, { manager: Serving; scenarioName: string }>();
    for (const name of this.#requestResponseTypes()) {
      const manager = await this.managerFor(name).catch(() => undefined);
      const scenarioName = manager?.scenarioAt?.(path);
      if (manager?.[method] && scenarioName !== undefined) serving.set(name, { manager: manager as Serving, scenarioName });
    }
    const candidates = [...serving.values()];
    let chosen = candidates[0];
    // Managers of several request-response processing types over one database all serve every deployment:
    // the scenario's own type decides, so its worker limits apply.
    if (chosen && candidates.length > 1) {
      const [row] = await this.db.select({ processingType: scenarios.processingType }).from(scenarios).where(eq(scenarios.name, chosen.scenarioName));
      chosen = (row && serving.get(row.processingType)) || chosen;
    }
    return chosen?.manager;
  }

  #requestResponseTypesOf: { config: ServerConfig; names: string[] } | undefined;

  // Asked on every scenario request: computed once per configuration.
  #requestResponseTypes(): string[] {
    const config = this.config.current;
    if (this.#requestResponseTypesOf?.config !== config) {
      const names = Object.entries(config.processingTypes).filter(([, type]) => type.kind === 'request-response').map(([name]) => name);
      this.#requestResponseTypesOf = { config, names };
    }
    return this.#requestResponseTypesOf.names;
  }

  /** Makes fragments (by id) known to the embedded managers, for the next command that runs a scenario using them. */
  useFragments(fragments: ReadonlyMap<string, CanonicalProcess>): void {
    for (const [id, fragment] of fragments) this.#fragments.set(id, fragment);
  }

  /** `useFragments` for fragment graphs by name, as the scenarios service reads them. */
  useFragmentGraphs(graphs: Readonly<Record<string, ScenarioGraph>>): void {
    this.useFragments(new Map(Object.entries(graphs).map(([id, graph]) => [id, toCanonical(graph, { id })])));
  }

  // What the workers build their models from, computed again only when a reload replaced the configuration.
  #currentWorkerModels(): { data: ScenarioWorkerSetupData; key: string } {
    const config = this.config.current;
    if (this.#workerModels?.config !== config) {
      const data: ScenarioWorkerSetupData = { streaming: this.models.sourceForKind('streaming'), 'request-response': this.models.sourceForKind('request-response') };
      this.#workerModels = { config, data, key: JSON.stringify(data) };
    }
    return this.#workerModels;
  }

  async #closeManager(manager: Promise<ApiDeploymentManager>): Promise<void> {
    const closing = await manager.catch(() => undefined);
    if (!closing) return;
    this.#bulkCache.delete(closing);
    try {
      await closing.close();
    } catch (error) {
      this.logger.error({ err: error }, 'Closing a deployment manager replaced after a reload failed');
    }
  }

  // The designer's side only validates, stores deployments in NATS and reads status and counts: the scenarios
  // run in `scenaria-worker` processes, which must build the same models (their `--setup` module).
  async #buildJetStream(settings: Record<string, unknown>, models: EmbeddedModels): Promise<ApiDeploymentManager> {
    const { type: _type, ...rest } = settings;
    return createJetStreamDeploymentManager(
      { settings: JetStreamManagerSettingsSchema.parse(rest), models },
      this.#dependencies('dm-jetstream'),
    );
  }

  // A batch processing type has a manager of its own, replaced when a reload changed its model (its settings,
  // or the tables its databases' catalogues list now).
  #batchManagerFor(processingType: string, type: ProcessingTypeConfig): Promise<ApiDeploymentManager> {
    const catalogue = this.catalogues?.catalogueOf(processingType) ?? { tables: [], queries: [], errors: [] };
    const model = this.models.modelFor(processingType);
    const key = `batch\u0000${processingType}`;
    const modelKey = JSON.stringify({ model: type.model, settings: type.deploymentManager, tables: catalogue.tables, queries: catalogue.queries, properties: this.config.current.scenarioPropertiesConfig });
    const built = this.#built.get(key);
    if (built?.modelKey === modelKey) return built.manager;
    const previous = built?.manager;
    const manager = (async (): Promise<ApiDeploymentManager> => {
      if (previous) await this.#closeManager(previous);
      if (!model) throw new Error(`No model for processing type ${processingType}`);
      return createBatchDeploymentManager(
        {
          db: this.db,
          model,
          tables: catalogue.tables,
          queries: catalogue.queries,
          databases: this.catalogues?.databasesOf(type) ?? new Map(),
          testDataGenerationMode: type.model.testDataGenerationMode,
          fragments: (id) => this.#fragments.get(id),
        },
        this.#dependencies('dm-batch'),
      );
    })();
    const entry: BuiltManager = { modelKey, manager };
    void manager.then((built) => (entry.ready = built), () => undefined);
    this.#built.set(key, entry);
    manager.catch(() => {
      if (this.#built.get(key) === entry) this.#built.delete(key);
    });
    return manager;
  }

  // What the designer gives a manager it builds: the clock, its logger, the audit log and the deployed scenarios.
  #dependencies(component: string): DeploymentManagerDependencies {
    return {
      clock: { now: () => Date.now() },
      logger: pinoAdapter(this.logger.child({ component })),
      scenarioActivityManager: {
        saveActivity: async (activity) => {
          const [row] = await this.db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.name, activity.scenarioName));
          if (!row) return;
          await this.db.insert(scenarioActivities).values({
            scenarioId: row.id,
            type: activity.type,
            user: activity.user,
            date: new Date(activity.date),
            scenarioVersionId: activity.scenarioVersionId,
            comment: activity.comment,
            additionalFields: activity.additionalFields,
          });
        },
      },
      deployedScenarios: () => this.deployedScenarios(),
    };
  }

  // The manager compiles on this thread with `models` (to refuse a deployment at once); its workers build the
  // same models from the setup's data with the same rule (`buildModel`), so scenarios run in workers, with limits.
  async #buildEmbedded(settings: Record<string, unknown>, models: EmbeddedModels, workerSetup: WorkerSetup): Promise<ApiDeploymentManager> {
    const { type: _type, ...rest } = settings;
    const parsed = EmbeddedManagerSettingsSchema.parse(rest);
    const manager = await createEmbeddedDeploymentManager(
      { ...parsed, db: this.db, models, workerSetup, fragments: (id) => this.#fragments.get(id) },
      this.#dependencies('dm-embedded'),
    );
    manager.mountAt(() => this.publicUrl());
    return manager;
  }

  /**
   * Builds every configured manager now (persisted deployments resume). One whose runtime cannot be reached (NATS
   * down) does not keep the designer from starting: it is logged, and built on first use.
   */
  async start(fragmentGraphs: (processingType: string) => Promise<Record<string, ScenarioGraph>>): Promise<void> {
    for (const name of Object.keys(this.config.current.processingTypes)) {
      // Deployments resumed now compile at once: the fragments they use must be known before their manager is built.
      this.useFragmentGraphs(await fragmentGraphs(name));
      try {
        await this.managerFor(name);
      } catch (error) {
        if (!isDeploymentManagerUnavailable(error)) throw error;
        this.logger.warn({ err: error, processingType: name }, 'The deployment manager could not reach its runtime: it is built on first use');
      }
    }
  }

  /** Closes the managers built here (injected ones belong to the caller). */
  async close(): Promise<void> {
    const built = [...this.#built.values()];
    this.#built.clear();
    for (const { manager } of built) await (await manager.catch(() => undefined))?.close();
  }

  /**
   * Until when states computed since `since` stay as fresh as the cached engine answers they used (the
   * earliest end of those answers' cache periods; now while a manager is still being built), and a version
   * that changes whenever cached answers are dropped early (after an action).
   */
  stateFreshness(since = Date.now()): { version: number; validUntil: number } {
    const now = Date.now();
    if ([...this.#built.values()].some((entry) => entry.ready === undefined)) return { version: this.#statesVersion, validUntil: now };
    let validUntil = Number.POSITIVE_INFINITY;
    // Answers that expired before `since` were not used since (a use refreshes them).
    const consider = (until: number) => {
      if (until >= since) validUntil = Math.min(validUntil, until);
    };
    for (const [manager, entry] of this.#bulkCache) consider(entry.at + (manager.stateCaching?.ttlMs ?? DEFAULT_STATE_TTL_MS));
    // Answers of managers that answer lists in bulk are never listed: details asked one by one must not age a list.
    for (const entry of this.#stateCache.values()) if (entry.listed) consider(entry.until);
    return { version: this.#statesVersion, validUntil: Math.min(validUntil, now + DEFAULT_STATE_TTL_MS) };
  }

  #statesVersion = 0;

  // The state of a scenario with no action to reconcile and no job, by manager (`stateOf`): it depends on nothing
  // else, and a manager built again (a reload) is another key.
  readonly #idleStates = new WeakMap<ApiDeploymentManager, ProcessState>();

  // A manager's definitions are fixed when it is built: a list computes thousands of states with the same ones.
  readonly #statusDefinitions = new WeakMap<object, ReturnType<typeof createStatusDefinitions>>();

  #statusDefinitionsOf(declared: readonly StatusDefinition[]): ReturnType<typeof createStatusDefinitions> {
    let definitions = this.#statusDefinitions.get(declared);
    if (!definitions) {
      definitions = createStatusDefinitions(declared);
      this.#statusDefinitions.set(declared, definitions);
    }
    return definitions;
  }

  /** Forget cached engine answers about a scenario (after an action changed them). */
  invalidate(scenarioName: string): void {
    this.#statesVersion += 1;
    this.#bulkCache.clear();
    for (const key of [...this.#stateCache.keys()]) if (key.endsWith(`\u0000${scenarioName}`)) this.#stateCache.delete(key);
  }

  async #engineState(processingType: string, scenarioName: string, manager: ApiDeploymentManager, bulk: boolean): Promise<EngineStateSnapshot> {
    const query = manager.stateQueryForAllScenarios;
    if (bulk && query) {
      const ttl = manager.stateCaching?.ttlMs ?? DEFAULT_STATE_TTL_MS;
      let cached = this.#bulkCache.get(manager);
      if (!cached || Date.now() - cached.at >= ttl) {
        cached = { at: Date.now(), statuses: query.getAllScenariosStatuses() };
        this.#bulkCache.set(manager, cached);
      }
      try {
        return { ok: true, statuses: (await cached.statuses).get(scenarioName) ?? [] };
      } catch (error) {
        this.#bulkCache.delete(manager);
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }
    const key = `${processingType}\u0000${scenarioName}`;
    const ttl = manager.stateCaching?.ttlMs ?? DEFAULT_STATE_TTL_MS;
    const cached = this.#stateCache.get(key);
    if (cached && Date.now() - cached.at < ttl) return cached.snapshot;
    let snapshot: EngineStateSnapshot;
    try {
      snapshot = { ok: true, statuses: await manager.getScenarioStatuses(scenarioName) };
    } catch (error) {
      snapshot = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    this.#stateCache.set(key, { at: Date.now(), until: Date.now() + ttl, snapshot, listed: !query });
    return snapshot;
  }

  /** The engine's jobs of a scenario (uncached), or undefined without a manager. */
  async engineStatuses(processingType: string, scenarioName: string): Promise<readonly StatusDetails[] | undefined> {
    const manager = await this.managerFor(processingType);
    return manager?.getScenarioStatuses(scenarioName);
  }

  /**
   * The state of a non-fragment scenario: the designer's actions reconciled with what its manager reports
   * (semantics.md §1), through the deployment SDK. `bulk` (lists) asks a manager that can answer for all its
   * scenarios once per cache period instead of once per scenario.
   */
  async stateOf(
    scenario: { id?: number; name: string; processingType: string; isArchived: boolean },
    actions: readonly ProcessAction[],
    options: { bulk?: boolean } = {},
  ): Promise<ProcessState> {
    // A manager that cannot be built now (its runtime down) gives the state of one that failed to answer.
    let unreachable: string | undefined;
    const manager = await this.managerFor(scenario.processingType).catch((error: unknown) => {
      if (!isDeploymentManagerUnavailable(error)) throw error;
      unreachable = error.message;
      return undefined;
    });
    const customActions = manager?.customActions ?? [];
    const inProgressActionNames = actions.filter((action) => action.state === 'IN_PROGRESS').map((action) => action.actionName);
    let last = actions.find((action) => SETTLED.has(action.state) && isStateChangingAction(action.actionName, customActions));
    if (manager && last && !scenario.isArchived && scenario.id !== undefined && last.actionName === 'DEPLOY' && last.state === 'FINISHED') {
      if (await this.#synchroniseDeployments(manager, { id: scenario.id, name: scenario.name, processingType: scenario.processingType }, last.id)) {
        last = { ...last, state: 'EXECUTION_FINISHED' };
      }
    }
    const input = {
      isArchived: scenario.isArchived,
      lastStateAction: last ? { actionName: last.actionName, state: last.state, processVersionId: last.processVersionId, user: last.user } : null,
      inProgressActionNames,
    };
    let engineState: EngineStateSnapshot | undefined;
    if (isEngineStateNeeded(input)) {
      engineState = manager
        ? await this.#engineState(scenario.processingType, scenario.name, manager, options.bulk ?? false)
        : { ok: false, error: unreachable ?? `No deployment manager for processing type ${scenario.processingType}` };
    }
    // A scenario with no action to reconcile and no job in its engine has the state every such scenario of its
    // manager has: computed once per manager, not once per scenario on every list after the answers expired.
    const idle = manager && engineState?.ok === true && engineState.statuses.length === 0 && last === undefined && inProgressActionNames.length === 0 && !scenario.isArchived;
    const known = idle ? this.#idleStates.get(manager) : undefined;
    if (known) return known;
    const definitions = this.#statusDefinitionsOf(manager?.statusDefinitions ?? NO_STATUS_DEFINITIONS);
    // Unknown fields stay null, as the reference writes them.
    const state = computeScenarioState({ ...input, ...(engineState ? { engineState } : {}) }, definitions, customActions) as ProcessState;
    // The engine knows the scenario by name; the reference's version also carries the designer's numeric id.
    if (state.version && scenario.id !== undefined) state.version = { ...state.version, processId: scenario.id };
    // Shared by every idle scenario of the manager, so never changed by any of their readers.
    if (idle && !state.version) {
      deepFreeze(state);
      this.#idleStates.set(manager, state);
    }
    return state;
  }

  /**
   * Nussknacker's deployment status synchronisation, done on status reads: DEPLOY actions whose deployment the
   * manager reports FINISHED become EXECUTION_FINISHED (a bounded run ended; FAILED ones stay as they are and
   * the engine's status tells). Asked only while the last DEPLOY is not marked yet, and at most once per
   * state-cache period per scenario, so reads cannot make it query the manager more than that. Answers whether
   * `lastDeployId` was marked. A failing manager leaves the actions as they are: the status read still answers.
   */
  async #synchroniseDeployments(
    manager: ApiDeploymentManager,
    scenario: { id: number; name: string; processingType: string },
    lastDeployId: string,
  ): Promise<boolean> {
    const synchronisation = manager.deploymentSynchronisation;
    if (!synchronisation) return false;
    const key = `${scenario.processingType}\u0000${scenario.name}`;
    const ttl = manager.stateCaching?.ttlMs ?? DEFAULT_STATE_TTL_MS;
    const at = this.#synchronisedAt.get(key);
    if (at !== undefined && Date.now() - at < ttl) return false;
    this.#synchronisedAt.set(key, Date.now());
    try {
      const updates = await synchronisation.getDeploymentStatusesToUpdate(scenario.name);
      // Deployment ids are the DEPLOY actions' uuids; anything else a manager reports names no action here.
      const finished = new Set(updates.filter((u) => u.status === 'FINISHED' && UUID.test(u.deploymentId)).map((u) => u.deploymentId));
      if (finished.size === 0) return false;
      // A manager may report every run it ever ended: only the DEPLOYs not marked yet (usually one) are updated.
      const unmarked = await this.db
        .select({ id: scenarioActions.id })
        .from(scenarioActions)
        .where(and(eq(scenarioActions.scenarioId, scenario.id), eq(scenarioActions.actionName, 'DEPLOY'), eq(scenarioActions.state, 'FINISHED')));
      const toMark = unmarked.map((row) => row.id).filter((id) => finished.has(id));
      if (toMark.length === 0) return false;
      // One statement; the state condition keeps a concurrent read from marking twice or undoing anything.
      await this.db
        .update(scenarioActions)
        .set({ state: 'EXECUTION_FINISHED' })
        .where(and(eq(scenarioActions.scenarioId, scenario.id), eq(scenarioActions.state, 'FINISHED'), inArray(scenarioActions.id, toMark)));
      return finished.has(lastDeployId);
    } catch (error) {
      this.logger.warn({ err: error, scenarioName: scenario.name }, 'Synchronising the deployment statuses of a scenario failed');
      return false;
    }
  }

  /** Scenarios whose last state action is a finished DEPLOY, with the canonical form of the deployed version. */
  async deployedScenarios(): Promise<DeployedScenarioData[]> {
    const rows = await this.db
      .select()
      .from(scenarioActions)
      .where(inArray(scenarioActions.actionName, ['DEPLOY', 'CANCEL']))
      .orderBy(desc(scenarioActions.createdAt));
    const seen = new Set<number>();
    const deployed: DeployedScenarioData[] = [];
    for (const action of rows) {
      if (!SETTLED.has(action.state) || seen.has(action.scenarioId)) continue;
      seen.add(action.scenarioId);
      if (action.actionName !== 'DEPLOY') continue;
      const [scenario] = await this.db.select().from(scenarios).where(eq(scenarios.id, action.scenarioId));
      const [version] = await this.db
        .select()
        .from(scenarioVersions)
        .where(and(eq(scenarioVersions.scenarioId, action.scenarioId), eq(scenarioVersions.versionId, action.versionId)));
      if (!scenario || !version || scenario.isArchived) continue;
      const canonical = JSON.parse(version.canonicalJson) as CanonicalProcess;
      deployed.push({
        processVersion: { versionId: action.versionId, processName: scenario.name, labels: [], user: action.user },
        deploymentId: action.id,
        scenario: { ...canonical, metaData: { ...canonical.metaData, id: scenario.name } },
      });
    }
    return deployed;
  }
}

function pinoAdapter(logger: Logger): DeploymentLogger {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}
