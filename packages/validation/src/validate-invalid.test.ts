import { defaultModel, defineComponent, type Model, param, validators } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { allErrors, chain, edges, nodes as n, properties } from './test-utils';
import { validateScenario, type ValidateScenarioOptions } from './validate-scenario';

const streaming = defaultModel('streaming');
const requestResponse = defaultModel('request-response');

/** A component with validators the default model does not use, to exercise each of them. */
const checked = defineComponent({
  type: 'custom',
  name: 'checked',
  parameters: [
    param('code', Types.String, { validators: [validators.regExp('[A-Z]{3}', 'Code must be three capital letters', 'e.g. ABC')] }),
    param('percent', Types.Integer, { isOptional: true, validators: [validators.min(0), validators.max(100)] }),
    param('legacyCount', Types.Integer, { isOptional: true, validators: [validators.literalInteger()] }),
    param('ratio', Types.Double, { isOptional: true, validators: [validators.validationExpression('#value < 1.0', 'Ratio must be below 1')] }),
  ],
  docs: { summary: 'test component', semantics: 'passes records on' },
  canBeEnding: true,
});
const requestOnly = defineComponent({
  type: 'custom',
  name: 'request-only',
  allowedProcessingModes: ['Request-Response'],
  parameters: [],
  docs: { summary: 'test component', semantics: 'passes records on' },
});
const extended: Model = { ...streaming, components: [...streaming.components, checked, requestOnly] };

const generator = (id = 'source', value = "{amount: 10, name: 'x'}") =>
  n.source(id, 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '1', value });
const end = (id = 'end') => n.sink(id, 'dead-end');

const fragment = (parameters: Parameters<typeof n.input>[1], outputs: [string, [string, string][]][] = [['out', [['result', '#amount']]]]): ScenarioGraph => {
  const input = n.input('input', parameters);
  const outputNodes = outputs.map(([name, fields], i) => n.output(`output${i}`, name, fields));
  const split = outputNodes.length > 1 ? [n.split('fork')] : [];
  return {
    properties: properties('FragmentSpecificData'),
    nodes: [input, ...split, ...outputNodes],
    edges:
      split.length > 0
        ? [edges.plain('input', 'fork'), ...outputNodes.map((o) => edges.plain('fork', o.id))]
        : outputNodes[0] === undefined
          ? []
          : [edges.plain('input', outputNodes[0].id)],
  };
};
const longParam = (name: string, extra: Record<string, unknown> = {}) => ({ name, typ: { refClazzName: 'java.lang.Long' }, required: false, ...extra });

interface Case {
  readonly name: string;
  readonly graph: ScenarioGraph;
  readonly model?: Model;
  readonly options?: ValidateScenarioOptions;
  /** Where the error is expected: a node id, `$properties`, or `$global` (any global error). */
  readonly where: string;
  readonly typ: string;
  readonly fieldName?: string | null;
}

const cases: Case[] = [
  { name: 'empty scenario', graph: chain([]), where: '$global', typ: 'EmptyProcess' },
  {
    name: 'duplicate node ids',
    graph: { ...chain([generator(), end('x')]), nodes: [generator(), end('x'), end('x')] },
    where: '$global',
    typ: 'DuplicatedNodeIds',
  },
  { name: 'loose node', graph: { ...chain([generator(), end()]), nodes: [generator(), end(), end('alone')] }, where: '$global', typ: 'LooseNode' },
  { name: 'filter at the end of a branch', graph: chain([generator(), n.filter('f', 'true')]), where: 'f', typ: 'InvalidTailOfBranch' },
  { name: 'custom component with an output at the end of a branch', graph: chain([generator(), n.custom('each', 'for-each', 'item', { Elements: '{1}' })]), where: 'each', typ: 'InvalidTailOfBranch' },
  { name: 'edge out of a sink', graph: chain([generator(), end('a'), end('b')]), where: 'a', typ: 'InvalidEdge' },
  {
    name: 'cycle',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator(), n.split('s'), n.variable('v', 'x', '1'), end()],
      edges: [edges.plain('source', 's'), edges.plain('s', 'v'), edges.plain('v', 's'), edges.plain('s', 'end')],
    },
    where: '$global',
    typ: 'CycleInScenario',
  },
  { name: 'unknown source', graph: chain([n.source('source', 'nope'), end()]), where: 'source', typ: 'MissingSourceFactory', fieldName: null },
  { name: 'unknown sink', graph: chain([generator(), n.sink('end', 'nope')]), where: 'end', typ: 'MissingSinkFactory' },
  { name: 'unknown service', graph: chain([generator(), n.enricher('e', 'nope', 'out'), end()]), where: 'e', typ: 'MissingService' },
  { name: 'unknown custom component', graph: chain([generator(), n.custom('c', 'nope', 'out'), end()]), where: 'c', typ: 'MissingCustomNodeExecutor' },
  { name: 'unknown fragment', graph: chain([generator(), n.fragment('f', 'missing')]), where: 'f', typ: 'UnknownFragment' },
  {
    name: 'component of another processing mode',
    graph: chain([generator(), n.custom('c', 'request-only', null), end()]),
    model: extended,
    where: 'c',
    typ: 'UnsupportedProcessingMode',
  },
  {
    name: 'request source in a streaming model',
    graph: chain([n.source('source', 'request'), end()]),
    where: 'source',
    typ: 'MissingSourceFactory',
  },
  {
    name: 'missing required parameter',
    graph: chain([n.source('source', 'kafka', { 'Schema version': "'latest'" }), end()]),
    where: 'source',
    typ: 'MissingParameters',
    fieldName: 'Topic',
  },
  {
    name: 'redundant parameter',
    graph: chain([n.source('source', 'kafka', { Topic: "'t'", 'Schema version': "'latest'", Partition: '1' }), end()]),
    where: 'source',
    typ: 'RedundantParameters',
    fieldName: 'Partition',
  },
  {
    name: 'empty mandatory parameter',
    graph: chain([n.source('source', 'kafka', { Topic: '', 'Schema version': "'latest'" }), end()]),
    where: 'source',
    typ: 'EmptyMandatoryParameter',
    fieldName: 'Topic',
  },
  {
    name: 'blank string parameter',
    graph: chain([n.source('source', 'kafka', { Topic: "'  '", 'Schema version': "'latest'" }), end()]),
    where: 'source',
    typ: 'BlankParameter',
    fieldName: 'Topic',
  },
  {
    name: 'parameter not known at compile time',
    graph: chain([n.source('source', 'kafka', { Topic: '#meta.processName', 'Schema version': "'latest'" }), end()]),
    where: 'source',
    typ: 'CompileTimeEvaluableParameterNotEvaluated',
    fieldName: 'Topic',
  },
  {
    name: 'number below the minimum',
    graph: chain([n.source('source', 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '0', value: '1' }), end()]),
    where: 'source',
    typ: 'LowerThanRequiredParameter',
    fieldName: 'count',
  },
  {
    name: 'number above the maximum',
    graph: chain([generator(), n.custom('c', 'checked', null, { code: "'ABC'", percent: '101' })]),
    model: extended,
    where: 'c',
    typ: 'GreaterThanRequiredParameter',
    fieldName: 'percent',
  },
  {
    name: 'string not matching the pattern',
    graph: chain([generator(), n.custom('c', 'checked', null, { code: "'abc'" })]),
    model: extended,
    where: 'c',
    typ: 'MismatchParameter',
    fieldName: 'code',
  },
  {
    name: 'not an integer literal',
    graph: chain([generator(), n.custom('c', 'checked', null, { code: "'ABC'", legacyCount: '1 + 1' })]),
    model: extended,
    where: 'c',
    typ: 'InvalidIntegerLiteralParameter',
    fieldName: 'legacyCount',
  },
  {
    name: 'validation expression fails',
    graph: chain([generator(), n.custom('c', 'checked', null, { code: "'ABC'", ratio: '1.5' })]),
    model: extended,
    where: 'c',
    typ: 'CustomParameterValidationError',
    fieldName: 'ratio',
  },
  {
    name: 'value outside fixed values',
    graph: chain([
      generator(),
      n.sink('end', 'kafka', { Topic: "'t'", 'Schema version': "'latest'", Key: '', 'Raw editor': 'true', 'Value validation mode': "'sloppy'", Value: '#input' }),
    ]),
    where: 'end',
    typ: 'InvalidPropertyFixedValue',
    fieldName: 'Value validation mode',
  },
  { name: 'expression does not parse', graph: chain([generator(), n.filter('f', '#input.amount >'), end()]), where: 'f', typ: 'ExpressionParserCompilationError', fieldName: '$expression' },
  { name: 'filter of a non-boolean type', graph: chain([generator(), n.filter('f', "'yes'"), end()]), where: 'f', typ: 'ExpressionParserCompilationError', fieldName: '$expression' },
  { name: 'unknown variable', graph: chain([generator(), n.variable('v', 'x', '#nope + 1'), end()]), where: 'v', typ: 'ExpressionParserCompilationError', fieldName: '$expression' },
  { name: 'unknown field of a record', graph: chain([generator(), n.variable('v', 'x', '#input.missing'), end()]), where: 'v', typ: 'ExpressionParserCompilationError', fieldName: '$expression' },
  { name: 'unsupported expression language', graph: chain([generator(), n.filter('f', 'true', 'groovy'), end()]), where: 'f', typ: 'NotSupportedExpressionLanguage', fieldName: '$expression' },
  { name: 'variable overwrites input', graph: chain([generator(), n.variable('v', 'input', '1'), end()]), where: 'v', typ: 'OverwrittenVariable', fieldName: 'varName' },
  { name: 'invalid variable name', graph: chain([generator(), n.variable('v', '1abc', '1'), end()]), where: 'v', typ: 'InvalidVariableName', fieldName: 'varName' },
  { name: 'enricher output overwrites a variable', graph: chain([generator(), n.variable('v', 'x', '1'), n.enricher('e', 'http', 'x', { URL: "'http://a'", Method: "'GET'" }), end()]), where: 'e', typ: 'OverwrittenVariable', fieldName: 'output' },
  { name: 'missing output variable', graph: chain([generator(), n.custom('c', 'for-each', null, { Elements: '{1, 2}' }), end()]), where: 'c', typ: 'MissingOutputVariable', fieldName: 'outputVar' },
  { name: 'duplicate record field', graph: chain([generator(), n.record('r', 'rec', [['a', '1'], ['a', '2']]), end()]), where: 'r', typ: 'DuplicateFieldName', fieldName: '$fields-1-$key' },
  { name: 'record field does not type', graph: chain([generator(), n.record('r', 'rec', [['a', '#input.nope']]), end()]), where: 'r', typ: 'ExpressionParserCompilationError', fieldName: '$fields-0-$value' },
  {
    name: 'aggregate of a string by sum',
    graph: chain([
      generator(),
      n.custom('agg', 'aggregate-sliding', 'total', {
        groupBy: '#input.name',
        aggregator: '#AGG.sum',
        aggregateBy: '#input.name',
        windowLength: "T(java.time.Duration).parse('PT1H')",
        emitWhenEventLeft: 'false',
      }),
      end(),
    ]),
    where: 'agg',
    typ: 'CustomNodeError',
    fieldName: 'aggregateBy',
  },
  {
    name: 'decision table cell of a wrong type',
    graph: chain([
      generator(),
      n.decisionTable('dt', 'rows', '{"columns":[{"name":"limit","type":"java.lang.Integer"}],"rows":[["ten"]]}', '#ROW.limit > #input.amount'),
      end(),
    ]),
    where: 'dt',
    typ: 'ExpressionParserCompilationError',
    fieldName: 'Decision Table',
  },
  {
    name: 'choice condition of a non-boolean type',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator(), n.choice('c'), end('a')],
      edges: [edges.plain('source', 'c'), edges.next('c', 'a', '#input.amount')],
    },
    where: 'c',
    typ: 'ExpressionParserCompilationError',
    fieldName: 'a',
  },
  {
    name: 'union branch without its parameters',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator('a'), generator('b'), n.join('u', 'union', 'merged', { a: { 'Output expression': '#input.amount' } }), end()],
      edges: [edges.plain('a', 'u'), edges.plain('b', 'u'), edges.plain('u', 'end')],
    },
    where: 'u',
    typ: 'MissingBranchParameters',
  },
  {
    name: 'union branch expression does not type',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator('a'), generator('b'), n.join('u', 'union', 'merged', { a: { 'Output expression': '#input.nope' }, b: { 'Output expression': '1' } }), end()],
      edges: [edges.plain('a', 'u'), edges.plain('b', 'u'), edges.plain('u', 'end')],
    },
    where: 'u',
    typ: 'ExpressionParserCompilationError',
    fieldName: 'Output expression for branch a',
  },
  {
    name: 'variable of the scenario used after a context-clearing aggregate',
    graph: chain([
      generator(),
      n.custom('agg', 'aggregate-tumbling', 'total', {
        groupBy: '#input.name',
        aggregator: '#AGG.sum',
        aggregateBy: '#input.amount',
        windowLength: "T(java.time.Duration).parse('PT1H')",
        emitWhen: 'T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger).OnEvent',
      }),
      n.filter('f', '#input.amount > 1'),
      end(),
    ]),
    where: 'f',
    typ: 'ExpressionParserCompilationError',
    fieldName: '$expression',
  },
  {
    name: 'fragment parameter fails its validation expression',
    graph: chain([generator(), n.fragment('f', 'frag', { amount: '-1' }, { out: 'res' }), end()], [], 'StreamMetaData'),
    options: {
      fragments: {
        frag: fragment([longParam('amount', { valueCompileTimeValidation: { validationExpression: { language: 'spel', expression: '#value > 0' }, validationFailedMessage: 'must be positive' } })]),
      },
    },
    where: 'f',
    typ: 'CustomParameterValidationError',
    fieldName: 'amount',
  },
  {
    name: 'unknown fragment output',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator(), n.fragment('f', 'frag', { amount: '1' }, { nope: 'res' }), end()],
      edges: [edges.plain('source', 'f'), edges.output('f', 'end', 'nope')],
    },
    options: { fragments: { frag: fragment([longParam('amount')]) } },
    where: 'f',
    typ: 'UnknownFragmentOutput',
  },
  {
    name: 'fragment using itself',
    graph: chain([generator(), n.fragment('f', 'loop', {}, {})]),
    options: {
      fragments: {
        loop: { properties: properties('FragmentSpecificData'), nodes: [n.input('input', []), n.fragment('again', 'loop')], edges: [edges.plain('input', 'again')] },
      },
    },
    where: 'f',
    typ: 'FragmentCycle',
  },
  {
    name: 'scenario variable inside a fragment',
    graph: { ...fragment([longParam('amount')], [['out', [['result', '#input']]]]) },
    where: 'output0',
    typ: 'ExpressionParserCompilationError',
    fieldName: '$fields-0-$value',
  },
  { name: 'duplicate fragment parameter', graph: fragment([longParam('amount'), longParam('amount')]), where: 'input', typ: 'DuplicateFragmentInputParameter', fieldName: '$param.amount.$name' },
  {
    name: 'fragment parameter of an unknown class',
    graph: fragment([{ name: 'amount', typ: { refClazzName: 'com.example.Money' }, required: false }]),
    where: 'input',
    typ: 'FragmentParamClassLoadError',
    fieldName: '$param.amount.$typ',
  },
  {
    name: 'duplicate fragment output names',
    graph: fragment([longParam('amount')], [['out', []], ['out', []]]),
    where: '$global',
    typ: 'DuplicateFragmentOutputNames',
  },
  {
    name: 'fixed values for a Double parameter',
    graph: fragment([
      { name: 'ratio', typ: { refClazzName: 'java.lang.Double' }, required: false, valueEditor: { type: 'ValueInputWithFixedValuesProvided', fixedValuesList: [{ expression: '1.0', label: 'one' }], allowOtherValue: false } },
    ]),
    where: 'input',
    typ: 'UnsupportedFixedValuesType',
    fieldName: '$param.ratio.$fixedValuesList',
  },
  {
    name: 'initial value not among the fixed values',
    graph: fragment([
      longParam('amount', {
        initialValue: { expression: '3', label: '3' },
        valueEditor: { type: 'ValueInputWithFixedValuesProvided', fixedValuesList: [{ expression: '1', label: 'one' }], allowOtherValue: false },
      }),
    ]),
    where: 'input',
    typ: 'InitialValueNotPresentInPossibleValues',
    fieldName: '$param.amount.$initialValue',
  },
  {
    name: 'fixed value of a wrong type',
    graph: fragment([
      longParam('amount', { valueEditor: { type: 'ValueInputWithFixedValuesProvided', fixedValuesList: [{ expression: "'one'", label: 'one' }], allowOtherValue: true } }),
    ]),
    where: 'input',
    typ: 'ExpressionParserCompilationErrorInFragmentDefinition',
    fieldName: '$param.amount.$fixedValuesList',
  },
  {
    name: 'required parameter with an empty fixed list',
    graph: fragment([
      longParam('amount', { required: true, valueEditor: { type: 'ValueInputWithFixedValuesProvided', fixedValuesList: [], allowOtherValue: false } }),
    ]),
    where: 'input',
    typ: 'RequireValueFromEmptyFixedList',
    fieldName: '$param.amount.$fixedValuesList',
  },
  {
    name: 'validation expression that is not boolean',
    graph: fragment([longParam('amount', { valueCompileTimeValidation: { validationExpression: { language: 'spel', expression: '#value + 1' }, validationFailedMessage: null } })]),
    where: 'input',
    typ: 'InvalidValidationExpression',
    fieldName: '$param.amount.$validationExpression',
  },
  { name: 'unknown scenario property', graph: chain([generator(), end()], [], 'StreamMetaData', { colour: 'blue' }), where: '$properties', typ: 'UnknownProperty', fieldName: 'colour' },
  { name: 'parallelism not a number', graph: chain([generator(), end()], [], 'StreamMetaData', { parallelism: 'abc' }), where: '$properties', typ: 'InvalidIntegerLiteralParameter', fieldName: 'parallelism' },
  { name: 'parallelism below 1', graph: chain([generator(), end()], [], 'StreamMetaData', { parallelism: '0' }), where: '$properties', typ: 'LowerThanRequiredParameter', fieldName: 'parallelism' },
  { name: 'boolean property of another value', graph: chain([generator(), end()], [], 'StreamMetaData', { spillStateToDisk: 'maybe' }), where: '$properties', typ: 'InvalidPropertyFixedValue', fieldName: 'spillStateToDisk' },
  {
    name: 'broken input schema',
    graph: chain([n.source('request', 'request'), n.sink('response', 'response', { 'Raw editor': 'true', Value: '#input' })], [], 'RequestResponseMetaData', { inputSchema: '{"properties": ' }),
    model: requestResponse,
    where: '$properties',
    typ: 'InvalidPropertyValue',
    fieldName: 'inputSchema',
  },
  {
    name: 'request source reports the broken schema too',
    graph: chain([n.source('request', 'request'), n.sink('response', 'response', { 'Raw editor': 'true', Value: '#input' })], [], 'RequestResponseMetaData', { inputSchema: '{"properties": ' }),
    model: requestResponse,
    where: 'request',
    typ: 'CustomNodeError',
    fieldName: 'inputSchema',
  },
  {
    name: 'response field of a wrong type',
    graph: chain(
      [n.source('request', 'request'), n.sink('response', 'response', { amount: "'lots'" })],
      [],
      'RequestResponseMetaData',
      { outputSchema: '{"properties": {"amount": {"type": "integer"}}}' },
    ),
    model: requestResponse,
    where: 'response',
    typ: 'ExpressionParserCompilationError',
    fieldName: 'amount',
  },
  { name: 'repeated label', graph: chain([generator(), end()]), options: { labels: ['team', 'team'] }, where: '$properties', typ: 'ScenarioLabelValidationError', fieldName: '$labels' },
  {
    name: 'single-input component used as a join',
    graph: {
      properties: properties('StreamMetaData'),
      nodes: [generator('a'), generator('b'), n.join('j', 'for-each', 'item', {}, { Elements: '{1}' }), end()],
      edges: [edges.plain('a', 'j'), edges.plain('b', 'j'), edges.plain('j', 'end')],
    },
    where: 'j',
    typ: 'UnsupportedNodeType',
  },
  { name: 'invalid scenario name', graph: chain([generator(), end()]), options: { scenarioName: 'a.b' }, where: '$properties', typ: 'ScenarioNameValidationError', fieldName: '$id' },
  { name: 'invalid node id', graph: chain([generator(), n.filter('a"b', 'true'), end()]), where: 'a"b', typ: 'NodeIdValidationError', fieldName: '$id' },
];

describe('invalid scenarios', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name -> $typ at $where', (testCase) => {
    const result = validateScenario(testCase.graph, testCase.model ?? streaming, testCase.options);
    const errors = allErrors(result);
    const matching = errors.filter(
      (e) =>
        e.typ === testCase.typ &&
        (testCase.where === '$global' ? e.where.startsWith('$global') : e.where === testCase.where) &&
        (testCase.fieldName === undefined || e.fieldName === testCase.fieldName),
    );
    expect(matching, JSON.stringify(errors, null, 1)).not.toHaveLength(0);
  });
});

describe('decision table details', () => {
  it('gives the bad cells in the reference details shape', () => {
    const tabular = cases.find((c) => c.name === 'decision table cell of a wrong type');
    if (tabular === undefined) throw new Error('case missing');
    const error = validateScenario(tabular.graph, streaming).errors.invalidNodes.dt?.[0];
    expect(error?.details).toEqual({
      type: 'TabularDataDefinitionParserErrorDetails',
      cellErrors: [{ columnName: 'limit', rowIndex: 0, errorMessage: "Cannot convert 'ten' to Integer" }],
      columnDefinitions: [{ name: 'limit', aType: 'java.lang.Integer' }],
    });
  });
});

describe('warnings', () => {
  it('reports disabled nodes as warnings and skips their validation', () => {
    const graph = chain([generator(), { type: 'Filter', id: 'f', expression: { language: 'spel', expression: '#nope' }, isDisabled: true }, end()]);
    const result = validateScenario(graph, streaming);
    expect(result.warnings.invalidNodes.f?.map((w) => w.typ)).toEqual(['DisabledNode']);
    expect(result.errors.invalidNodes.f).toBeUndefined();
  });
});
