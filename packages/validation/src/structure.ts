import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';
import { findStructureProblems, type GraphStructureIssueCode, validateNodeId } from '@scenaria/graph';
import type { MessageCatalogue } from '@scenaria/issues';
import { type ErrorTyp, type ValidationIssue, validationIssue } from './errors';

/** Structure problems and the order in which nodes are validated (each after all its predecessors). */
export interface StructureReport {
  readonly global: { error: ValidationIssue; nodeIds: string[] }[];
  readonly node: { nodeId: string; error: ValidationIssue }[];
  /** Nodes in topological order; nodes on cycles and duplicates are left out. */
  readonly order: NodeData[];
}




/**
 * How each structure problem of the graph package is reported: its `typ` and whether it is global. Typed by
 * graph's code union, so a new structure problem there does not compile here until it is mapped.
 */
const problemTyp: MessageCatalogue<GraphStructureIssueCode, { typ: ErrorTyp; isGlobal: boolean } | undefined> = {
  EmptyScenario: { typ: 'EmptyProcess', isGlobal: true },
  DuplicateNodeId: { typ: 'DuplicatedNodeIds', isGlobal: true },
  MissingStartNode: { typ: 'InvalidRootNode', isGlobal: true },
  DanglingEdge: { typ: 'InvalidEdge', isGlobal: true },
  DuplicateEdge: { typ: 'DuplicatedEdge', isGlobal: true },
  Cycle: { typ: 'CycleInScenario', isGlobal: true },
  LooseNode: { typ: 'LooseNode', isGlobal: true },
  DuplicateFragmentOutput: { typ: 'InvalidEdge', isGlobal: false },
  InvalidEdgeType: { typ: 'InvalidEdge', isGlobal: false },
  UnexpectedOutgoingEdge: { typ: 'InvalidEdge', isGlobal: false },
  UnexpectedIncomingEdge: { typ: 'InvalidEdge', isGlobal: false },
  MultipleIncomingEdges: { typ: 'InvalidEdge', isGlobal: false },
  JoinWithoutInputs: { typ: 'InvalidEdge', isGlobal: false },
  MissingOutgoingEdge: { typ: 'InvalidTailOfBranch', isGlobal: false },
  // Reported by join validation at the branch parameter instead.
  JoinBranchMismatch: undefined,
};

/**
 * Structure problems of a graph (found by the graph package) as validation errors, node id checks, and
 * the order of validation: each node after all its predecessors (Kahn's algorithm), nodes on cycles left
 * out. Linear in nodes + edges. Branch-parameter mismatches of joins are left to join validation, which
 * reports them at the parameter.
 */
export function findStructureErrors(graph: ScenarioGraph): StructureReport {
  const global: StructureReport['global'] = [];
  const node: StructureReport['node'] = [];
  for (const issue of findStructureProblems(graph)) {
    const mapping = problemTyp[issue.code];
    if (mapping === undefined) continue;
    const nodeIds = issue.nodeIds ?? [];
    const error = validationIssue(mapping.typ, issue.message);
    const first = nodeIds[0];
    if (mapping.isGlobal || first === undefined) global.push({ error, nodeIds });
    else node.push({ nodeId: first, error });
  }
  const byId = new Map<string, NodeData>();
  for (const n of graph.nodes) {
    if (!byId.has(n.id)) byId.set(n.id, n);
    for (const issue of validateNodeId(n.id)) node.push({ nodeId: n.id, error: validationIssue('NodeIdValidationError', issue.message, '$id') });
  }
  // Two output definitions with one name make the fragment's outputs ambiguous for every user of it.
  const outputNames = new Map<string, string[]>();
  for (const n of graph.nodes) {
    if (n.type === 'FragmentOutputDefinition') (outputNames.get(n.outputName) ?? outputNames.set(n.outputName, []).get(n.outputName))?.push(n.id);
  }
  for (const [name, ids] of outputNames) {
    if (ids.length > 1) global.push({ error: validationIssue('DuplicateFragmentOutputNames', `Fragment output name ${name} is used more than once`), nodeIds: ids });
  }
  const outgoing = new Map<string, Edge[]>();
  const inDegree = new Map<string, number>();
  for (const edge of graph.edges) {
    if (!byId.has(edge.from) || !byId.has(edge.to)) continue;
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from))?.push(edge);
    inDegree.set(edge.to, (inDegree.get(edge.to) ?? 0) + 1);
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
  return { global, node, order };
}
