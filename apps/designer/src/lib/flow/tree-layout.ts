import type { Position } from './scenario-flow';

export interface TreeLayoutOptions {
  width: number;
  height: number;
  columnGap: number;
  rowGap: number;
}

/**
 * A linear-time layered layout for large scenarios, which are trees with the odd join. Rows are the longest
 * path from a start node (a join sits below all its branches); columns come from a depth-first walk: each
 * leaf takes the next free column and a parent is centred over its children. Dagre orders crossings better
 * but costs seconds at a thousand nodes, so the editor uses this one above a size limit.
 */
export function computeTreeLayout(
  nodeIds: readonly string[],
  edges: readonly { from: string; to: string }[],
  options: TreeLayoutOptions,
): Map<string, Position> {
  const known = new Set(nodeIds);
  const children = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  const incoming = new Map<string, number>(nodeIds.map((id) => [id, 0]));
  for (const edge of edges) {
    if (!known.has(edge.from) || !known.has(edge.to) || edge.from === edge.to) continue;
    children.get(edge.from)?.push(edge.to);
    incoming.set(edge.to, (incoming.get(edge.to) ?? 0) + 1);
  }

  // Rows: longest path over a topological order (Kahn); nodes left on a cycle keep the row they reached.
  const row = new Map<string, number>(nodeIds.map((id) => [id, 0]));
  const remaining = new Map(incoming);
  const queue = nodeIds.filter((id) => (incoming.get(id) ?? 0) === 0);
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head] as string;
    for (const child of children.get(id) ?? []) {
      row.set(child, Math.max(row.get(child) ?? 0, (row.get(id) ?? 0) + 1));
      const left = (remaining.get(child) ?? 0) - 1;
      remaining.set(child, left);
      if (left === 0) queue.push(child);
    }
  }

  // Columns: iterative depth-first walk over a spanning tree (a node belongs to the first parent reaching it).
  const column = new Map<string, number>();
  const visited = new Set<string>();
  let nextColumn = 0;
  const roots = [...nodeIds.filter((id) => (incoming.get(id) ?? 0) === 0), ...nodeIds];
  for (const root of roots) {
    if (visited.has(root)) continue;
    visited.add(root);
    const stack: { id: string; ownChildren: string[]; next: number }[] = [{ id: root, ownChildren: [], next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; ownChildren: string[]; next: number };
      const candidates = children.get(frame.id) ?? [];
      if (frame.next < candidates.length) {
        const child = candidates[frame.next] as string;
        frame.next += 1;
        if (!visited.has(child)) {
          visited.add(child);
          frame.ownChildren.push(child);
          stack.push({ id: child, ownChildren: [], next: 0 });
        }
        continue;
      }
      stack.pop();
      if (frame.ownChildren.length === 0) {
        column.set(frame.id, nextColumn);
        nextColumn += 1;
      } else {
        const first = column.get(frame.ownChildren[0] as string) ?? 0;
        const last = column.get(frame.ownChildren[frame.ownChildren.length - 1] as string) ?? 0;
        column.set(frame.id, (first + last) / 2);
      }
    }
  }

  const positions = new Map<string, Position>();
  for (const id of nodeIds) {
    positions.set(id, {
      x: Math.round((column.get(id) ?? 0) * (options.width + options.columnGap)),
      y: Math.round((row.get(id) ?? 0) * (options.height + options.rowGap)),
    });
  }
  return positions;
}
