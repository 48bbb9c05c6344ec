import { listType, mapType, recordType, Types, unknownType } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { CellDecodeError, decodeRow, rowDecoder } from './sql-values';

const orders = recordType({
  id: Types.Long,
  customer: Types.String,
  quantity: Types.Integer,
  paid: Types.Boolean,
  days: listType(Types.LocalDate),
  extra: mapType(Types.String, unknownType),
  created: Types.Instant,
});

describe('rows of a batch source', () => {
  it('converts each cell to its column type, from database text and from JSON alike, and gives missing columns as null', () => {
    const decode = rowDecoder(orders);
    const fromText = decode({ id: '9007199254740993', customer: 'c1', quantity: '3', paid: 't', days: '["2026-01-31",null]', extra: '{"a":1}', created: '2026-01-31T10:00:00.000000Z' });
    expect(fromText.get('id')).toBe(9007199254740993n);
    expect(fromText.get('quantity')).toBe(3);
    expect(fromText.get('paid')).toBe(true);
    expect((fromText.get('days') as unknown[]).map((day) => (day === null ? null : String(day)))).toEqual(['2026-01-31', null]);
    expect((fromText.get('extra') as Map<string, unknown>).get('a')).toBeDefined();
    expect(String(fromText.get('created'))).toBe('2026-01-31T10:00:00Z');
    const fromJson = decode(JSON.stringify({ id: 1, customer: 'c2', paid: false }));
    expect([...fromJson.entries()]).toEqual([['id', 1n], ['customer', 'c2'], ['quantity', null], ['paid', false], ['days', null], ['extra', null], ['created', null]]);
    // The prepared decoder and the one-off call agree.
    expect(decodeRow(orders, { id: '2', days: '[]' })).toEqual(decode({ id: '2', days: '[]' }));
  });

  it('names the column of a cell that does not convert, and refuses rows that are not objects', () => {
    const decode = rowDecoder(orders);
    const failure = (() => {
      try {
        decode({ id: '1', created: 'yesterday' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(CellDecodeError);
    expect(failure).toMatchObject({ column: 'created', message: expect.stringContaining('Column created: ') });
    expect(() => decode('[1, 2]')).toThrow(/A row must be a JSON object/);
  });

  it('keeps a row of no known columns as it comes, and passes a record through', () => {
    const untyped = rowDecoder(unknownType);
    expect([...untyped({ a: 'text', b: 2 }).entries()]).toEqual([['a', 'text'], ['b', 2]]);
    const record = new Map<string, unknown>([['x', 1]]);
    expect(untyped(record)).toBe(record);
  });
});
