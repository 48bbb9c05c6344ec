import { defaultModel } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { recordType, Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { allErrors, chain, edges, localVariables, nodes as n, properties } from './test-utils';
import { validateScenario } from './validate-scenario';

const streaming = defaultModel('streaming', { topics: { transactions: recordType({ clientId: Types.String, amount: Types.Long }) } });
const requestResponse = defaultModel('request-response');
const generator = (id = 'source', value = "{amount: 10, name: 'x'}") =>
  n.source(id, 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '1', value });

function expectValid(graph: ScenarioGraph, model = streaming, fragments: Record<string, ScenarioGraph> = {}) {
  const result = validateScenario(graph, model, { scenarioName: 'valid', fragments, labels: ['a'] });
  expect(allErrors(result)).toEqual([]);
  return result;
}

describe('valid scenarios: variable types after each node', () => {
  it('source -> filter -> variable -> sink', () => {
    const result = expectValid(chain([generator(), n.filter('f', '#input.amount > 5'), n.variable('v', 'fee', '#input.amount * 2'), n.sink('end')]));
    expect(localVariables(result, 'source')).toEqual({});
    expect(localVariables(result, 'f')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}' });
    expect(localVariables(result, 'v')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}' });
    expect(localVariables(result, 'end')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', fee: 'Integer(20)' });
    expect(result.nodeResults.f?.typingInfo.$expression?.display).toBe('Boolean(true)');
    expect(result.nodeResults.v?.typingInfo.$expression?.display).toBe('Integer(20)');
  });

  it('lists local variables only: #meta and the helpers are typed but not in node results, as in the reference', () => {
    const graph = chain([generator(), n.variable('m', 'scenario', '#meta'), n.variable('c', 'total', '#COLLECTION.sum({1, 2})'), n.sink('end')], [], 'StreamMetaData', { parallelism: '2', spillStateToDisk: 'true' });
    const result = expectValid(graph);
    expect(result.nodeResults.m?.typingInfo.$expression?.display).toBe('Record{processName: String, properties: Record{parallelism: String, spillStateToDisk: String}, scenarioLabels: List[String]}');
    expect(Object.keys(result.nodeResults.source?.variableTypes ?? {})).toEqual([]);
    expect(Object.keys(result.nodeResults.end?.variableTypes ?? {})).toEqual(['input', 'scenario', 'total']);
  });

  it('kafka source typed by its topic -> record-variable -> kafka sink', () => {
    const result = expectValid(
      chain([
        n.source('in', 'kafka', { Topic: "'transactions'", 'Schema version': "'latest'" }),
        n.record('r', 'summary', [
          ['client', '#input.clientId'],
          ['big', '#input.amount > 100L'],
        ]),
        n.sink('out', 'kafka', { Topic: "'alerts'", 'Schema version': "'latest'", Key: '#input.clientId', 'Raw editor': 'true', 'Value validation mode': "'strict'", Value: '#summary' }),
      ]),
    );
    expect(localVariables(result, 'r')).toEqual({ input: 'Record{amount: Long, clientId: String}' });
    expect(localVariables(result, 'out')).toEqual({ input: 'Record{amount: Long, clientId: String}', summary: 'Record{big: Boolean, client: String}' });
    expect(result.nodeResults.r?.typingInfo['$fields-1-$value']?.display).toBe('Boolean');
    expect(result.nodeResults.out?.typingInfo.Value?.display).toBe('Record{big: Boolean, client: String}');
  });

  it('split into two branches with their own variables', () => {
    const graph: ScenarioGraph = {
      properties: properties('StreamMetaData', { parallelism: '2', spillStateToDisk: 'true' }),
      nodes: [generator(), n.split('s'), n.variable('a', 'left', "'L'"), n.sink('endA'), n.variable('b', 'right', '1.5'), n.sink('endB')],
      edges: [edges.plain('source', 's'), edges.plain('s', 'a'), edges.plain('a', 'endA'), edges.plain('s', 'b'), edges.plain('b', 'endB')],
    };
    const result = expectValid(graph);
    expect(localVariables(result, 'endA')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', left: 'String(L)' });
    expect(localVariables(result, 'endB')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', right: 'Double(1.5)' });
  });

  it('choice with conditions and the legacy exprVal variable', () => {
    const graph: ScenarioGraph = {
      properties: properties('StreamMetaData'),
      nodes: [generator(), n.choice('c', '#input.name', 'kind'), n.sink('x'), n.sink('other')],
      edges: [edges.plain('source', 'c'), edges.next('c', 'x', "#kind == 'x'"), edges.typed('c', 'other', { type: 'SwitchDefault' })],
    };
    const result = expectValid(graph);
    expect(localVariables(result, 'x')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', kind: 'String(x)' });
    expect(result.nodeResults.c?.typingInfo.x?.display).toBe('Boolean(true)');
  });

  it('union of two sources clears the context and types the output as the common supertype (Integer, Long -> Number, as in the original UnionTest)', () => {
    const graph: ScenarioGraph = {
      properties: properties('StreamMetaData'),
      nodes: [generator('a', '1'), generator('b', '2L'), n.join('u', 'union', 'merged', { a: { 'Output expression': '#input' }, b: { 'Output expression': '#input' } }), n.sink('end')],
      edges: [edges.plain('a', 'u'), edges.plain('b', 'u'), edges.plain('u', 'end')],
    };
    const result = expectValid(graph);
    expect(localVariables(result, 'end')).toEqual({ merged: 'Number' });
    expect(result.nodeResults.u?.typingInfo['Output expression for branch a']?.display).toBe('Integer(1)');
    expect(result.nodeResults.u?.typingInfo['Output expression for branch b']?.display).toBe('Long(2)');
  });

  it('sliding aggregate keeps the context, tumbling aggregate clears it', () => {
    const window = "T(java.time.Duration).parse('PT1H')";
    const result = expectValid(
      chain([
        generator(),
        n.custom('sliding', 'aggregate-sliding', 'stats', {
          groupBy: '#input.name',
          aggregator: '#AGG.map({total: #AGG.sum, names: #AGG.list})',
          aggregateBy: '{total: #input.amount, names: #input.name}',
          windowLength: window,
          emitWhenEventLeft: 'false',
        }),
        n.custom('tumbling', 'aggregate-tumbling', 'count', {
          groupBy: '#input.name',
          aggregator: '#AGG.countWhen',
          aggregateBy: '#stats.total > 100',
          windowLength: window,
          emitWhen: 'T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger).OnEnd',
        }),
        n.sink('end'),
      ]),
    );
    expect(localVariables(result, 'tumbling')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', stats: 'Record{names: List[String], total: Integer}' });
    expect(localVariables(result, 'end')).toEqual({ count: 'Long' });
  });

  it('for-each gives the element type', () => {
    const result = expectValid(chain([generator(), n.custom('each', 'for-each', 'item', { Elements: "{'a', 'b'}" }), n.sink('end')]));
    expect(localVariables(result, 'end')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', item: 'String' });
  });

  it('decision table gives a list of row records', () => {
    const table = '{"columns":[{"name":"limit","type":"java.lang.Integer"},{"name":"label","type":"java.lang.String"}],"rows":[["5","small"],["50","big"]]}';
    const result = expectValid(
      chain([
        generator(),
        n.decisionTable('dt', 'rows', table, '#ROW.limit >= #input.amount'),
        n.sink('end'),
      ]),
    );
    expect(localVariables(result, 'end')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', rows: 'List[Record{label: String, limit: Integer}]' });
    expect(result.nodeResults.dt?.parameters?.map((p) => p.name)).toEqual(['Decision Table', 'Match condition']);
  });

  it('request-response: request typed by inputSchema, response fields by outputSchema', () => {
    const graph = chain(
      [
        n.source('request', 'request'),
        n.variable('v', 'doubled', '#input.amount * 2'),
        n.sink('response', 'response', { accepted: '#doubled > 10', message: "'ok ' + #input.customer" }),
      ],
      [],
      'RequestResponseMetaData',
      {
        slug: 'loan',
        inputSchema: '{"properties": {"customer": {"type": "string"}, "amount": {"type": "integer"}}}',
        outputSchema: '{"properties": {"accepted": {"type": "boolean"}, "message": {"type": "string"}}}',
      },
    );
    const result = expectValid(graph, requestResponse);
    expect(localVariables(result, 'response')).toEqual({ input: 'Record{amount: Long, customer: String}', doubled: 'Long' });
    expect(result.nodeResults.response?.parameters?.map((p) => p.name)).toEqual(['Raw editor', 'accepted', 'message']);
  });

  it('http enricher typed by its response schema', () => {
    const result = expectValid(
      chain([
        generator(),
        n.enricher('call', 'http', 'response', {
          URL: "'https://example.com/score'",
          Method: "'POST'",
          Body: '#input',
          'Response schema': '\'{"properties": {"score": {"type": "number"}}}\'',
        }),
        n.filter('f', '#response.statusCode == 200 && #response.body.score > 0.5'),
        n.sink('end'),
      ]),
    );
    expect(localVariables(result, 'f')).toEqual({
      input: 'Record{amount: Integer(10), name: String(x)}',
      response: 'Record{body: Record{score: BigDecimal}, headers: Map[String,String], statusCode: Integer}',
    });
  });

  it('a model may allow member access on Unknown (undeclared topics) through its expression config', () => {
    const graph = chain([n.source('in', 'kafka', { Topic: "'undeclared'", 'Schema version': "'latest'" }), n.filter('f', '#input.amount > 1'), n.sink('end')]);
    const strict = validateScenario(graph, streaming);
    expect(strict.errors.invalidNodes.f?.map((e) => e.typ)).toEqual(['ExpressionParserCompilationError']);
    const lenient = expectValid(graph, { ...streaming, expressionConfig: { methodExecutionForUnknownAllowed: true } });
    expect(localVariables(lenient, 'f')).toEqual({ input: 'Unknown' });
  });

  it('fragment: its own validation and a scenario using it', () => {
    const fragment: ScenarioGraph = {
      properties: properties('FragmentSpecificData'),
      nodes: [
        n.input('input', [{ name: 'amount', typ: { refClazzName: 'java.lang.Long' }, required: true }, { name: 'tag', typ: { refClazzName: 'java.lang.String' }, required: false }]),
        n.filter('big', '#amount > 100'),
        n.output('yes', 'big', [['doubled', '#amount * 2'], ['tag', '#tag']]),
        n.output('no', 'small'),
      ],
      edges: [edges.plain('input', 'big'), edges.typed('big', 'yes', { type: 'FilterTrue' }), edges.typed('big', 'no', { type: 'FilterFalse' })],
    };
    const own = expectValid(fragment);
    expect(localVariables(own, 'big')).toEqual({ amount: 'Long', tag: 'String' });
    const scenario: ScenarioGraph = {
      properties: properties('StreamMetaData'),
      nodes: [generator(), n.fragment('use', 'classify', { amount: '#input.amount', tag: "'t'" }, { big: 'bigOut' }), n.sink('bigEnd'), n.sink('smallEnd')],
      edges: [edges.plain('source', 'use'), edges.output('use', 'bigEnd', 'big'), edges.output('use', 'smallEnd', 'small')],
    };
    const result = expectValid(scenario, streaming, { classify: fragment });
    expect(localVariables(result, 'bigEnd')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}', bigOut: 'Record{doubled: Long, tag: String}' });
    expect(localVariables(result, 'smallEnd')).toEqual({ input: 'Record{amount: Integer(10), name: String(x)}' });
    expect(result.nodeResults.use?.parameters?.map((p) => [p.name, p.requiredParam])).toEqual([
      ['amount', true],
      ['tag', false],
    ]);
    expect(result.nodeResults.use?.typingInfo.amount?.display).toBe('Integer(10)');
  });
});
