import { describe, expect, it } from 'vitest';
import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';
import { ScenarioEditing } from './editing-store.svelte';

const expr = (expression: string) => ({ language: 'spel', expression });
const at = (x: number, y: number) => ({ description: null, layoutData: { x, y } });
const nodes: NodeData[] = [
  { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] }, additionalFields: at(0, 0) },
  { type: 'Variable', id: 'fee', varName: 'fee', value: expr('1'), additionalFields: at(0, 100) },
  { type: 'Join', id: 'join', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [{ branchId: 'fee', parameters: [] }], additionalFields: at(0, 200) },
  { type: 'Sink', id: 'out', ref: { typ: 'kafka', parameters: [] }, additionalFields: at(0, 300) },
];
const edges: Edge[] = [
  { from: 'src', to: 'fee', edgeType: null },
  { from: 'fee', to: 'join', edgeType: null },
  { from: 'join', to: 'out', edgeType: null },
];
const graph: ScenarioGraph = { properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes, edges };

function opened(): ScenarioEditing {
  const editing = new ScenarioEditing({ fragmentOutputs: () => [] });
  editing.open(structuredClone(graph), []);
  return editing;
}

describe('the editing store', () => {
  it('keeps edges and the other canvas nodes when a node changes without a new id', () => {
    const editing = opened();
    const [before, beforeEdges] = [editing.nodes, editing.edges];
    const next: NodeData = { type: 'Variable', id: 'fee', varName: 'fee', value: expr('2') };
    editing.updateNode('fee', next);
    expect(editing.edges).toBe(beforeEdges);
    expect(editing.nodes[1]?.data.node).toBe(next);
    expect(editing.nodes.filter((node, index) => node === before[index]).map((node) => node.id)).toEqual(['src', 'join', 'out']);
    expect(editing.isDirty).toBe(true);
  });

  it('follows a rename through edges and join branches; other canvas objects stay, undo brings it back', () => {
    const editing = opened();
    const [before, beforeEdges] = [editing.nodes, editing.edges];
    const next: NodeData = { type: 'Variable', id: 'charge', varName: 'fee', value: expr('1') };
    editing.updateNode('fee', next);
    expect(editing.currentGraph().edges).toEqual([
      { from: 'src', to: 'charge', edgeType: null },
      { from: 'charge', to: 'join', edgeType: null },
      { from: 'join', to: 'out', edgeType: null },
    ]);
    const join = editing.nodeData('join');
    expect(join?.type === 'Join' && join.branchParameters[0]?.branchId).toBe('charge');
    expect(editing.nodes[0]).toBe(before[0]);
    expect(editing.nodes[3]).toBe(before[3]);
    expect(editing.nodes[1]?.position).toEqual(before[1]?.position);
    expect(editing.edges[2]).toBe(beforeEdges[2]);
    editing.undo();
    expect(editing.currentGraph()).toEqual(graph);
    expect(editing.isDirty).toBe(false);
  });

  it('pastes copies named by the graph rule, selected and moved', async () => {
    const editing = opened();
    editing.nodes = editing.nodes.map((node) => (node.id === 'fee' || node.id === 'join' ? { ...node, selected: true } : node));
    expect(await editing.copy()).toBe(2);
    await editing.paste();
    expect(editing.nodes.map((node) => node.id)).toEqual(['src', 'fee', 'join', 'out', 'fee 2', 'join 2']);
    expect([...editing.selectedIds]).toEqual(['fee 2', 'join 2']);
    expect(editing.nodes[4]?.position).toEqual({ x: 40, y: 140 });
    expect(editing.currentGraph().edges.at(-1)).toEqual({ from: 'fee 2', to: 'join 2', edgeType: null });
  });

  it('refuses connections the graph cannot hold, cycles included, and says why', () => {
    const refused: string[] = [];
    const editing = new ScenarioEditing({ fragmentOutputs: () => [], onRefused: (reason) => refused.push(reason) });
    editing.open({ ...structuredClone(graph), edges: [edges[0]!, edges[1]!] }, []);
    expect(editing.connectionCheck({ source: 'join', sourceHandle: 'out', target: 'out' })).toEqual({
      ok: true,
      edge: { from: 'join', to: 'out', edgeType: null },
    });
    expect(editing.connectionCheck({ source: 'join', sourceHandle: 'out', target: 'fee' }).ok).toBe(false);
    expect(editing.edgeForConnection({ source: 'join', sourceHandle: 'out', target: 'src', targetHandle: 'in' })).toBe(false);
    expect(refused).toHaveLength(1);
  });

  it('deletes a join input with its branch parameters', () => {
    const editing = opened();
    editing.nodes = editing.nodes.map((node) => (node.id === 'fee' ? { ...node, selected: true } : node));
    editing.deleteSelection();
    expect(editing.nodes.map((node) => node.id)).toEqual(['src', 'join', 'out']);
    const join = editing.nodeData('join');
    expect(join?.type === 'Join' && join.branchParameters).toEqual([]);
    expect(editing.currentGraph().edges).toEqual([{ from: 'join', to: 'out', edgeType: null }]);
  });
});
