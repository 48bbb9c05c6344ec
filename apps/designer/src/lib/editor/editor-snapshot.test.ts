import { describe, expect, it } from 'vitest';
import type { Edge, NodeData } from '@scenaria/graph';
import { replaceNode, sameSnapshot, snapshotOf } from './editor-snapshot';

const nodes: NodeData[] = [
  { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] } },
  { type: 'Variable', id: 'fee', varName: 'fee', value: { language: 'spel', expression: '1' } },
  { type: 'Join', id: 'join', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [{ branchId: 'fee', parameters: [] }] },
];
const edges: Edge[] = [
  { from: 'src', to: 'fee', edgeType: null },
  { from: 'fee', to: 'join', edgeType: null },
];

describe('replaceNode', () => {
  it('follows a rename through edges and join branches', () => {
    const next: NodeData = { type: 'Variable', id: 'charge', varName: 'fee', value: { language: 'spel', expression: '1' } };
    const result = replaceNode(nodes, edges, 'fee', next);
    expect(result.edges).toEqual([
      { from: 'src', to: 'charge', edgeType: null },
      { from: 'charge', to: 'join', edgeType: null },
    ]);
    const join = result.nodes[2];
    expect(join?.type === 'Join' && join.branchParameters[0]?.branchId).toBe('charge');
    expect(result.nodes[0]).toBe(nodes[0]);
  });

  it('keeps edges when the id stays', () => {
    const next: NodeData = { type: 'Variable', id: 'fee', varName: 'fee', value: { language: 'spel', expression: '2' } };
    const result = replaceNode(nodes, edges, 'fee', next);
    expect(result.edges).toEqual(edges);
    expect(result.nodes[1]).toBe(next);
  });
});

describe('snapshots', () => {
  it('compare by content', () => {
    const graph = { properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes, edges };
    expect(sameSnapshot(snapshotOf(graph, ['a']), snapshotOf(structuredClone(graph), ['a']))).toBe(true);
    expect(sameSnapshot(snapshotOf(graph, ['a']), snapshotOf(graph, ['b']))).toBe(false);
  });
});
