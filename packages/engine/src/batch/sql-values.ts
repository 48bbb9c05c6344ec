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
  return cellDecoder(type)(value);
}

const keepNull =
  (decode: (value: unknown) => unknown) =>
  (value: unknown): unknown =>
    value === null || value === undefined ? null : decode(value);

/**
 * `decodeCell` for one column's type, prepared once: a batch source reads millions of cells of a few types, and
 * looking at each type again for every cell cost more than converting the cell.
 */
export function cellDecoder(type: TypingResult): (value: unknown) => unknown {
  const plain = withoutValue(type);
  if (plain.kind !== 'class') return keepNull((value) => (typeof value === 'string' ? value : fromPlainJson(value)));
  const className = plain.className;
  switch (className) {
    case 'java.lang.String':
      return keepNull((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
    case 'java.lang.Integer':
      return keepNull((value) => (typeof value === 'number' ? value : Number.parseInt(String(value), 10)));
    case 'java.lang.Long':
      return keepNull((value) => BigInt(typeof value === 'number' ? Math.trunc(value) : String(value)));
    case 'java.lang.Boolean':
      return keepNull((value) => value === true || value === 't' || value === 'true' || value === '1' || value === 1);
    case 'java.util.List': {
      const element = plain.params[0];
      const decodeElement = element ? cellDecoder(element) : undefined;
      return keepNull((value) => {
        const list = parsedJson(value);
        if (!Array.isArray(list)) throw new Error(`Expected a list, got ${JSON.stringify(value)}`);
        return decodeElement ? list.map((item: unknown) => decodeElement(item)) : list.map(fromPlainJson);
      });
    }
    case 'java.util.Map':
      return keepNull((value) => fromPlainJson(parsedJson(value)));
    default:
      return keepNull((value) => {
        const decoded = decodeValueForClass(className, value);
        if (!decoded.ok) throw new Error(decoded.errors.map((e) => e.message).join('; '));
        return decoded.value;
      });
  }
}

/**
 * A row as the expression language sees it (a record: Map of column -> value) from a database row or a test
 * record (JSON text or an object), each cell converted to its column's type. Columns the row lacks are null.
 */
export function decodeRow(rowType: TypingResult, row: unknown): Map<string, unknown> {
  return rowDecoder(rowType)(row);
}

const decodeUntyped = cellDecoder({ kind: 'unknown' });

/** `decodeRow` for one row type, prepared once (each column's `cellDecoder`), for a source's every row. */
export function rowDecoder(rowType: TypingResult): (row: unknown) => Map<string, unknown> {
  const plain = withoutValue(rowType);
  const columns = plain.kind === 'record' ? [...plain.fields].map(([name, type]): [string, (value: unknown) => unknown] => [name, cellDecoder(type)]) : undefined;
  return (row) => {
    if (row instanceof Map) return row as Map<string, unknown>;
    const object = parsedJson(row);
    if (typeof object !== 'object' || object === null || Array.isArray(object)) throw new Error(`A row must be a JSON object, got ${JSON.stringify(row)}`);
    const fields = columns ?? Object.keys(object).map((name): [string, (value: unknown) => unknown] => [name, decodeUntyped]);
    const result = new Map<string, unknown>();
    for (const [name, decode] of fields) {
      const cell = Object.hasOwn(object, name) ? (object as Record<string, unknown>)[name] : null;
      try {
        result.set(name, decode(cell));
      } catch (error) {
        throw new CellDecodeError(`Column ${name}: ${error instanceof Error ? error.message : String(error)}`, name);
      }
    }
    return result;
  };
}
