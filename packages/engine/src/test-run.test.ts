import { ResultsWithCountsSchema } from '@scenaria/deployment-sdk';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { kafkaSink, kafkaSource, modelOptions, scenario, spel } from '../test/support';
import { compareContextIds, compileScenario, generateTestData, parseTestData, runScenarioTest } from './index';

const nodes: CanonicalNode[] = [
  kafkaSource(),
  { type: 'Filter', id: 'filter1', expression: spel('#input.amount >= 0') },
  { type: 'Variable', id: 'compute fee', varName: 'fee', value: spel('100 / #input.amount') },
  kafkaSink('sink', '#fee'),
];

async function test(canonical: CanonicalProcess, lines: string) {
  const data = parseTestData(lines, canonical.nodes.filter((n) => n.type === 'Source').map((n) => n.id));
  if (!data.ok) throw new Error(JSON.stringify(data.errors));
  const result = await runScenarioTest(canonical, data.value, modelOptions());
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('runScenarioTest', () => {
  it('gives the event loop turns during a long run, so a server sharing its thread keeps answering', async () => {
    const canonical = scenario('long', nodes);
    const records = Array.from({ length: 20_000 }, (_, i) => ({ sourceId: 'source', record: { amount: i + 1, clientId: `c${i}` } }));
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    let firedBeforeTheEnd = false;
    const result = await runScenarioTest(canonical, { records }, modelOptions()).then((outcome) => {
      firedBeforeTheEnd = timerFired;
      return outcome;
    });
    expect(result.ok).toBe(true);
    // A run that only awaited microtasks would end before any timer could fire.
    expect(firedBeforeTheEnd).toBe(true);
  });

  it('answers the reference ResultsWithCounts: node results, invocation results, exceptions and counts', async () => {
    const results = await test(scenario('s1', nodes), '{"amount": 10, "clientId": "a"}\n{"amount": 0, "clientId": "b"}\n{"amount": -1, "clientId": "c"}\n');
    expect(ResultsWithCountsSchema.safeParse(results).success).toBe(true);
    expect(results.results.nodeResults['source']).toEqual([
      { id: 's1-0-0', variables: { input: { original: '{"amount":10,"clientId":"a"}', pretty: { amount: 10, clientId: 'a' } } } },
      { id: 's1-0-1', variables: { input: { original: '{"amount":0,"clientId":"b"}', pretty: { amount: 0, clientId: 'b' } } } },
      { id: 's1-0-2', variables: { input: { original: '{"amount":-1,"clientId":"c"}', pretty: { amount: -1, clientId: 'c' } } } },
    ]);
    expect(results.results.nodeResults['compute fee']?.map((r) => r.id)).toEqual(['s1-0-0', 's1-0-1']);
    expect(results.results.nodeResults['sink']).toEqual([
      {
        id: 's1-0-0',
        variables: { input: { original: '{"amount":10,"clientId":"a"}', pretty: { amount: 10, clientId: 'a' } }, fee: { pretty: 10 } },
      },
    ]);
    expect(results.results.invocationResults['compute fee']).toEqual([{ contextId: 's1-0-0', name: 'fee', value: { pretty: 10 } }]);
    expect(results.results.invocationResults['filter1']).toEqual([
      { contextId: 's1-0-0', name: '$expression', value: { pretty: true } },
      { contextId: 's1-0-1', name: '$expression', value: { pretty: true } },
      { contextId: 's1-0-2', name: '$expression', value: { pretty: false } },
    ]);
    expect(results.results.externalInvocationResults['sink']).toEqual([{ contextId: 's1-0-0', name: 'kafka', value: { pretty: 10 } }]);
    expect(results.results.exceptions).toHaveLength(1);
    expect(results.results.exceptions[0]).toMatchObject({ nodeId: 'compute fee', context: { id: 's1-0-1' } });
    expect(results.results.exceptions[0]?.throwable).toMatch(/zero/i);
    expect(results.counts).toEqual({
      source: { all: 3, errors: 0, fragmentCounts: {} },
      filter1: { all: 3, errors: 0, fragmentCounts: {} },
      'compute fee': { all: 2, errors: 1, fragmentCounts: {} },
      sink: { all: 1, errors: 0, fragmentCounts: {} },
    });
  });

  it('wraps Java values as Nussknacker shows them (Long, Double, records, lists)', async () => {
    const values: CanonicalNode[] = [
      kafkaSource(),
      {
        type: 'VariableBuilder',
        id: 'values',
        varName: 'v',
        fields: [
          { name: 'long', expression: spel('10000000000L') },
          { name: 'double', expression: spel('1.5') },
          { name: 'list', expression: spel('{1, 2}') },
          { name: 'nested', expression: spel("{a: 'x'}") },
          { name: 'nothing', expression: spel('null') },
        ],
      },
      kafkaSink('sink', '#v'),
    ];
    const results = await test(scenario('s', values), '{"amount": 1}');
    expect(results.results.invocationResults['values']?.map((r) => [r.name, r.value])).toEqual([
      ['long', { pretty: 10000000000 }],
      ['double', { pretty: 1.5 }],
      ['list', { pretty: [1, 2] }],
      ['nested', { pretty: { a: 'x' } }],
      ['nothing', { pretty: null }],
    ]);
  });

  it('counts inlined fragment nodes under the usage node', async () => {
    const fragment: CanonicalProcess = {
      metaData: { id: 'frag', additionalFields: { metaDataType: 'FragmentSpecificData', properties: {} } },
      nodes: [
        { type: 'FragmentInputDefinition', id: 'in', parameters: [{ name: 'x', typ: { refClazzName: 'java.lang.Integer' } }] },
        { type: 'Variable', id: 'inner', varName: 'y', value: spel('10 / #x') },
        { type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [{ name: 'y', expression: spel('#y') }] },
      ],
      additionalBranches: [],
    };
    const canonical = scenario('s', [
      kafkaSource(),
      { type: 'FragmentInput', id: 'frag usage', ref: { id: 'frag', parameters: [{ name: 'x', expression: spel('#input.amount') }], outputVariableNames: { output: 'res' } }, outputs: { output: [kafkaSink('sink', '#res.y')] } },
    ]);
    const data = parseTestData('{"amount": 5}\n{"amount": 0}', ['source']);
    if (!data.ok) throw new Error('bad data');
    const result = await runScenarioTest(canonical, data.value, { ...modelOptions(), fragments: () => fragment });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.counts['frag usage']).toEqual({
      all: 2,
      errors: 0,
      fragmentCounts: {
        in: { all: 2, errors: 0, fragmentCounts: {} },
        inner: { all: 2, errors: 1, fragmentCounts: {} },
        out: { all: 1, errors: 0, fragmentCounts: {} },
      },
    });
    expect(result.value.counts['sink']).toEqual({ all: 1, errors: 0, fragmentCounts: {} });
    expect(result.value.results.nodeResults['frag usage-inner']?.[0]?.variables).toEqual({ x: { pretty: 5 } });
  });
});

describe('parseTestData', () => {
  it('reads envelopes with source ids and timestamps, and bare records for a single source', () => {
    expect(parseTestData('{"sourceId":"a","record":{"x":1},"timestamp":5}\n\n"raw"', ['a'])).toEqual({
      ok: true,
      value: { records: [{ sourceId: 'a', record: { x: 1 }, timestamp: 5 }, { sourceId: 'a', record: 'raw' }] },
    });
  });
  it('reports unknown sources and records without a source in a multi-source scenario', () => {
    const result = parseTestData('{"sourceId":"zzz","record":1}\n{"x":1}', ['a', 'b']);
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path[0]])).toEqual([['UnknownTestSource', 1], ['AmbiguousTestSource', 2]]);
  });
});

describe('compareContextIds', () => {
  it('orders numeric parts numerically', () => {
    expect(['s-0-10', 's-0-9', 's-0-9-1', 's-1-0'].sort(compareContextIds)).toEqual(['s-0-9', 's-0-9-1', 's-0-10', 's-1-0']);
  });
});

describe('generateTestData', () => {
  it('takes records from generating sources and refuses scenarios without one', () => {
    const generating = compileScenario(
      scenario('g', [
        { type: 'Source', id: 'gen', ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'count', expression: spel('2') }, { name: 'value', expression: spel("{id: 7, name: 'x'}") }] } },
        kafkaSink('out'),
      ]),
      modelOptions(),
    );
    if (!generating.ok) throw new Error(JSON.stringify(generating.errors));
    expect(generateTestData(generating.value, 3)).toEqual({
      ok: true,
      value: { records: [1, 2, 3].map(() => ({ sourceId: 'gen', record: { id: 7, name: 'x' } })) },
    });
    const reading = compileScenario(scenario('r', nodes), modelOptions());
    if (!reading.ok) throw new Error('did not compile');
    const refused = generateTestData(reading.value, 3);
    expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['CannotGenerateTestData']);
  });

  it("takes a Kafka source's records from the newest records of its topic, each once, and says when the topic is empty", () => {
    const reading = compileScenario(scenario('r', nodes), modelOptions());
    if (!reading.ok) throw new Error('did not compile');
    const topic = reading.value.sources[0]?.instance.readsTopic;
    expect(topic).toEqual(expect.any(String));
    const samples = new Map([[topic!, [{ value: { amount: 5 }, timestamp: 1000 }, { value: { amount: 7 } }]]]);
    expect(generateTestData(reading.value, 5, samples)).toEqual({
      ok: true,
      value: { records: [{ sourceId: 'source', record: { amount: 5 }, timestamp: 1000 }, { sourceId: 'source', record: { amount: 7 } }] },
    });
    const empty = generateTestData(reading.value, 5, new Map([[topic!, []]]));
    expect(empty.ok ? [] : empty.errors.map((e) => e.message)).toEqual([`No test data to generate: topic '${topic}' holds no records`]);
  });
});
