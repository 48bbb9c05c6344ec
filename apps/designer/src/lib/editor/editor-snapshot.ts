import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';

/** One undo step: the whole graph plus labels, with a fingerprint so equal states compare cheaply. */
export interface EditorSnapshot {
  graph: ScenarioGraph;
  labels: string[];
  fingerprint: string;
}

export function snapshotOf(graph: ScenarioGraph, labels: readonly string[]): EditorSnapshot {
  return { graph, labels: [...labels], fingerprint: JSON.stringify([graph, labels]) };
}

export const sameSnapshot = (a: EditorSnapshot, b: EditorSnapshot) => a.fingerprint === b.fingerprint;

/**
 * Replaces a node, following an id change through the edges and the join branches that name it.
 * Returns the new node and edge lists; untouched entries stay the same objects.
 */
export function replaceNode(
  nodes: readonly NodeData[],
  edges: readonly Edge[],
  previousId: string,
  next: NodeData,
): { nodes: NodeData[]; edges: Edge[] } {
  const renamed = previousId !== next.id;
  const rename = (id: string) => (id === previousId ? next.id : id);
  return {
    nodes: nodes.map((node) => {
      if (node.id === previousId) return next;
      if (renamed && node.type === 'Join' && node.branchParameters.some((branch) => branch.branchId === previousId)) {
        return { ...node, branchParameters: node.branchParameters.map((branch) => ({ ...branch, branchId: rename(branch.branchId) })) };
      }
      return node;
    }),
    edges: renamed
      ? edges.map((edge) => (edge.from === previousId || edge.to === previousId ? { ...edge, from: rename(edge.from), to: rename(edge.to) } : edge))
      : [...edges],
  };
}
