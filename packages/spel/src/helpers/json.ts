import type { Decimal } from 'decimal.js';
import { activeBudget } from '../evaluator/budget';
import { JavaBigInteger, JavaDouble, javaToString, numberKindOf } from '@scenaria/typing/runtime';

/** Thrown for invalid JSON text. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

/**
 * Parses JSON into Java-like runtime values: objects become Maps (so `__proto__` is just a key), integral
 * numbers Integer/Long/BigInteger by size, fractional numbers Double, exactly like a JVM JSON decoder.
 * Hand-written because JSON.parse loses precision on large integers.
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
    if (match[1] === undefined && match[2] === undefined) {
      const big = BigInt(match[0]);
      if (big >= -2147483648n && big <= 2147483647n) return Number(big);
      if (big >= -(1n << 63n) && big < 1n << 63n) return big;
      return new JavaBigInteger(big);
    }
    return new JavaDouble(Number(match[0]));
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
