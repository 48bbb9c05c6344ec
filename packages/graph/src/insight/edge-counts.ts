import type { Edge } from '../schemas/edge';

/** How many records reached a node, as a test run or a running deployment counts them. */
export interface NodeRecordCount {
  all: number;
  errors: number;
}

/** What the counts say about one edge: its records, or `undefined` when node counts cannot tell. */
export type EdgeRecordCount = number | undefined;

/**
 * The records that passed along each edge, in edge order, derived from node counts: a node with one incoming
 * edge got all its records over that edge. Where several edges enter a node (a union, two choice branches to one
 * sink) node counts cannot split them; a test run can, by the ids of the records seen at both ends, which
 * `recordIdsAt` hands in (context ids are kept from node to node along a branch).
 *
 * @example countEdges(graph.edges, testResults.counts, (id) => testResults.results.nodeResults[id]?.map((r) => r.id))
 */
export function countEdges(
  edges: readonly Edge[],
  counts: Readonly<Record<string, NodeRecordCount | undefined>>,
  recordIdsAt?: (nodeId: string) => readonly string[] | undefined,
): EdgeRecordCount[] {
  const incoming = new Map<string, number>();
  for (const edge of edges) incoming.set(edge.to, (incoming.get(edge.to) ?? 0) + 1);
  return edges.map((edge) => {
    if (incoming.get(edge.to) === 1) return counts[edge.to]?.all ?? 0;
    const atSource = recordIdsAt?.(edge.from);
    const atTarget = recordIdsAt?.(edge.to);
    if (!atSource || !atTarget) return undefined;
    const fromSource = new Set(atSource);
    return atTarget.filter((id) => fromSource.has(id)).length;
  });
}
