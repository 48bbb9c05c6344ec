import type { GraphIssue, GraphStructureIssueCode } from '../issues';
import type { Edge } from '../schemas/edge';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { OUTGOING_EDGE_RULES, edgeKind } from './problems';
import { reachableFrom } from './queries';

/**
 * Whether adding `edge` keeps the graph well formed, for the designer to accept or refuse a connection as
 * it is drawn: both nodes exist, the edge kind suits the source node and its count is not exceeded, the
 * target is not a start node and (unless a Join) has no input yet, no cycle appears, a fragment output is
 * connected once. An empty array means the edge may be added. The same rules as `findStructureProblems`.
 */
export function checkNewEdge(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>, edge: Edge): GraphIssue<GraphStructureIssueCode>[] {
  const issues: GraphIssue<GraphStructureIssueCode>[] = [];
  const from = graph.nodes.find((node) => node.id === edge.from);
  const to = graph.nodes.find((node) => node.id === edge.to);
  if (!from || !to) {
    const missing = !from ? edge.from : edge.to;
    return [{ code: 'DanglingEdge', message: `There is no node '${missing}'`, path: [!from ? 'from' : 'to'], nodeIds: [missing] }];
  }
  const kind = edgeKind(edge);
  const rule = OUTGOING_EDGE_RULES[from.type];
  const range = rule.kinds[kind];
  const existing = graph.edges.filter((other) => other.from === from.id);
  if (!range) {
    issues.push({
      code: 'InvalidEdgeType',
      message: rule.total[1] === 0 ? `'${from.id}' (${from.type}) cannot have outgoing edges` : `'${from.id}' (${from.type}) cannot have a ${kind} edge`,
      path: ['edgeType'],
      nodeIds: [from.id],
    });
  } else if (existing.filter((other) => edgeKind(other) === kind).length + 1 > range[1]) {
    issues.push({
      code: 'UnexpectedOutgoingEdge',
      message: `'${from.id}' (${from.type}) already has its ${range[1]} ${kind} edge(s)`,
      path: ['edgeType'],
      nodeIds: [from.id],
    });
  }
  if (existing.some((other) => other.to === to.id)) {
    issues.push({ code: 'DuplicateEdge', message: `'${from.id}' is already connected to '${to.id}'`, path: [], nodeIds: [from.id, to.id] });
  }
  if (edge.edgeType?.type === 'FragmentOutput') {
    const name = edge.edgeType.name;
    if (existing.some((other) => other.edgeType?.type === 'FragmentOutput' && other.edgeType.name === name)) {
      issues.push({ code: 'DuplicateFragmentOutput', message: `Output '${name}' of '${from.id}' is already connected`, path: ['edgeType', 'name'], nodeIds: [from.id] });
    }
  }
  if (to.type === 'Source' || to.type === 'FragmentInputDefinition') {
    issues.push({ code: 'UnexpectedIncomingEdge', message: `'${to.id}' (${to.type}) starts the scenario and takes no input`, path: ['to'], nodeIds: [to.id] });
  } else if (to.type !== 'Join' && graph.edges.some((other) => other.to === to.id)) {
    issues.push({ code: 'MultipleIncomingEdges', message: `'${to.id}' already has an input; only a Join merges branches`, path: ['to'], nodeIds: [to.id] });
  }
  if (from.id === to.id || reachableFrom(graph, to.id).has(from.id)) {
    issues.push({ code: 'Cycle', message: `Connecting '${from.id}' to '${to.id}' would create a cycle`, path: [], nodeIds: [from.id, to.id] });
  }
  return issues;
}
