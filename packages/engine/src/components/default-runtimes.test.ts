import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CanonicalNode } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { kafkaSink, modelOptions, param, scenario } from '../../test/support';
import { componentId, defaultModel } from '@scenaria/components';
import { compileScenario, defaultComponentRuntimes } from '../index';
import type { CompiledScenario } from '../index';

const eventsSource: CanonicalNode = { type: 'Source', id: 'source', ref: { typ: 'kafka', parameters: [param('Topic', "'events'"), param('Schema version', "'latest'")] } };

function compile(nodes: CanonicalNode[], scenarioType: 'streaming' | 'request-response' = 'streaming', properties: Record<string, string> = {}): CompiledScenario {
  const metaDataType = scenarioType === 'streaming' ? 'StreamMetaData' : 'RequestResponseMetaData';
  const result = compileScenario(scenario('s', nodes, [], metaDataType, properties), modelOptions(scenarioType));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

async function feed(compiled: CompiledScenario, records: [number, Record<string, unknown>][]): Promise<unknown[]> {
  const outputs: unknown[] = [];
  for (const [eventTime, record] of records) {
    const scope = await compiled.processRecord('source', record, { eventTime });
    outputs.push(...scope.outputs.map((o) => o.value));
  }
  return outputs;
}

const aggregate = (nodeType: string, aggregator: string, extra: { name: string; expression: string }[] = []): CanonicalNode => ({
  type: 'CustomNode',
  id: 'aggregate',
  nodeType,
  outputVar: 'agg',
  parameters: [
    param('groupBy', '#input.key'),
    param('aggregator', aggregator),
    param('aggregateBy', '#input.value'),
    param('windowLength', "T(java.time.Duration).parse('PT10S')"),
    ...extra.map((p) => param(p.name, p.expression)),
  ],
});

describe('defaultComponentRuntimes', () => {
  it('implements every component of the default models, with the kind its definition needs', () => {
    const runtimes = defaultComponentRuntimes();
    const components = [...defaultModel('streaming').components, ...defaultModel('request-response').components];
    const missing = components.flatMap((component) => {
      const expected = component.inputs === 'branches' ? 'join' : component.type;
      const runtime = runtimes.get(componentId(component));
      return runtime?.kind === expected ? [] : [`${componentId(component)} (${expected})`];
    });
    expect(missing).toEqual([]);
  });
});

describe('sliding aggregate', () => {
  it('emits per record the aggregate of its key over the last window of event time', async () => {
    const compiled = compile([eventsSource, aggregate('aggregate-sliding', '#AGG.sum', [{ name: 'emitWhenEventLeft', expression: 'false' }]), kafkaSink('out', "#input.key + '=' + #agg")]);
    const outputs = await feed(compiled, [
      [1_000, { key: 'a', value: 1 }],
      [2_000, { key: 'b', value: 10 }],
      [5_000, { key: 'a', value: 2 }],
      [11_500, { key: 'a', value: 4 }],
      [16_000, { key: 'a', value: 8 }],
    ]);
    expect(outputs).toEqual(['a=1', 'b=10', 'a=3', 'a=6', 'a=12']);
  });
  it('with emitWhenEventLeft also emits when values leave a window', async () => {
    const compiled = compile([eventsSource, aggregate('aggregate-sliding', '#AGG.sum', [{ name: 'emitWhenEventLeft', expression: 'true' }]), kafkaSink('out', "#input.key + '=' + #agg")]);
    const outputs = await feed(compiled, [
      [1_000, { key: 'a', value: 1 }],
      [2_000, { key: 'b', value: 10 }],
      [12_500, { key: 'c', value: 100 }],
    ]);
    // At 12.5 s the values of a (1 s) and b (2 s) left their windows: each key emits its now empty aggregate.
    expect(outputs).toEqual(['a=1', 'b=10', 'c=100', 'a=null', 'b=null']);
    expect((await compiled.flush()).outputs.map((o) => o.value)).toEqual(['c=null']);
  });
  it('aggregates several fields with #AGG.map', async () => {
    const compiled = compile([
      eventsSource,
      { ...(aggregate('aggregate-sliding', "#AGG.map({total: #AGG.sum, seen: #AGG.list, n: #AGG.countWhen})", [{ name: 'emitWhenEventLeft', expression: 'false' }]) as Extract<CanonicalNode, { type: 'CustomNode' }>), parameters: [
        param('groupBy', '#input.key'),
        param('aggregator', '#AGG.map({total: #AGG.sum, seen: #AGG.list, n: #AGG.countWhen})'),
        param('aggregateBy', '{total: #input.value, seen: #input.value, n: #input.value > 1}'),
        param('windowLength', "T(java.time.Duration).parse('PT10S')"),
        param('emitWhenEventLeft', 'false'),
      ] },
      kafkaSink('out', '#agg'),
    ]);
    const outputs = await feed(compiled, [[0, { key: 'a', value: 1 }], [1, { key: 'a', value: 2 }]]);
    expect(outputs[1]).toEqual(new Map<string, unknown>([['total', 3], ['seen', [1, 2]], ['n', 1n]]));
  });
});

describe('tumbling aggregate', () => {
  const tumbling = (emitWhen: string) =>
    compile([eventsSource, aggregate('aggregate-tumbling', '#AGG.list', [{ name: 'emitWhen', expression: `T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger).${emitWhen}` }]), kafkaSink('out', '#agg')]);
  const records: [number, Record<string, unknown>][] = [
    [1_000, { key: 'a', value: 1 }],
    [3_000, { key: 'a', value: 2 }],
    [4_000, { key: 'b', value: 5 }],
    [12_000, { key: 'a', value: 3 }],
  ];
  it('OnEvent emits the window so far on every record', async () => {
    expect(await feed(tumbling('OnEvent'), records)).toEqual([[1], [1, 2], [5], [3]]);
  });
  it('OnEnd emits each key once its window closed by event time, and the rest at the end of input', async () => {
    const compiled = tumbling('OnEnd');
    expect(await feed(compiled, records)).toEqual([[1, 2], [5]]);
    const flushed = await compiled.flush();
    expect(flushed.outputs.map((o) => o.value)).toEqual([[3]]);
  });
  it('OnEndWithExtraWindow also emits an empty window after a key went quiet', async () => {
    const compiled = tumbling('OnEndWithExtraWindow');
    expect(await feed(compiled, records)).toEqual([[1, 2], [5]]);
    const flushed = await compiled.flush();
    expect(flushed.outputs.map((o) => o.value)).toEqual([[3], [], []]);
  });
});

describe('session aggregate', () => {
  const session = (emitWhen: string, endCondition = 'false') =>
    compile([
      eventsSource,
      {
        type: 'CustomNode',
        id: 'aggregate',
        nodeType: 'aggregate-session',
        outputVar: 'agg',
        parameters: [
          param('groupBy', '#input.key'),
          param('aggregator', '#AGG.list'),
          param('aggregateBy', '#input.value'),
          param('endSessionCondition', endCondition),
          param('sessionTimeout', "T(java.time.Duration).parse('PT10S')"),
          param('emitWhen', `T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.SessionWindowTrigger).${emitWhen}`),
        ],
      },
      kafkaSink('out', '#agg'),
    ]);
  const records: [number, Record<string, unknown>][] = [
    [1_000, { key: 'a', value: 1 }],
    [2_000, { key: 'a', value: 2 }],
    [3_000, { key: 'b', value: 5 }],
    [20_000, { key: 'a', value: 3 }],
  ];
  it('OnEnd emits a session once the key was quiet for the timeout, and open sessions at the end of input', async () => {
    const compiled = session('OnEnd');
    expect(await feed(compiled, records)).toEqual([[1, 2], [5]]);
    expect((await compiled.flush()).outputs.map((o) => o.value)).toEqual([[3]]);
  });
  it('ends a session at the record meeting the end condition', async () => {
    expect(await feed(session('OnEnd', '#input.value == 1'), records)).toEqual([[1], [2], [5]]);
  });
  it('OnEvent emits the session so far on every record', async () => {
    expect(await feed(session('OnEvent'), records)).toEqual([[1], [1, 2], [5], [3]]);
  });
});

describe('delay', () => {
  it('holds records until the watermark reaches their event time plus the delay, in order', async () => {
    const compiled = compile([
      eventsSource,
      { type: 'CustomNode', id: 'delay', nodeType: 'delay', outputVar: null, parameters: [param('key', '#input.key'), param('delay', "T(java.time.Duration).parse('PT5S')")] },
      kafkaSink('out', '#input.value'),
    ]);
    expect(await feed(compiled, [[1_000, { key: 'a', value: 1 }], [2_000, { key: 'a', value: 2 }]])).toEqual([]);
    // Processing time does not release anything: only event time does.
    expect((await compiled.advanceTime(Date.now())).outputs).toEqual([]);
    expect(await feed(compiled, [[6_500, { key: 'b', value: 3 }]])).toEqual([1]);
    expect(await feed(compiled, [[7_000, { key: 'b', value: 4 }]])).toEqual([2]);
    expect(await feed(compiled, [[7_100, { key: 'b', value: 5 }]])).toEqual([]);
    expect((await compiled.flush()).outputs.map((o) => o.value)).toEqual([3, 4, 5]);
  });
});

describe('decision table', () => {
  it('returns the rows matching the condition, cells converted to column types', async () => {
    const table = JSON.stringify({
      columns: [{ name: 'name', type: 'java.lang.String' }, { name: 'limit', type: 'java.lang.Integer' }],
      rows: [['small', '10'], ['big', '100'], ['none', null]],
    });
    const compiled = compile([
      eventsSource,
      {
        type: 'Enricher',
        id: 'table',
        output: 'rows',
        service: { id: 'decision-table', parameters: [{ name: 'Decision Table', expression: { language: 'tabularDataDefinition', expression: table } }, param('Match condition', '#ROW.limit != null && #ROW.limit >= #input.value')] },
      },
      kafkaSink('out', '#rows.![#this.name]'),
    ]);
    expect(await feed(compiled, [[0, { key: 'a', value: 50 }], [0, { key: 'a', value: 5 }]])).toEqual([['big'], ['small', 'big']]);
  });
});

describe('request-response', () => {
  it('reads the request and answers with the response fields of the output schema', async () => {
    const properties = {
      slug: '',
      inputSchema: JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }),
      outputSchema: JSON.stringify({ type: 'object', properties: { greeting: { type: 'string' }, extra: { type: 'string' } } }),
    };
    const compiled = compile(
      [
        { type: 'Source', id: 'source', ref: { typ: 'request', parameters: [] } },
        { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [param('Raw editor', 'false'), param('greeting', "'Hello ' + #input.name"), param('extra', '')] } },
      ],
      'request-response',
      properties,
    );
    const scope = await compiled.processRecord('source', { name: 'Ann' });
    expect(scope.outputs.map((o) => o.value)).toEqual([new Map([['greeting', 'Hello Ann']])]);
  });
});

describe('logging sink and event generator', () => {
  it('logs the given value, or the whole context when empty', async () => {
    const compiled = compile([eventsSource, { type: 'Split', id: 'split', nexts: [[{ type: 'Sink', id: 'log-value', ref: { typ: 'logging', parameters: [param('Value', '#input.value')] } }], [{ type: 'Sink', id: 'log-all', ref: { typ: 'logging', parameters: [param('Value', '')] } }]] }]);
    const scope = await compiled.processRecord('source', { key: 'k', value: 3 });
    expect(scope.outputs.map((o) => [o.nodeId, o.value])).toEqual([
      ['log-value', 3],
      ['log-all', new Map([['input', new Map<string, unknown>([['key', 'k'], ['value', 3]])]])],
    ]);
  });
  it('generates count records per batch from the value expression', () => {
    const compiled = compile([
      { type: 'Source', id: 'source', ref: { typ: 'event-generator', parameters: [param('schedule', "T(java.time.Duration).parse('PT1S')"), param('count', '2'), param('value', "{id: 'x'}")] } },
      kafkaSink('out'),
    ]);
    expect(compiled.sources[0]?.instance.generate?.()).toEqual([new Map([['id', 'x']]), new Map([['id', 'x']])]);
  });
});

describe('http enricher', () => {
  it('calls the URL and binds status, headers and the decoded JSON body', async () => {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ method: request.method, echo: body === '' ? null : JSON.parse(body) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const compiled = compile([
        eventsSource,
        {
          type: 'Enricher',
          id: 'http',
          output: 'response',
          service: { id: 'http', parameters: [param('URL', `'http://127.0.0.1:${port}/x'`), param('Method', "'POST'"), param('Headers', ''), param('Body', '{v: #input.value}'), param('Response schema', '')] },
        },
        kafkaSink('out', '#response'),
      ]);
      const scope = await compiled.processRecord('source', { key: 'k', value: 7 });
      expect(scope.errors).toEqual([]);
      const response = scope.outputs[0]?.value as Map<string, unknown>;
      expect(response.get('statusCode')).toBe(200);
      expect(response.get('body')).toEqual(new Map<string, unknown>([['method', 'POST'], ['echo', new Map([['v', 7]])]]));
      expect((response.get('headers') as Map<string, string>).get('content-type')).toBe('application/json');
    } finally {
      server.close();
    }
  });
  it('turns an unreachable endpoint into an error of the node for that record', async () => {
    const compiled = compile([
      eventsSource,
      { type: 'Enricher', id: 'http', output: 'response', service: { id: 'http', parameters: [param('URL', "'http://127.0.0.1:1/'"), param('Method', "'GET'"), param('Headers', ''), param('Body', ''), param('Response schema', '')] } },
      kafkaSink('out', '#response'),
    ]);
    const scope = await compiled.processRecord('source', { key: 'k', value: 7 });
    expect(scope.errors.map((e) => e.nodeId)).toEqual(['http']);
  });
});
