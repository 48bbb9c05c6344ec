import type { Position } from './scenario-flow';

/** Above this many nodes the canvas opens on the top of the graph instead of fitting all of it. */
export const wholeGraphViewLimit = 300;

/**
 * The nodes the canvas fits its first view to. A small graph is shown whole. A large one fitted whole would
 * open at a few percent zoom with every node drawn and none readable; it opens at a readable zoom on its
 * first node (the topmost, a source) and the `limit - 1` nodes nearest below it, so only what is in view is
 * drawn. The rest is a pan or a zoom away (the minimap shows the whole graph).
 */
export function initialViewNodes<N extends { id: string; position: Position }>(nodes: readonly N[], limit = 6): { id: string }[] | undefined {
  if (nodes.length <= wholeGraphViewLimit) return undefined;
  const byRow = (a: N, b: N) => a.position.y - b.position.y || a.position.x - b.position.x;
  const first = nodes.reduce((top, node) => (byRow(node, top) < 0 ? node : top));
  const distance = (node: N) => Math.abs(node.position.x - first.position.x);
  return [...nodes]
    .sort((a, b) => a.position.y - b.position.y || distance(a) - distance(b) || a.position.x - b.position.x)
    .slice(0, limit)
    .map((node) => ({ id: node.id }));
}
