import { describe, expect, it } from 'vitest';
import { compareScenarios, type NodeData, type ScenarioGraph } from '@scenaria/graph';
import { compareCanvas } from './compare-canvas';

const expr = (expression: string) => ({ language: 'spel', expression });
const at = (node: NodeData, x: number, y: number): NodeData => ({ ...node, additionalFields: { layoutData: { x, y } } });
const properties: ScenarioGraph['properties'] = {
  additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false },
};
const older: ScenarioGraph = {
  properties,
  nodes: [
    at({ type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [] } }, 0, 0),
    at({ type: 'Filter', id: 'check', expression: expr('true') }, 0, 100),
    at({ type: 'Sink', id: 'old sink', ref: { typ: 'kafka', parameters: [] } }, 0, 200),
  ],
  edges: [
    { from: 'in', to: 'check', edgeType: null },
    { from: 'check', to: 'old sink', edgeType: { type: 'FilterTrue' } },
  ],
};
const newer: ScenarioGraph = {
  properties,
  nodes: [
    at({ type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [] } }, 300, 0),
    at({ type: 'Filter', id: 'check', expression: expr('false') }, 0, 100),
    { type: 'Sink', id: 'new sink', ref: { typ: 'kafka', parameters: [] } },
  ],
  edges: [
    { from: 'in', to: 'check', edgeType: null },
    { from: 'check', to: 'new sink', edgeType: { type: 'FilterTrue' } },
  ],
};

describe('compareCanvas', () => {
  it('shows the current graph plus what only the other version has, each with its status class', () => {
    const canvas = compareCanvas(newer, compareScenarios(newer, older));
    expect(canvas.nodes.map((node) => [node.id, node.class])).toEqual([
      ['in', 'diff-unchanged'],
      ['check', 'diff-changed'],
      ['new sink', 'diff-added'],
      ['old sink', 'diff-removed'],
    ]);
    expect(canvas.edges.map((edge) => [edge.source, edge.target, String(edge.class).split(' ').at(-1)])).toEqual([
      ['in', 'check', 'diff-unchanged'],
      ['check', 'new sink', 'diff-added'],
      ['check', 'old sink', 'diff-removed'],
    ]);
    // Stored positions are kept; the node saved without one is laid out.
    expect(canvas.nodes[0]?.position).toEqual({ x: 300, y: 0 });
    expect(canvas.nodes[3]?.position).toEqual({ x: 0, y: 200 });
    expect(Number.isFinite(canvas.nodes[2]?.position.x)).toBe(true);
    expect(canvas.nodes.every((node) => node.draggable === false)).toBe(true);
  });

  it('marks nothing when there are no differences', () => {
    const canvas = compareCanvas(older, {});
    expect(new Set(canvas.nodeStatus.values())).toEqual(new Set(['unchanged']));
  });
});
