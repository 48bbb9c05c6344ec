import { LocalDate, LocalDateTime, LocalTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { ExactDecimal } from './typing-bridge';
import { convertNumber, numberKindOf, numberKindOfClass, toBigInt, toDecimal, type NumberKind } from './java-numbers';
import { javaClassOf } from './java-values';
import {
  JavaBigInteger, JavaCharset, JavaCurrency, JavaLocale, JavaUuid, JAVA_LIMITS, classType, listType, mapType, recordType,
  unknownType, withoutValue, javaToString, type TypingResult,
} from './typing-bridge';

/**
 * The conversions behind `canBe`/`to`/`toOrNull` and their shorthands (reference §5). A conversion either
 * yields a value or fails; failures are values here and become exceptions only in `to(...)`.
 */
export const CONVERSION_TARGETS: readonly string[] = [
  'java.lang.Long', 'java.lang.Double', 'java.math.BigDecimal', 'java.lang.Boolean', 'java.lang.String', 'java.util.Map',
  'java.util.List', 'java.lang.Byte', 'java.lang.Short', 'java.lang.Integer', 'java.lang.Float', 'java.math.BigInteger',
  'java.time.ZoneOffset', 'java.time.ZoneId', 'java.util.Locale', 'java.nio.charset.Charset', 'java.util.Currency',
  'java.util.UUID', 'java.time.LocalTime', 'java.time.LocalDate', 'java.time.LocalDateTime',
];

/** Resolves `'Long'`, `'long'`, `'java.lang.Long'` to a conversion target class name. */
export function resolveConversionTarget(name: string): string | undefined {
  const lower = name.toLowerCase();
  return CONVERSION_TARGETS.find((target) => target.toLowerCase() === lower || target.slice(target.lastIndexOf('.') + 1).toLowerCase() === lower);
}

const FAILED = Symbol('conversion failed');
type Converted = unknown | typeof FAILED;

/** Parses a String as the narrowest number (Integer, Long, Double, BigDecimal, BigInteger), or undefined. */
export function parseNarrowestNumber(text: string): unknown {
  const trimmed = text.trim();
  if (/^[+-]?\d+$/.test(trimmed)) {
    const big = BigInt(trimmed);
    if (big >= BigInt(JAVA_LIMITS.INT_MIN) && big <= BigInt(JAVA_LIMITS.INT_MAX)) return Number(big);
    if (big >= JAVA_LIMITS.LONG_MIN && big <= JAVA_LIMITS.LONG_MAX) return big;
    return new JavaBigInteger(big);
  }
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) {
    const double = Number(trimmed);
    if (Number.isFinite(double)) return { double, text: trimmed };
    return new ExactDecimal(trimmed);
  }
  return undefined;
}

function toNumberKind(value: unknown, kind: NumberKind): Converted {
  let source = value;
  if (typeof value === 'string') {
    const parsed = parseNarrowestNumber(value);
    if (parsed === undefined) return FAILED;
    if (typeof parsed === 'object' && parsed !== null && 'double' in parsed) {
      const { double, text } = parsed as { double: number; text: string };
      if (kind === 'BigDecimal') return new ExactDecimal(text);
      source = convertNumber(double, 'Double');
    } else {
      source = parsed;
    }
  }
  const sourceKind = numberKindOf(source);
  if (sourceKind === undefined) return FAILED;
  if (sourceKind === kind) return source;
  // Integral targets fail when the value does not fit instead of wrapping silently.
  const bounds: Partial<Record<NumberKind, [bigint, bigint]>> = {
    Byte: [-128n, 127n],
    Short: [-32768n, 32767n],
    Integer: [BigInt(JAVA_LIMITS.INT_MIN), BigInt(JAVA_LIMITS.INT_MAX)],
    Long: [JAVA_LIMITS.LONG_MIN, JAVA_LIMITS.LONG_MAX],
  };
  const range = bounds[kind];
  if (range) {
    if (sourceKind === 'Double' || sourceKind === 'Float') {
      const double = (source as { value: number }).value;
      if (!Number.isFinite(double)) return FAILED;
    }
    const integral = toBigInt(source);
    if (integral < range[0] || integral > range[1]) return FAILED;
  }
  if (kind === 'Double' || kind === 'Float') {
    if (sourceKind === 'BigDecimal' && !Number.isFinite(toDecimal(source).toNumber())) return FAILED;
  }
  return convertNumber(source, kind);
}

function entriesToMap(value: unknown[]): Converted {
  const result = new Map<unknown, unknown>();
  for (const entry of value) {
    if (!(entry instanceof Map) || !entry.has('key') || !entry.has('value')) return FAILED;
    result.set(entry.get('key'), entry.get('value'));
  }
  return result;
}

function fromText<T>(value: unknown, className: string, parse: (text: string) => T | undefined): Converted {
  if (javaClassOf(value) === className) return value;
  if (typeof value !== 'string') return FAILED;
  try {
    const parsed = parse(value);
    return parsed === undefined ? FAILED : parsed;
  } catch {
    return FAILED;
  }
}

function convert(value: unknown, target: string): Converted {
  if (value === null || value === undefined) return FAILED;
  const kind = numberKindOfClass(target);
  if (kind) return toNumberKind(value, kind);
  switch (target) {
    case 'java.lang.Boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string') {
        const lower = value.toLowerCase();
        return lower === 'true' ? true : lower === 'false' ? false : FAILED;
      }
      return FAILED;
    case 'java.lang.String':
      return typeof value === 'string' ? value : javaToString(value);
    case 'java.util.List':
      if (Array.isArray(value)) return value;
      if (value instanceof Set) return [...value];
      if (value instanceof Map) return [...value].map(([key, entry]) => new Map<string, unknown>([['key', key], ['value', entry]]));
      return FAILED;
    case 'java.util.Map':
      if (value instanceof Map) return value;
      if (Array.isArray(value)) return entriesToMap(value);
      return FAILED;
    case 'java.time.ZoneOffset':
      return fromText(value, target, (text) => ZoneOffset.of(text));
    case 'java.time.ZoneId':
      if (javaClassOf(value) === 'java.time.ZoneOffset') return value;
      return fromText(value, target, (text) => ZoneId.of(text));
    case 'java.util.Locale':
      return fromText(value, target, (text) => JavaLocale.parse(text));
    case 'java.nio.charset.Charset':
      return fromText(value, target, (text) => JavaCharset.parse(text));
    case 'java.util.Currency':
      return fromText(value, target, (text) => JavaCurrency.parse(text));
    case 'java.util.UUID':
      return fromText(value, target, (text) => JavaUuid.parse(text));
    case 'java.time.LocalTime':
      return fromText(value, target, (text) => LocalTime.parse(text));
    case 'java.time.LocalDate':
      return fromText(value, target, (text) => LocalDate.parse(text));
    case 'java.time.LocalDateTime':
      return fromText(value, target, (text) => LocalDateTime.parse(text));
    default:
      return javaClassOf(value) === target ? value : FAILED;
  }
}

/** Converts a value to a target class: `{ ok: true, value }` or `{ ok: false }`. */
export function tryConvert(value: unknown, target: string): { ok: true; value: unknown } | { ok: false } {
  const result = convert(value, target);
  return result === FAILED ? { ok: false } : { ok: true, value: result };
}

/** The static type of a successful conversion of `source` to `target` (reference §5 "Typing"). */
export function conversionResultType(source: TypingResult, target: string): TypingResult {
  const plain = withoutValue(source);
  if (target === 'java.util.List') {
    if (plain.kind === 'class' && (plain.className === 'java.util.List' || plain.className === '[Ljava.lang.Object;' || plain.className === 'java.util.Set')) {
      return listType(plain.params[0] ?? unknownType);
    }
    if (plain.kind === 'class' && plain.className === 'java.util.Map') {
      return listType(recordType({ key: plain.params[0] ?? unknownType, value: plain.params[1] ?? unknownType }));
    }
    if (plain.kind === 'record') return listType(recordType({ key: classType('java.lang.String'), value: plain.objType.params[1] ?? unknownType }));
    return listType(unknownType);
  }
  if (target === 'java.util.Map') {
    if (plain.kind === 'class' && plain.className === 'java.util.List') {
      const element = plain.params[0];
      if (element?.kind === 'record') {
        return mapType(withoutValue(element.fields.get('key') ?? unknownType), withoutValue(element.fields.get('value') ?? unknownType));
      }
    }
    if (plain.kind === 'class' && plain.className === 'java.util.Map') return plain;
    if (plain.kind === 'record') return plain;
    return mapType(unknownType, unknownType);
  }
  return classType(target);
}
