import type { Decimal } from 'decimal.js';
import { activeBudget } from '../evaluator/budget';
import { ExactDecimal, javaToString, numberKindOf, scaleOfDecimalText, withJavaScale } from '@scenaria/typing/runtime';

/** Thrown for invalid JSON text. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

const INT_RANGE = [new ExactDecimal(-2147483648), new ExactDecimal(2147483647)] as const;
const LONG_RANGE = [new ExactDecimal('-9223372036854775808'), new ExactDecimal('9223372036854775807')] as const;

/**
 * A JSON number as Nussknacker's decoder reads it: a whole number as the narrowest of Integer and Long that holds
 * it (`1.0` and `1e3` are whole), anything else a BigDecimal (`1.234`, integers beyond Long), never a Double.
 */
function jsonNumber(text: string, plainInteger: boolean): unknown {
  if (plainInteger && text.length < 10) return Number(text) | 0;
  const value = new ExactDecimal(text);
  if (value.isInteger()) {
    if (value.gte(INT_RANGE[0]) && value.lte(INT_RANGE[1])) return value.toNumber() | 0;
    if (value.gte(LONG_RANGE[0]) && value.lte(LONG_RANGE[1])) return BigInt(value.toFixed());
  }
  return withJavaScale(value, scaleOfDecimalText(text));
}

/**
 * Parses JSON into Java-like runtime values: objects become Maps (so `__proto__` is just a key), numbers as
 * {@link jsonNumber} reads them. Hand-written because JSON.parse loses precision on large integers.
 */
export function parseJson(text: string): unknown {
  let pos = 0;
  const budget = activeBudget();
  const ws = () => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos]!)) pos++;
  };
  const error = (message: string): never => {
    throw new JsonSyntaxError(`${message} at position ${pos}`);
  };
  const value = (depth: number): unknown => {
    if (depth > 500) error('JSON nested too deeply');
    budget.step();
    ws();
    const char = text[pos];
    if (char === '{') {
      pos++;
      const map = new Map<string, unknown>();
      ws();
      if (text[pos] === '}') {
        pos++;
        return map;
      }
      for (;;) {
        ws();
        if (text[pos] !== '"') error('Expected a field name');
        const key = string();
        ws();
        if (text[pos] !== ':') error("Expected ':'");
        pos++;
        map.set(key, value(depth + 1));
        ws();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return map;
        }
        error("Expected ',' or '}'");
      }
    }
    if (char === '[') {
      pos++;
      const list: unknown[] = [];
      ws();
      if (text[pos] === ']') {
        pos++;
        return list;
      }
      for (;;) {
        list.push(value(depth + 1));
        ws();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return list;
        }
        error("Expected ',' or ']'");
      }
    }
    if (char === '"') return string();
    if (text.startsWith('true', pos)) {
      pos += 4;
      return true;
    }
    if (text.startsWith('false', pos)) {
      pos += 5;
      return false;
    }
    if (text.startsWith('null', pos)) {
      pos += 4;
      return null;
    }
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(pos, pos + 400));
    if (!match) return error('Unexpected character');
    pos += match[0].length;
    return jsonNumber(match[0], match[1] === undefined && match[2] === undefined);
  };
  const string = (): string => {
    pos++;
    let result = '';
    for (;;) {
      const char = text[pos];
      if (char === undefined) error('Unterminated string');
      if (char === '"') {
        pos++;
        return result;
      }
      if (char === '\\') {
        const escape = text[pos + 1];
        pos += 2;
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (escape !== undefined && Object.hasOwn(simple, escape)) result += simple[escape];
        else if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos, pos + 4))) {
          result += String.fromCharCode(parseInt(text.slice(pos, pos + 4), 16));
          pos += 4;
        } else error('Invalid escape');
        continue;
      }
      result += char;
      pos++;
    }
  };
  const result = value(0);
  ws();
  if (pos !== text.length) error('Unexpected trailing text');
  return result;
}

function quote(text: string): string {
  return JSON.stringify(text);
}

/** Serialises a runtime value as JSON text (maps as objects, Java numbers exactly). */
export function toJsonString(value: unknown, depth = 0): string {
  if (depth > 500) throw new JsonSyntaxError('Value nested too deeply');
  activeBudget().step();
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value) || value instanceof Set) return `[${[...value].map((item) => toJsonString(item, depth + 1)).join(',')}]`;
  if (value instanceof Map) {
    return `{${[...value].map(([key, item]) => `${quote(javaToString(key))}:${toJsonString(item, depth + 1)}`).join(',')}}`;
  }
  const kind = numberKindOf(value);
  if (kind === 'Double' || kind === 'Float') {
    const number = (value as { value: number }).value;
    return Number.isFinite(number) ? javaToString(value) : 'null';
  }
  if (kind === 'BigDecimal') {
    // Exponent form beyond a thousand places: `1e999999999` must not become a billion-digit string.
    const decimal = value as Decimal;
    return Math.abs(decimal.e) < 1000 ? decimal.toFixed() : decimal.toExponential();
  }
  if (kind) return javaToString(value);
  return quote(javaToString(value));
}
