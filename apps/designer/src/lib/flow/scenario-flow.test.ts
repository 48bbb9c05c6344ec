import { describe, expect, it } from 'vitest';
import type { ScenarioGraph } from '@scenaria/graph';
import { needsLayout, toFlowEdges, toFlowNodes, toScenarioGraph } from './scenario-flow';

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
