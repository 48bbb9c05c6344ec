import { displayType } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { jsonSchemaTextToType } from './json-schema';
import { parseTabularData, tabularDataErrorDetails } from './tabular-data';

const display = (text: string) => {
  const result = jsonSchemaTextToType(text);
  return result.ok ? displayType(result.type) : `error: ${result.message}`;
};

describe('JSON schema types', () => {
  it('reads the request schema of the loan quickstart', () => {
    const schema = JSON.stringify({
      properties: {
        customerId: { type: 'string' },
        location: { properties: { city: { type: 'string' }, street: { type: 'string' } } },
        requestType: { type: 'string' },
        requestedAmount: { type: 'number' },
      },
    });
    expect(display(schema)).toBe('Record{customerId: String, location: Record{city: String, street: String}, requestType: String, requestedAmount: BigDecimal}');
  });

  it('maps scalars, arrays, maps, unions and empty schemas', () => {
    expect(display('')).toBe('Unknown');
    expect(display('{}')).toBe('Unknown');
    expect(display('{"type": "integer"}')).toBe('Long');
    expect(display('{"type": "boolean"}')).toBe('Boolean');
    expect(display('{"type": "array", "items": {"type": "integer"}}')).toBe('List[Long]');
    expect(display('{"type": "object"}')).toBe('Map[String,Unknown]');
    expect(display('{"anyOf": [{"type": "string"}, {"type": "integer"}]}')).toBe('Long | String');
  });

  it('reports invalid schemas as values', () => {
    expect(display('{"type": ')).toMatch(/^error: Invalid JSON schema/);
    expect(display('{"type": "frobnicate"}')).toMatch(/unsupported type/);
  });
});

describe('decision tables', () => {
  it('types rows by their columns', () => {
    const result = parseTabularData('{"columns":[{"name":"a","type":"java.lang.Integer"},{"name":"b","type":"java.lang.String"}],"rows":[["1","x"],[null,"y"]]}');
    expect(result.ok && displayType(result.rowType)).toBe('Record{a: Integer, b: String}');
  });

  it('reports cells that do not convert, in the reference details shape', () => {
    const result = parseTabularData('{"columns":[{"name":"a","type":"java.lang.Integer"}],"rows":[["1"],["x"]]}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.cellErrors.map((cell) => cell.code)).toEqual(['InvalidCellValue']);
      expect(tabularDataErrorDetails(result).cellErrors).toEqual([{ columnName: 'a', rowIndex: 1, errorMessage: "Cannot convert 'x' to Integer" }]);
      expect(result.columnDefinitions).toEqual([{ name: 'a', aType: 'java.lang.Integer' }]);
    }
  });

  it('rejects duplicate and badly typed columns', () => {
    expect(parseTabularData('{"columns":[{"name":"a","type":"java.lang.Integer"},{"name":"a","type":"java.lang.Integer"}],"rows":[]}').ok).toBe(false);
    expect(parseTabularData('{"columns":[{"name":"a","type":"java.io.File"}],"rows":[]}').ok).toBe(false);
    expect(parseTabularData('not json').ok).toBe(false);
  });
});
