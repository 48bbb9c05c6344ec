import {
  addComment,
  cancelScenario,
  deployScenario,
  exportScenario,
  generateAndTest,
  getProcessDefinitionData,
  getScenario,
  getScenarioState,
  getScenarioVersion,
  getTestParameters,
  importScenario,
  listActivities,
  testScenarioWithFile,
  testWithParameters,
  updateScenario,
  validateAdhocTest,
  validateScenarioGraph,
  type ApiClient,
  type ApiCredentials,
  type ApiResult,
  type ProcessDefinitionData,
  type ResultsWithCounts,
  type RouteOutput,
  type ScenarioActivity,
  type ScenarioWithDetails,
  type ValidationResult,
} from '@scenaria/api-contract';
import { newScenarioProperties, type NodeData } from '@scenaria/graph';
import { describeErrors, errorCount, hasErrors } from '@scenaria/validation';
import { fragmentOutputsOf, readDefinitions, type NodeTypingResult } from '$lib/definitions/definitions';
import { componentIdOf } from '$lib/flow/node-kinds';
import type { TypingClient } from '$lib/typing-worker/typing-client';
import { ScenarioEditing, type LayoutFunction } from './editing-store.svelte';

/** What a session is handed: where layout and validation run (the designer's worker), and who is signed in. */
export interface SessionOptions {
  layout?: LayoutFunction;
  /** Validates in the worker; without it, validation runs on this thread through `api`. */
  worker?: Pick<TypingClient, 'validate' | 'nodeTyping'>;
  /** The credentials the worker signs its validation request with (the page's client signs the others). */
  credentials?: () => ApiCredentials | undefined;
}

/** One source's ad-hoc test form as `scenarioTesting/{name}/parameters` answers it. */
export type TestFormSource = RouteOutput<typeof getTestParameters>[number];

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/** A message above the canvas; `about` names what it reports on, so a later success of the same can retire it. */
type Notice = { tone: 'ok' | 'danger' | 'info'; text: string; about?: 'test' };

/**
 * One open scenario as the server knows it: loading, definitions, validation, saving, deployment and tests,
 * all through the typed API client. The graph being edited is `editing`, which this session loads, validates
 * and saves.
 */
export class ScenarioSession {
  readonly name: string;
  readonly api: ApiClient;
  readonly editing: ScenarioEditing;

  load = $state<LoadState>({ status: 'loading' });
  details = $state.raw<ScenarioWithDetails | undefined>(undefined);
  definitions = $state.raw<ProcessDefinitionData | undefined>(undefined);
  definitionsProblem = $state<string | undefined>(undefined);
  validation = $state.raw<ValidationResult | undefined>(undefined);
  /** What validation said about the last saved version (what a deploy would take). */
  savedValidation = $state.raw<ValidationResult | undefined>(undefined);
  validationProblem = $state<string | undefined>(undefined);
  /** An older version shown read-only, or `undefined` for the latest (editable) one. */
  viewedVersion = $state<number | undefined>(undefined);
  saving = $state(false);
  notice = $state<Notice | undefined>(undefined);
  /** The last test run: per-node counts and results (semantics.md §5). */
  testResults = $state.raw<ResultsWithCounts | undefined>(undefined);

  #pendingValidation: ReturnType<typeof setTimeout> | undefined;
  #validationAvailable = true;
  readonly #worker: SessionOptions['worker'];
  readonly #credentials: SessionOptions['credentials'];
  /**
   * Node typing from a validation that ran in the worker, which keeps `nodeResults` and answers one node at a
   * time; `undefined` while `validation` carries its own (from loading or saving).
   */
  #workerTyping = $state.raw<ReadonlyMap<string, NodeTypingResult | undefined> | undefined>(undefined);

  constructor(name: string, api: ApiClient, options: SessionOptions = {}) {
    this.name = name;
    this.api = api;
    this.#worker = options.worker;
    this.#credentials = options.credentials;
    this.editing = new ScenarioEditing({
      layout: options.layout,
      fragmentOutputs: this.fragmentOutputs,
      onChange: () => this.scheduleValidation(),
      onRefused: (reason) => (this.notice = { tone: 'danger', text: reason }),
    });
  }

  get #params() {
    return { scenarioName: this.name };
  }

  get isFragment(): boolean {
    return this.details?.isFragment ?? false;
  }

  get isArchived(): boolean {
    return this.details?.isArchived ?? false;
  }

  fragmentOutputs = (node: NodeData): string[] =>
    node.type === 'FragmentInput' ? fragmentOutputsOf(this.definitions, componentIdOf(node)) : [];

  /** What validation last said about a node: variables in scope and expression types. */
  nodeTyping(id: string): NodeTypingResult | undefined {
    const fromWorker = this.#workerTyping;
    return fromWorker ? fromWorker.get(id) : this.validation?.nodeResults[id];
  }

  /** Fetches a node's typing from the worker's last validation (a node opened after it answered). */
  async loadNodeTyping(id: string | undefined): Promise<void> {
    const known = this.#workerTyping;
    if (!this.#worker || !known || id === undefined || known.has(id)) return;
    const typing = await this.#worker.nodeTyping(id);
    if (this.#workerTyping === known) this.#workerTyping = new Map([...known, [id, typing]]);
  }

  nodeErrors(id: string) {
    return this.validation?.errors.invalidNodes[id] ?? [];
  }

  nodeWarnings(id: string) {
    return this.validation?.warnings.invalidNodes[id] ?? [];
  }

  get errorCount(): number {
    return this.validation ? errorCount(this.validation) : 0;
  }

  /**
   * Why Deploy cannot run, naming where the errors are: deploy takes the last saved version, so its own
   * validation (not the canvas's unsaved one) decides. Undefined when that version has no errors.
   */
  get deployBlockedReason(): string | undefined {
    const saved = this.savedValidation;
    if (!saved || !hasErrors(saved)) return undefined;
    const lines = describeErrors(saved);
    const shown = lines.slice(0, 3).join('; ') + (lines.length > 3 ? `; and ${lines.length - 3} more` : '');
    return `The saved version has ${lines.length === 1 ? 'an error' : `${lines.length} errors`}: ${shown}. Fix and save before deploying.`;
  }

  async loadScenario(versionId?: number): Promise<void> {
    this.load = { status: 'loading' };
    // With a worker, the server sends the graph without validating it first (validation of a large graph
    // delays the first paint by seconds) and the worker validates it once it is on the canvas.
    const query = this.#worker ? { skipValidateAndResolve: 'true' as const } : {};
    const result =
      versionId === undefined
        ? await this.api.call(getScenario, { params: this.#params, query })
        : await this.api.call(getScenarioVersion, { params: { ...this.#params, versionId }, query });
    if (!result.ok) {
      this.load = { status: 'failed', message: result.status === 404 ? `Scenario ${this.name} does not exist.` : result.error.message };
      return;
    }
    const details = result.data;
    this.details = details;
    this.viewedVersion = details.isLatestVersion === false ? details.processVersionId : undefined;
    this.validation = details.validationResult ?? undefined;
    this.#workerTyping = undefined;
    if (details.isLatestVersion !== false) this.savedValidation = details.validationResult ?? undefined;
    const graph = details.scenarioGraph ?? { properties: newScenarioProperties(details.isFragment ? 'fragment' : details.processingMode === 'Request-Response' ? 'request-response' : 'streaming'), nodes: [], edges: [] };
    this.editing.open(graph, details.labels, await this.editing.layoutFor(graph));
    this.load = { status: 'ready' };
    if (!details.validationResult && this.#worker) {
      // after the first frame: starting the validation worker takes a core while it reads its script
      const isLatest = details.isLatestVersion !== false;
      requestAnimationFrame(() => setTimeout(() => void this.#validateOpened(isLatest)));
    }
    await this.#loadDefinitions(details);
  }

  /** Validates a graph just opened (unchanged, so for the latest version its result is the saved version's). */
  async #validateOpened(isLatest: boolean): Promise<void> {
    await this.validate();
    if (!this.#validationAvailable) {
      // a server without live validation: its details carry the result
      const result = await this.api.call(getScenario, { params: this.#params });
      if (result.ok) this.validation = result.data.validationResult ?? undefined;
      this.#workerTyping = undefined;
    }
    if (isLatest && !this.editing.isDirty) this.savedValidation = this.validation;
  }

  async #loadDefinitions(details: ScenarioWithDetails): Promise<void> {
    const result = await this.api.call(getProcessDefinitionData, {
      params: { processingType: details.processingType },
      query: { isFragment: String(details.isFragment) as 'true' | 'false' },
    });
    const read = result.ok ? readDefinitions(result.data) : { ok: false as const, message: result.error.message };
    if (read.ok) {
      this.definitions = read.value;
      this.definitionsProblem = undefined;
    } else {
      this.definitionsProblem = read.message;
    }
  }

  scheduleValidation(): void {
    if (!this.#validationAvailable || this.isArchived) return;
    clearTimeout(this.#pendingValidation);
    this.#pendingValidation = setTimeout(() => void this.validate(), 500);
  }

  /** Validates the unsaved graph on the server; the result feeds error markers and variable types. */
  async validate(): Promise<void> {
    const inWorker = this.#worker
      ? await this.#validateInWorker(this.#worker).catch((error: unknown) => {
          // a broken worker must not leave the canvas without validation: this thread takes over
          console.error('validation in the typing worker failed', error);
          return false;
        })
      : false;
    if (inWorker) return;
    const result = await this.api.call(validateScenarioGraph, {
      params: this.#params,
      json: { processName: this.name, scenarioGraph: this.editing.currentGraph() },
    });
    if (result.ok) {
      this.validation = result.data;
      this.#workerTyping = undefined;
      this.validationProblem = undefined;
    } else if (result.status === 404 || result.status === 405 || result.status === 501) {
      // this server has no live validation; results arrive with each save instead
      this.#validationAvailable = false;
    } else {
      this.validationProblem = result.error.message;
    }
  }

  /**
   * Validation in the worker: the graph's JSON, the request and the answer (typing of every node, megabytes at
   * a thousand nodes) are handled there, never blocking input. The page takes errors and warnings, and the
   * open node's typing. False when the page's own client must take over (a 401 its sign-in refresh handles).
   */
  async #validateInWorker(worker: NonNullable<SessionOptions['worker']>): Promise<boolean> {
    const openId = this.editing.openNodeId;
    const answer = await worker.validate({ baseUrl: '', credentials: this.#credentials?.(), scenarioName: this.name, graph: this.editing.currentGraph() });
    if (!answer) return true; // a newer graph is being validated: only its result may be shown
    if (!answer.ok) {
      if (answer.status === 401) return false;
      if (answer.status === 404 || answer.status === 405 || answer.status === 501) this.#validationAvailable = false;
      else this.validationProblem = answer.message;
      return true;
    }
    const typing = new Map<string, NodeTypingResult | undefined>();
    if (openId !== undefined) typing.set(openId, await worker.nodeTyping(openId));
    this.validation = { ...answer.result, nodeResults: {} };
    this.#workerTyping = typing;
    this.validationProblem = undefined;
    return true;
  }

  /** Saves the graph and labels as a new version (when they changed) with the user's comment. */
  async save(comment: string): Promise<boolean> {
    const snapshot = this.editing.snapshotToSave();
    this.saving = true;
    const trimmed = comment.trim();
    const result = await this.api.call(updateScenario, {
      params: this.#params,
      json: { scenarioGraph: snapshot.graph, scenarioLabels: snapshot.labels, ...(trimmed ? { comment: trimmed } : {}) },
    });
    this.saving = false;
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not saved: ${result.error.message}` };
      return false;
    }
    const response = result.data;
    if (response.errors && response.warnings) {
      this.validation = { errors: response.errors, warnings: response.warnings, nodeResults: response.nodeResults ?? {} };
      this.#workerTyping = undefined;
      this.savedValidation = this.validation;
    }
    this.editing.markSaved(snapshot);
    this.notice = {
      tone: 'ok',
      text: response.isNewVersion === false ? 'Saved; the graph did not change, so no new version.' : `Saved as version ${response.processVersionId ?? ''}.`,
    };
    const refreshed = await this.api.call(getScenario, { params: this.#params, query: { skipValidateAndResolve: 'true' } });
    if (refreshed.ok) this.details = { ...refreshed.data, validationResult: this.details?.validationResult };
    return true;
  }

  /**
   * Replaces the canvas with a scenario file (any format era; the server upgrades it). Nothing is saved:
   * the import is one undoable change, kept only if the user saves.
   */
  async importFile(file: File): Promise<void> {
    const form = new FormData();
    form.set('process', file, file.name);
    const result = await this.api.call(importScenario, { params: this.#params, body: form });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not imported: ${result.error.message}` };
      return;
    }
    const { scenarioGraph, validationResult, changes } = result.data;
    if (validationResult) {
      this.validation = validationResult;
      this.#workerTyping = undefined;
    }
    this.editing.replaceGraph(scenarioGraph, await this.editing.layoutFor(scenarioGraph));
    this.notice = {
      tone: 'info',
      text: `Imported ${file.name}${changes.length > 0 ? ` (upgraded: ${changes.join('; ')})` : ''}. Save to keep it.`,
    };
  }

  /** The stored (canonical) JSON of the latest saved version, as the reference exports it. */
  async exportJson(): Promise<string | undefined> {
    const result = await this.api.call(exportScenario, { params: this.#params });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not exported: ${result.error.message}` };
      return undefined;
    }
    // The server writes this JSON with JSON.stringify too, so the file holds the same text it sent.
    return JSON.stringify(result.data);
  }

  /**
   * Deploys the latest saved version or cancels the running one. The server answers once the deployment
   * manager took the command; the status is then followed until it settles.
   */
  async runAction(action: 'deploy' | 'cancel', comment: string): Promise<boolean> {
    const trimmed = comment.trim();
    const result = await this.api.call(action === 'deploy' ? deployScenario : cancelScenario, {
      params: this.#params,
      json: trimmed ? { comment: trimmed } : {},
    });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `${action === 'deploy' ? 'Deploy' : 'Cancel'} refused: ${result.error.message}` };
      // Only a refused comment can be mended in the dialog; any other refusal closes it, its reason in the notice.
      if (result.status !== 400) await this.refreshDetails();
      return result.status !== 400;
    }
    this.notice = { tone: 'info', text: action === 'deploy' ? 'Deployment requested.' : 'Cancel requested.' };
    await this.followState();
    return true;
  }

  /**
   * Polls the status while an action is in progress, and while a bounded (batch) run is RUNNING towards its
   * end (at most ~30 s), then refreshes the record.
   */
  async followState(): Promise<void> {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const result = await this.api.call(getScenarioState, { params: this.#params });
      if (!result.ok) break;
      if (this.details) this.details = { ...this.details, state: result.data };
      const name = result.data.status.name;
      const isBoundedRun = name === 'RUNNING' && this.details?.processingMode === 'Bounded-Stream';
      if (!name.startsWith('DURING_') && !isBoundedRun) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await this.refreshDetails();
  }

  /** Tests the graph on the canvas (saved or not) with records the source generates. */
  async testWithGeneratedData(samples: number): Promise<void> {
    const result = await this.api.call(generateAndTest, { params: { ...this.#params, samples }, json: this.editing.currentGraph() });
    this.#takeTestResult(result);
  }

  /** The ad-hoc test form of each source of the graph on the canvas (one raw SpEL field per record field). */
  async testFormSources(): Promise<TestFormSource[]> {
    const result = await this.api.call(getTestParameters, { params: this.#params, json: this.editing.currentGraph() });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test form not loaded: ${result.error.message}` };
      return [];
    }
    return result.data;
  }

  /** The server's errors of the ad-hoc form values, keyed by field; undefined when the check itself failed. */
  async validateTestForm(sourceId: string, values: Record<string, string>): Promise<Record<string, string[]> | undefined> {
    const result = await this.api.call(validateAdhocTest, { params: this.#params, json: this.#testFormRequest(sourceId, values) });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test form not checked: ${result.error.message}` };
      return undefined;
    }
    const byField: Record<string, string[]> = {};
    for (const error of result.data.validationErrors) {
      const field = error.fieldName ?? '';
      (byField[field] ??= []).push(error.message);
    }
    return byField;
  }

  /** Tests the graph on the canvas with the one record the ad-hoc form describes. */
  async testWithForm(sourceId: string, values: Record<string, string>): Promise<boolean> {
    const result = await this.api.call(testWithParameters, { params: this.#params, json: this.#testFormRequest(sourceId, values) });
    return this.#takeTestResult(result);
  }

  /** Tests the graph on the canvas with the records of a test file (one JSON record per line). */
  async testWithFile(file: Blob): Promise<boolean> {
    const form = new FormData();
    form.set('testData', file);
    form.set('scenarioGraph', JSON.stringify(this.editing.currentGraph()));
    const result = await this.api.call(testScenarioWithFile, { params: this.#params, body: form });
    return this.#takeTestResult(result);
  }

  #testFormRequest(sourceId: string, values: Record<string, string>) {
    const parameterExpressions = Object.fromEntries(Object.entries(values).map(([field, expression]) => [field, { language: 'spel', expression }]));
    return { sourceParameters: { sourceId, parameterExpressions }, scenarioGraph: this.editing.currentGraph() };
  }

  #takeTestResult(result: ApiResult<ResultsWithCounts>): boolean {
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test failed: ${result.error.message}`, about: 'test' };
      return false;
    }
    // A test that ran retires the failure of an earlier one, which no longer describes the canvas.
    if (this.notice?.about === 'test') this.notice = undefined;
    this.testResults = result.data;
    return true;
  }

  /** Reloads the scenario record (status, versions) after an action. */
  async refreshDetails(): Promise<void> {
    const refreshed = await this.api.call(getScenario, { params: this.#params, query: { skipValidateAndResolve: 'true' } });
    if (refreshed.ok) this.details = { ...refreshed.data, scenarioGraph: undefined, validationResult: undefined };
  }

  /** The scenario's activities (saves, deployments, comments), newest first. */
  async activities(): Promise<{ ok: true; activities: ScenarioActivity[] } | { ok: false; message: string }> {
    const result = await this.api.call(listActivities, { params: this.#params });
    return result.ok ? { ok: true, activities: [...result.data.activities].reverse() } : { ok: false, message: result.error.message };
  }

  /** Adds a comment to the shown version; `undefined` when it was added, otherwise why not. */
  async addComment(text: string): Promise<string | undefined> {
    const version = this.details?.processVersionId;
    if (version === undefined) return 'No version to comment on.';
    const result = await this.api.call(addComment, {
      params: { ...this.#params, versionId: version },
      body: text,
      headers: { 'content-type': 'text/plain' },
    });
    return result.ok ? undefined : result.error.message;
  }
}
