import type { Connection } from '@xyflow/svelte';
import { newScenarioProperties, type Edge, type EdgeType, type NodeData, type ProcessProperties, type ScenarioGraph } from '@scenaria/graph';
import type { ImportScenarioResponse, ProcessState, ScenarioWithDetails, UpdateScenarioResponse, ValidationResult } from '@scenaria/api-contract';
import { apiPath, type ApiClient, type ApiResult } from '$lib/api/client';
import { copySelection, parseClipboard, preparePaste, serializeClipboard, uniqueNodeId, type ClipboardContent } from '$lib/clipboard/clipboard';
import { checkConnection } from '$lib/flow/connection-rules';
import { computeLayout } from '$lib/flow/layout';
import { componentIdOf } from '$lib/flow/node-kinds';
import {
  needsLayout,
  toFlowEdge,
  toFlowEdges,
  toFlowNodes,
  toScenarioGraph,
  type Position,
  type ScenarioFlowEdge,
  type ScenarioFlowNode,
} from '$lib/flow/scenario-flow';
import { fragmentOutputsOf, type NodeTypingResult, type UIDefinitions } from '$lib/definitions/definitions';
import { createHistory, type History } from '$lib/history/history';
import { replaceNode, sameSnapshot, snapshotOf, type EditorSnapshot } from './editor-snapshot';

/** Test results with counts as the reference returns them; values are wrapped as `{pretty}`. */
export interface TestResultsWithCounts {
  results: {
    nodeResults: Record<string, { id: string; variables: Record<string, { pretty: unknown }> }[]>;
    invocationResults: Record<string, { contextId: string; name: string; value: { pretty: unknown } }[]>;
    externalInvocationResults?: Record<string, unknown[]>;
    exceptions: { nodeId: string; throwable: string | null; context: { id: string } }[];
  };
  counts: Record<string, { all: number; errors: number }>;
}

/** One source's ad-hoc test form as `scenarioTesting/{name}/parameters` answers it. */
export interface TestFormSource {
  sourceId: string;
  parameters: { name: string; label?: string; typ?: { display?: string } }[];
}

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/**
 * The state of one open scenario. The canvas binds `nodes`/`edges` directly (xyflow moves and selects
 * them); every completed change is committed as a snapshot for undo/redo and for the unsaved-changes check.
 */
export class ScenarioEditor {
  readonly name: string;
  readonly api: ApiClient;

  load = $state<LoadState>({ status: 'loading' });
  details = $state.raw<ScenarioWithDetails | undefined>(undefined);
  properties = $state.raw<ProcessProperties>(newScenarioProperties('streaming'));
  nodes = $state.raw<ScenarioFlowNode[]>([]);
  edges = $state.raw<ScenarioFlowEdge[]>([]);
  labels = $state.raw<string[]>([]);
  definitions = $state.raw<UIDefinitions | undefined>(undefined);
  definitionsProblem = $state<string | undefined>(undefined);
  validation = $state.raw<ValidationResult | undefined>(undefined);
  validationProblem = $state<string | undefined>(undefined);
  /** An older version shown read-only, or `undefined` for the latest (editable) one. */
  viewedVersion = $state<number | undefined>(undefined);
  /** The node whose details panel is open. */
  openNodeId = $state<string | undefined>(undefined);
  isDirty = $state(false);
  canUndo = $state(false);
  canRedo = $state(false);
  saving = $state(false);
  notice = $state<{ tone: 'ok' | 'danger' | 'info'; text: string } | undefined>(undefined);

  #history: History<EditorSnapshot> | undefined;
  #savedFingerprint = '';
  #pendingCommit: ReturnType<typeof setTimeout> | undefined;
  #pendingValidation: ReturnType<typeof setTimeout> | undefined;
  #validationAvailable = true;
  #clipboard: ClipboardContent | undefined;
  #pasteCount = 0;

  constructor(name: string, api: ApiClient) {
    this.name = name;
    this.api = api;
  }

  get isFragment(): boolean {
    return this.details?.isFragment ?? false;
  }

  get isArchived(): boolean {
    return this.details?.isArchived ?? false;
  }

  get openNode(): NodeData | undefined {
    const id = this.openNodeId;
    return id === undefined ? undefined : this.nodes.find((node) => node.id === id)?.data.node;
  }

  get selectedIds(): Set<string> {
    return new Set(this.nodes.filter((node) => node.selected).map((node) => node.id));
  }

  /** The graph as it would be saved now. */
  currentGraph(): ScenarioGraph {
    return toScenarioGraph(this.properties, this.nodes, this.edges);
  }

  nodeData(id: string): NodeData | undefined {
    return this.nodes.find((node) => node.id === id)?.data.node;
  }

  fragmentOutputs = (node: NodeData): string[] =>
    node.type === 'FragmentInput' ? fragmentOutputsOf(this.definitions, componentIdOf(node)) : [];

  /** What validation last said about a node: variables in scope and expression types. */
  nodeTyping(id: string): NodeTypingResult | undefined {
    return this.validation?.nodeResults[id] as NodeTypingResult | undefined;
  }

  nodeErrors(id: string) {
    return this.validation?.errors.invalidNodes[id] ?? [];
  }

  nodeWarnings(id: string) {
    return this.validation?.warnings.invalidNodes[id] ?? [];
  }

  get errorCount(): number {
    const errors = this.validation?.errors;
    if (!errors) return 0;
    return Object.values(errors.invalidNodes).reduce((sum, list) => sum + list.length, 0) + errors.processPropertiesErrors.length + errors.globalErrors.length;
  }

  async loadScenario(versionId?: number): Promise<void> {
    this.load = { status: 'loading' };
    const path = versionId === undefined ? apiPath('processes', this.name) : apiPath('processes', this.name, versionId);
    const result = await this.api.get<ScenarioWithDetails>(path);
    if (!result.ok) {
      this.load = { status: 'failed', message: result.status === 404 ? `Scenario ${this.name} does not exist.` : result.message };
      return;
    }
    const details = result.value;
    this.details = details;
    this.viewedVersion = details.isLatestVersion === false ? details.processVersionId : undefined;
    this.openNodeId = undefined;
    const graph = details.scenarioGraph ?? { properties: newScenarioProperties(details.isFragment ? 'fragment' : details.processingMode === 'Request-Response' ? 'request-response' : 'streaming'), nodes: [], edges: [] };
    this.labels = [...details.labels];
    this.validation = details.validationResult;
    this.#show(graph);
    const snapshot = snapshotOf(this.currentGraph(), this.labels);
    this.#history = createHistory(snapshot, { isSame: sameSnapshot, limit: 200 });
    // Positions given by the automatic layout are not a change of the user's: opening stays "saved".
    this.#savedFingerprint = snapshot.fingerprint;
    this.#afterHistoryChange();
    this.load = { status: 'ready' };
    await this.#loadDefinitions(details);
  }

  async #loadDefinitions(details: ScenarioWithDetails): Promise<void> {
    const result = await this.api.get<UIDefinitions>(apiPath('processDefinitionData', details.processingType), {
      isFragment: details.isFragment,
    });
    if (result.ok) {
      this.definitions = result.value;
      this.definitionsProblem = undefined;
    } else {
      this.definitionsProblem = result.message;
    }
  }

  /** Puts a graph on the canvas; nodes without stored positions get the automatic layout. */
  #show(graph: ScenarioGraph, selected: ReadonlySet<string> = new Set()): void {
    this.properties = graph.properties;
    const fallback = needsLayout(graph.nodes)
      ? computeLayout(
          graph.nodes.map((node) => node.id),
          graph.edges,
        )
      : new Map<string, Position>();
    this.nodes = toFlowNodes(graph.nodes, fallback).map((node) => (selected.has(node.id) ? { ...node, selected: true } : node));
    this.edges = toFlowEdges(graph.edges);
  }

  /**
   * Records the current state as an undo step. `coalesce` waits for a pause (typing in a form) so one
   * word is one step, not one step per key.
   */
  commit(options: { coalesce?: boolean } = {}): void {
    clearTimeout(this.#pendingCommit);
    if (options.coalesce) {
      this.#pendingCommit = setTimeout(() => this.commit(), 400);
      // the step exists already for the user: undo flushes it first
      this.isDirty = true;
      this.canUndo = true;
      return;
    }
    this.#pendingCommit = undefined;
    this.#history?.push(snapshotOf(this.currentGraph(), this.labels));
    this.#afterHistoryChange();
    this.scheduleValidation();
  }

  #afterHistoryChange(): void {
    const history = this.#history;
    this.canUndo = history?.canUndo ?? false;
    this.canRedo = history?.canRedo ?? false;
    this.isDirty = history ? history.present.fingerprint !== this.#savedFingerprint : false;
  }

  #flushPendingCommit(): void {
    if (this.#pendingCommit !== undefined) this.commit();
  }

  undo(): void {
    this.#flushPendingCommit();
    const snapshot = this.#history?.undo();
    if (snapshot) this.#restore(snapshot);
  }

  redo(): void {
    this.#flushPendingCommit();
    const snapshot = this.#history?.redo();
    if (snapshot) this.#restore(snapshot);
  }

  #restore(snapshot: EditorSnapshot): void {
    this.labels = [...snapshot.labels];
    this.#show(snapshot.graph, this.selectedIds);
    if (this.openNodeId !== undefined && !this.nodeData(this.openNodeId)) this.openNodeId = undefined;
    this.#afterHistoryChange();
    this.scheduleValidation();
  }

  /** Adds a node from a palette template at a canvas position, with a fresh id. */
  addNode(template: NodeData, position: Position): string {
    const taken = new Set(this.nodes.map((node) => node.id));
    const id = uniqueNodeId(template.id, taken);
    const node = { ...structuredClone(template), id } as NodeData;
    const flowNode: ScenarioFlowNode = { id, type: 'scenario', position, data: { node }, selected: true };
    this.nodes = [...this.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), flowNode];
    this.openNodeId = id;
    this.commit();
    return id;
  }

  /** Checks a connection the user is drawing (xyflow asks while dragging). */
  connectionCheck(connection: Pick<Connection, 'source' | 'target' | 'sourceHandle'>) {
    return checkConnection(
      (id) => this.nodeData(id),
      this.edges.map((edge) => ({ source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle })),
      connection,
      this.fragmentOutputs,
    );
  }

  /** The canvas edge for a new connection, or `false` to refuse it. */
  edgeForConnection(connection: Connection): ScenarioFlowEdge | false {
    const check = this.connectionCheck(connection);
    if (!check.ok) {
      this.notice = { tone: 'danger', text: check.reason };
      return false;
    }
    const edge: Edge = { from: connection.source, to: connection.target, edgeType: check.edgeType };
    const ids = new Set(this.edges.map((e) => e.id));
    let id = `${connection.source}\u0000${connection.sourceHandle ?? 'out'}\u0000${connection.target}`;
    for (let counter = 1; ids.has(id); counter += 1) id = `${id}\u0000${counter}`;
    return toFlowEdge(edge, id);
  }

  /** Replaces a node's data (from the details form); renames follow through edges. */
  updateNode(previousId: string, next: NodeData, options: { coalesce?: boolean } = {}): void {
    if (previousId === next.id) {
      // The common case (typing in a field): swap one canvas node, leave the others as they are, so
      // the canvas re-renders one node per keystroke.
      this.nodes = this.nodes.map((node) => (node.id === previousId ? { ...node, data: { node: next } } : node));
      this.commit(options);
      return;
    }
    const graph = this.currentGraph();
    const replaced = replaceNode(graph.nodes, graph.edges, previousId, next);
    const flowNodes = new Map(this.nodes.map((node) => [node.id === previousId ? next.id : node.id, node]));
    this.nodes = replaced.nodes.map((node) => {
      const flowNode = flowNodes.get(node.id);
      return flowNode ? { ...flowNode, id: node.id, data: { node } } : { id: node.id, type: 'scenario', position: { x: 0, y: 0 }, data: { node } };
    });
    this.edges = toFlowEdges(replaced.edges);
    if (this.openNodeId === previousId) this.openNodeId = next.id;
    this.commit(options);
  }

  /** Changes the kind of an edge (a choice condition); keeps its place in the ordered list. */
  updateEdgeType(edgeId: string, edgeType: EdgeType | null, options: { coalesce?: boolean } = {}): void {
    this.edges = this.edges.map((edge) => {
      if (edge.id !== edgeId) return edge;
      const next = toFlowEdge({ from: edge.source, to: edge.target, edgeType }, edge.id);
      return { ...next, selected: edge.selected };
    });
    this.commit(options);
  }

  /** Moves an outgoing edge of a choice up or down: the order of conditions is the evaluation order. */
  moveEdge(edgeId: string, direction: -1 | 1): void {
    const index = this.edges.findIndex((edge) => edge.id === edgeId);
    const edge = this.edges[index];
    if (!edge) return;
    let swapWith = index + direction;
    while (swapWith >= 0 && swapWith < this.edges.length && this.edges[swapWith]?.source !== edge.source) swapWith += direction;
    const other = this.edges[swapWith];
    if (!other) return;
    const edges = [...this.edges];
    edges[index] = other;
    edges[swapWith] = edge;
    this.edges = edges;
    this.commit();
  }

  updateProperties(properties: ProcessProperties, options: { coalesce?: boolean } = {}): void {
    this.properties = properties;
    this.commit(options);
  }

  setLabels(labels: string[]): void {
    this.labels = labels;
    this.commit();
  }

  deleteSelection(): void {
    const selected = this.selectedIds;
    const selectedEdges = new Set(this.edges.filter((edge) => edge.selected).map((edge) => edge.id));
    if (selected.size === 0 && selectedEdges.size === 0) return;
    this.nodes = this.nodes.filter((node) => !selected.has(node.id));
    this.edges = this.edges.filter((edge) => !selectedEdges.has(edge.id) && !selected.has(edge.source) && !selected.has(edge.target));
    if (this.openNodeId !== undefined && selected.has(this.openNodeId)) this.openNodeId = undefined;
    this.commit();
  }

  /** Called by the canvas after it removed nodes/edges itself (Delete key). */
  afterCanvasDelete(deletedNodeIds: readonly string[]): void {
    if (this.openNodeId !== undefined && deletedNodeIds.includes(this.openNodeId)) this.openNodeId = undefined;
    this.commit();
  }

  /** Copies the selection into the editor and, when the browser allows, the system clipboard. */
  async copy(): Promise<number> {
    const graph = this.currentGraph();
    const content = copySelection(graph.nodes, graph.edges, this.selectedIds);
    if (content.nodes.length === 0) return 0;
    this.#clipboard = content;
    this.#pasteCount = 0;
    try {
      await navigator.clipboard.writeText(serializeClipboard(content));
    } catch {
      // no clipboard permission (e.g. an insecure origin): the in-editor copy still works
    }
    return content.nodes.length;
  }

  async cut(): Promise<void> {
    if ((await this.copy()) > 0) this.deleteSelection();
  }

  async paste(): Promise<void> {
    let content = this.#clipboard;
    try {
      const fromSystem = parseClipboard(await navigator.clipboard.readText());
      if (fromSystem && (!content || serializeClipboard(fromSystem) !== serializeClipboard(content))) {
        content = fromSystem;
        this.#clipboard = fromSystem;
        this.#pasteCount = 0;
      }
    } catch {
      // reading the system clipboard was refused: paste what was copied here
    }
    if (!content || content.nodes.length === 0) return;
    this.#pasteCount += 1;
    const step = 40 * this.#pasteCount;
    const pasted = preparePaste(content, new Set(this.nodes.map((node) => node.id)), { x: step, y: step });
    const newIds = new Set(pasted.renamed.values());
    const flowNodes = toFlowNodes(pasted.nodes, new Map()).map((node) => ({ ...node, selected: true }));
    const existingEdgeIds = new Set(this.edges.map((edge) => edge.id));
    const flowEdges = toFlowEdges(pasted.edges).map((edge) => (existingEdgeIds.has(edge.id) ? { ...edge, id: `${edge.id}\u0000p${this.#pasteCount}` } : edge));
    this.nodes = [...this.nodes.map((node) => (node.selected && !newIds.has(node.id) ? { ...node, selected: false } : node)), ...flowNodes];
    this.edges = [...this.edges, ...flowEdges];
    this.commit();
  }

  selectAll(): void {
    this.nodes = this.nodes.map((node) => ({ ...node, selected: true }));
  }

  /** Lays out every node again (the "arrange" button). */
  autoLayout(): void {
    const positions = computeLayout(
      this.nodes.map((node) => node.id),
      this.edges.map((edge) => ({ from: edge.source, to: edge.target })),
    );
    this.nodes = this.nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? node.position }));
    this.commit();
  }

  scheduleValidation(): void {
    if (!this.#validationAvailable || this.isArchived) return;
    clearTimeout(this.#pendingValidation);
    this.#pendingValidation = setTimeout(() => void this.validate(), 500);
  }

  /** Validates the unsaved graph on the server; the result feeds error markers and variable types. */
  async validate(): Promise<void> {
    const result = await this.api.post<ValidationResult>(apiPath('processValidation', this.name), {
      processName: this.name,
      scenarioGraph: this.currentGraph(),
    });
    if (result.ok) {
      this.validation = result.value;
      this.validationProblem = undefined;
    } else if (result.status === 404 || result.status === 405 || result.status === 501) {
      // this server has no live validation; results arrive with each save instead
      this.#validationAvailable = false;
    } else {
      this.validationProblem = result.message;
    }
  }

  /** Saves the graph and labels as a new version (when they changed) with the user's comment. */
  async save(comment: string): Promise<boolean> {
    this.#flushPendingCommit();
    this.saving = true;
    const snapshot = snapshotOf(this.currentGraph(), this.labels);
    const trimmed = comment.trim();
    const result = await this.api.put<UpdateScenarioResponse>(apiPath('processes', this.name), {
      scenarioGraph: snapshot.graph,
      scenarioLabels: snapshot.labels,
      ...(trimmed ? { comment: trimmed } : {}),
    });
    this.saving = false;
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not saved: ${result.message}` };
      return false;
    }
    const response = result.value;
    if (response.errors && response.warnings) {
      this.validation = { errors: response.errors, warnings: response.warnings, nodeResults: response.nodeResults ?? {} };
    }
    this.#savedFingerprint = snapshot.fingerprint;
    this.#afterHistoryChange();
    this.notice = {
      tone: 'ok',
      text: response.isNewVersion === false ? 'Saved; the graph did not change, so no new version.' : `Saved as version ${response.processVersionId ?? ''}.`,
    };
    const refreshed = await this.api.get<ScenarioWithDetails>(apiPath('processes', this.name), { skipValidateAndResolve: true });
    if (refreshed.ok) this.details = { ...refreshed.value, validationResult: this.details?.validationResult };
    return true;
  }

  /**
   * Replaces the canvas with a scenario file (any format era; the server upgrades it). Nothing is saved:
   * the import is one undoable change, kept only if the user saves.
   */
  async importFile(file: File): Promise<void> {
    const form = new FormData();
    form.set('process', file, file.name);
    const result = await this.api.request<ImportScenarioResponse>(apiPath('processes', 'import', this.name), { method: 'POST', form });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not imported: ${result.message}` };
      return;
    }
    const { scenarioGraph, validationResult, changes } = result.value;
    this.#show(scenarioGraph);
    this.openNodeId = undefined;
    if (validationResult) this.validation = validationResult;
    this.commit();
    this.notice = {
      tone: 'info',
      text: `Imported ${file.name}${changes.length > 0 ? ` (upgraded: ${changes.join('; ')})` : ''}. Save to keep it.`,
    };
  }

  /** The stored (canonical) JSON of the latest saved version, as the reference exports it. */
  async exportJson(): Promise<string | undefined> {
    const result = await this.api.request<string>(apiPath('processesExport', this.name), { read: 'text' });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Not exported: ${result.message}` };
      return undefined;
    }
    return result.value;
  }

  /**
   * Deploys the latest saved version or cancels the running one. The server answers once the deployment
   * manager took the command; the status is then followed until it settles.
   */
  async runAction(action: 'deploy' | 'cancel', comment: string): Promise<boolean> {
    const trimmed = comment.trim();
    const result = await this.api.post(apiPath('processManagement', action, this.name), trimmed ? { comment: trimmed } : {}, { read: 'none' });
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `${action === 'deploy' ? 'Deploy' : 'Cancel'} refused: ${result.message}` };
      return false;
    }
    this.notice = { tone: 'info', text: action === 'deploy' ? 'Deployment requested.' : 'Cancel requested.' };
    await this.followState();
    return true;
  }

  /** Polls the status while an action is in progress (at most ~30 s), then refreshes the record. */
  async followState(): Promise<void> {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const result = await this.api.get<ProcessState>(apiPath('processes', this.name, 'status'));
      if (!result.ok) break;
      if (this.details) this.details = { ...this.details, state: result.value };
      if (!result.value.status.name.startsWith('DURING_')) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await this.refreshDetails();
  }

  /** The last test run on generated data: per-node counts and results (semantics.md §5). */
  testResults = $state.raw<TestResultsWithCounts | undefined>(undefined);

  /** Tests the graph on the canvas (saved or not) with records the source generates. */
  async testWithGeneratedData(samples: number): Promise<void> {
    const result = await this.api.post<TestResultsWithCounts>(apiPath('processManagement', 'generateAndTest', this.name, samples), this.currentGraph());
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test failed: ${result.message}` };
      return;
    }
    this.testResults = result.value;
  }

  /** The ad-hoc test form of each source of the graph on the canvas (one raw SpEL field per record field). */
  async testFormSources(): Promise<TestFormSource[]> {
    const result = await this.api.post<TestFormSource[]>(apiPath('scenarioTesting', this.name, 'parameters'), this.currentGraph());
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test form not loaded: ${result.message}` };
      return [];
    }
    return result.value;
  }

  /** The server's errors of the ad-hoc form values, keyed by field; undefined when the check itself failed. */
  async validateTestForm(sourceId: string, values: Record<string, string>): Promise<Record<string, string[]> | undefined> {
    const result = await this.api.post<{ validationErrors: { fieldName?: string | null; message: string }[] }>(
      apiPath('scenarioTesting', this.name, 'adhoc', 'validate'),
      this.testFormRequest(sourceId, values),
    );
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test form not checked: ${result.message}` };
      return undefined;
    }
    const byField: Record<string, string[]> = {};
    for (const error of result.value.validationErrors) {
      const field = error.fieldName ?? '';
      (byField[field] ??= []).push(error.message);
    }
    return byField;
  }

  /** Tests the graph on the canvas with the one record the ad-hoc form describes. */
  async testWithForm(sourceId: string, values: Record<string, string>): Promise<boolean> {
    const result = await this.api.post<TestResultsWithCounts>(apiPath('processManagement', 'testWithParameters', this.name), this.testFormRequest(sourceId, values));
    return this.takeTestResult(result);
  }

  /** Tests the graph on the canvas with the records of a test file (one JSON record per line). */
  async testWithFile(file: Blob): Promise<boolean> {
    const form = new FormData();
    form.set('testData', file);
    form.set('scenarioGraph', JSON.stringify(this.currentGraph()));
    const result = await this.api.request<TestResultsWithCounts>(apiPath('processManagement', 'test', this.name), { method: 'POST', form });
    return this.takeTestResult(result);
  }

  private testFormRequest(sourceId: string, values: Record<string, string>) {
    const parameterExpressions = Object.fromEntries(Object.entries(values).map(([field, expression]) => [field, { language: 'spel', expression }]));
    return { sourceParameters: { sourceId, parameterExpressions }, scenarioGraph: this.currentGraph() };
  }

  private takeTestResult(result: ApiResult<TestResultsWithCounts>): boolean {
    if (!result.ok) {
      this.notice = { tone: 'danger', text: `Test failed: ${result.message}` };
      return false;
    }
    this.testResults = result.value;
    return true;
  }

  /** Reloads the scenario record (status, versions) after an action. */
  async refreshDetails(): Promise<void> {
    const refreshed = await this.api.get<ScenarioWithDetails>(apiPath('processes', this.name), { skipValidateAndResolve: true });
    if (refreshed.ok) this.details = { ...refreshed.value, scenarioGraph: undefined, validationResult: undefined };
  }
}
