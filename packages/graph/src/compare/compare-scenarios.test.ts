import { describe, expect, it } from 'vitest';
import type { FilterNode, NodeData } from '../schemas/node-data';
import { ScenarioComparisonSchema } from '../schemas/scenario-difference';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { compareScenarios, fieldDifferences } from './compare-scenarios';

const at = (node: NodeData, x: number, y: number): NodeData => ({
  ...node,
  additionalFields: { ...node.additionalFields, layoutData: { x, y } },
});

const base = graph(
  [at(n.source('in'), 0, 0), at(n.filter('check'), 0, 100), at(n.variable('v'), 0, 200), at(n.sink('out'), 0, 300)],
  [edge('in', 'check'), edge('check', 'v', { type: 'FilterTrue' }), edge('v', 'out')],
);

function clone(g: ScenarioGraph): ScenarioGraph {
  return structuredClone(g);
}

describe('compareScenarios', () => {
  it('finds no difference between identical graphs', () => {
    expect(compareScenarios(base, clone(base))).toEqual({});
  });

  it('finds no difference when nodes only moved, gained or lost a position', () => {
    const moved = clone(base);
    moved.nodes = moved.nodes.map((node, i) => at(node, 500 + i, -40));
    expect(compareScenarios(base, moved)).toEqual({});
    const unplaced = clone(base);
    unplaced.nodes = unplaced.nodes.map(({ additionalFields: _dropped, ...node }) => node as NodeData);
    expect(compareScenarios(base, unplaced)).toEqual({});
    expect(compareScenarios(unplaced, base)).toEqual({});
  });

  it('treats null and absent fields, and field order, as the same', () => {
    const other = clone(base);
    other.edges = other.edges.map((e) => (e.edgeType === null ? { to: e.to, from: e.from } : e));
    other.properties = { additionalFields: { ...other.properties.additionalFields, description: undefined } } as ScenarioGraph['properties'];
    expect(compareScenarios(base, other)).toEqual({});
  });

  it('reports a changed node with both versions, even when it also moved', () => {
    const other = clone(base);
    const changed: NodeData = { ...(n.filter('check') as FilterNode), expression: { language: 'spel', expression: 'false' } };
    other.nodes[1] = at(changed, 999, 999);
    expect(compareScenarios(base, other)).toEqual({
      "Node 'check'": { type: 'NodeDifferent', nodeId: 'check', currentNode: base.nodes[1], otherNode: other.nodes[1] },
    });
  });

  it('reports a changed description of a node', () => {
    const other = clone(base);
    other.nodes[2] = { ...other.nodes[2], additionalFields: { description: 'why', layoutData: { x: 0, y: 200 } } } as NodeData;
    expect(Object.keys(compareScenarios(base, other))).toEqual(["Node 'v'"]);
  });

  it('reports nodes and edges present on one side only, in both directions', () => {
    const other = clone(base);
    other.nodes = other.nodes.filter((node) => node.id !== 'v');
    other.nodes.push(n.processor('log'));
    other.edges = [edge('in', 'check'), edge('check', 'log', { type: 'FilterTrue' }), edge('log', 'out')];
    const result = compareScenarios(base, other);
    expect(result).toEqual({
      "Node 'v'": { type: 'NodeNotPresentInOther', nodeId: 'v', currentNode: base.nodes[2] },
      "Node 'log'": { type: 'NodeNotPresentInCurrent', nodeId: 'log', otherNode: n.processor('log') },
      "Edge from 'check' to 'v'": { type: 'EdgeNotPresentInOther', fromId: 'check', toId: 'v', currentEdge: base.edges[1] },
      "Edge from 'v' to 'out'": { type: 'EdgeNotPresentInOther', fromId: 'v', toId: 'out', currentEdge: base.edges[2] },
      "Edge from 'check' to 'log'": {
        type: 'EdgeNotPresentInCurrent',
        fromId: 'check',
        toId: 'log',
        otherEdge: other.edges[1],
      },
      "Edge from 'log' to 'out'": { type: 'EdgeNotPresentInCurrent', fromId: 'log', toId: 'out', otherEdge: other.edges[2] },
    });
    expect(ScenarioComparisonSchema.safeParse(result).success).toBe(true);
    // The reverse comparison swaps the sides.
    const reverse = compareScenarios(other, base);
    expect(reverse["Node 'v'"]?.type).toBe('NodeNotPresentInCurrent');
    expect(reverse["Node 'log'"]?.type).toBe('NodeNotPresentInOther');
  });

  it('reports an edge between the same nodes whose kind changed', () => {
    const other = clone(base);
    other.edges[1] = edge('check', 'v', { type: 'FilterFalse' });
    expect(compareScenarios(base, other)).toEqual({
      "Edge from 'check' to 'v'": {
        type: 'EdgeDifferent',
        fromId: 'check',
        toId: 'v',
        currentEdge: base.edges[1],
        otherEdge: other.edges[1],
      },
    });
  });

  it('reports changed properties with both versions', () => {
    const other = clone(base);
    other.properties = {
      additionalFields: { ...base.properties.additionalFields, properties: { parallelism: '4' } },
    };
    expect(compareScenarios(base, other)).toEqual({
      Properties: { type: 'PropertiesDifferent', currentProperties: base.properties, otherProperties: other.properties },
    });
  });

  it('indexes a 5,000-node graph, reading each node and edge a bounded number of times', () => {
    const count = 5_000;
    const nodes = [n.source('n0'), ...Array.from({ length: count - 1 }, (_, i) => n.variable(`n${i + 1}`))];
    const edges = Array.from({ length: count - 1 }, (_, i) => edge(`n${i}`, `n${i + 1}`));
    const left = graph(nodes.map((node, i) => at(node, 0, i)), edges);
    const right = graph(
      nodes.map((node, i) => (i % 2 === 0 ? at(node, 10, i) : { ...node, id: `m${i}` })),
      edges,
    );
    // Counting element reads of the arrays: a per-node search of the other graph would read n² times.
    let reads = 0;
    const counted = <T>(items: T[]): T[] =>
      new Proxy(items, {
        get(target, property, receiver) {
          if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    const result = compareScenarios(
      { ...left, nodes: counted(left.nodes), edges: counted(left.edges) },
      { ...right, nodes: counted(right.nodes), edges: counted(right.edges) },
    );
    expect(reads).toBeLessThanOrEqual(8 * count);
    const types = Object.values(result).map((d) => d.type);
    expect(types.filter((t) => t === 'NodeNotPresentInOther')).toHaveLength(count / 2);
    expect(types.filter((t) => t === 'NodeNotPresentInCurrent')).toHaveLength(count / 2);
    expect(types.filter((t) => t === 'NodeDifferent')).toHaveLength(0);
  });
});

describe('fieldDifferences', () => {
  it('lists the differing fields of two node versions by path, ignoring the position', () => {
    const current = at(n.filter('check'), 0, 0);
    const other = at({ ...(n.filter('check') as FilterNode), expression: { language: 'spel', expression: '#input > 1' }, isDisabled: true }, 5, 5);
    expect(fieldDifferences(current, other)).toEqual([
      { path: 'expression.expression', current: 'true', other: '#input > 1' },
      { path: 'isDisabled', current: undefined, other: true },
    ]);
  });

  it('walks arrays by index and handles a side that is missing', () => {
    const current = { ...n.processor('p'), service: { id: 'log', parameters: [{ name: 'a', expression: { language: 'spel', expression: '1' } }] } };
    expect(fieldDifferences(current, undefined).map((d) => d.path)).toEqual([
      'id',
      'service.id',
      'service.parameters[0].expression.expression',
      'service.parameters[0].expression.language',
      'service.parameters[0].name',
      'type',
    ]);
    expect(fieldDifferences(current, structuredClone(current))).toEqual([]);
  });
});
