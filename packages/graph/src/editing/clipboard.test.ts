import { describe, expect, it } from 'vitest';
import { findStructureProblems } from '../structure/problems';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { copySelection, pasteSelection, removeNodes, renameNode } from './clipboard';
import { newNodeId, uniqueNodeId } from './ids';

describe('ids', () => {
  it('numbers taken ids from 2 on and keeps free ones', () => {
    expect(uniqueNodeId('filter', [])).toBe('filter');
    expect(uniqueNodeId('filter', ['filter'])).toBe('filter 2');
    expect(uniqueNodeId('filter', ['filter', 'filter 2'])).toBe('filter 3');
    expect(uniqueNodeId('filter 2', ['filter', 'filter 2'])).toBe('filter 3');
  });

  it('derives valid ids from component names', () => {
    expect(newNodeId('kafka.v2', ['kafka v2'])).toBe('kafka v2 2');
    expect(newNodeId('"."', [])).toBe('node');
  });
});

describe('copy and paste', () => {
  const g = graph(
    [n.source('a'), n.source('b'), n.join('j', ['a', 'b']), n.variable('v'), n.sink('out')],
    [edge('a', 'j'), edge('b', 'j'), edge('j', 'v'), edge('v', 'out')],
  );
  (g.nodes[3] as { additionalFields?: unknown }).additionalFields = { description: 'd', layoutData: { x: 10, y: 20 } };

  it('copies selected nodes with the edges between them', () => {
    const selection = copySelection(g, ['b', 'j', 'v']);
    expect(selection.nodes.map((node) => node.id)).toEqual(['b', 'j', 'v']);
    expect(selection.edges).toEqual([edge('b', 'j'), edge('j', 'v')]);
  });

  it('pastes with fresh ids, remapped edges and branch parameters, moved layout', () => {
    const before = JSON.stringify(g);
    const { graph: pasted, idMap, pastedIds } = pasteSelection(g, copySelection(g, ['b', 'j', 'v']), { offset: { x: 5, y: 5 } });
    expect(JSON.stringify(g)).toBe(before);
    expect(pastedIds).toEqual(['b 2', 'j 2', 'v 2']);
    expect(Object.fromEntries(idMap)).toEqual({ b: 'b 2', j: 'j 2', v: 'v 2' });
    expect(pasted.edges.slice(4)).toEqual([edge('b 2', 'j 2'), edge('j 2', 'v 2')]);
    const join = pasted.nodes.find((node) => node.id === 'j 2');
    expect(join?.type === 'Join' && join.branchParameters.map((branch) => branch.branchId)).toEqual(['b 2']);
    expect(pasted.nodes.find((node) => node.id === 'v 2')?.additionalFields).toEqual({ description: 'd', layoutData: { x: 15, y: 25 } });
    expect(new Set(pasted.nodes.map((node) => node.id)).size).toBe(pasted.nodes.length);
    expect(findStructureProblems(pasted).filter((issue) => issue.code === 'DuplicateNodeId')).toEqual([]);
  });

  it('removes nodes with their edges and branch parameters', () => {
    const removed = removeNodes(g, ['a']);
    expect(removed.nodes.map((node) => node.id)).toEqual(['b', 'j', 'v', 'out']);
    expect(removed.edges).toEqual([edge('b', 'j'), edge('j', 'v'), edge('v', 'out')]);
    const join = removed.nodes.find((node) => node.id === 'j');
    expect(join?.type === 'Join' && join.branchParameters.map((branch) => branch.branchId)).toEqual(['b']);
  });

  it('renames a node everywhere, refusing taken ids', () => {
    const renamed = renameNode(g, 'a', 'orders');
    expect(renamed?.edges[0]).toEqual(edge('orders', 'j'));
    const join = renamed?.nodes.find((node) => node.id === 'j');
    expect(join?.type === 'Join' && join.branchParameters.map((branch) => branch.branchId)).toEqual(['orders', 'b']);
    expect(renameNode(g, 'a', 'b')).toBeUndefined();
  });
});
