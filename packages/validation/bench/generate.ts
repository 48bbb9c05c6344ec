import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';

const spel = (expression: string) => ({ language: 'spel', expression });

/**
 * A streaming scenario of about `nodeCount` nodes, shaped like real ones: one source and a split into
 * branches of eight nodes (filters, variables, a record variable, a for-each, a choice and sinks), so the
 * context at any node stays small however large the scenario is.
 */
export function generateScenario(nodeCount: number): ScenarioGraph {
  const nodes: NodeData[] = [
    {
      type: 'Source',
      id: 'source',
      ref: {
        typ: 'event-generator',
        parameters: [
          { name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1M')") },
          { name: 'count', expression: spel('1') },
          { name: 'value', expression: spel("{amount: 10L, clientId: 'c1', tags: {'a', 'b'}}") },
        ],
      },
    },
    { type: 'Split', id: 'split' },
  ];
  const edges: Edge[] = [{ from: 'source', to: 'split', edgeType: null }];
  const branches = Math.max(1, Math.round((nodeCount - 2) / 8));
  for (let b = 0; b < branches; b++) {
    const id = (name: string) => `${name}-${b}`;
    nodes.push(
      { type: 'Filter', id: id('filter'), expression: spel(`#input.amount > ${b}L && #input.clientId != 'x${b}'`) },
      { type: 'Variable', id: id('fee'), varName: 'fee', value: spel(`#input.amount * ${b + 1} / 100.0`) },
      {
        type: 'VariableBuilder',
        id: id('summary'),
        varName: 'summary',
        fields: [
          { name: 'client', expression: spel('#input.clientId.toUpperCase') },
          { name: 'fee', expression: spel('#fee') },
          { name: 'tagCount', expression: spel('#input.tags.size') },
        ],
      },
      { type: 'CustomNode', id: id('each'), nodeType: 'for-each', outputVar: 'tag', parameters: [{ name: 'Elements', expression: spel('#input.tags') }] },
      { type: 'Switch', id: id('route'), expression: null, exprVal: null },
      { type: 'Sink', id: id('big'), ref: { typ: 'dead-end', parameters: [] } },
      { type: 'Variable', id: id('label'), varName: 'label', value: spel(`#summary.client + '-' + #tag`) },
      { type: 'Sink', id: id('small'), ref: { typ: 'dead-end', parameters: [] } },
    );
    edges.push(
      { from: 'split', to: id('filter'), edgeType: null },
      { from: id('filter'), to: id('fee'), edgeType: { type: 'FilterTrue' } },
      { from: id('fee'), to: id('summary'), edgeType: null },
      { from: id('summary'), to: id('each'), edgeType: null },
      { from: id('each'), to: id('route'), edgeType: null },
      { from: id('route'), to: id('big'), edgeType: { type: 'NextSwitch', condition: spel(`#fee > ${b}`) } },
      { from: id('route'), to: id('label'), edgeType: { type: 'SwitchDefault' } },
      { from: id('label'), to: id('small'), edgeType: null },
    );
  }
  return {
    properties: { additionalFields: { description: null, properties: { parallelism: '2' }, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes,
    edges,
  };
}
