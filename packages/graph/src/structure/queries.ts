import type { Edge } from '../schemas/edge';
import type { NodeData } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';

type GraphLike = Pick<ScenarioGraph, 'nodes' | 'edges'>;

/** The node with this id (the first one, if ids repeat). */
export function findNode(graph: Pick<ScenarioGraph, 'nodes'>, id: string): NodeData | undefined {
  return graph.nodes.find((node) => node.id === id);
}

/** Edges leaving the node, in list order (which is evaluation order for a Switch). */
export function outgoingEdges(graph: Pick<ScenarioGraph, 'edges'>, id: string): Edge[] {
  return graph.edges.filter((edge) => edge.from === id);
}

/** Edges entering the node, in list order. */
export function incomingEdges(graph: Pick<ScenarioGraph, 'edges'>, id: string): Edge[] {
  return graph.edges.filter((edge) => edge.to === id);
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

/** Ids of the nodes this node has edges to, in edge order, without repeats. */
export function successors(graph: Pick<ScenarioGraph, 'edges'>, id: string): string[] {
  return unique(outgoingEdges(graph, id).map((edge) => edge.to));
}

/** Ids of the nodes with edges to this node, in edge order, without repeats. */
export function predecessors(graph: Pick<ScenarioGraph, 'edges'>, id: string): string[] {
  return unique(incomingEdges(graph, id).map((edge) => edge.from));
}

/** Each id's targets (or, `reverse`, sources) along `edges`, in edge order. */
export function adjacency(edges: readonly Edge[], reverse: boolean): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const edge of edges) {
    const [from, to] = reverse ? [edge.to, edge.from] : [edge.from, edge.to];
    const list = map.get(from);
    if (list) list.push(to);
    else map.set(from, [to]);
  }
  return map;
}

/**
 * Ids reachable from the given node(s) along edges, the starting nodes included; with `backwards`, the ids
 * from which they are reachable. Edges to ids without a node are followed too (they name the missing node).
 */
export function reachableFrom(
  graph: Pick<ScenarioGraph, 'edges'>,
  start: string | readonly string[],
  options: { backwards?: boolean } = {},
): Set<string> {
  return reachableAlong(adjacency(graph.edges, options.backwards === true), start);
}

/** `reachableFrom` along an adjacency already built (`adjacency`). */
export function reachableAlong(next: ReadonlyMap<string, readonly string[]>, start: string | readonly string[]): Set<string> {
  const seen = new Set<string>(typeof start === 'string' ? [start] : start);
  const stack = [...seen];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const target of next.get(id) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        stack.push(target);
      }
    }
  }
  return seen;
}

/** A topological order of the node ids, or the nodes that sit on cycles when there is none. */
export type TopologicalOrderResult = { ok: true; order: string[] } | { ok: false; cyclicNodeIds: string[] };

/**
 * Orders node ids so that every edge goes forward (Kahn's algorithm; among ready nodes the one listed first goes first).
 * Edges to or from missing nodes are ignored. On a cycle, reports the ids of nodes on cycles.
 */
export function topologicalOrder(graph: GraphLike): TopologicalOrderResult {
  const ids = [...new Set(graph.nodes.map((node) => node.id))];
  const known = new Set(ids);
  const inDegree = new Map(ids.map((id) => [id, 0]));
  const relevant = graph.edges.filter((edge) => known.has(edge.from) && known.has(edge.to));
  for (const edge of relevant) inDegree.set(edge.to, (inDegree.get(edge.to) ?? 0) + 1);
  const next = adjacency(relevant, false);
  const order: string[] = [];
  // Among the nodes ready at any moment the one listed first goes next (a min-heap of list positions), so the
  // result is stable and close to how the scenario was drawn.
  const position = new Map(ids.map((id, index) => [id, index]));
  const ready = new MinHeap();
  for (const id of ids) if (inDegree.get(id) === 0) ready.push(position.get(id) as number);
  while (ready.size > 0) {
    const id = ids[ready.pop()] as string;
    order.push(id);
    for (const target of next.get(id) ?? []) {
      const remaining = (inDegree.get(target) ?? 0) - 1;
      inDegree.set(target, remaining);
      if (remaining === 0) ready.push(position.get(target) as number);
    }
  }
  if (order.length === ids.length) return { ok: true, order };
  return { ok: false, cyclicNodeIds: nodesOnCycles(ids, relevant) };
}

/** Ids of nodes lying on at least one cycle (members of non-trivial strongly connected components). */
export function nodesOnCycles(ids: readonly string[], edges: readonly Edge[]): string[] {
  return nodesOnCyclesAlong(ids, adjacency(edges, false));
}

/**
 * Whether peeling off nodes without incoming edges (Kahn's algorithm) removes every one of `ids`: then none of
 * them lies on a cycle. Most graphs have none, and this check allocates a fraction of what finding them does.
 */
function acyclicAmong(ids: readonly string[], next: ReadonlyMap<string, readonly string[]>): boolean {
  const incoming = new Map<string, number>();
  for (const targets of next.values()) for (const target of targets) incoming.set(target, (incoming.get(target) ?? 0) + 1);
  // Each node is taken once: an id listed twice must not take its edges away twice.
  const remaining = new Set(ids);
  const ready = [...remaining].filter((id) => !incoming.has(id));
  while (ready.length > 0) {
    const id = ready.pop() as string;
    remaining.delete(id);
    for (const target of next.get(id) ?? []) {
      const left = (incoming.get(target) as number) - 1;
      incoming.set(target, left);
      if (left === 0) ready.push(target);
    }
  }
  return remaining.size === 0;
}

/** `nodesOnCycles` along an adjacency already built (`adjacency`). */
export function nodesOnCyclesAlong(ids: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  if (acyclicAmong(ids, next)) return [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result = new Set<string>();
  let counter = 0;
  // Iterative Tarjan: user graphs can be long chains, deeper than the call stack allows.
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: { id: string; childIndex: number }[] = [{ id: root, childIndex: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: string; childIndex: number };
      const children = next.get(frame.id) ?? [];
      if (frame.childIndex < children.length) {
        const child = children[frame.childIndex++] as string;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ id: child, childIndex: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.id, Math.min(low.get(frame.id) as number, index.get(child) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id) as number, low.get(frame.id) as number));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        const selfLoop = (next.get(frame.id) ?? []).includes(frame.id);
        if (component.length > 1 || selfLoop) for (const id of component) result.add(id);
      }
    }
  }
  return ids.filter((id) => result.has(id));
}

class MinHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    items.push(value);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((items[parent] as number) <= value) break;
      items[index] = items[parent] as number;
      index = parent;
    }
    items[index] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items.pop() as number;
    if (items.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && (items[right] as number) < (items[left] as number) ? right : left;
        if ((items[child] as number) >= last) break;
        items[index] = items[child] as number;
        index = child;
      }
      items[index] = last;
    }
    return top;
  }
}
