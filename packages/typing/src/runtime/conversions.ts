import { isSubclassName, type ClassHierarchy } from '../types/class-hierarchy';
import { JavaClassNames } from '../types/java-classes';
import { castNumber, expandDecimal, numberKindOf, toBigDecimalValue, toDoubleValue } from './numbers';
import type { NumberKind } from '../types/numbers';
import { convertStringTo } from './string-conversions';
import { javaToString } from './to-string';
import { javaClassOf } from './type-of-value';
import { JAVA_LIMITS, JavaDouble } from './values';

const N = JavaClassNames;

/** Outcome of a conversion: the converted value, or nothing when the value cannot be converted. */
export type ConversionResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

const FAILED: ConversionResult = { ok: false };

const NUMBER_TARGETS: Readonly<Record<string, NumberKind>> = {
  [N.Integer]: 'Integer',
  [N.Long]: 'Long',
  [N.Short]: 'Short',
  [N.Byte]: 'Byte',
  [N.Double]: 'Double',
  [N.Float]: 'Float',
  [N.BigDecimal]: 'BigDecimal',
  [N.BigInteger]: 'BigInteger',
};

const INTEGRAL_RANGES: Partial<Record<NumberKind, readonly [bigint, bigint]>> = {
  Integer: [BigInt(JAVA_LIMITS.INT_MIN), BigInt(JAVA_LIMITS.INT_MAX)],
  Long: [JAVA_LIMITS.LONG_MIN, JAVA_LIMITS.LONG_MAX],
  Short: [-32768n, 32767n],
  Byte: [-128n, 127n],
};

/**
 * Text as a number the way Nussknacker's `toNumber` reads it: the first of `Integer.parseInt`,
 * `Long.parseLong` and `Double.parseDouble` that accepts it (BigDecimal and BigInteger come after Double, which
 * accepts every decimal text, so they are never reached). An integer beyond Long is therefore a Double
 * (`12345678901234567890` -> `1.2345678901234567E19`) and one beyond Double's range is Infinity, as in Java.
 * Returns undefined for text that is not a number.
 */
export function parseNarrowestNumber(text: string): unknown {
  // parseInt and parseLong take no surrounding blanks; parseDouble trims them (every char up to U+0020).
  if (/^[+-]?\d+$/.test(text)) {
    const value = BigInt(text);
    if (value >= BigInt(JAVA_LIMITS.INT_MIN) && value <= BigInt(JAVA_LIMITS.INT_MAX)) return Number(value);
    if (value >= JAVA_LIMITS.LONG_MIN && value <= JAVA_LIMITS.LONG_MAX) return value;
  }
  const trimmed = text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const match = /^([+-]?)(?:(NaN)|(Infinity)|((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?)$/.exec(trimmed);
  if (match === null) return undefined;
  if (match[2] !== undefined) return new JavaDouble(Number.NaN);
  const magnitude = match[3] !== undefined ? Number.POSITIVE_INFINITY : Number(match[4]);
  return new JavaDouble(match[1] === '-' ? -magnitude : magnitude);
}

/** A number converted to another number class; integral targets fail on overflow (after truncation). */
function convertNumber(value: unknown, target: NumberKind): ConversionResult {
  const kind = numberKindOf(value);
  const isNonFinite = (kind === 'Double' || kind === 'Float') && !Number.isFinite(toDoubleValue(value));
  if (isNonFinite && target !== 'Double' && target !== 'Float') return FAILED;
  const range = INTEGRAL_RANGES[target];
  if (range !== undefined) {
    // Integers and Longs are integral already; only the other classes need truncating through a decimal.
    const truncated = typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : typeof value === 'bigint' ? value : BigInt(expandDecimal(toBigDecimalValue(value).trunc()));
    if (truncated < range[0] || truncated > range[1]) return FAILED;
  }
  return { ok: true, value: castNumber(value, target) };
}

function isKeyValueRecord(value: unknown): value is ReadonlyMap<string, unknown> {
  return value instanceof Map && value.has('key') && value.has('value');
}

/**
 * Converts a runtime value to a class the way the 1.18 conversion extension methods (`to`, `toOrNull`,
 * `canBe`) do: a value already of the class passes; Strings parse to numbers (narrowest first),
 * Booleans (`true`/`false`, any case), dates, zones, UUID, Locale, Charset, Currency; numbers convert
 * between classes (failing on overflow, truncating fractions); anything becomes a String by `toString`;
 * Lists come from lists, arrays and sets, and from maps as `{key, value}` records; Maps come from maps and
 * from lists of `{key, value}` records. Null converts to null.
 */
export function convertValueTo(value: unknown, className: string, hierarchy?: ClassHierarchy): ConversionResult {
  if (value === null || value === undefined) return { ok: true, value: null };
  const valueClass = javaClassOf(value);
  if (valueClass !== undefined && isSubclassName(valueClass, className, hierarchy)) return { ok: true, value };
  if (className === N.String) return { ok: true, value: javaToString(value) };
  const numberTarget = NUMBER_TARGETS[className];
  if (numberTarget !== undefined) {
    const number = typeof value === 'string' ? parseNarrowestNumber(value) : numberKindOf(value) !== undefined ? value : undefined;
    return number === undefined ? FAILED : convertNumber(number, numberTarget);
  }
  if (className === N.Boolean) {
    if (typeof value !== 'string') return FAILED;
    const lower = value.toLowerCase();
    return lower === 'true' ? { ok: true, value: true } : lower === 'false' ? { ok: true, value: false } : FAILED;
  }
  if (className === N.List || className === N.Collection || className === N.Iterable) {
    if (Array.isArray(value)) return { ok: true, value };
    if (value instanceof Set) return { ok: true, value: [...value] };
    if (value instanceof Map) return { ok: true, value: [...value].map(([key, entry]) => new Map<string, unknown>([['key', key], ['value', entry]])) };
    return FAILED;
  }
  if (className === N.Map) {
    if (value instanceof Map) return { ok: true, value };
    if (Array.isArray(value) && value.every(isKeyValueRecord)) return { ok: true, value: new Map(value.map((entry) => [entry.get('key'), entry.get('value')])) };
    return FAILED;
  }
  if (typeof value === 'string') {
    const converted = convertStringTo(className, value);
    return converted === undefined ? FAILED : { ok: true, value: converted };
  }
  return FAILED;
}
