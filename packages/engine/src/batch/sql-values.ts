import { withoutValue } from '@scenaria/typing';
import type { TypingResult } from '@scenaria/typing';
import { decodeValueForClass, fromPlainJson } from '@scenaria/typing/runtime';

/** A value of a SQL table that does not convert to its column's class (a test file's row, a database's text). */
export class CellDecodeError extends Error {
  readonly code = 'CellDecodeError';
  constructor(message: string, readonly column: string) {
    super(message);
  }
}

function parsedJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * The runtime value of one cell from its column's type and what a database or a test file gives for it: text
 * (the databases are read as text, so nothing is lost to JS numbers) or JSON. Arrays come as JSON.
 */
export function decodeCell(type: TypingResult, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const plain = withoutValue(type);
  if (plain.kind !== 'class') return typeof value === 'string' ? value : fromPlainJson(value);
  switch (plain.className) {
    case 'java.lang.String':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'java.lang.Integer':
      return typeof value === 'number' ? value : Number.parseInt(String(value), 10);
    case 'java.lang.Long':
      return BigInt(typeof value === 'number' ? Math.trunc(value) : String(value));
    case 'java.lang.Boolean':
      return value === true || value === 't' || value === 'true' || value === '1' || value === 1;
    case 'java.util.List': {
      const element = plain.params[0];
      const list = parsedJson(value);
      if (!Array.isArray(list)) throw new Error(`Expected a list, got ${JSON.stringify(value)}`);
      return element ? list.map((item: unknown) => decodeCell(element, item)) : list.map(fromPlainJson);
    }
    case 'java.util.Map':
      return fromPlainJson(parsedJson(value));
    default: {
      const decoded = decodeValueForClass(plain.className, value);
      if (!decoded.ok) throw new Error(decoded.errors.map((e) => e.message).join('; '));
      return decoded.value;
    }
  }
}

/**
 * A row as the expression language sees it (a record: Map of column -> value) from a database row or a test
 * record (JSON text or an object), each cell converted to its column's type. Columns the row lacks are null.
 */
export function decodeRow(rowType: TypingResult, row: unknown): Map<string, unknown> {
  if (row instanceof Map) return row as Map<string, unknown>;
  const object = parsedJson(row);
  if (typeof object !== 'object' || object === null || Array.isArray(object)) throw new Error(`A row must be a JSON object, got ${JSON.stringify(row)}`);
  const plain = withoutValue(rowType);
  const fields: Iterable<[string, TypingResult]> = plain.kind === 'record' ? plain.fields : Object.keys(object).map((name) => [name, { kind: 'unknown' }] as [string, TypingResult]);
  const result = new Map<string, unknown>();
  for (const [name, type] of fields) {
    const cell = Object.hasOwn(object, name) ? (object as Record<string, unknown>)[name] : null;
    try {
      result.set(name, decodeCell(type, cell));
    } catch (error) {
      throw new CellDecodeError(`Column ${name}: ${error instanceof Error ? error.message : String(error)}`, name);
    }
  }
  return result;
}
