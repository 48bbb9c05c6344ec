import { defineComponent, param as paramDefinition } from '@scenaria/components';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { Types, recordType } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { deadEnd, kafkaSink, kafkaSource, modelOptions, param, scenario, spel } from '../../test/support';
import { compileScenario } from '../index';
import type { CompileScenarioOptions, ComponentRuntime } from '../index';

// A service component for enricher/processor tests: asynchronous, like a real remote call.
const clientService = defineComponent({
  type: 'service',
  name: 'clientService',
  parameters: [paramDefinition('clientId', Types.String)],
  output: { context: 'keep', type: recordType({ name: Types.String, vip: Types.Boolean }) },
  docs: { summary: 'test client lookup', semantics: 'answers a client record; fails for unknown ids' },
});
const calls: unknown[] = [];
const clientRuntime: ComponentRuntime = {
  kind: 'service',
  create: () => ({
    invoke: async (values) => {
      calls.push(values['clientId']);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (values['clientId'] === 'unknown') throw new Error('no such client');
      return new Map<string, unknown>([['name', `client ${String(values['clientId'])}`], ['vip', values['clientId'] === 'c1']]);
    },
  }),
};

function compile(canonical: CanonicalProcess, extra: Partial<CompileScenarioOptions> = {}) {
  const result = compileScenario(canonical, {
    ...modelOptions('streaming', { components: [clientService], runtimes: { 'service-clientService': clientRuntime } }),
    ...extra,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const outputsOf = async (nodes: CanonicalNode[], record: unknown, additionalBranches: CanonicalNode[][] = [], extra: Partial<CompileScenarioOptions> = {}) => {
  const scope = await compile(scenario('s', nodes, additionalBranches), extra).processRecord('source', record);
  return { outputs: scope.outputs.map((o) => [o.nodeId, o.value]), errors: scope.errors.map((e) => [e.nodeId, e.message]) };
};

describe('filter', () => {
  const nodes = (isDisabled?: boolean): CanonicalNode[] => [
    kafkaSource(),
    { type: 'Filter', id: 'f', expression: spel('#input.amount > 10'), isDisabled, nextFalse: [kafkaSink('false', "'no'")] },
    kafkaSink('true', "'yes'"),
  ];
  it('sends true records on and the rest to the false branch', async () => {
    expect((await outputsOf(nodes(), { amount: 11 })).outputs).toEqual([['true', 'yes']]);
    expect((await outputsOf(nodes(), { amount: 10 })).outputs).toEqual([['false', 'no']]);
  });
  it('drops records without a false branch, and treats null as false', async () => {
    const withoutFalse: CanonicalNode[] = [kafkaSource(), { type: 'Filter', id: 'f', expression: spel('#input.amount > 10 ? true : null') }, kafkaSink('true', "'yes'")];
    expect((await outputsOf(withoutFalse, { amount: 1 })).outputs).toEqual([]);
  });
  it('lets everything through when disabled', async () => {
    expect((await outputsOf(nodes(true), { amount: 1 })).outputs).toEqual([['true', 'yes']]);
  });
});

describe('choice', () => {
  const nodes: CanonicalNode[] = [
    kafkaSource(),
    {
      type: 'Switch',
      id: 'choice',
      nexts: [
        { expression: spel('#input.amount > 100'), nodes: [kafkaSink('huge', "'huge'")] },
        { expression: spel('#input.amount > 10'), nodes: [kafkaSink('big', "'big'")] },
      ],
      defaultNext: [kafkaSink('default', "'default'")],
    },
  ];
  it('takes the first matching condition only', async () => {
    expect((await outputsOf(nodes, { amount: 500 })).outputs).toEqual([['huge', 'huge']]);
    expect((await outputsOf(nodes, { amount: 50 })).outputs).toEqual([['big', 'big']]);
  });
  it('falls back to the default branch, or ends the record without one', async () => {
    expect((await outputsOf(nodes, { amount: 5 })).outputs).toEqual([['default', 'default']]);
    const noDefault: CanonicalNode[] = [kafkaSource(), { type: 'Switch', id: 'choice', nexts: [{ expression: spel('false'), nodes: [kafkaSink('x')] }] }];
    expect((await outputsOf(noDefault, { amount: 5 })).outputs).toEqual([]);
  });
  it('defines the deprecated exprVal variable before the conditions', async () => {
    const legacy: CanonicalNode[] = [
      kafkaSource(),
      { type: 'Switch', id: 'choice', expression: spel('#input.amount * 2'), exprVal: 'doubled', nexts: [{ expression: spel('#doubled == 20'), nodes: [kafkaSink('twenty', '#doubled')] }] },
    ];
    expect((await outputsOf(legacy, { amount: 10 })).outputs).toEqual([['twenty', 20]]);
  });
});

describe('split, variables and sinks', () => {
  it('sends the record down every branch of a split, in order', async () => {
    const nodes: CanonicalNode[] = [
      kafkaSource(),
      { type: 'Split', id: 'split', nexts: [[kafkaSink('a', "'a'")], [{ type: 'Variable', id: 'v', varName: 'x', value: spel("'b'") }, kafkaSink('b', '#x')], [deadEnd('end')]] },
    ];
    expect((await outputsOf(nodes, { amount: 1 })).outputs).toEqual([['a', 'a'], ['b', 'b']]);
  });
  it('builds record variables as Maps in field order', async () => {
    const nodes: CanonicalNode[] = [
      kafkaSource(),
      { type: 'VariableBuilder', id: 'rv', varName: 'rec', fields: [{ name: 'b', expression: spel('#input.amount') }, { name: 'a', expression: spel("'x'") }] },
      kafkaSink('out', '#rec'),
    ];
    const [[, value]] = (await outputsOf(nodes, { amount: 7 })).outputs as [[string, Map<string, unknown>]];
    expect([...value]).toEqual([['b', 7], ['a', 'x']]);
  });
  it('skips a disabled sink', async () => {
    const nodes: CanonicalNode[] = [kafkaSource(), { ...(kafkaSink('out') as Extract<CanonicalNode, { type: 'Sink' }>), isDisabled: true }];
    expect((await outputsOf(nodes, { amount: 1 })).outputs).toEqual([]);
  });
});

describe('enricher and processor', () => {
  const enricher: CanonicalNode = { type: 'Enricher', id: 'get client', output: 'client', service: { id: 'clientService', parameters: [param('clientId', '#input.clientId')] } };
  it('calls the service asynchronously and binds its answer', async () => {
    const { outputs } = await outputsOf([kafkaSource(), enricher, kafkaSink('out', "#client.name + (#client.vip ? '*' : '')")], { amount: 1, clientId: 'c1' });
    expect(outputs).toEqual([['out', 'client c1*']]);
  });
  it('records a failing call as an error of the node and goes on with the next record', async () => {
    const compiled = compile(scenario('s', [kafkaSource(), enricher, kafkaSink('out', '#client.name')]));
    const failed = await compiled.processRecord('source', { amount: 1, clientId: 'unknown' });
    expect(failed.errors.map((e) => [e.nodeId, e.message])).toEqual([['get client', 'no such client']]);
    const next = await compiled.processRecord('source', { amount: 1, clientId: 'c2' });
    expect(next.outputs.map((o) => o.value)).toEqual(['client c2']);
  });
  it('runs a processor for its effect and skips it when disabled', async () => {
    const processor = (isDisabled: boolean): CanonicalNode => ({ type: 'Processor', id: 'p', isDisabled, service: { id: 'clientService', parameters: [param('clientId', "'from-processor'")] } });
    calls.length = 0;
    expect((await outputsOf([kafkaSource(), processor(false), kafkaSink('out', "'done'")], { amount: 1 })).outputs).toEqual([['out', 'done']]);
    expect(calls).toEqual(['from-processor']);
    await outputsOf([kafkaSource(), processor(true), kafkaSink('out', "'done'")], { amount: 1 });
    expect(calls).toEqual(['from-processor']);
  });
});

describe('errors per record', () => {
  it('catches an evaluation failure with the node id and context, and keeps the flow going', async () => {
    const compiled = compile(scenario('s', [kafkaSource(), { type: 'Variable', id: 'divide', varName: 'q', value: spel('100 / #input.amount') }, kafkaSink('out', '#q')]));
    const failed = await compiled.processRecord('source', { amount: 0 });
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toMatchObject({ nodeId: 'divide', contextId: 's-0-0' });
    expect(failed.errors[0]?.variables['input']).toBeInstanceOf(Map);
    const ok = await compiled.processRecord('source', { amount: 4 });
    expect(ok.outputs.map((o) => o.value)).toEqual([25]);
    expect(ok.errors).toEqual([]);
  });
});

describe('for-each and union', () => {
  it('continues once per element with the element as output variable', async () => {
    const nodes: CanonicalNode[] = [
      kafkaSource(),
      { type: 'CustomNode', id: 'each', nodeType: 'for-each', outputVar: 'element', parameters: [param('Elements', '{1, 2, #input.amount}')] },
      kafkaSink('out', '#element * 10'),
    ];
    const compiled = compile(scenario('s', nodes));
    const scope = await compiled.processRecord('source', { amount: 3 });
    expect(scope.outputs.map((o) => [o.contextId, o.value])).toEqual([['s-0-0-0', 10], ['s-0-0-1', 20], ['s-0-0-2', 30]]);
  });
  it('merges branches into a union with only the output variable', async () => {
    const nodes: CanonicalNode[] = [
      kafkaSource(),
      {
        type: 'Split',
        id: 'split',
        nexts: [
          [{ type: 'Variable', id: 'left', varName: 'side', value: spel("'left'") }, { type: 'BranchEndData', definition: { id: 'left', joinId: 'union' } }],
          [{ type: 'Variable', id: 'right', varName: 'side', value: spel("'right'") }, { type: 'BranchEndData', definition: { id: 'right', joinId: 'union' } }],
        ],
      },
    ];
    const join: CanonicalNode[] = [
      {
        type: 'Join',
        id: 'union',
        nodeType: 'union',
        outputVar: 'merged',
        parameters: [],
        branchParameters: [
          { branchId: 'left', parameters: [param('Output expression', "#side + '-' + #input.amount")] },
          { branchId: 'right', parameters: [param('Output expression', '#side')] },
        ],
      },
      kafkaSink('out', '#merged'),
    ];
    const { outputs, errors } = await outputsOf(nodes, { amount: 2 }, [join]);
    expect(errors).toEqual([]);
    expect(outputs).toEqual([['out', 'left-2'], ['out', 'right']]);
  });
  it('does not let branch variables through the union', () => {
    const result = compileScenario(
      scenario('s', [kafkaSource(), { type: 'BranchEndData', definition: { id: 'source', joinId: 'union' } }], [
        [
          { type: 'Join', id: 'union', nodeType: 'union', outputVar: 'merged', parameters: [], branchParameters: [{ branchId: 'source', parameters: [param('Output expression', '#input.amount')] }] },
          kafkaSink('out', '#input'),
        ],
      ]),
      modelOptions(),
    );
    expect(result.ok ? [] : result.errors.map((e) => [e.nodeId, e.message])).toEqual([['out', "Unresolved reference 'input'"]]);
  });
});

describe('fragments', () => {
  const fragment: CanonicalProcess = {
    metaData: { id: 'fee calculator', additionalFields: { metaDataType: 'FragmentSpecificData', properties: {} } },
    nodes: [
      { type: 'FragmentInputDefinition', id: 'in', parameters: [{ name: 'amount', typ: { refClazzName: 'java.lang.Integer' }, required: false }] },
      {
        type: 'Filter',
        id: 'positive',
        expression: spel('#amount > 0'),
        nextFalse: [{ type: 'FragmentOutputDefinition', id: 'out-rejected', outputName: 'rejected', fields: [] }],
      },
      { type: 'FragmentOutputDefinition', id: 'out-ok', outputName: 'ok', fields: [{ name: 'fee', expression: spel('#amount / 10') }, { name: 'source', expression: spel("'fragment'") }] },
    ],
    additionalBranches: [],
  };
  const usage = (isDisabled = false): CanonicalNode => ({
    type: 'FragmentInput',
    id: 'fees',
    isDisabled,
    ref: { id: 'fee calculator', parameters: [param('amount', '#input.amount')], outputVariableNames: { ok: 'feeResult' } },
    outputs: {
      ok: [kafkaSink('charged', isDisabled ? "'disabled'" : "#feeResult.fee + ' ' + #feeResult.source + ' ' + #input.clientId")],
      ...(isDisabled ? {} : { rejected: [kafkaSink('free', '#input.clientId')] }),
    },
  });
  const fragments = (id: string) => (id === 'fee calculator' ? fragment : undefined);

  it('inlines the fragment with its parameters (outer variables hidden) and continues on the reached output', async () => {
    expect((await outputsOf([kafkaSource(), usage()], { amount: 50, clientId: 'c' }, [], { fragments })).outputs).toEqual([['charged', '5 fragment c']]);
    expect((await outputsOf([kafkaSource(), usage()], { amount: -5, clientId: 'c' }, [], { fragments })).outputs).toEqual([['free', 'c']]);
  });
  it('hides the outer variables inside the fragment', () => {
    const leaky: CanonicalProcess = { ...fragment, nodes: [fragment.nodes[0] as CanonicalNode, { type: 'FragmentOutputDefinition', id: 'out-ok', outputName: 'ok', fields: [{ name: 'x', expression: spel('#input') }] }] };
    const result = compileScenario(scenario('s', [kafkaSource(), usage()]), { ...modelOptions(), fragments: () => leaky });
    expect(result.ok ? [] : result.errors.map((e) => [e.nodeId, e.message])).toEqual([['fees-out-ok', "Unresolved reference 'input'"]]);
  });
  it('passes records straight to the single output of a disabled fragment', async () => {
    expect((await outputsOf([kafkaSource(), usage(true)], { amount: 50, clientId: 'c' }, [], { fragments })).outputs).toEqual([['charged', 'disabled']]);
  });
  it('reports an unknown fragment as a compile issue', () => {
    const result = compileScenario(scenario('s', [kafkaSource(), usage()]), modelOptions());
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.nodeId])).toEqual([['UnknownFragment', 'fees']]);
  });
});

describe('compile issues', () => {
  it('returns expression errors with node and field as values', () => {
    const result = compileScenario(scenario('s', [kafkaSource(), { type: 'Variable', id: 'v', varName: 'x', value: spel('#nope + 1') }, deadEnd('end')]), modelOptions());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ code: 'ExpressionCompilationError', nodeId: 'v', paramName: '$expression' });
  });
  it('returns unknown components as values', () => {
    const result = compileScenario(scenario('s', [{ type: 'Source', id: 'src', ref: { typ: 'nope', parameters: [] } }, deadEnd('end')]), modelOptions());
    expect(result.ok ? [] : result.errors.map((e) => e.code)).toEqual(['MissingComponent']);
  });
  it('sees #meta with the scenario name and properties', async () => {
    const canonical = scenario('named', [kafkaSource(), kafkaSink('out', "#meta.processName + ':' + #meta.properties.parallelism")], [], 'StreamMetaData', { parallelism: '2' });
    const result = compileScenario(canonical, modelOptions());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const scope = await result.value.processRecord('source', { amount: 1 });
    expect(scope.outputs.map((o) => o.value)).toEqual(['named:2']);
  });
});
