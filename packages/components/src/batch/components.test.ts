import { classType, displayType, valueType } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { componentId, resolveParameters } from '../component';
import type { ComponentDefinition } from '../component';
import { defaultModel } from '../model';
import { defaultScenarioProperties } from '../scenario-properties';
import { sqlTypeToType } from './sql-types';
import type { QueryDefinition, TableDefinition } from './tables';

const orders: TableDefinition = {
  database: 'designer',
  dialect: 'postgresql',
  schema: 'public',
  name: 'orders',
  primaryKey: ['id'],
  columns: [
    { name: 'id', dataType: 'bigint', isNullable: false, hasDefault: true },
    { name: 'amount', dataType: 'numeric', isNullable: false, hasDefault: false },
    { name: 'tags', dataType: 'ARRAY', elementType: 'text', isNullable: true, hasDefault: false },
    { name: 'day', dataType: 'date', isNullable: true, hasDefault: false },
    { name: 'at', dataType: 'time without time zone', isNullable: true, hasDefault: false },
    { name: 'created', dataType: 'timestamp with time zone', isNullable: true, hasDefault: false },
    { name: 'note', dataType: 'text', isNullable: true, hasDefault: false },
  ],
};
const bigOrders: QueryDefinition = {
  name: 'bigOrders',
  database: 'designer',
  dialect: 'postgresql',
  sql: 'select id, amount from orders where amount > :minAmount',
  parameters: { minAmount: 'BigDecimal' },
  columns: orders.columns.slice(0, 2),
};
const model = defaultModel('batch', { tables: [orders], queries: [bigOrders] });
const spel = (expression: string) => ({ language: 'spel', expression });
const literal = (text: string) => ({ expression: spel(`'${text}'`), type: valueType(classType('java.lang.String'), text) });

function component(id: string): ComponentDefinition {
  const found = model.components.find((c) => componentId(c) === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

function outputOf(definition: ComponentDefinition, parameters: Record<string, ReturnType<typeof literal>>) {
  const output = definition.output?.type;
  if (typeof output !== 'function') throw new Error('dynamic output expected');
  return output({ parameters, branchParameters: {}, scenarioProperties: {}, variables: {} });
}

describe('SQL types', () => {
  it('converts as the reference says: arrays, time, date, timestamp, text and the numerics', () => {
    const pg = (dataType: string, elementType?: string) => displayType(sqlTypeToType('postgresql', { dataType, elementType }));
    expect([pg('ARRAY', 'int8'), pg('time without time zone'), pg('date'), pg('timestamp without time zone'), pg('timestamp with time zone'), pg('text')]).toEqual([
      'List[Long]', 'LocalTime', 'LocalDate', 'Instant', 'Instant', 'String',
    ]);
    expect([pg('smallint'), pg('integer'), pg('bigint'), pg('real'), pg('double precision'), pg('numeric')]).toEqual(['Short', 'Integer', 'Long', 'Float', 'Double', 'BigDecimal']);
    const maria = (dataType: string) => displayType(sqlTypeToType('mariadb', { dataType }));
    expect([maria('longtext'), maria('datetime'), maria('decimal'), maria('int'), maria('time'), maria('date')]).toEqual(['String', 'Instant', 'BigDecimal', 'Integer', 'LocalTime', 'LocalDate']);
  });
});

describe('batch model', () => {
  it('offers the batch components and none of the streaming-only ones', () => {
    const ids = model.components.map(componentId);
    expect(model.processingMode).toBe('Bounded-Stream');
    expect(ids).toEqual(expect.arrayContaining(['source-table', 'source-query', 'sink-table', 'custom-aggregate', 'sink-dead-end']));
    expect(ids).not.toContain('source-kafka');
    expect(defaultModel('streaming').components.map(componentId)).not.toContain('source-table');
  });

  it('types the table source output from the columns', () => {
    const result = outputOf(component('source-table'), { Table: literal('designer.public.orders') });
    expect(result.ok && displayType(result.type)).toBe('Record{amount: BigDecimal, at: LocalTime, created: Instant, day: LocalDate, id: Long, note: String, tags: List[String]}');
    const unknown = outputOf(component('source-table'), { Table: literal('designer.public.nope') });
    expect(unknown.ok ? [] : unknown.errors.map((e) => e.code)).toEqual(['UnknownTable']);
  });

  it('gives the query source its declared, typed parameters', () => {
    const parameters = resolveParameters(component('source-query'), { nodeParameters: new Map([['Query', spel("'bigOrders'")]]), scenarioProperties: {} });
    expect(parameters.map((p) => [p.name, displayType(p.type)])).toEqual([['Query', 'String'], ['minAmount', 'BigDecimal']]);
    const result = outputOf(component('source-query'), { Query: literal('bigOrders') });
    expect(result.ok && displayType(result.type)).toBe('Record{amount: BigDecimal, id: Long}');
  });

  it('gives the table sink one typed parameter per column, optional where the database may fill it', () => {
    const parameters = resolveParameters(component('sink-table'), { nodeParameters: new Map([['Table', spel("'designer.public.orders'")]]), scenarioProperties: {} });
    expect(parameters.map((p) => [p.name, displayType(p.type), p.isOptional])).toEqual([
      ['Table', 'String', false],
      ['Raw editor', 'Boolean', false],
      ['id', 'Long', true],
      ['amount', 'BigDecimal', false],
      ['tags', 'List[String]', true],
      ['day', 'LocalDate', true],
      ['at', 'LocalTime', true],
      ['created', 'Instant', true],
      ['note', 'String', true],
    ]);
    const raw = resolveParameters(component('sink-table'), { nodeParameters: new Map([['Table', spel("'designer.public.orders'")], ['Raw editor', spel('true')]]), scenarioProperties: {} });
    expect(raw.map((p) => p.name)).toEqual(['Table', 'Raw editor', 'Value']);
  });

  it('checks the cron property', () => {
    const cron = defaultScenarioProperties('batch').cron;
    expect(cron?.check?.('0 0 2 * * ?')).toBeUndefined();
    expect(cron?.check?.('')).toBeUndefined();
    expect(cron?.check?.('every day')).toMatch(/Invalid cron expression/);
  });
});
