import { describe, expect, it } from 'vitest';
import { findStructureProblems } from '../structure/problems';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { copySelection, parseSelection, pasteSelection, removeNodes, renameNode, serializeSelection } from './clipboard';
import { newNodeId, uniqueNodeId } from './ids';

describe('ids', () => {
  it('numbers taken ids from 2 on and keeps free ones', () => {
    expect(uniqueNodeId('filter', [])).toBe('filter');
    expect(uniqueNodeId('filter', ['filter'])).toBe('filter 2');
    expect(uniqueNodeId('filter', ['filter', 'filter 2'])).toBe('filter 3');
    expect(uniqueNodeId('filter 2', ['filter', 'filter 2'])).toBe('filter 3');
    expect(uniqueNodeId('filter 1', ['filter', 'filter 1'])).toBe('filter 2');
  });

  it('derives valid ids from component names', () => {
    expect(newNodeId('kafka.v2', ['kafka v2'])).toBe('kafka v2 2');
    expect(newNodeId('"."', [])).toBe('node');
    expect(newNodeId('  ', [])).toBe('node');
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

  it('drops branch parameters of join inputs that were not copied', () => {
    const { graph: pasted } = pasteSelection(g, copySelection(g, ['j']));
    const join = pasted.nodes.find((node) => node.id === 'j 2');
    expect(join?.type === 'Join' && join.branchParameters).toEqual([]);
  });

  it('keeps the selection through clipboard text and refuses foreign text', () => {
    const selection = copySelection(g, ['b', 'j', 'v']);
    expect(parseSelection(serializeSelection(selection))).toEqual(selection);
    expect(parseSelection('hello')).toBeUndefined();
    expect(parseSelection('{"nodes":[],"edges":[]}')).toBeUndefined();
    expect(parseSelection('{"kind":"scenaria/nodes","nodes":[{"id":1}],"edges":[]}')).toBeUndefined();
  });

  it('keeps unchanged nodes, edges and properties as the same objects', () => {
    const pasted = pasteSelection(g, copySelection(g, ['v'])).graph;
    expect(pasted.properties).toBe(g.properties);
    g.nodes.forEach((node, index) => expect(pasted.nodes[index]).toBe(node));
    g.edges.forEach((e, index) => expect(pasted.edges[index]).toBe(e));

    const removed = removeNodes(g, ['a']);
    expect(removed.properties).toBe(g.properties);
    expect(removed.nodes[0]).toBe(g.nodes[1]);
    expect(removed.nodes[1]).not.toBe(g.nodes[2]);
    expect(removed.nodes.slice(2)).toEqual(g.nodes.slice(3));
    removed.nodes.slice(2).forEach((node, index) => expect(node).toBe(g.nodes[index + 3]));
    removed.edges.forEach((e, index) => expect(e).toBe(g.edges[index + 1]));

    const renamed = renameNode(g, 'v', 'fee');
    expect(renamed?.properties).toBe(g.properties);
    expect(renamed?.nodes.map((node, index) => node === g.nodes[index])).toEqual([true, true, true, false, true]);
    expect(renamed?.edges.map((e, index) => e === g.edges[index])).toEqual([true, true, false, false]);
    expect(renameNode(g, 'v', 'v')).toBe(g);
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

  // From the designer's own rename, which this replaced.
  it('follows a rename through edges and join branches, leaving other nodes alone', () => {
    const renamed = renameNode(g, 'b', 'charge');
    expect(renamed?.edges.slice(0, 2)).toEqual([edge('a', 'j'), edge('charge', 'j')]);
    const join = renamed?.nodes.find((node) => node.id === 'j');
    expect(join?.type === 'Join' && join.branchParameters.map((branch) => branch.branchId)).toEqual(['a', 'charge']);
    expect(renamed?.nodes[0]).toBe(g.nodes[0]);
  });

  // From the designer's own paste, which this replaced; copies are named by this package's rule (`fee 2`).
  it('pastes a join with the input it was copied with, renamed, moved by the offset', () => {
    const at = (x: number, y: number) => ({ description: null, layoutData: { x, y } });
    const source = graph(
      [{ ...n.source('src'), additionalFields: at(0, 0) }, { ...n.variable('fee'), additionalFields: at(0, 100) }, { ...n.join('join', ['fee']), additionalFields: at(0, 200) }],
      [edge('src', 'fee'), edge('fee', 'join')],
    );
    const { graph: pasted, idMap, pastedIds } = pasteSelection(source, copySelection(source, ['fee', 'join']), { offset: { x: 40, y: 40 } });
    expect(pastedIds).toEqual(['fee 2', 'join 2']);
    expect(pasted.edges.slice(2)).toEqual([edge('fee 2', 'join 2')]);
    const join = pasted.nodes[4];
    expect(join?.type === 'Join' && join.branchParameters[0]?.branchId).toBe('fee 2');
    expect(pasted.nodes[3]?.additionalFields?.layoutData).toEqual({ x: 40, y: 140 });
    expect(idMap.get('fee')).toBe('fee 2');
  });
});
