import type { Decimal } from 'decimal.js';
import { DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, ZonedDateTime, ZoneId, ZoneOffset, Period } from '@js-joda/core';
import { JavaRuntimeError } from './errors';
import { numberKindOf, promoteNumberKinds, toBigDecimalValue, toBigIntegerValue, toDoubleValue, toIntValue, toLongValue } from './numbers';
import type { NumberKind } from '../types/numbers';
import { javaToString } from './to-string';
import type { JavaUuid } from './values';
import { isJavaCharacter, isJavaCharset, isJavaCurrency, isJavaLocale, isJavaUuid } from './values';

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareBigints(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Java `Double.compare`: NaN is greater than everything and equal to itself, -0.0 < 0.0. */
export function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  const aBits = Number.isNaN(a) ? 2 : Object.is(a, -0) ? 0 : 1;
  const bBits = Number.isNaN(b) ? 2 : Object.is(b, -0) ? 0 : 1;
  return sign(aBits - bBits);
}

/** String `compareTo`: UTF-16 code units, as Java (not locale-aware). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(left: unknown, right: unknown, leftKind: NumberKind, rightKind: NumberKind): number {
  switch (promoteNumberKinds(leftKind, rightKind)) {
    case 'BigDecimal':
      return toBigDecimalValue(left).comparedTo(toBigDecimalValue(right));
    case 'Double':
      return compareDoubles(toDoubleValue(left), toDoubleValue(right));
    case 'Float':
      return compareDoubles(Math.fround(toDoubleValue(left)), Math.fround(toDoubleValue(right)));
    case 'BigInteger':
      return compareBigints(toBigIntegerValue(left), toBigIntegerValue(right));
    case 'Long':
      return compareBigints(toLongValue(left), toLongValue(right));
    case 'Integer':
      return sign(toIntValue(left) - toIntValue(right));
  }
}

/** Java's UUID.compareTo compares the two halves as signed longs. */
function compareUuids(a: JavaUuid, b: JavaUuid): number {
  const halves = (uuid: JavaUuid) => {
    const hex = uuid.value.replace(/-/g, '');
    return [BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`)), BigInt.asIntN(64, BigInt(`0x${hex.slice(16)}`))] as const;
  };
  const [aHigh, aLow] = halves(a);
  const [bHigh, bLow] = halves(b);
  return compareBigints(aHigh, bHigh) || compareBigints(aLow, bLow);
}

type Comparable = { compareTo(other: never): number };

const TIME_CLASSES = [LocalDate, LocalTime, LocalDateTime, Instant, ZonedDateTime, OffsetDateTime, Duration, DayOfWeek, Month, ZoneOffset] as const;

function sameTimeClass(a: unknown, b: unknown): boolean {
  return TIME_CLASSES.some((klass) => a instanceof klass && b instanceof klass);
}

/**
 * SpEL's ordering for `<`, `>`, `between`, sorting: null is smaller than anything; numbers of any class
 * compare by value (Spring's promotion order); Strings by UTF-16 code units; Booleans false < true;
 * Characters, UUIDs and java.time values of the same class by their `compareTo`. Anything else throws a
 * JavaRuntimeError with code `NotComparable`.
 */
export function javaCompare(left: unknown, right: unknown): number {
  if (left === null || left === undefined) return right === null || right === undefined ? 0 : -1;
  if (right === null || right === undefined) return 1;
  const leftKind = numberKindOf(left);
  const rightKind = numberKindOf(right);
  if (leftKind !== undefined && rightKind !== undefined) return compareNumbers(left, right, leftKind, rightKind);
  if (typeof left === 'string' && typeof right === 'string') return compareStrings(left, right);
  if (typeof left === 'boolean' && typeof right === 'boolean') return left === right ? 0 : left ? 1 : -1;
  if (isJavaCharacter(left) && isJavaCharacter(right)) return sign(left.value.charCodeAt(0) - right.value.charCodeAt(0));
  if (isJavaUuid(left) && isJavaUuid(right)) return compareUuids(left, right);
  if (isJavaCharset(left) && isJavaCharset(right)) return compareStrings(left.charsetName.toLowerCase(), right.charsetName.toLowerCase());
  if (sameTimeClass(left, right)) return sign((left as Comparable).compareTo(right as never));
  throw new JavaRuntimeError('NotComparable', `Cannot compare ${javaToString(left)} and ${javaToString(right)}`);
}

/** True when javaCompare can order the two values. */
export function isJavaComparable(left: unknown, right: unknown): boolean {
  try {
    javaCompare(left, right);
    return true;
  } catch {
    return false;
  }
}

/**
 * Java `a.equals(b)`: same class and value. `Integer 1` does not equal `Long 1L`; Doubles compare by
 * bits (`NaN` equals `NaN`, `0.0` does not equal `-0.0`); BigDecimals by value and scale; Lists element-wise;
 * Maps and Sets by content regardless of order.
 */
export function javaEquals(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (left === null || right === null || left === undefined || right === undefined) return false;
  // Strings, Booleans, Integers and Longs are equal only when identical (checked above), and never equal a
  // value of another class: the common case of collections of Strings stops here.
  if (typeof left !== 'object' || typeof right !== 'object') return false;
  const leftKind = numberKindOf(left);
  const rightKind = numberKindOf(right);
  if (leftKind !== undefined || rightKind !== undefined) {
    if (leftKind !== rightKind) return false;
    switch (leftKind) {
      case 'Double':
      case 'Float': {
        const a = toDoubleValue(left);
        const b = toDoubleValue(right);
        return (Number.isNaN(a) && Number.isNaN(b)) || Object.is(a, b);
      }
      case 'BigDecimal':
        return (left as Decimal).equals(right as Decimal) && (left as Decimal).decimalPlaces() === (right as Decimal).decimalPlaces();
      case 'BigInteger':
        return toBigIntegerValue(left) === toBigIntegerValue(right);
      default:
        return toLongValue(left) === toLongValue(right);
    }
  }
  if (Array.isArray(left)) return Array.isArray(right) && left.length === right.length && left.every((item, i) => javaEquals(item, right[i]));
  if (left instanceof Map) {
    if (!(right instanceof Map) || left.size !== right.size) return false;
    for (const [key, value] of left) {
      const other = javaMapGet(right, key);
      if (other === undefined || !javaEquals(value, other.value)) return false;
    }
    return true;
  }
  if (left instanceof Set) {
    if (!(right instanceof Set) || left.size !== right.size) return false;
    return [...left].every((item) => [...right].some((other) => javaEquals(item, other)));
  }
  if (isJavaCharacter(left) || isJavaUuid(left) || isJavaLocale(left) || isJavaCurrency(left) || isJavaCharset(left)) {
    return Object.getPrototypeOf(left) === Object.getPrototypeOf(right) && javaToString(left) === javaToString(right);
  }
  if (isTimeValue(left) && isTimeValue(right)) {
    return Object.getPrototypeOf(left) === Object.getPrototypeOf(right) && (left as { equals(other: unknown): boolean }).equals(right);
  }
  return false;
}

function isTimeValue(value: unknown): boolean {
  return value instanceof Period || value instanceof ZoneId || TIME_CLASSES.some((klass) => value instanceof klass);
}

/**
 * SpEL's `==`: numbers of any class compare by value (`1 == 1L`, `1 == 1.0`, BigDecimal by compareTo);
 * Strings and Booleans by content; otherwise Java `equals`, and finally values that are mutually
 * Comparable compare with compareTo (as Spring's equality check does).
 */
export function spelEquals(left: unknown, right: unknown): boolean {
  const leftKind = numberKindOf(left);
  const rightKind = numberKindOf(right);
  if (leftKind !== undefined && rightKind !== undefined) {
    const kind = promoteNumberKinds(leftKind, rightKind);
    if (kind === 'BigDecimal') return toBigDecimalValue(left).comparedTo(toBigDecimalValue(right)) === 0;
    if (kind === 'Double' || kind === 'Float') {
      const a = kind === 'Float' ? Math.fround(toDoubleValue(left)) : toDoubleValue(left);
      const b = kind === 'Float' ? Math.fround(toDoubleValue(right)) : toDoubleValue(right);
      return a === b;
    }
    return compareNumbers(left, right, leftKind, rightKind) === 0;
  }
  if (typeof left === 'string' && typeof right === 'string') return left === right;
  if (typeof left === 'boolean' && typeof right === 'boolean') return left === right;
  if ((left === null || left === undefined) && (right === null || right === undefined)) return true;
  if (javaEquals(left, right)) return true;
  if (left === null || left === undefined || right === null || right === undefined) return false;
  if (leftKind === undefined && rightKind === undefined && isJavaComparable(left, right) && typeof left === typeof right) return javaCompare(left, right) === 0;
  return false;
}

/**
 * `Map.get` with Java key equality: exact JS key first (strings, ints, longs), then a scan with javaEquals
 * for keys that are objects (Doubles, BigDecimals, dates...). Returns `{ value }` or undefined when absent.
 */
export function javaMapGet(map: ReadonlyMap<unknown, unknown>, key: unknown): { value: unknown } | undefined {
  if (map.has(key)) return { value: map.get(key) };
  if (typeof key !== 'object' || key === null) return undefined;
  for (const [candidate, value] of map) {
    if (javaEquals(candidate, key)) return { value };
  }
  return undefined;
}
