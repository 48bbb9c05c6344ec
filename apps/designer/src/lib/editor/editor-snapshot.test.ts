import { describe, expect, it } from 'vitest';
import type { Edge, NodeData } from '@scenaria/graph';
import { sameSnapshot, snapshotOf } from './editor-snapshot';

const nodes: NodeData[] = [
  { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] } },
  { type: 'Variable', id: 'fee', varName: 'fee', value: { language: 'spel', expression: '1' } },
  { type: 'Join', id: 'join', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [{ branchId: 'fee', parameters: [] }] },
];
const edges: Edge[] = [
  { from: 'src', to: 'fee', edgeType: null },
  { from: 'fee', to: 'join', edgeType: null },
];

describe('snapshots', () => {
  it('compare by content', () => {
    const graph = { properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes, edges };
    expect(sameSnapshot(snapshotOf(graph, ['a']), snapshotOf(structuredClone(graph), ['a']))).toBe(true);
    expect(sameSnapshot(snapshotOf(graph, ['a']), snapshotOf(graph, ['b']))).toBe(false);
  });
});
