import { buildProcessDefinitionData, defaultModel } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { recordType, Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { processDefinitionDataWithFragments } from './definitions';
import { expressionEnvironment } from './expression-environment';
import { validateScenarioLabels } from './labels';
import { edges, nodes as n, properties } from './test-utils';
import { validateNode } from './validate-node';
import { fragmentComponentFor, validateScenario } from './validate-scenario';

const streaming = defaultModel('streaming');

describe('single node validation', () => {
  it('types a node against the given variables', () => {
    const response = validateNode(
      { nodeData: n.filter('f', '#input.amount > 10'), processProperties: properties('StreamMetaData'), variableTypes: { input: recordType({ amount: Types.Long }) } },
      streaming,
    );
    expect(response).toEqual({
      parameters: null,
      expressionType: { type: 'TypedClass', refClazzName: 'java.lang.Boolean', params: [], display: 'Boolean' },
      validationErrors: [],
      validationPerformed: true,
    });
  });

  it('reports errors of the node only, and a missing component as an error', () => {
    const wrong = validateNode({ nodeData: n.variable('v', 'x', '#missing'), processProperties: properties('StreamMetaData'), variableTypes: {} }, streaming);
    expect(wrong.validationErrors.map((e) => [e.typ, e.fieldName])).toEqual([['ExpressionParserCompilationError', '$expression']]);
    const missing = validateNode({ nodeData: n.enricher('e', 'nope', 'out'), processProperties: properties('StreamMetaData'), variableTypes: {} }, streaming);
    expect(missing.validationErrors.map((e) => e.typ)).toEqual(['MissingService']);
  });

  it('gives dynamic parameters for a node', () => {
    const response = validateNode(
      {
        nodeData: n.sink('out', 'response', {}),
        processProperties: properties('RequestResponseMetaData', { outputSchema: '{"properties": {"ok": {"type": "boolean"}}}' }),
        variableTypes: {},
      },
      defaultModel('request-response'),
    );
    expect(response.parameters?.map((p) => p.name)).toEqual(['Raw editor', 'ok']);
  });

  it('validates a join with branch variable types', () => {
    const response = validateNode(
      {
        nodeData: n.join('u', 'union', 'merged', { a: { 'Output expression': '#left' }, b: { 'Output expression': '#right' } }),
        processProperties: properties('StreamMetaData'),
        variableTypes: {},
        branchVariableTypes: { a: { left: Types.String }, b: { right: Types.Long } },
      },
      streaming,
    );
    expect(response.validationErrors).toEqual([]);
  });
});

describe('fragments as components', () => {
  const fragment: ScenarioGraph = {
    properties: properties('FragmentSpecificData', { componentGroup: 'checks', docsUrl: 'https://docs.example/f' }),
    nodes: [
      n.input('input', [
        {
          name: 'level',
          typ: { refClazzName: 'java.lang.String' },
          required: true,
          hintText: 'risk level',
          valueEditor: { type: 'ValueInputWithFixedValuesProvided', fixedValuesList: [{ expression: "'low'", label: 'low' }, { expression: "'high'", label: 'high' }], allowOtherValue: false },
        },
      ]),
      n.output('out', 'done', [['level', '#level']]),
    ],
    edges: [edges.plain('input', 'out')],
  };

  it('derives parameters, outputs and palette data from the fragment', () => {
    const component = fragmentComponentFor('risk', fragment, streaming);
    expect(component.componentGroup).toBe('checks');
    expect(component.docsUrl).toBe('https://docs.example/f');
    const data = buildProcessDefinitionData(streaming, { isFragment: false, fragments: [component] });
    expect(data.components['fragment-risk']).toMatchObject({
      outputParameters: ['done'],
      parameters: [{ name: 'level', requiredParam: true, hintText: 'risk level', editor: { type: 'FixedValuesParameterEditor' } }],
    });
    expect(data.edgesForNodes.find((e) => e.componentId === 'fragment-risk')?.edges).toEqual([{ type: 'FragmentOutput', name: 'done' }]);
  });

  it('puts fragments into the definitions of scenarios, not of fragments', () => {
    const forScenario = processDefinitionDataWithFragments(streaming, { isFragment: false, fragments: { risk: fragment } });
    expect(forScenario.componentGroups.find((g) => g.name === 'checks')?.components.map((c) => c.componentId)).toEqual(['fragment-risk']);
    const forFragment = processDefinitionDataWithFragments(streaming, { isFragment: true, fragments: { risk: fragment } });
    expect(Object.keys(forFragment.components)).not.toContain('fragment-risk');
  });

  it('lists the classes of the expression environment, the language helpers included', () => {
    const classes = processDefinitionDataWithFragments(streaming, { isFragment: false }).classes.map((c) => (c as { refClazzName: string }).refClazzName);
    expect(classes).toEqual([...new Set(expressionEnvironment(streaming).registry.classes().map((c) => c.name))].sort());
    expect(classes).toContain('pl.touk.nussknacker.engine.util.functions.collection');
  });

  it('checks fixed values of a used fragment', () => {
    const scenario: ScenarioGraph = {
      properties: properties('StreamMetaData'),
      nodes: [n.source('s', 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", value: '1' }), n.fragment('use', 'risk', { level: "'medium'" }, { done: 'result' }), n.sink('end')],
      edges: [edges.plain('s', 'use'), edges.output('use', 'end', 'done')],
    };
    const result = validateScenario(scenario, streaming, { fragments: { risk: fragment } });
    expect(result.errors.invalidNodes.use?.map((e) => [e.typ, e.fieldName])).toEqual([['InvalidPropertyFixedValue', 'level']]);
  });
});

describe('labels', () => {
  it('accepts ordinary labels', () => {
    expect(validateScenarioLabels(['fraud', 'team: payments', 'v1.2', 'Zażółć'])).toEqual([]);
  });

  it('rejects blank, padded, too long, oddly spelled and repeated labels', () => {
    const errors = validateScenarioLabels(['', ' x', 'a'.repeat(65), 'no!', 'dup', 'dup']);
    expect(errors.map((e) => e.label)).toEqual(['', ' x', 'a'.repeat(65), 'no!', 'dup']);
    expect(errors.at(-1)?.messages).toEqual(['Label has to be unique']);
  });
});
