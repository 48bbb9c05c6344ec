import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';
import { validateNodeId } from '@scenaria/graph';
import { type NodeValidationError, validationError } from './errors.ts';

/** Structure problems and the order in which nodes are validated (each after all its predecessors). */
export interface StructureReport {
  readonly global: { error: NodeValidationError; nodeIds: string[] }[];
  readonly node: { nodeId: string; error: NodeValidationError }[];
  /** Nodes in topological order; nodes on cycles and duplicates are left out. */
  readonly order: NodeData[];
}

const allowedEdgeTypes: Partial<Record<NodeData['type'], readonly (string | null)[]>> = {
  Filter: ['FilterTrue', 'FilterFalse'],
  Switch: ['NextSwitch', 'SwitchDefault'],
  FragmentInput: ['FragmentOutput'],
};
const START_TYPES = new Set<NodeData['type']>(['Source', 'FragmentInputDefinition']);
const ENDING_TYPES = new Set<NodeData['type']>(['Sink', 'Processor', 'CustomNode', 'FragmentOutputDefinition', 'FragmentInput']);
const NO_OUTPUT_TYPES = new Set<NodeData['type']>(['Sink', 'FragmentOutputDefinition']);

/**
 * Finds what is wrong with the shape of a graph in one pass over nodes and edges: duplicate or invalid ids,
 * dangling and ill-typed edges, nodes unreachable from a start node, bad roots and tails, cycles, and
 * duplicate fragment output names. Linear in nodes + edges.
 */
export function findStructureErrors(graph: ScenarioGraph, isFragment: boolean): StructureReport {
  const global: StructureReport['global'] = [];
  const node: StructureReport['node'] = [];
  if (graph.nodes.length === 0) {
    global.push({ error: validationError('EmptyProcess', 'Scenario is empty'), nodeIds: [] });
    return { global, node, order: [] };
  }
  const byId = new Map<string, NodeData>();
  const duplicates = new Set<string>();
  for (const n of graph.nodes) {
    if (byId.has(n.id)) duplicates.add(n.id);
    else byId.set(n.id, n);
    for (const issue of validateNodeId(n.id)) node.push({ nodeId: n.id, error: validationError('NodeIdValidationError', issue.message, '$id') });
  }
  if (duplicates.size > 0) {
    global.push({ error: validationError('DuplicatedNodeIds', `Duplicate node ids: ${[...duplicates].join(', ')}`), nodeIds: [...duplicates] });
  }
  const outgoing = new Map<string, Edge[]>();
  const inDegree = new Map<string, number>();
  const seenEdges = new Set<string>();
  for (const edge of graph.edges) {
    const from = byId.get(edge.from);
    if (from === undefined || !byId.has(edge.to)) {
      global.push({ error: validationError('InvalidEdge', `Edge ${edge.from} -> ${edge.to} refers to a missing node`), nodeIds: [edge.from, edge.to] });
      continue;
    }
    const key = `${edge.from}\u0000${edge.to}\u0000${JSON.stringify(edge.edgeType ?? null)}`;
    if (seenEdges.has(key)) {
      global.push({ error: validationError('DuplicatedEdge', `Duplicate edge ${edge.from} -> ${edge.to}`), nodeIds: [edge.from, edge.to] });
      continue;
    }
    seenEdges.add(key);
    const allowed = allowedEdgeTypes[from.type] ?? [null];
    const type = edge.edgeType?.type ?? null;
    if (!allowed.includes(type) || NO_OUTPUT_TYPES.has(from.type)) {
      node.push({ nodeId: from.id, error: validationError('InvalidEdge', `Edge of type ${type ?? 'plain'} to ${edge.to} is not allowed from a ${from.type} node`) });
    }
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from))?.push(edge);
    inDegree.set(edge.to, (inDegree.get(edge.to) ?? 0) + 1);
  }
  const starts: string[] = [];
  for (const n of byId.values()) {
    const degree = inDegree.get(n.id) ?? 0;
    if (START_TYPES.has(n.type)) {
      starts.push(n.id);
      if (degree > 0) node.push({ nodeId: n.id, error: validationError('InvalidEdge', `${n.type} node ${n.id} cannot have incoming edges`) });
    } else if (degree > 1 && n.type !== 'Join') {
      node.push({ nodeId: n.id, error: validationError('InvalidEdge', `Node ${n.id} has ${degree} incoming edges; only a join may have more than one`) });
    }
    if ((outgoing.get(n.id) ?? []).length === 0 && !ENDING_TYPES.has(n.type)) {
      node.push({ nodeId: n.id, error: validationError('InvalidTailOfBranch', `Invalid end of scenario at ${n.id}`) });
    }
  }
  const inputDefinitions = [...byId.values()].filter((n) => n.type === 'FragmentInputDefinition');
  if (isFragment && inputDefinitions.length !== 1) {
    global.push({ error: validationError('InvalidRootNode', 'A fragment must start with exactly one fragment input'), nodeIds: inputDefinitions.map((n) => n.id) });
  }
  if (!isFragment && ![...byId.values()].some((n) => n.type === 'Source')) {
    global.push({ error: validationError('InvalidRootNode', 'The scenario has no source'), nodeIds: [] });
  }
  const outputNames = new Map<string, string[]>();
  for (const n of byId.values()) if (n.type === 'FragmentOutputDefinition') (outputNames.get(n.outputName) ?? outputNames.set(n.outputName, []).get(n.outputName))?.push(n.id);
  for (const [name, ids] of outputNames) {
    if (ids.length > 1) global.push({ error: validationError('DuplicateFragmentOutputNames', `Fragment output name ${name} is used more than once`), nodeIds: ids });
  }
  // Kahn's algorithm: every node after all its predecessors; what remains lies on (or after) a cycle.
  const order: NodeData[] = [];
  const remaining = new Map(inDegree);
  const queue = [...byId.values()].filter((n) => (inDegree.get(n.id) ?? 0) === 0).map((n) => n.id);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    const current = byId.get(id);
    if (current === undefined) continue;
    order.push(current);
    for (const edge of outgoing.get(id) ?? []) {
      const left = (remaining.get(edge.to) ?? 0) - 1;
      remaining.set(edge.to, left);
      if (left === 0) queue.push(edge.to);
    }
  }
  if (order.length < byId.size) {
    const ordered = new Set(order.map((n) => n.id));
    const onCycle = [...byId.keys()].filter((id) => !ordered.has(id));
    global.push({ error: validationError('CycleInScenario', `The scenario contains a cycle through ${onCycle.join(', ')}`), nodeIds: onCycle });
  }
  // Reachability from start nodes; what cannot be reached is loose.
  const reached = new Set<string>(starts);
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const edge of outgoing.get(id) ?? []) if (!reached.has(edge.to)) (reached.add(edge.to), stack.push(edge.to));
  }
  const loose = [...byId.keys()].filter((id) => !reached.has(id));
  if (loose.length > 0) global.push({ error: validationError('LooseNode', `Loose nodes: ${loose.join(', ')}`), nodeIds: loose });
  return { global, node, order };
}
