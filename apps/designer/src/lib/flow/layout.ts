import { Graph, layout } from '@dagrejs/dagre';
import type { Position } from './scenario-flow';
import { computeTreeLayout } from './tree-layout';

/** The size every node is laid out with; the canvas draws nodes at this size too. */
export const nodeSize = { width: 220, height: 60 } as const;

/** Above this many nodes the linear tree layout replaces dagre, which takes seconds there. */
export const largeGraphSize = 300;

export interface LayoutEdge {
  from: string;
  to: string;
}

/**
 * Top-down layered layout (dagre) for scenarios saved without positions, e.g. imported from older
 * versions. Returns top-left corners, which is what the canvas and `layoutData` use.
 */
export function computeLayout(nodeIds: readonly string[], edges: readonly LayoutEdge[]): Map<string, Position> {
  if (nodeIds.length > largeGraphSize) {
    return computeTreeLayout(nodeIds, edges, { width: nodeSize.width, height: nodeSize.height, columnGap: 60, rowGap: 70 });
  }
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 70, marginx: 20, marginy: 20 });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set(nodeIds);
  for (const id of nodeIds) graph.setNode(id, { width: nodeSize.width, height: nodeSize.height });
  edges.forEach((edge, index) => {
    if (known.has(edge.from) && known.has(edge.to)) graph.setEdge(edge.from, edge.to, {}, String(index));
  });
  layout(graph);
  const positions = new Map<string, Position>();
  for (const id of nodeIds) {
    const placed = graph.node(id);
    positions.set(id, {
      x: Math.round(placed.x - nodeSize.width / 2),
      y: Math.round(placed.y - nodeSize.height / 2),
    });
  }
  return positions;
}
