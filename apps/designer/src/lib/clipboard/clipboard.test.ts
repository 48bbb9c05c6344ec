import { describe, expect, it } from 'vitest';
import type { Edge, NodeData } from '@scenaria/graph';
import { copySelection, parseClipboard, preparePaste, serializeClipboard, uniqueNodeId } from './clipboard';

const expr = (expression: string) => ({ language: 'spel', expression });
const at = (x: number, y: number) => ({ description: null, layoutData: { x, y } });
const nodes: NodeData[] = [
  { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] }, additionalFields: at(0, 0) },
  { type: 'Variable', id: 'fee', varName: 'fee', value: expr('1'), additionalFields: at(0, 100) },
  { type: 'Join', id: 'join', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [{ branchId: 'fee', parameters: [] }], additionalFields: at(0, 200) },
];
const edges: Edge[] = [
  { from: 'src', to: 'fee', edgeType: null },
  { from: 'fee', to: 'join', edgeType: null },
];

describe('clipboard', () => {
  it('copies selected nodes and only the edges inside the selection', () => {
    const content = copySelection(nodes, edges, new Set(['fee', 'join']));
    expect(content.nodes.map((node) => node.id)).toEqual(['fee', 'join']);
    expect(content.edges).toEqual([{ from: 'fee', to: 'join', edgeType: null }]);
  });

  it('round-trips through text and rejects foreign text', () => {
    const content = copySelection(nodes, edges, new Set(['src']));
    expect(parseClipboard(serializeClipboard(content))).toEqual(content);
    expect(parseClipboard('hello')).toBeUndefined();
    expect(parseClipboard('{"nodes":[],"edges":[]}')).toBeUndefined();
    expect(parseClipboard('{"kind":"scenaria/nodes","nodes":[{"id":1}],"edges":[]}')).toBeUndefined();
  });

  it('numbers clashing ids the way the reference does', () => {
    expect(uniqueNodeId('filter', new Set())).toBe('filter');
    expect(uniqueNodeId('filter', new Set(['filter']))).toBe('filter 1');
    expect(uniqueNodeId('filter 1', new Set(['filter', 'filter 1']))).toBe('filter 2');
    expect(uniqueNodeId('  ', new Set())).toBe('node');
  });

  it('renames clashing nodes, follows renames in edges and join branches, shifts positions', () => {
    const content = copySelection(nodes, edges, new Set(['fee', 'join']));
    const pasted = preparePaste(content, new Set(nodes.map((node) => node.id)), { x: 40, y: 40 });
    expect(pasted.nodes.map((node) => node.id)).toEqual(['fee 1', 'join 1']);
    expect(pasted.edges).toEqual([{ from: 'fee 1', to: 'join 1', edgeType: null }]);
    const join = pasted.nodes[1];
    expect(join?.type === 'Join' && join.branchParameters[0]?.branchId).toBe('fee 1');
    expect(pasted.nodes[0]?.additionalFields?.layoutData).toEqual({ x: 40, y: 140 });
    expect(pasted.renamed.get('fee')).toBe('fee 1');
  });
});
