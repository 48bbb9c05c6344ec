import type { GraphIssue, GraphStructureIssueCode } from '../issues';
import type { Edge } from '../schemas/edge';
import type { NodeData, NodeType } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { adjacency, nodesOnCyclesAlong, reachableAlong } from './queries';

/** The kind of an edge as one word: `plain` for edges without an edge type. */
export type EdgeKind = 'plain' | 'FilterTrue' | 'FilterFalse' | 'NextSwitch' | 'SwitchDefault' | 'FragmentOutput';

/** The kind of an edge (`plain` when `edgeType` is null or absent). */
export function edgeKind(edge: Edge): EdgeKind {
  return edge.edgeType?.type ?? 'plain';
}

type Range = readonly [min: number, max: number];
/** Outgoing edges a node type may have: allowed kinds with their count ranges, and the overall range. */
export type OutgoingEdgeRule = { kinds: Partial<Record<EdgeKind, Range>>; total: Range };

const MANY = Number.POSITIVE_INFINITY;
const one: OutgoingEdgeRule = { kinds: { plain: [1, 1] }, total: [1, 1] };
const optionalOne: OutgoingEdgeRule = { kinds: { plain: [0, 1] }, total: [0, 1] };
const none: OutgoingEdgeRule = { kinds: {}, total: [0, 0] };

/**
 * Outgoing edges per node type (scenario-graph.md §3, "in/out"): the designer offers exactly these
 * connections, and the canonical form can only hold these.
 */
export const OUTGOING_EDGE_RULES: Readonly<Record<NodeType, OutgoingEdgeRule>> = {
  Source: one,
  Sink: none,
  Filter: { kinds: { FilterTrue: [0, 1], FilterFalse: [0, 1] }, total: [1, 2] },
  Switch: { kinds: { NextSwitch: [0, MANY], SwitchDefault: [0, 1] }, total: [1, MANY] },
  Split: { kinds: { plain: [1, MANY] }, total: [1, MANY] },
  Variable: one,
  VariableBuilder: one,
  Enricher: one,
  Processor: optionalOne,
  CustomNode: optionalOne,
  Join: one,
  FragmentInput: { kinds: { FragmentOutput: [0, MANY] }, total: [0, MANY] },
  FragmentInputDefinition: one,
  FragmentOutputDefinition: none,
  FragmentUsageOutput: optionalOne,
};

const START_TYPES = new Set<NodeType>(['Source', 'FragmentInputDefinition']);

/** Whether edges may lead into the node: every node but the ones a scenario or fragment starts with. */
export function acceptsIncomingEdges(node: Pick<NodeData, 'type'>): boolean {
  return !START_TYPES.has(node.type);
}

function label(node: NodeData): string {
  return `'${node.id}' (${node.type})`;
}

/**
 * Structural problems of a graph, each with a stable `code`, the node ids involved and a path into the graph:
 * empty scenario, missing start node, duplicate node ids, dangling and duplicate edges, cycles, nodes not
 * reachable from a start node, incoming and outgoing edges a node type cannot have, joins without inputs or
 * with branch parameters for branches that do not reach them.
 */
export function findStructureProblems(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>): GraphIssue<GraphStructureIssueCode>[] {
  if (graph.nodes.length === 0) {
    return [{ code: 'EmptyScenario', message: 'The scenario has no nodes', path: ['nodes'], nodeIds: [] }];
  }
  const { issues, byId, firstIndex } = connectionProblems(graph);
  const outgoing = new Map<string, { edge: Edge; index: number }[]>();
  const incoming = new Map<string, { edge: Edge; index: number }[]>();
  graph.edges.forEach((edge, index) => {
    if (!byId.has(edge.from) || !byId.has(edge.to)) return;
    for (const [map, key] of [[outgoing, edge.from], [incoming, edge.to]] as const) {
      const list = map.get(key);
      if (list) list.push({ edge, index });
      else map.set(key, [{ edge, index }]);
    }
  });

  for (const [id, node] of byId) {
    const nodePath = ['nodes', firstIndex.get(id) as number];
    checkOutgoing(node, nodePath, outgoing.get(id) ?? [], issues);
    checkIncoming(node, nodePath, incoming.get(id) ?? [], issues);
  }
  return issues;
}

/**
 * The problems a graph cannot be stored with: its canonical (tree) form would drop or mangle nodes. They are the
 * reference's RenderNotAllowed errors, and `toCanonical` expects a graph without them.
 */
export const CANONICAL_FORM_PROBLEMS: ReadonlySet<GraphStructureIssueCode> = new Set(['DuplicateNodeId', 'LooseNode', 'DanglingEdge', 'DuplicateEdge', 'Cycle']);

/**
 * The problems of `findStructureProblems` that keep a graph from its canonical form (`CANONICAL_FORM_PROBLEMS`),
 * found without checking each node's edges against its type.
 */
export function canonicalFormProblems(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>): GraphIssue<GraphStructureIssueCode>[] {
  if (graph.nodes.length === 0) return [];
  return connectionProblems(graph).issues.filter((issue) => CANONICAL_FORM_PROBLEMS.has(issue.code));
}

// Duplicate ids, a missing start, dangling and duplicate edges, cycles and nodes no start reaches.
function connectionProblems(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>) {
  const issues: GraphIssue<GraphStructureIssueCode>[] = [];

  const firstIndex = new Map<string, number>();
  graph.nodes.forEach((node, index) => {
    if (firstIndex.has(node.id)) {
      issues.push({
        code: 'DuplicateNodeId',
        message: `Node id '${node.id}' is used by more than one node`,
        path: ['nodes', index, 'id'],
        nodeIds: [node.id],
      });
    } else firstIndex.set(node.id, index);
  });
  const byId = new Map<string, NodeData>();
  for (const node of graph.nodes) if (!byId.has(node.id)) byId.set(node.id, node);

  const starts = graph.nodes.filter((node) => START_TYPES.has(node.type));
  if (starts.length === 0) {
    issues.push({
      code: 'MissingStartNode',
      message: 'The scenario has no source (or, for a fragment, no input definition)',
      path: ['nodes'],
      nodeIds: [],
    });
  }

  const seenPairs = new Set<string>();
  const validEdges: Edge[] = [];
  graph.edges.forEach((edge, index) => {
    let dangling = false;
    for (const end of ['from', 'to'] as const) {
      if (!byId.has(edge[end])) {
        dangling = true;
        issues.push({
          code: 'DanglingEdge',
          message: `Edge ${edge.from} -> ${edge.to} ${end === 'from' ? 'starts at' : 'leads to'} a missing node '${edge[end]}'`,
          path: ['edges', index, end],
          nodeIds: [edge[end === 'from' ? 'to' : 'from']].filter((id) => byId.has(id)),
        });
      }
    }
    // Unambiguous without an array and its JSON per edge: the length says where `from` ends.
    const pair = `${edge.from.length}:${edge.from}${edge.to}`;
    if (seenPairs.has(pair)) {
      issues.push({
        code: 'DuplicateEdge',
        message: `More than one edge from '${edge.from}' to '${edge.to}'`,
        path: ['edges', index],
        nodeIds: [edge.from, edge.to],
      });
    } else seenPairs.add(pair);
    if (!dangling) validEdges.push(edge);
  });

  const next = adjacency(validEdges, false);
  const cyclic = nodesOnCyclesAlong([...byId.keys()], next);
  if (cyclic.length > 0) {
    issues.push({
      code: 'Cycle',
      message: `The graph has a cycle through ${cyclic.map((id) => `'${id}'`).join(', ')}`,
      path: ['edges'],
      nodeIds: cyclic,
    });
  }

  // Without a start every node is loose: the canonical form, built from the starts, would hold none of them (a
  // graph of a lone sink was saved as an empty scenario). The original refuses such a graph too: its nodes
  // other than sources and fragment inputs have no edge leading in.
  const reachable = reachableAlong(next, starts.map((node) => node.id));
  for (const [id, node] of byId) {
    if (!reachable.has(id)) {
      issues.push({
        code: 'LooseNode',
        message: `Node ${label(node)} is not reachable from any start node`,
        path: ['nodes', firstIndex.get(id) as number],
        nodeIds: [id],
      });
    }
  }
  return { issues, byId, firstIndex };
}

function checkOutgoing(
  node: NodeData,
  nodePath: (string | number)[],
  edges: { edge: Edge; index: number }[],
  issues: GraphIssue<GraphStructureIssueCode>[],
): void {
  const rule = OUTGOING_EDGE_RULES[node.type];
  const counts = new Map<EdgeKind, number>();
  for (const { edge, index } of edges) {
    const kind = edgeKind(edge);
    const range = rule.kinds[kind];
    if (!range) {
      issues.push({
        code: 'InvalidEdgeType',
        message:
          rule.total[1] === 0
            ? `Node ${label(node)} ends a branch and cannot have outgoing edges`
            : `Node ${label(node)} cannot have a ${kind} edge (to '${edge.to}')`,
        path: ['edges', index],
        nodeIds: [node.id, edge.to],
      });
      continue;
    }
    const count = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, count);
    if (count > range[1]) {
      issues.push({
        code: 'UnexpectedOutgoingEdge',
        message: `Node ${label(node)} can have at most ${range[1]} ${kind} edge(s)`,
        path: ['edges', index],
        nodeIds: [node.id, edge.to],
      });
    }
  }
  const allowedCount = [...counts.values()].reduce((sum, count) => sum + count, 0);
  for (const [kind, range] of Object.entries(rule.kinds) as [EdgeKind, Range][]) {
    if ((counts.get(kind) ?? 0) < range[0]) {
      issues.push({
        code: 'MissingOutgoingEdge',
        message: `Node ${label(node)} needs ${range[0] === range[1] ? 'exactly' : 'at least'} ${range[0]} ${kind === 'plain' ? 'outgoing' : kind} edge(s)`,
        path: nodePath,
        nodeIds: [node.id],
      });
    }
  }
  const kindMinimumsMet = Object.entries(rule.kinds).every(([kind, range]) => (counts.get(kind as EdgeKind) ?? 0) >= range[0]);
  if (kindMinimumsMet && allowedCount < rule.total[0]) {
    issues.push({
      code: 'MissingOutgoingEdge',
      message: `Node ${label(node)} needs at least ${rule.total[0]} outgoing edge(s)`,
      path: nodePath,
      nodeIds: [node.id],
    });
  }
  if (node.type === 'FragmentInput') {
    const names = new Set<string>();
    for (const { edge, index } of edges) {
      if (edge.edgeType?.type !== 'FragmentOutput') continue;
      if (names.has(edge.edgeType.name)) {
        issues.push({
          code: 'DuplicateFragmentOutput',
          message: `Fragment output '${edge.edgeType.name}' of ${label(node)} is connected more than once`,
          path: ['edges', index],
          nodeIds: [node.id],
        });
      }
      names.add(edge.edgeType.name);
    }
  }
}

function checkIncoming(
  node: NodeData,
  nodePath: (string | number)[],
  edges: { edge: Edge; index: number }[],
  issues: GraphIssue<GraphStructureIssueCode>[],
): void {
  if (START_TYPES.has(node.type)) {
    for (const { edge, index } of edges) {
      issues.push({
        code: 'UnexpectedIncomingEdge',
        message: `Start node ${label(node)} cannot have incoming edges (from '${edge.from}')`,
        path: ['edges', index],
        nodeIds: [node.id, edge.from],
      });
    }
    return;
  }
  if (node.type === 'Join') {
    if (edges.length === 0) {
      issues.push({ code: 'JoinWithoutInputs', message: `Join ${label(node)} has no incoming branches`, path: nodePath, nodeIds: [node.id] });
    }
    const inputs = new Set(edges.map(({ edge }) => edge.from));
    const declared = new Set(node.branchParameters.map((branch) => branch.branchId));
    node.branchParameters.forEach((branch, index) => {
      if (!inputs.has(branch.branchId)) {
        issues.push({
          code: 'JoinBranchMismatch',
          message: `Join ${label(node)} has parameters for branch '${branch.branchId}', which does not lead to it`,
          path: [...nodePath, 'branchParameters', index, 'branchId'],
          nodeIds: [node.id],
        });
      }
    });
    if (declared.size > 0) {
      for (const { edge, index } of edges) {
        if (!declared.has(edge.from)) {
          issues.push({
            code: 'JoinBranchMismatch',
            message: `Join ${label(node)} has no branch parameters for its input from '${edge.from}'`,
            path: ['edges', index],
            nodeIds: [node.id, edge.from],
          });
        }
      }
    }
    return;
  }
  if (edges.length > 1) {
    issues.push({
      code: 'MultipleIncomingEdges',
      message: `Node ${label(node)} has ${edges.length} incoming edges; only a Join may merge branches`,
      path: nodePath,
      nodeIds: [node.id, ...edges.map(({ edge }) => edge.from)],
    });
  }
}
