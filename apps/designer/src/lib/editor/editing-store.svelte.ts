import type { Connection } from '@xyflow/svelte';
import {
  checkNewEdge,
  copySelection,
  newNodeId,
  newScenarioProperties,
  parseSelection,
  pasteSelection,
  removeNodes,
  renameNode,
  serializeSelection,
  type Edge,
  type EdgeType,
  type GraphSelection,
  type NodeData,
  type ProcessProperties,
  type ScenarioGraph,
} from '@scenaria/graph';
import type { LayoutEdge } from '$lib/flow/layout';
import {
  edgeOfConnection,
  layoutOf,
  needsLayout,
  toFlowEdge,
  toFlowEdges,
  toFlowNode,
  toFlowNodes,
  toScenarioGraph,
  uniqueFlowEdgeId,
  type Position,
  type ScenarioFlowEdge,
  type ScenarioFlowNode,
} from '$lib/flow/scenario-flow';
import { createHistory, type History } from '$lib/history/history';
import { sameSnapshot, snapshotOf, type EditorSnapshot } from './editor-snapshot';

/** What the editing store is handed by whoever owns it (the server session in the designer). */
export interface EditingOptions {
  /** The outputs a fragment usage offers, from the definitions the session loaded. */
  fragmentOutputs: (node: NodeData) => readonly string[];
  /** After every recorded change (and undo/redo): the session validates the new graph. */
  onChange?: () => void;
  /** Tells the user why an edit was refused (a connection the graph cannot hold). */
  onRefused?: (reason: string) => void;
  /** The automatic layout, off the main thread in the designer (the typing worker); dagre on this thread by default. */
  layout?: LayoutFunction;
}

/** Positions (top-left corners) for nodes saved without any; asynchronous so it can run in a worker. */
export type LayoutFunction = (nodeIds: readonly string[], edges: readonly LayoutEdge[]) => Promise<Map<string, Position>>;

/** Loads dagre only when a graph without positions is opened: most stored scenarios carry their layout. */
const layoutOnThisThread: LayoutFunction = async (nodeIds, edges) => (await import('$lib/flow/layout')).computeLayout(nodeIds, edges);

export type ConnectionCheck = { ok: true; edge: Edge } | { ok: false; reason: string };

/** The graph as `@scenaria/graph` sees it, with the canvas objects each node and edge came from. */
interface EditableGraph {
  graph: ScenarioGraph;
  flowNodeOf: Map<NodeData, ScenarioFlowNode>;
  flowEdgeOf: Map<Edge, ScenarioFlowEdge>;
}

/**
 * The graph being edited: canvas nodes and edges, selection, undo history and clipboard. Every edit goes
 * through `@scenaria/graph`; this store only keeps the canvas objects of what an edit did not change, so the
 * canvas re-renders only the changed nodes. It knows nothing of the server.
 */
export class ScenarioEditing {
  properties = $state.raw<ProcessProperties>(newScenarioProperties('streaming'));
  /** The canvas binds these directly (xyflow moves and selects them); completed changes are committed. */
  nodes = $state.raw<ScenarioFlowNode[]>([]);
  edges = $state.raw<ScenarioFlowEdge[]>([]);
  labels = $state.raw<string[]>([]);
  /** The node whose details panel is open. */
  openNodeId = $state<string | undefined>(undefined);
  isDirty = $state(false);
  canUndo = $state(false);
  canRedo = $state(false);

  readonly #options: EditingOptions;
  /**
   * A node being typed into (the details form), not yet on the canvas. Swapping a canvas node makes xyflow
   * walk every node, which at a thousand nodes costs more than a frame; so keys change only this draft, and
   * the canvas takes it with the coalesced commit (a pause in typing), before any read of the whole graph.
   */
  #draft = $state.raw<NodeData | undefined>(undefined);
  #history: History<EditorSnapshot> | undefined;
  #savedFingerprint = '';
  #pendingCommit: ReturnType<typeof setTimeout> | undefined;
  #clipboard: GraphSelection | undefined;
  #pasteCount = 0;

  constructor(options: EditingOptions) {
    this.#options = options;
  }

  get openNode(): NodeData | undefined {
    const id = this.openNodeId;
    return id === undefined ? undefined : this.nodeData(id);
  }

  /** Positions for a graph saved without them (all nodes), or `undefined` when every node has its own. */
  async layoutFor(graph: ScenarioGraph): Promise<Map<string, Position> | undefined> {
    if (!needsLayout(graph.nodes)) return undefined;
    return (this.#options.layout ?? layoutOnThisThread)(
      graph.nodes.map((node) => node.id),
      graph.edges,
    );
  }

  get selectedIds(): Set<string> {
    return new Set(this.nodes.filter((node) => node.selected).map((node) => node.id));
  }

  /** The graph as it would be saved now. */
  currentGraph(): ScenarioGraph {
    this.#applyDraft();
    return toScenarioGraph(this.properties, this.nodes, this.edges);
  }

  nodeData(id: string): NodeData | undefined {
    const draft = this.#draft;
    if (draft?.id === id) return draft;
    return this.nodes.find((node) => node.id === id)?.data.node;
  }

  #applyDraft(): void {
    const draft = this.#draft;
    if (!draft) return;
    this.#draft = undefined;
    this.nodes = this.nodes.map((node) => (node.id === draft.id ? { ...node, data: { node: draft } } : node));
  }

  /**
   * Starts editing a loaded graph: a fresh history, and this state counts as saved. `layout` places nodes
   * saved without positions (see `layoutFor`).
   */
  open(graph: ScenarioGraph, labels: readonly string[], layout?: ReadonlyMap<string, Position>): void {
    this.#draft = undefined;
    this.openNodeId = undefined;
    this.labels = [...labels];
    this.#show(graph, new Set(), layout);
    const snapshot = snapshotOf(this.currentGraph(), this.labels);
    this.#history = createHistory(snapshot, { isSame: sameSnapshot, limit: 200 });
    // Positions given by the automatic layout are not a change of the user's: opening stays "saved".
    this.#savedFingerprint = snapshot.fingerprint;
    this.#afterHistoryChange();
  }

  /** Replaces the whole canvas (an imported file) as one undoable change. */
  replaceGraph(graph: ScenarioGraph, layout?: ReadonlyMap<string, Position>): void {
    this.#draft = undefined;
    this.#show(graph, new Set(), layout);
    this.openNodeId = undefined;
    this.commit();
  }

  /** The state to save, with a change still being typed recorded first. */
  snapshotToSave(): EditorSnapshot {
    this.#flushPendingCommit();
    return snapshotOf(this.currentGraph(), this.labels);
  }

  /** After a save: `snapshot` is what the server holds now. */
  markSaved(snapshot: EditorSnapshot): void {
    this.#savedFingerprint = snapshot.fingerprint;
    this.#afterHistoryChange();
  }

  /** Puts a graph on the canvas; nodes without stored positions take theirs from `layout`. */
  #show(graph: ScenarioGraph, selected: ReadonlySet<string> = new Set(), layout: ReadonlyMap<string, Position> = new Map()): void {
    this.properties = graph.properties;
    this.nodes = toFlowNodes(graph.nodes, layout).map((node) => (selected.has(node.id) ? { ...node, selected: true } : node));
    this.edges = toFlowEdges(graph.edges);
  }

  /**
   * The canvas as a graph for `@scenaria/graph`'s helpers. Nodes are the canvas nodes' own objects (their
   * positions live on the canvas until saved), so what a helper leaves unchanged is recognised by identity.
   */
  #editable(): EditableGraph {
    this.#applyDraft();
    const flowNodeOf = new Map<NodeData, ScenarioFlowNode>();
    const flowEdgeOf = new Map<Edge, ScenarioFlowEdge>();
    const nodes = this.nodes.map((flowNode) => {
      flowNodeOf.set(flowNode.data.node, flowNode);
      return flowNode.data.node;
    });
    const edges = this.edges.map((flowEdge) => {
      const edge: Edge = { from: flowEdge.source, to: flowEdge.target, edgeType: flowEdge.data?.edgeType ?? null };
      flowEdgeOf.set(edge, flowEdge);
      return edge;
    });
    return { graph: { properties: this.properties, nodes, edges }, flowNodeOf, flowEdgeOf };
  }

  /**
   * Puts an edited graph back on the canvas. Untouched nodes and edges keep their canvas objects; changed
   * nodes keep the position and selection of the canvas node they replace (`previousIdOf` for renames).
   */
  #take(before: EditableGraph, after: ScenarioGraph, previousIdOf: (id: string) => string = (id) => id): void {
    const flowById = new Map(this.nodes.map((node) => [node.id, node]));
    this.nodes = after.nodes.map((node) => {
      const kept = before.flowNodeOf.get(node);
      if (kept) return kept;
      const replaced = flowById.get(previousIdOf(node.id));
      return replaced ? { ...replaced, id: node.id, data: { node } } : toFlowNode(node, layoutOf(node) ?? { x: 0, y: 0 });
    });
    const takenEdgeIds = new Set<string>();
    for (const edge of after.edges) {
      const kept = before.flowEdgeOf.get(edge);
      if (kept) takenEdgeIds.add(kept.id);
    }
    this.edges = after.edges.map((edge) => {
      const kept = before.flowEdgeOf.get(edge);
      if (kept) return kept;
      const id = uniqueFlowEdgeId(edge, takenEdgeIds);
      takenEdgeIds.add(id);
      return toFlowEdge(edge, id);
    });
    this.properties = after.properties;
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
    this.#applyDraft();
    this.#history?.push(snapshotOf(this.currentGraph(), this.labels));
    this.#afterHistoryChange();
    this.#options.onChange?.();
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
    this.#draft = undefined;
    this.labels = [...snapshot.labels];
    this.#show(snapshot.graph, this.selectedIds);
    if (this.openNodeId !== undefined && !this.nodeData(this.openNodeId)) this.openNodeId = undefined;
    this.#afterHistoryChange();
    this.#options.onChange?.();
  }

  /** Adds a node from a palette template at a canvas position, with a fresh id. */
  addNode(template: NodeData, position: Position): string {
    const id = newNodeId(template.id, this.nodes.map((node) => node.id));
    const node = { ...structuredClone(template), id } as NodeData;
    const flowNode: ScenarioFlowNode = { ...toFlowNode(node, position), selected: true };
    this.nodes = [...this.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), flowNode];
    this.openNodeId = id;
    this.commit();
    return id;
  }

  /** Whether a connection the user is drawing may become an edge (xyflow asks while dragging). */
  connectionCheck(connection: Pick<Connection, 'source' | 'target' | 'sourceHandle'>): ConnectionCheck {
    const source = this.nodeData(connection.source);
    if (!source || !this.nodeData(connection.target)) return { ok: false, reason: 'Unknown node.' };
    const edge = edgeOfConnection(source, connection, this.#options.fragmentOutputs(source));
    if (!edge) return { ok: false, reason: `${source.id} has no output named ${connection.sourceHandle ?? ''}.` };
    const [problem] = checkNewEdge(this.#editable().graph, edge);
    return problem ? { ok: false, reason: problem.message } : { ok: true, edge };
  }

  /** The canvas edge for a new connection, or `false` to refuse it. */
  edgeForConnection(connection: Connection): ScenarioFlowEdge | false {
    const check = this.connectionCheck(connection);
    if (!check.ok) {
      this.#options.onRefused?.(check.reason);
      return false;
    }
    return toFlowEdge(check.edge, uniqueFlowEdgeId(check.edge, new Set(this.edges.map((edge) => edge.id))));
  }

  /** Replaces a node's data (from the details form); renames follow through edges and join branches. */
  updateNode(previousId: string, next: NodeData, options: { coalesce?: boolean } = {}): void {
    if (previousId === next.id) {
      // The common case (typing in a field): a coalesced edit stays a draft until the pause; otherwise swap
      // one canvas node and leave the others as they are.
      if (options.coalesce) {
        if (this.#draft && this.#draft.id !== next.id) this.#applyDraft();
        this.#draft = next;
      } else {
        this.#draft = undefined;
        this.nodes = this.nodes.map((node) => (node.id === previousId ? { ...node, data: { node: next } } : node));
      }
      this.commit(options);
      return;
    }
    const before = this.#editable();
    const renamed = renameNode(before.graph, previousId, next.id);
    if (!renamed) {
      this.#options.onRefused?.(`A node named ${next.id} already exists.`);
      return;
    }
    const after = { ...renamed, nodes: renamed.nodes.map((node) => (node.id === next.id ? next : node)) };
    this.#take(before, after, (id) => (id === next.id ? previousId : id));
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
    const before = this.#editable();
    const after = removeNodes(before.graph, selected);
    this.#take(before, { ...after, edges: after.edges.filter((edge) => !selectedEdges.has(before.flowEdgeOf.get(edge)?.id ?? '')) });
    if (this.openNodeId !== undefined && selected.has(this.openNodeId)) this.openNodeId = undefined;
    this.commit();
  }

  /** Called by the canvas after it removed nodes/edges itself (Delete key). */
  afterCanvasDelete(deletedNodeIds: readonly string[]): void {
    if (deletedNodeIds.length > 0) {
      // The canvas dropped the nodes and their edges; join branch parameters naming them go too.
      const before = this.#editable();
      this.#take(before, removeNodes(before.graph, deletedNodeIds));
    }
    if (this.openNodeId !== undefined && deletedNodeIds.includes(this.openNodeId)) this.openNodeId = undefined;
    this.commit();
  }

  /** Copies the selection into the editor and, when the browser allows, the system clipboard. */
  async copy(): Promise<number> {
    const content = copySelection(this.currentGraph(), this.selectedIds);
    if (content.nodes.length === 0) return 0;
    this.#clipboard = content;
    this.#pasteCount = 0;
    try {
      await navigator.clipboard.writeText(serializeSelection(content));
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
      const fromSystem = parseSelection(await navigator.clipboard.readText());
      if (fromSystem && (!content || serializeSelection(fromSystem) !== serializeSelection(content))) {
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
    const before = this.#editable();
    const pasted = pasteSelection(before.graph, content, { offset: { x: step, y: step } });
    this.#take(before, pasted.graph);
    const pastedIds = new Set(pasted.pastedIds);
    this.nodes = this.nodes.map((node) => {
      if (pastedIds.has(node.id)) return { ...node, selected: true };
      return node.selected ? { ...node, selected: false } : node;
    });
    this.commit();
  }

  selectAll(): void {
    this.nodes = this.nodes.map((node) => ({ ...node, selected: true }));
  }

  /** Lays out every node again (the "arrange" button). */
  async autoLayout(): Promise<void> {
    this.#applyDraft();
    const positions = await (this.#options.layout ?? layoutOnThisThread)(
      this.nodes.map((node) => node.id),
      this.edges.map((edge) => ({ from: edge.source, to: edge.target })),
    );
    this.nodes = this.nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? node.position }));
    this.commit();
  }
}
