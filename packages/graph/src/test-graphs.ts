import type { Edge, EdgeType } from './schemas/edge';
import type { NodeData } from './schemas/node-data';
import type { ScenarioGraph } from './schemas/scenario-graph';

// Small builders for unit tests (not exported from the package).
const expr = (expression: string) => ({ language: 'spel', expression });

export const testNodes = {
  source: (id: string): NodeData => ({ type: 'Source', id, ref: { typ: 'kafka', parameters: [] } }),
  sink: (id: string): NodeData => ({ type: 'Sink', id, ref: { typ: 'kafka', parameters: [] } }),
  filter: (id: string): NodeData => ({ type: 'Filter', id, expression: expr('true') }),
  switch: (id: string): NodeData => ({ type: 'Switch', id, expression: null, exprVal: null }),
  split: (id: string): NodeData => ({ type: 'Split', id }),
  variable: (id: string): NodeData => ({ type: 'Variable', id, varName: 'v', value: expr('1') }),
  processor: (id: string): NodeData => ({ type: 'Processor', id, service: { id: 'log', parameters: [] } }),
  join: (id: string, branches: string[] = []): NodeData => ({
    type: 'Join',
    id,
    nodeType: 'union',
    outputVar: 'out',
    parameters: [],
    branchParameters: branches.map((branchId) => ({ branchId, parameters: [] })),
  }),
  fragment: (id: string): NodeData => ({ type: 'FragmentInput', id, ref: { id: 'frag', parameters: [] } }),
};

export function testEdge(from: string, to: string, edgeType: EdgeType | null = null): Edge {
  return { from, to, edgeType };
}

export function testGraph(nodes: NodeData[], edges: Edge[]): ScenarioGraph {
  return {
    properties: { additionalFields: { description: null, properties: {}, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes,
    edges,
  };
}
