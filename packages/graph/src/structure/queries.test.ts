import { describe, expect, it } from 'vitest';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { findNode, incomingEdges, nodesOnCycles, outgoingEdges, predecessors, reachableFrom, successors, topologicalOrder } from './queries';

const g = graph(
  [n.source('a'), n.source('b'), n.join('j', ['a', 'b']), n.split('sp'), n.sink('x'), n.sink('y')],
  [edge('a', 'j'), edge('b', 'j'), edge('j', 'sp'), edge('sp', 'y'), edge('sp', 'x')],
);

describe('graph queries', () => {
  it('finds nodes and their neighbours in edge order', () => {
    expect(findNode(g, 'sp')?.type).toBe('Split');
    expect(findNode(g, 'nope')).toBeUndefined();
    expect(successors(g, 'sp')).toEqual(['y', 'x']);
    expect(predecessors(g, 'j')).toEqual(['a', 'b']);
    expect(outgoingEdges(g, 'j')).toEqual([edge('j', 'sp')]);
    expect(incomingEdges(g, 'x')).toEqual([edge('sp', 'x')]);
  });

  it('computes reachable sets both ways', () => {
    expect([...reachableFrom(g, 'a')].sort()).toEqual(['a', 'j', 'sp', 'x', 'y']);
    expect([...reachableFrom(g, ['x'], { backwards: true })].sort()).toEqual(['a', 'b', 'j', 'sp', 'x']);
  });

  it('orders topologically, stable with respect to the node list', () => {
    expect(topologicalOrder(g)).toEqual({ ok: true, order: ['a', 'b', 'j', 'sp', 'x', 'y'] });
  });

  it('reports the nodes on cycles (self loops included) when there is no order', () => {
    const cyclic = graph(
      [n.source('s'), n.variable('a'), n.variable('b'), n.variable('c'), n.variable('self')],
      [edge('s', 'a'), edge('a', 'b'), edge('b', 'a'), edge('b', 'c'), edge('self', 'self')],
    );
    expect(topologicalOrder(cyclic)).toEqual({ ok: false, cyclicNodeIds: ['a', 'b', 'self'] });
  });

  it('finds the nodes on cycles, or none in a graph without one, whatever the order or repeats of the ids', () => {
    expect(nodesOnCycles(['a', 'j', 'b', 'sp', 'x', 'y'], g.edges)).toEqual([]);
    const cycle = [edge('a', 'b'), edge('b', 'c'), edge('c', 'b')];
    expect(nodesOnCycles(['a', 'b', 'c'], cycle)).toEqual(['b', 'c']);
    // An id listed twice: its edge into the cycle counts once, so the cycle is still found.
    expect(nodesOnCycles(['a', 'a', 'b', 'c'], cycle)).toEqual(['b', 'c']);
    // Edges from a node that is not among the ids still keep its targets off the list of nodes without a cycle.
    expect(nodesOnCycles(['b', 'c'], [edge('z', 'b'), edge('b', 'c')])).toEqual([]);
    expect(nodesOnCycles(['b', 'c'], [edge('z', 'b'), ...cycle.slice(1)])).toEqual(['b', 'c']);
    expect(nodesOnCycles(['a'], [edge('a', 'a')])).toEqual(['a']);
  });

  it('handles long chains without deep recursion', () => {
    const count = 20_000;
    const nodes = [n.source('n0'), ...Array.from({ length: count }, (_, i) => n.variable(`n${i + 1}`))];
    const edges = Array.from({ length: count }, (_, i) => edge(`n${i}`, `n${i + 1}`));
    edges.push(edge(`n${count}`, 'n1'));
    const result = topologicalOrder(graph(nodes, edges));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.cyclicNodeIds).toHaveLength(count);
  });
});
