import { AggregatorSpec, componentId, componentsById, defaultModel } from '@scenaria/components';
import type { TableDefinition } from '@scenaria/components';
import type { CanonicalNode } from '@scenaria/graph';
import { javaBigDecimal, javaDouble, javaToString } from '@scenaria/typing/runtime';
import { describe, expect, it } from 'vitest';
import { param, scenario } from '../../test/support';
import { aggregateValues } from '../components/aggregators';
import { aggregateHelperValue, compileScenario, createSpelCompilerFactory, defaultComponentRuntimes } from '../index';
import { accumulate, accumulatorResult, emptyAccumulator } from './accumulator';

const orders: TableDefinition = {
  database: 'designer',
  dialect: 'postgresql',
  schema: 'public',
  name: 'orders',
  primaryKey: ['id'],
  columns: [
    { name: 'id', dataType: 'bigint', isNullable: false, hasDefault: false },
    { name: 'customer', dataType: 'text', isNullable: false, hasDefault: false },
    { name: 'amount', dataType: 'numeric', isNullable: false, hasDefault: false },
    { name: 'day', dataType: 'date', isNullable: true, hasDefault: false },
  ],
};
const totals: TableDefinition = {
  ...orders,
  name: 'totals',
  columns: [
    { name: 'customer', dataType: 'text', isNullable: false, hasDefault: false },
    { name: 'total', dataType: 'numeric', isNullable: false, hasDefault: false },
    { name: 'orders', dataType: 'bigint', isNullable: false, hasDefault: false },
  ],
};
const model = defaultModel('batch', { tables: [orders, totals] });

function compile(nodes: CanonicalNode[]) {
  const result = compileScenario(scenario('totals', nodes), {
    components: componentsById(model, { isFragment: false }),
    runtimes: defaultComponentRuntimes(),
    expressionCompilers: createSpelCompilerFactory({ classes: model.classes }),
    additionalVariableValues: { AGG: aggregateHelperValue },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const pipeline: CanonicalNode[] = [
  { type: 'Source', id: 'orders', ref: { typ: 'table', parameters: [param('Table', "'designer.public.orders'")] } },
  { type: 'Filter', id: 'big', expression: { language: 'spel', expression: '#input.amount > 10' } },
  {
    type: 'CustomNode',
    id: 'per-customer',
    nodeType: 'aggregate',
    outputVar: 'agg',
    parameters: [
      param('groupBy', '#input.customer'),
      param('aggregator', '#AGG.map({customer: #AGG.first, total: #AGG.sum, orders: #AGG.countWhen})'),
      param('aggregateBy', '{customer: #input.customer, total: #input.amount, orders: true}'),
    ],
  },
  {
    type: 'Sink',
    id: 'totals',
    ref: { typ: 'table', parameters: [param('Table', "'designer.public.totals'"), param('Raw editor', 'false'), param('customer', '#agg.customer'), param('total', '#agg.total'), param('orders', '#agg.orders')] },
  },
];

describe('batch runtimes', () => {
  it('implements every batch component', () => {
    const runtimes = defaultComponentRuntimes();
    expect(model.components.filter((c) => !runtimes.get(componentId(c))).map(componentId)).toEqual([]);
  });

  it('tells the host which table a source reads, with the row type', () => {
    const compiled = compile(pipeline);
    const read = compiled.sources[0]?.instance.batchRead;
    expect(read?.kind === 'table' && read.table).toBe('designer.public.orders');
  });

  it('decodes JSON test rows by the column types and aggregates the whole input per key into the sink', async () => {
    const compiled = compile(pipeline);
    const rows = [
      { id: 1, customer: 'b', amount: '20.25', day: '2026-01-02' },
      { id: 2, customer: 'a', amount: 5, day: null },
      { id: 3, customer: 'a', amount: '11', day: '2026-01-03' },
      { id: 4, customer: 'b', amount: '30', day: '2026-01-04' },
    ];
    for (const row of rows) {
      const scope = await compiled.processRecord('orders', JSON.stringify(row));
      expect(scope.errors).toEqual([]);
      // Nothing leaves the aggregate before the input ends.
      expect(scope.outputs).toEqual([]);
    }
    const flushed = await compiled.flush();
    expect(flushed.outputs.map((o) => [o.nodeId, [...(o.value as Map<string, unknown>)].map(([k, v]) => [k, javaToString(v)])])).toEqual([
      ['totals', [['customer', 'a'], ['total', '11'], ['orders', '1']]],
      ['totals', [['customer', 'b'], ['total', '50.25'], ['orders', '2']]],
    ]);
  });

  it('aggregates the whole input into one record with a constant key', async () => {
    const compiled = compile([
      { type: 'Source', id: 'orders', ref: { typ: 'table', parameters: [param('Table', "'designer.public.orders'")] } },
      { type: 'CustomNode', id: 'all', nodeType: 'aggregate', outputVar: 'agg', parameters: [param('groupBy', "''"), param('aggregator', '#AGG.sum'), param('aggregateBy', '#input.amount')] },
      { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [param('Value', '#agg')] } },
    ]);
    for (const amount of ['1.5', '2', '3']) await compiled.processRecord('orders', { id: 1, customer: 'a', amount, day: null });
    expect((await compiled.flush()).outputs.map((o) => javaToString(o.value))).toEqual(['6.5']);
  });

  it('decodes dates to LocalDate and reports a cell that does not convert', async () => {
    const compiled = compile([
      { type: 'Source', id: 'orders', ref: { typ: 'table', parameters: [param('Table', "'designer.public.orders'")] } },
      { type: 'Sink', id: 'log', ref: { typ: 'logging', parameters: [param('Value', '#input.day.plusDays(1)')] } },
    ]);
    const ok = await compiled.processRecord('orders', { id: 1, customer: 'a', amount: '1', day: '2026-01-31' });
    expect(ok.outputs.map((o) => javaToString(o.value))).toEqual(['2026-02-01']);
    const bad = await compiled.processRecord('orders', { id: 1, customer: 'a', amount: 'lots', day: null });
    expect(bad.errors.map((e) => e.nodeId)).toEqual(['orders']);
  });
});

describe('accumulators', () => {
  const values = [javaBigDecimal('1.5'), null, javaBigDecimal('2.25'), javaBigDecimal('-1')];
  it.each(['sum', 'first', 'last', 'min', 'max', 'average', 'list', 'set', 'approxCardinality'] as const)('%s folds to what the windowed aggregates give', (kind) => {
    const spec = new AggregatorSpec(kind, new Map());
    const acc = emptyAccumulator(spec);
    for (const value of values) accumulate(acc, value);
    expect(javaToString(accumulatorResult(acc))).toBe(javaToString(aggregateValues(spec, values)));
  });
  it('averages doubles once any value is not a BigDecimal, and counts trues', () => {
    const average = emptyAccumulator(new AggregatorSpec('average', new Map()));
    for (const value of [javaBigDecimal('1'), javaDouble(2)]) accumulate(average, value);
    expect(javaToString(accumulatorResult(average))).toBe('1.5');
    const count = emptyAccumulator(new AggregatorSpec('countWhen', new Map()));
    for (const value of [true, false, true]) accumulate(count, value);
    expect(accumulatorResult(count)).toBe(2n);
  });
});
