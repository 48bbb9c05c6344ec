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

  // From the designer's own connection check, which this replaced (it let cycles through).
  describe('as the designer draws edges', () => {
    const drawn = graph(
      [n.source('src'), n.filter('flt'), n.switch('choice'), n.sink('a'), n.sink('b'), n.join('join'), n.fragment('frag')],
      [],
    );
    const check = (existing: Parameters<typeof checkNewEdge>[1][], e: Parameters<typeof checkNewEdge>[1]) =>
      checkNewEdge({ nodes: drawn.nodes, edges: existing }, e).map((issue) => issue.code);

    it('lets each filter branch lead to one node', () => {
      expect(check([], edge('flt', 'a', { type: 'FilterTrue' }))).toEqual([]);
      expect(check([], edge('flt', 'a', { type: 'FilterFalse' }))).toEqual([]);
      expect(check([edge('flt', 'a', { type: 'FilterTrue' })], edge('flt', 'b', { type: 'FilterTrue' }))).not.toEqual([]);
    });

    it('lets a choice fan out with conditions', () => {
      const condition = { language: 'spel', expression: 'true' };
      expect(check([edge('choice', 'a', { type: 'NextSwitch', condition })], edge('choice', 'b', { type: 'NextSwitch', condition }))).toEqual([]);
    });

    it('refuses inputs into sources, outputs from sinks, loops and a second input', () => {
      expect(check([], edge('flt', 'src', { type: 'FilterTrue' }))).not.toEqual([]);
      expect(check([], edge('a', 'b'))).not.toEqual([]);
      expect(check([], edge('flt', 'flt', { type: 'FilterTrue' }))).toContain('Cycle');
      expect(check([edge('src', 'a')], edge('choice', 'a', { type: 'NextSwitch', condition: { language: 'spel', expression: 'true' } }))).not.toEqual([]);
      expect(check([edge('src', 'a')], edge('src', 'b'))).not.toEqual([]);
    });

    it('refuses an edge that closes a cycle', () => {
      expect(check([edge('src', 'flt'), edge('flt', 'join', { type: 'FilterTrue' }), edge('join', 'choice')], edge('choice', 'flt', { type: 'NextSwitch', condition: { language: 'spel', expression: 'true' } }))).toContain('Cycle');
    });

    it('lets a join take several branches but not the same one twice', () => {
      expect(check([edge('src', 'join')], edge('flt', 'join', { type: 'FilterTrue' }))).toEqual([]);
      expect(check([edge('src', 'join')], edge('src', 'join'))).not.toEqual([]);
    });

    it('connects each fragment output once', () => {
      expect(check([], edge('frag', 'a', { type: 'FragmentOutput', name: 'rejected' }))).toEqual([]);
      expect(check([edge('frag', 'a', { type: 'FragmentOutput', name: 'rejected' })], edge('frag', 'b', { type: 'FragmentOutput', name: 'rejected' }))).toEqual(['DuplicateFragmentOutput']);
    });
  });
});
