import { describe, expect, it } from 'vitest';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { checkNewEdge } from './connect';

const g = graph(
  [n.source('s'), n.filter('f'), n.sink('a'), n.sink('b'), n.join('j'), n.fragment('fr'), n.variable('v'), n.source('s2')],
  [edge('s', 'f'), edge('f', 'a', { type: 'FilterTrue' }), edge('s2', 'j'), edge('fr', 'v', { type: 'FragmentOutput', name: 'out' })],
);
const codes = (e: Parameters<typeof checkNewEdge>[1]) => checkNewEdge(g, e).map((issue) => issue.code);

describe('checkNewEdge', () => {
  it('accepts edges the node types allow', () => {
    expect(codes(edge('f', 'b', { type: 'FilterFalse' }))).toEqual([]);
    expect(codes(edge('v', 'j'))).toEqual([]);
    expect(codes(edge('fr', 'b', { type: 'FragmentOutput', name: 'other' }))).toEqual([]);
  });

  it('refuses what the graph cannot hold', () => {
    expect(codes(edge('f', 'b', { type: 'FilterTrue' }))).toEqual(['UnexpectedOutgoingEdge']);
    expect(codes(edge('f', 'b'))).toEqual(['InvalidEdgeType']);
    expect(codes(edge('a', 'b'))).toEqual(['InvalidEdgeType']);
    expect(codes(edge('v', 'a'))).toEqual(['MultipleIncomingEdges']);
    expect(codes(edge('v', 's'))).toEqual(['UnexpectedIncomingEdge']);
    expect(codes(edge('fr', 'b', { type: 'FragmentOutput', name: 'out' }))).toEqual(['DuplicateFragmentOutput']);
    expect(codes(edge('v', 'fr'))).toEqual(['Cycle']);
    expect(codes(edge('v', 'ghost'))).toEqual(['DanglingEdge']);
  });
});
