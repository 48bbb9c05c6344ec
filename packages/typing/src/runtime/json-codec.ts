import '@js-joda/timezone';
import type { Decimal } from 'decimal.js';
import type { Issue } from '@scenaria/issues';
import { ChronoUnit, DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, Period, ZonedDateTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { JavaClassNames } from '../types/java-classes';
import { ExactDecimal, numberKindOf } from './numbers';
import { formatJavaBigDecimal, formatJavaDouble, formatJavaFloat, javaToString } from './to-string';
import { javaClassOf } from './type-of-value';
import {
  isJavaBigDecimal,
  isJavaBigInteger,
  isJavaCharacter,
  JAVA_LIMITS,
  JavaBigInteger,
  JavaByte,
  JavaCharacter,
  JavaCharset,
  JavaCurrency,
  JavaDouble,
  JavaFloat,
  JavaLocale,
  JavaShort,
  JavaUuid,
  type JavaDouble as JavaDoubleType,
} from './values';

/** Any JSON value, as JSON.parse returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A problem found while decoding JSON into runtime values. */
export interface JsonDecodeIssue extends Issue<'InvalidTypedJson' | 'InvalidJsonText'> {
  readonly path: readonly (string | number)[];
}

/** The outcome of decoding: a runtime value, or the issues found. */
export type JsonDecodeResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly errors: readonly JsonDecodeIssue[] };

/** Integral numbers decode to Integer within int32, to Long within the long range, else to Double. */
function integralNumber(value: number): unknown {
  if (value >= JAVA_LIMITS.INT_MIN && value <= JAVA_LIMITS.INT_MAX) return value === 0 ? 0 : value;
  const asBig = BigInt(value);
  if (asBig >= JAVA_LIMITS.LONG_MIN && asBig <= JAVA_LIMITS.LONG_MAX) return asBig;
  return new JavaDouble(value);
}

/**
 * Plain JSON to runtime values: objects -> `Map` (string keys, in order), arrays -> arrays, integral numbers
 * -> Integer (int32) or Long, other numbers -> Double, strings, booleans and null as themselves.
 */
export function fromPlainJson(json: unknown): unknown {
  if (json === null || json === undefined) return null;
  switch (typeof json) {
    case 'string':
    case 'boolean':
      return json;
    case 'number':
      return Number.isInteger(json) ? integralNumber(json) : new JavaDouble(json);
    case 'object':
      if (Array.isArray(json)) return json.map(fromPlainJson);
      return new Map(Object.keys(json).map((key) => [key, fromPlainJson((json as Record<string, unknown>)[key])]));
    default:
      return null;
  }
}

/**
 * Runtime values to plain JSON (for showing results): numbers become JSON numbers (Longs and BigDecimals
 * beyond double precision lose digits here; use {@link toJsonText} for exact text), NaN/Infinity become
 * null, maps become objects with `toString` keys, sets become arrays, dates and other classes their
 * `toString` text.
 */
export function toPlainJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value instanceof Set) return [...value].map(toPlainJson);
  if (value instanceof Map) {
    const result: Record<string, JsonValue> = {};
    for (const [key, entry] of value) {
      Object.defineProperty(result, javaToString(key), { value: toPlainJson(entry), enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  const kind = numberKindOf(value);
  if (kind === 'BigDecimal') return (value as Decimal).toNumber();
  if (kind === 'BigInteger') return Number((value as JavaBigInteger).value);
  if (kind !== undefined) {
    const number = (value as { value: number }).value;
    return Number.isFinite(number) ? number : null;
  }
  return javaToString(value);
}

/**
 * Runtime values to JSON text with exact numbers: Longs, BigIntegers and BigDecimals keep every digit, Doubles
 * print their shortest form. Same mapping as {@link toPlainJson} otherwise.
 */
export function toJsonText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value instanceof Set) return `[${[...value].map(toJsonText).join(',')}]`;
  if (value instanceof Map) return `{${[...value].map(([key, entry]) => `${JSON.stringify(javaToString(key))}:${toJsonText(entry)}`).join(',')}}`;
  if (isJavaBigInteger(value)) return value.value.toString();
  // Exponent form beyond a thousand places: exact, and short for `1e999999999`.
  if (isJavaBigDecimal(value)) return Math.abs(value.e) < 1000 ? value.toFixed() : value.toExponential();
  return JSON.stringify(toPlainJson(value));
}

const TYPE_KEY = '$type';

function scalar(type: string, value: JsonValue): JsonValue {
  return { [TYPE_KEY]: type, value };
}

function floatingJson(type: 'Double' | 'Float', value: number, format: (value: number) => string): JsonValue {
  // JSON numbers cannot carry NaN, the infinities or the sign of zero; those travel as Java's text.
  return scalar(type, Number.isFinite(value) && !Object.is(value, -0) ? value : format(value));
}

const TIME_TYPE_NAMES: Readonly<Record<string, string>> = {
  [JavaClassNames.LocalDate]: 'LocalDate',
  [JavaClassNames.LocalTime]: 'LocalTime',
  [JavaClassNames.LocalDateTime]: 'LocalDateTime',
  [JavaClassNames.Instant]: 'Instant',
  [JavaClassNames.ZonedDateTime]: 'ZonedDateTime',
  [JavaClassNames.OffsetDateTime]: 'OffsetDateTime',
  [JavaClassNames.Duration]: 'Duration',
  [JavaClassNames.Period]: 'Period',
  [JavaClassNames.DayOfWeek]: 'DayOfWeek',
  [JavaClassNames.Month]: 'Month',
  [JavaClassNames.ChronoUnit]: 'ChronoUnit',
  [JavaClassNames.ZoneId]: 'ZoneId',
  [JavaClassNames.ZoneOffset]: 'ZoneOffset',
  [JavaClassNames.UUID]: 'UUID',
  [JavaClassNames.Locale]: 'Locale',
  [JavaClassNames.Currency]: 'Currency',
  [JavaClassNames.Charset]: 'Charset',
};

/**
 * Runtime values to typed JSON, a lossless form for storing and sending values: JSON null, booleans,
 * strings, Integers (as numbers) and lists (as arrays) are themselves; maps with String keys are objects
 * (unless a key is `$type`); everything else is `{"$type": "<Class>", "value": ...}`, e.g.
 * `{"$type":"Long","value":"9007199254740993"}`, `{"$type":"Double","value":3}`,
 * `{"$type":"BigDecimal","value":"1.50"}`, `{"$type":"LocalDate","value":"2024-01-31"}`,
 * `{"$type":"Map","entries":[[1,"a"]]}`, `{"$type":"Set","value":[1,2]}`.
 */
export function toTypedJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return scalar('Long', value.toString());
  if (Array.isArray(value)) return value.map(toTypedJson);
  if (value instanceof Set) return scalar('Set', [...value].map(toTypedJson));
  if (value instanceof Map) {
    const keys = [...value.keys()];
    if (keys.every((key) => typeof key === 'string' && key !== TYPE_KEY)) {
      const result: Record<string, JsonValue> = {};
      for (const [key, entry] of value) {
        Object.defineProperty(result, key as string, { value: toTypedJson(entry), enumerable: true, writable: true, configurable: true });
      }
      return result;
    }
    return { [TYPE_KEY]: 'Map', entries: [...value].map(([key, entry]) => [toTypedJson(key), toTypedJson(entry)]) };
  }
  switch (numberKindOf(value)) {
    case 'Double':
      return floatingJson('Double', (value as JavaDoubleType).value, formatJavaDouble);
    case 'Float':
      return floatingJson('Float', (value as JavaFloat).value, formatJavaFloat);
    case 'Short':
      return scalar('Short', (value as JavaShort).value);
    case 'Byte':
      return scalar('Byte', (value as JavaByte).value);
    case 'BigInteger':
      return scalar('BigInteger', (value as JavaBigInteger).value.toString());
    case 'BigDecimal':
      return scalar('BigDecimal', formatJavaBigDecimal(value as Decimal));
    default:
      break;
  }
  if (isJavaCharacter(value)) return scalar('Character', value.value);
  const className = javaClassOf(value);
  const typeName = className === undefined ? undefined : TIME_TYPE_NAMES[className];
  if (typeName === 'ChronoUnit') return scalar(typeName, chronoUnitName(value as ChronoUnit) ?? javaToString(value));
  if (typeName !== undefined) return scalar(typeName, javaToString(value));
  throw new TypeError(`Not a runtime value of the expression language: ${javaToString(value)}`);
}

class DecodeFailure extends Error {
  constructor(
    message: string,
    readonly path: readonly (string | number)[],
  ) {
    super(message);
  }
}

function parseFloating(json: unknown, path: readonly (string | number)[]): number {
  if (typeof json === 'number') return json;
  if (typeof json === 'string') {
    const special: Readonly<Record<string, number>> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0.0': -0 };
    if (Object.hasOwn(special, json)) return special[json] as number;
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(json)) return Number(json);
  }
  throw new DecodeFailure(`Expected a floating-point number, got ${JSON.stringify(json)}`, path);
}

function parseIntegral(json: unknown, path: readonly (string | number)[]): bigint {
  if (typeof json === 'number' && Number.isInteger(json)) return BigInt(json);
  if (typeof json === 'string' && /^[+-]?\d+$/.test(json)) return BigInt(json);
  throw new DecodeFailure(`Expected an integral number, got ${JSON.stringify(json)}`, path);
}

function requireString(json: unknown, path: readonly (string | number)[]): string {
  if (typeof json === 'string') return json;
  throw new DecodeFailure(`Expected a string, got ${JSON.stringify(json)}`, path);
}

function parseWith<T>(text: string, path: readonly (string | number)[], parse: (text: string) => T | undefined, what: string): T {
  let parsed: T | undefined;
  try {
    parsed = parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) throw new DecodeFailure(`Invalid ${what}: ${JSON.stringify(text)}`, path);
  return parsed;
}

// js-joda's ISO parsers go through its general formatter and resolver: about 20 µs a value here, and with the
// garbage they leave, a large part of a batch job reading a million rows with a date, a time and a timestamp. The
// plain shapes databases and JSON carry are read here directly; anything else (other years, offsets, leap seconds,
// invalid values) is left to js-joda, so what is accepted and what is refused stays exactly js-joda's.
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const PLAIN_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/** Nanoseconds from a fraction's digits (1 to 9 of them), or 0 when there are none. */
function nanosOf(fraction: string | undefined): number {
  return fraction === undefined ? 0 : Number(fraction.padEnd(9, '0'));
}

/** `parse(text)`, or `fast(text)` first where that gives a value: a fast reader that throws or gives none is skipped. */
function withPlainShape<T>(fast: (text: string) => T | undefined, parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      const value = fast(text);
      if (value !== undefined) return value;
    } catch {
      // An invalid value in a plain shape (2024-02-30): js-joda's parse refuses it as it always did.
    }
    return parse(text);
  };
}

const parseLocalDate = withPlainShape((text) => {
  const match = PLAIN_DATE.exec(text);
  return match ? LocalDate.of(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}, (text) => LocalDate.parse(text));

const parseLocalTime = withPlainShape((text) => {
  const match = PLAIN_TIME.exec(text);
  return match ? LocalTime.of(Number(match[1]), Number(match[2]), Number(match[3] ?? 0), nanosOf(match[4])) : undefined;
}, (text) => LocalTime.parse(text));

const parseInstant = withPlainShape((text) => {
  const match = PLAIN_INSTANT.exec(text);
  if (!match) return undefined;
  const date = LocalDate.of(Number(match[1]), Number(match[2]), Number(match[3]));
  const time = LocalTime.of(Number(match[4]), Number(match[5]), Number(match[6]), 0);
  return Instant.ofEpochSecond(date.toEpochDay() * 86_400 + time.toSecondOfDay(), nanosOf(match[7]));
}, (text) => Instant.parse(text));

const CHRONO_UNITS: Readonly<Record<string, ChronoUnit>> = {
  NANOS: ChronoUnit.NANOS,
  MICROS: ChronoUnit.MICROS,
  MILLIS: ChronoUnit.MILLIS,
  SECONDS: ChronoUnit.SECONDS,
  MINUTES: ChronoUnit.MINUTES,
  HOURS: ChronoUnit.HOURS,
  HALF_DAYS: ChronoUnit.HALF_DAYS,
  DAYS: ChronoUnit.DAYS,
  WEEKS: ChronoUnit.WEEKS,
  MONTHS: ChronoUnit.MONTHS,
  YEARS: ChronoUnit.YEARS,
  DECADES: ChronoUnit.DECADES,
  CENTURIES: ChronoUnit.CENTURIES,
  MILLENNIA: ChronoUnit.MILLENNIA,
  ERAS: ChronoUnit.ERAS,
  FOREVER: ChronoUnit.FOREVER,
};

/** Java enum-style `name()` of a ChronoUnit (js-joda prints `Days`, Java `DAYS`). */
export function chronoUnitName(unit: ChronoUnit): string | undefined {
  return Object.keys(CHRONO_UNITS).find((name) => CHRONO_UNITS[name] === unit);
}

/** Looks up a ChronoUnit by its Java enum name (`DAYS`). */
export function chronoUnitOf(name: string): ChronoUnit | undefined {
  return Object.hasOwn(CHRONO_UNITS, name) ? CHRONO_UNITS[name] : undefined;
}

function decodeScalar(type: string, json: unknown, path: readonly (string | number)[]): unknown {
  const at = [...path, 'value'];
  switch (type) {
    case 'Long': {
      const value = parseIntegral(json, at);
      if (value < JAVA_LIMITS.LONG_MIN || value > JAVA_LIMITS.LONG_MAX) throw new DecodeFailure(`Long out of range: ${value}`, at);
      return value;
    }
    case 'Integer': {
      const value = parseIntegral(json, at);
      if (value < BigInt(JAVA_LIMITS.INT_MIN) || value > BigInt(JAVA_LIMITS.INT_MAX)) throw new DecodeFailure(`Integer out of range: ${value}`, at);
      return Number(value);
    }
    case 'Short':
      return new JavaShort(Number(parseIntegral(json, at)));
    case 'Byte':
      return new JavaByte(Number(parseIntegral(json, at)));
    case 'BigInteger':
      return new JavaBigInteger(parseIntegral(json, at));
    case 'Double':
      return new JavaDouble(parseFloating(json, at));
    case 'Float':
      return new JavaFloat(parseFloating(json, at));
    case 'BigDecimal': {
      const text = typeof json === 'number' ? String(json) : requireString(json, at);
      return parseWith(text, at, (t) => new ExactDecimal(t), 'BigDecimal');
    }
    case 'Character': {
      const text = requireString(json, at);
      if (text.length !== 1) throw new DecodeFailure(`A Character needs exactly one character, got ${JSON.stringify(text)}`, at);
      return new JavaCharacter(text);
    }
    case 'LocalDate':
      return parseWith(requireString(json, at), at, parseLocalDate, type);
    case 'LocalTime':
      return parseWith(requireString(json, at), at, parseLocalTime, type);
    case 'LocalDateTime':
      return parseWith(requireString(json, at), at, (t) => LocalDateTime.parse(t), type);
    case 'Instant':
      return parseWith(requireString(json, at), at, parseInstant, type);
    case 'ZonedDateTime':
      return parseWith(requireString(json, at), at, (t) => ZonedDateTime.parse(t), type);
    case 'OffsetDateTime':
      return parseWith(requireString(json, at), at, (t) => OffsetDateTime.parse(t), type);
    case 'Duration':
      return parseWith(requireString(json, at), at, (t) => Duration.parse(t), type);
    case 'Period':
      return parseWith(requireString(json, at), at, (t) => Period.parse(t), type);
    case 'DayOfWeek':
      return parseWith(requireString(json, at), at, (t) => DayOfWeek.valueOf(t), type);
    case 'Month':
      return parseWith(requireString(json, at), at, (t) => Month.valueOf(t), type);
    case 'ChronoUnit':
      return parseWith(requireString(json, at), at, chronoUnitOf, type);
    case 'ZoneId':
      return parseWith(requireString(json, at), at, (t) => ZoneId.of(t), type);
    case 'ZoneOffset':
      return parseWith(requireString(json, at), at, (t) => ZoneOffset.of(t), type);
    case 'UUID':
      return parseWith(requireString(json, at), at, JavaUuid.parse, type);
    case 'Locale':
      return parseWith(requireString(json, at), at, JavaLocale.parse, type);
    case 'Currency':
      return parseWith(requireString(json, at), at, JavaCurrency.parse, type);
    case 'Charset':
      return parseWith(requireString(json, at), at, JavaCharset.parse, type);
    default:
      throw new DecodeFailure(`Unknown $type ${JSON.stringify(type)}`, [...path, TYPE_KEY]);
  }
}

function decodeTyped(json: unknown, path: readonly (string | number)[]): unknown {
  if (json === null || typeof json === 'string' || typeof json === 'boolean') return json;
  if (typeof json === 'number') return Number.isInteger(json) ? integralNumber(json) : new JavaDouble(json);
  if (typeof json !== 'object' || json === undefined) throw new DecodeFailure(`Not JSON: ${String(json)}`, path);
  if (Array.isArray(json)) return json.map((item, i) => decodeTyped(item, [...path, i]));
  const object = json as Record<string, unknown>;
  if (!Object.hasOwn(object, TYPE_KEY)) {
    return new Map(Object.keys(object).map((key) => [key, decodeTyped(object[key], [...path, key])]));
  }
  const type = object[TYPE_KEY];
  if (typeof type !== 'string') throw new DecodeFailure('$type must be a string', [...path, TYPE_KEY]);
  if (type === 'Map') {
    const entries = object.entries;
    if (!Array.isArray(entries)) throw new DecodeFailure('A typed Map needs "entries": [[key, value], ...]', [...path, 'entries']);
    return new Map(
      entries.map((entry, i) => {
        if (!Array.isArray(entry) || entry.length !== 2) throw new DecodeFailure('Each entry must be [key, value]', [...path, 'entries', i]);
        return [decodeTyped(entry[0], [...path, 'entries', i, 0]), decodeTyped(entry[1], [...path, 'entries', i, 1])];
      }),
    );
  }
  if (type === 'Set') {
    const items = object.value;
    if (!Array.isArray(items)) throw new DecodeFailure('A typed Set needs "value": [...]', [...path, 'value']);
    return new Set(items.map((item, i) => decodeTyped(item, [...path, 'value', i])));
  }
  return decodeScalar(type, object.value, path);
}

/** Typed JSON (see {@link toTypedJson}) back to runtime values; malformed input gives issues, not a throw. */
export function fromTypedJson(json: unknown): JsonDecodeResult {
  try {
    return { ok: true, value: decodeTyped(json, []) };
  } catch (error) {
    if (error instanceof DecodeFailure) return { ok: false, errors: [{ code: 'InvalidTypedJson', message: error.message, path: error.path }] };
    throw error;
  }
}

/** Decodes a typed scalar for a class name (used by the typing JSON codec for known values). */
export function decodeValueForClass(className: string, json: unknown): JsonDecodeResult {
  const simple = className.slice(className.lastIndexOf('.') + 1);
  try {
    if (className === JavaClassNames.String) return { ok: true, value: requireString(json, []) };
    if (className === JavaClassNames.Boolean) {
      if (typeof json !== 'boolean') throw new DecodeFailure(`Expected a boolean, got ${JSON.stringify(json)}`, []);
      return { ok: true, value: json };
    }
    if (className === JavaClassNames.List || className === JavaClassNames.Map || className === JavaClassNames.HashMap) return { ok: true, value: fromPlainJson(json) };
    return { ok: true, value: decodeScalar(simple, json, []) };
  } catch (error) {
    if (error instanceof DecodeFailure) return { ok: false, errors: [{ code: 'InvalidTypedJson', message: error.message, path: error.path }] };
    throw error;
  }
}

/**
 * Parses JSON text into runtime values like {@link fromPlainJson} but reading numbers from the text, so
 * integers beyond 2^53 keep every digit as Longs. Invalid text gives an issue with the offset.
 */
export function fromJsonText(text: string): JsonDecodeResult {
  const parser = new ExactJsonParser(text);
  try {
    const value = parser.parseDocument();
    return { ok: true, value };
  } catch (error) {
    if (error instanceof DecodeFailure) return { ok: false, errors: [{ code: 'InvalidJsonText', message: error.message, path: error.path }] };
    throw error;
  }
}

const NUMBER_PATTERN = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class ExactJsonParser {
  #position = 0;
  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.#value();
    this.#skipWhitespace();
    if (this.#position < this.text.length) this.#fail('Unexpected text after the JSON value');
    return value;
  }

  #fail(message: string): never {
    throw new DecodeFailure(`${message} at offset ${this.#position}`, []);
  }

  #skipWhitespace(): void {
    while (this.#position < this.text.length && ' \t\n\r'.includes(this.text[this.#position] as string)) this.#position++;
  }

  #value(): unknown {
    this.#skipWhitespace();
    const char = this.text[this.#position];
    if (char === '{') return this.#object();
    if (char === '[') return this.#array();
    if (char === '"') return this.#string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.#number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.#position)) {
        this.#position += word.length;
        return value;
      }
    }
    return this.#fail('Unexpected character');
  }

  #object(): Map<string, unknown> {
    const result = new Map<string, unknown>();
    this.#position++;
    this.#skipWhitespace();
    if (this.text[this.#position] === '}') {
      this.#position++;
      return result;
    }
    for (;;) {
      this.#skipWhitespace();
      if (this.text[this.#position] !== '"') this.#fail('Expected a property name');
      const key = this.#string();
      this.#skipWhitespace();
      if (this.text[this.#position] !== ':') this.#fail("Expected ':'");
      this.#position++;
      result.set(key, this.#value());
      this.#skipWhitespace();
      const next = this.text[this.#position++];
      if (next === '}') return result;
      if (next !== ',') this.#fail("Expected ',' or '}'");
    }
  }

  #array(): unknown[] {
    const result: unknown[] = [];
    this.#position++;
    this.#skipWhitespace();
    if (this.text[this.#position] === ']') {
      this.#position++;
      return result;
    }
    for (;;) {
      result.push(this.#value());
      this.#skipWhitespace();
      const next = this.text[this.#position++];
      if (next === ']') return result;
      if (next !== ',') this.#fail("Expected ',' or ']'");
    }
  }

  #string(): string {
    const start = this.#position;
    this.#position++;
    for (;;) {
      const char = this.text[this.#position];
      if (char === undefined) this.#fail('Unterminated string');
      if (char === '"') break;
      if (char === '\\') this.#position++;
      else if (char < ' ') this.#fail('Control character in string');
      this.#position++;
    }
    this.#position++;
    try {
      return JSON.parse(this.text.slice(start, this.#position)) as string;
    } catch {
      return this.#fail('Invalid string escape');
    }
  }

  #number(): unknown {
    NUMBER_PATTERN.lastIndex = this.#position;
    const match = NUMBER_PATTERN.exec(this.text);
    if (!match) return this.#fail('Invalid number');
    this.#position += match[0].length;
    if (match[2] === undefined && match[3] === undefined) {
      const value = BigInt(match[0]);
      if (value >= BigInt(JAVA_LIMITS.INT_MIN) && value <= BigInt(JAVA_LIMITS.INT_MAX)) return Number(value);
      if (value >= JAVA_LIMITS.LONG_MIN && value <= JAVA_LIMITS.LONG_MAX) return value;
    }
    return new JavaDouble(Number(match[0]));
  }
}
