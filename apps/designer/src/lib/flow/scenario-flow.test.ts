import { describe, expect, it } from 'vitest';
import type { ScenarioGraph } from '@scenaria/graph';
import type { NodeData } from '@scenaria/graph';
import { edgeOfConnection, needsLayout, toFlowEdges, toFlowNodes, toScenarioGraph } from './scenario-flow';

const expr = (expression: string) => ({ language: 'spel', expression });
const graph: ScenarioGraph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [] }, additionalFields: { description: null, layoutData: { x: 0, y: 0 } } },
    { type: 'Switch', id: 'route', expression: null, exprVal: null },
    { type: 'Sink', id: 'out', ref: { typ: 'kafka', parameters: [] } },
  ],
  edges: [
    { from: 'in', to: 'route', edgeType: null },
    { from: 'route', to: 'out', edgeType: { type: 'NextSwitch', condition: expr('#input > 1') } },
    { from: 'route', to: 'out', edgeType: { type: 'NextSwitch', condition: expr('true') } },
  ],
};

describe('scenario <-> canvas', () => {
  it('gives repeated edges distinct ids and keeps their kinds', () => {
    const edges = toFlowEdges(graph.edges);
    expect(new Set(edges.map((edge) => edge.id)).size).toBe(3);
    expect(edges[1]?.data?.edgeType).toEqual({ type: 'NextSwitch', condition: expr('#input > 1') });
    expect(edges[0]?.sourceHandle).toBe('out');
  });

  it('uses stored layout first and the fallback for the rest', () => {
    expect(needsLayout(graph.nodes)).toBe(true);
    const nodes = toFlowNodes(graph.nodes, new Map([['route', { x: 5, y: 100 }]]));
    expect(nodes.map((node) => node.position)).toEqual([{ x: 0, y: 0 }, { x: 5, y: 100 }, { x: 0, y: 240 }]);
  });

  it('round-trips: same nodes and edges in the same order, positions as whole numbers', () => {
    const nodes = toFlowNodes(graph.nodes, new Map());
    const moved = nodes.map((node) => (node.id === 'out' ? { ...node, position: { x: 10.6, y: 300.2 } } : node));
    const back = toScenarioGraph(graph.properties, moved, toFlowEdges(graph.edges));
    expect(back.edges).toEqual(graph.edges);
    expect(back.nodes.map((node) => node.id)).toEqual(['in', 'route', 'out']);
    expect(back.nodes[2]?.additionalFields?.layoutData).toEqual({ x: 11, y: 300 });
    // an unmoved node with layout stays the very same object
    expect(back.nodes[0]).toBe(graph.nodes[0]);
  });
});

// From the designer's own connection check: which handle makes which edge. Whether the graph may hold the
// edge is @scenaria/graph's checkNewEdge, tested there.
describe('connections drawn on the canvas', () => {
  const filter: NodeData = { type: 'Filter', id: 'flt', expression: expr('true') };
  const choice: NodeData = { type: 'Switch', id: 'choice', expression: null, exprVal: null };
  const fragment: NodeData = { type: 'FragmentInput', id: 'frag', ref: { id: 'f1', parameters: [] } };
  const sink: NodeData = { type: 'Sink', id: 'a', ref: { typ: 'kafka', parameters: [] } };

  it('turns filter handles into FilterTrue / FilterFalse edges', () => {
    expect(edgeOfConnection(filter, { sourceHandle: 'true', target: 'a' }, [])).toEqual({ from: 'flt', to: 'a', edgeType: { type: 'FilterTrue' } });
    expect(edgeOfConnection(filter, { sourceHandle: 'false', target: 'a' }, [])).toEqual({ from: 'flt', to: 'a', edgeType: { type: 'FilterFalse' } });
  });

  it('lets a choice fan out with NextSwitch conditions', () => {
    expect(edgeOfConnection(choice, { sourceHandle: 'out', target: 'b' }, [])?.edgeType).toEqual({ type: 'NextSwitch', condition: expr('true') });
  });

  it('offers one handle per fragment output, and no output from a sink', () => {
    const outputs = ['ok', 'rejected'];
    expect(edgeOfConnection(fragment, { sourceHandle: 'output:rejected', target: 'a' }, outputs)?.edgeType).toEqual({ type: 'FragmentOutput', name: 'rejected' });
    expect(edgeOfConnection(fragment, { sourceHandle: 'output:other', target: 'a' }, outputs)).toBeUndefined();
    expect(edgeOfConnection(sink, { sourceHandle: null, target: 'b' }, [])).toBeUndefined();
  });
});
