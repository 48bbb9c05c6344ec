import { describe, expect, it } from 'vitest';
import type { CanonicalNode } from '../schemas/canonical';
import { branchEndId, type NodeData } from '../schemas/node-data';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { fromCanonical } from './from-canonical';
import { toCanonical } from './to-canonical';

describe('toCanonical', () => {
  it('turns edges into a Join into BranchEndData and starts a branch at the Join', () => {
    const g = graph(
      [n.source('a'), n.source('b'), n.join('j', ['a', 'b']), n.sink('out')],
      [edge('a', 'j'), edge('b', 'j'), edge('j', 'out')],
    );
    const canonical = toCanonical(g, { id: 'joined' });
    expect(canonical.metaData.id).toBe('joined');
    expect(canonical.nodes).toEqual([n.source('a'), { type: 'BranchEndData', definition: { id: 'a', joinId: 'j' } }]);
    expect(canonical.additionalBranches).toEqual([
      [n.source('b'), { type: 'BranchEndData', definition: { id: 'b', joinId: 'j' } }],
      [n.join('j', ['a', 'b']), n.sink('out')],
    ]);
    expect(branchEndId({ id: 'a', joinId: 'j' })).toBe('$edge-a-j');
  });

  it('shares the graph\'s node fields only when asked not to copy, with the same result either way', () => {
    const g = graph(
      [n.source('a'), n.filter('f'), n.sink('out'), n.sink('rejected')],
      [edge('a', 'f'), edge('f', 'out', { type: 'FilterTrue' }), edge('f', 'rejected', { type: 'FilterFalse' })],
    );
    const copied = toCanonical(g, { id: 'shared' });
    const shared = toCanonical(g, { id: 'shared', copy: false });
    expect(shared).toEqual(copied);
    const source = g.nodes[0] as NodeData & { type: 'Source' };
    expect((shared.nodes[0] as typeof source).ref).toBe(source.ref);
    expect((copied.nodes[0] as typeof source).ref).not.toBe(source.ref);
    expect(shared.metaData.additionalFields).toBe(g.properties.additionalFields);
    expect(copied.metaData.additionalFields).not.toBe(g.properties.additionalFields);
  });

  it('drops nodes not reachable from a start node and edges a node cannot have', () => {
    const g = graph(
      [n.source('s'), n.sink('end'), n.variable('loose'), n.sink('after loose')],
      [edge('s', 'end'), edge('loose', 'after loose'), edge('end', 'loose')],
    );
    expect(toCanonical(g, { id: 'x' }).nodes).toEqual([n.source('s'), n.sink('end')]);
  });

  it('terminates on cycles and on merges outside joins, visiting each node once', () => {
    const g = graph(
      [n.source('s'), n.split('sp'), n.variable('a'), n.variable('b'), n.sink('shared')],
      [edge('s', 'sp'), edge('sp', 'a'), edge('sp', 'b'), edge('a', 'shared'), edge('b', 'shared'), edge('shared', 'sp')],
    );
    const canonical = toCanonical(g, { id: 'x' });
    const ids = JSON.stringify(canonical).match(/"id":"[^"]+"/g) ?? [];
    expect(ids.filter((id) => id === '"id":"shared"')).toHaveLength(1);
    expect(canonical.nodes[1]).toMatchObject({ type: 'Split', nexts: [[n.variable('a'), n.sink('shared')], [n.variable('b')]] });
  });

  it('handles a chain of 20000 nodes in both directions without deep recursion', () => {
    const count = 20_000;
    const nodes = [n.source('n0'), ...Array.from({ length: count }, (_, i) => n.filter(`n${i + 1}`)), n.sink('end')];
    const edges = [
      edge('n0', 'n1'),
      ...Array.from({ length: count - 1 }, (_, i) => edge(`n${i + 1}`, `n${i + 2}`, { type: 'FilterTrue' })),
      edge(`n${count}`, 'end', { type: 'FilterTrue' }),
    ];
    const g = graph(nodes, edges);
    const canonical = toCanonical(g, { id: 'long' });
    expect(canonical.nodes).toHaveLength(count + 2);
    expect(fromCanonical(canonical).graph).toEqual(g);
  });
});

// Source, Sink and the like are the same in both forms; the cast only tells the compiler so.
const cn = (node: NodeData) => node as CanonicalNode;

describe('fromCanonical', () => {
  it('lists a filter true path before its false branch, and each node with its edges', () => {
    const { graph: g } = fromCanonical({
      metaData: { id: 'f', additionalFields: { metaDataType: 'StreamMetaData' } },
      nodes: [
        cn(n.source('s')),
        { type: 'Filter', id: 'f1', expression: { language: 'spel', expression: 'true' }, nextFalse: [cn(n.sink('false 1'))] },
        { type: 'Filter', id: 'f2', expression: { language: 'spel', expression: 'true' }, nextFalse: [cn(n.sink('false 2'))] },
        cn(n.sink('true end')),
      ],
    });
    expect(g.nodes.map((node) => node.id)).toEqual(['s', 'f1', 'f2', 'true end', 'false 2', 'false 1']);
    expect(g.edges.map((e) => `${e.from}>${e.to}:${e.edgeType?.type ?? 'plain'}`)).toEqual([
      's>f1:plain',
      'f1>f2:FilterTrue',
      'f1>false 1:FilterFalse',
      'f2>true end:FilterTrue',
      'f2>false 2:FilterFalse',
    ]);
    expect(g.properties).toEqual({ additionalFields: { metaDataType: 'StreamMetaData' } });
  });
});
