import {
  edgeDifferenceKey,
  nodeDifferenceKey,
  type Edge,
  type NodeData,
  type ScenarioComparison,
  type ScenarioDifference,
  type ScenarioGraph,
} from '@scenaria/graph';
import { computeLayout } from '$lib/flow/layout';
import { layoutOf, toFlowEdge, toFlowNode, uniqueFlowEdgeId, type Position, type ScenarioFlowEdge, type ScenarioFlowNode } from '$lib/flow/scenario-flow';

/**
 * How an element of the compared version reads against the other version. The server decides what
 * differs (`compareScenarios` of `@scenaria/graph`); this only names its answer for the canvas.
 */
export type DiffStatus = 'added' | 'removed' | 'changed' | 'unchanged';

/** The status a difference gives its node or edge: "added" is only in the current version, "removed" only in the other. */
export function statusOf(difference: ScenarioDifference | undefined): DiffStatus {
  switch (difference?.type) {
    case 'NodeNotPresentInOther':
    case 'EdgeNotPresentInOther':
      return 'added';
    case 'NodeNotPresentInCurrent':
    case 'EdgeNotPresentInCurrent':
      return 'removed';
    case 'NodeDifferent':
    case 'EdgeDifferent':
    case 'PropertiesDifferent':
      return 'changed';
    default:
      return 'unchanged';
  }
}

export interface CompareCanvas {
  nodes: ScenarioFlowNode[];
  edges: ScenarioFlowEdge[];
  /** Status by node id, for the legend counts and the side panel. */
  nodeStatus: Map<string, DiffStatus>;
}

/**
 * The canvas of a comparison: the current version's nodes and edges, plus the nodes and edges only the
 * other version has (taken from the differences, which carry them), each with a `diff-<status>` class.
 * Nodes keep their stored positions; a node without one is laid out with the rest.
 */
export function compareCanvas(current: ScenarioGraph, comparison: ScenarioComparison): CompareCanvas {
  const removedNodes: NodeData[] = [];
  const removedEdges: Edge[] = [];
  for (const difference of Object.values(comparison)) {
    if (difference.type === 'NodeNotPresentInCurrent') removedNodes.push(difference.otherNode);
    else if (difference.type === 'EdgeNotPresentInCurrent') removedEdges.push(difference.otherEdge);
  }
  const allNodes = [...current.nodes, ...removedNodes];
  const allEdges = [...current.edges, ...removedEdges];
  const fallback: Map<string, Position> = allNodes.some((node) => !layoutOf(node))
    ? computeLayout(allNodes.map((node) => node.id), allEdges)
    : new Map();

  const nodeStatus = new Map<string, DiffStatus>();
  const nodes = allNodes.map((node, index) => {
    const status = statusOf(comparison[nodeDifferenceKey(node.id)]);
    nodeStatus.set(node.id, status);
    const flowNode = toFlowNode(node, layoutOf(node) ?? fallback.get(node.id) ?? { x: 0, y: index * 120 });
    return { ...flowNode, class: `diff-${status}`, draggable: false, connectable: false };
  });

  const taken = new Set<string>();
  const edges = allEdges.map((edge) => {
    const id = uniqueFlowEdgeId(edge, taken);
    taken.add(id);
    const flowEdge = toFlowEdge(edge, id);
    // Edges are matched by their two ends, so both edges of a choice into one node share a status.
    const status = statusOf(comparison[edgeDifferenceKey(edge.from, edge.to)]);
    return { ...flowEdge, class: `${flowEdge.class ?? ''} diff-${status}` };
  });
  return { nodes, edges, nodeStatus };
}
