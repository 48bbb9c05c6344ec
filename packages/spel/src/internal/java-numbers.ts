import type { Decimal } from 'decimal.js';
import {
  JavaBigInteger, JavaByte, JavaDouble, JavaFloat, JavaShort, bigDecimalDivide, isJavaBigDecimal, isJavaBigInteger,
  isJavaByte, isJavaDouble, isJavaFloat, isJavaShort, toBigDecimalValue,
} from './typing-bridge';

/**
 * Java number arithmetic on the runtime representation (Integer = number, Long = bigint, wrappers for the rest),
 * following Spring's operator classes: operands are promoted to the wider kind, Integer and Long wrap on
 * overflow, integral division truncates and fails on zero, floating division by zero gives Infinity/NaN.
 */
export type NumberKind = 'Byte' | 'Short' | 'Integer' | 'Long' | 'BigInteger' | 'Float' | 'Double' | 'BigDecimal';

/** A failure of Java arithmetic (division by zero); the evaluator attaches the position. */
export class JavaArithmeticError extends Error {
  override readonly name = 'JavaArithmeticError';
}

export const NUMBER_CLASS: Readonly<Record<NumberKind, string>> = {
  Byte: 'java.lang.Byte',
  Short: 'java.lang.Short',
  Integer: 'java.lang.Integer',
  Long: 'java.lang.Long',
  BigInteger: 'java.math.BigInteger',
  Float: 'java.lang.Float',
  Double: 'java.lang.Double',
  BigDecimal: 'java.math.BigDecimal',
};

const KIND_BY_CLASS: ReadonlyMap<string, NumberKind> = new Map(
  (Object.entries(NUMBER_CLASS) as [NumberKind, string][]).map(([kind, name]) => [name, kind]),
);

/** The number kind of a class name, if it is a concrete Java number class. */
export function numberKindOfClass(className: string): NumberKind | undefined {
  return KIND_BY_CLASS.get(className);
}

/** The number kind of a runtime value, or undefined when it is not a number. */
export function numberKindOf(value: unknown): NumberKind | undefined {
  if (typeof value === 'number') return 'Integer';
  if (typeof value === 'bigint') return 'Long';
  if (typeof value !== 'object' || value === null) return undefined;
  if (isJavaDouble(value)) return 'Double';
  if (isJavaBigDecimal(value)) return 'BigDecimal';
  if (isJavaFloat(value)) return 'Float';
  if (isJavaBigInteger(value)) return 'BigInteger';
  if (isJavaShort(value)) return 'Short';
  if (isJavaByte(value)) return 'Byte';
  return undefined;
}

const FLOATING_RANK: Partial<Record<NumberKind, number>> = { Float: 1, Double: 2, BigDecimal: 3 };
const INTEGRAL_RANK: Partial<Record<NumberKind, number>> = { Byte: 1, Short: 2, Integer: 3, Long: 4, BigInteger: 5 };

/**
 * The kind both operands are promoted to (reference §2 "Number promotion"): the widest floating kind if any
 * operand is floating, else the widest integral kind, Byte and Short becoming Integer.
 */
export function promoteKinds(a: NumberKind, b: NumberKind): NumberKind {
  const fa = FLOATING_RANK[a] ?? 0;
  const fb = FLOATING_RANK[b] ?? 0;
  if (fa > 0 || fb > 0) return fa >= fb ? a : b;
  const widest = (INTEGRAL_RANK[a] ?? 0) >= (INTEGRAL_RANK[b] ?? 0) ? a : b;
  return widest === 'Byte' || widest === 'Short' ? 'Integer' : widest;
}

/** The numeric value as a JS double (may lose precision for Long/BigInteger/BigDecimal, like Java's doubleValue). */
export function toDouble(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (isJavaBigDecimal(value)) return value.toNumber();
  if (isJavaBigInteger(value)) return Number(value.value);
  return (value as { value: number }).value;
}

/** The numeric value as a bigint, truncating fractions like a Java narrowing conversion. */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.trunc(value));
  if (isJavaBigInteger(value)) return value.value;
  if (isJavaBigDecimal(value)) return BigInt(value.trunc().toFixed(0));
  const double = (value as { value: number }).value;
  if (!Number.isFinite(double)) return double > 0 ? (1n << 63n) - 1n : Number.isNaN(double) ? 0n : -(1n << 63n);
  return BigInt(Math.trunc(double));
}

/** The numeric value as an exact decimal (doubles through their shortest Java string form). */
export function toDecimal(value: unknown): Decimal {
  return toBigDecimalValue(value);
}

/** Converts a number to the given kind with Java's casting rules (wrap for integral, rounding for Float). */
export function convertNumber(value: unknown, kind: NumberKind): unknown {
  switch (kind) {
    case 'Integer':
      return typeof value === 'number' ? value : Number(BigInt.asIntN(32, toBigIntSaturating(value, 64)));
    case 'Long':
      return typeof value === 'bigint' ? value : BigInt.asIntN(64, toBigIntSaturating(value, 64));
    case 'Short':
      return isJavaShort(value) ? value : new JavaShort(Number(BigInt.asIntN(16, toBigIntSaturating(value, 64))));
    case 'Byte':
      return isJavaByte(value) ? value : new JavaByte(Number(BigInt.asIntN(8, toBigIntSaturating(value, 64))));
    case 'BigInteger':
      return isJavaBigInteger(value) ? value : new JavaBigInteger(toBigInt(value));
    case 'Double':
      return isJavaDouble(value) ? value : new JavaDouble(toDouble(value));
    case 'Float':
      return isJavaFloat(value) ? value : new JavaFloat(toDouble(value));
    case 'BigDecimal':
      return toDecimal(value);
  }
}

function toBigIntSaturating(value: unknown, bits: number): bigint {
  const big = toBigInt(value);
  if (isJavaDouble(value) || isJavaFloat(value)) {
    const max = (1n << BigInt(bits - 1)) - 1n;
    const min = -(1n << BigInt(bits - 1));
    return big > max ? max : big < min ? min : big;
  }
  return big;
}

/** Largest BigInteger/BigDecimal (in decimal digits) an expression may build: the sandbox's guard against runaway squaring. */
const MAX_DIGITS = 100_000;
const MAX_BIG_INTEGER = 10n ** BigInt(MAX_DIGITS);

function guardBigInteger(value: JavaBigInteger): JavaBigInteger {
  if (value.value > MAX_BIG_INTEGER || value.value < -MAX_BIG_INTEGER) throw new JavaArithmeticError(`BigInteger result exceeds ${MAX_DIGITS} digits`);
  return value;
}

function guardDecimal(value: Decimal): Decimal {
  if (value.sd() > MAX_DIGITS || Math.abs(value.e) > MAX_DIGITS) throw new JavaArithmeticError(`BigDecimal result exceeds ${MAX_DIGITS} digits`);
  return value;
}

function wrapInt(value: number): number {
  return value | 0;
}

function wrapLong(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}

function divisionByZero(): never {
  throw new JavaArithmeticError('/ by zero');
}

/** `a + b` for two numbers already known to be of `kind` after promotion. */
export function addAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  switch (kind) {
    case 'Integer':
      return wrapInt((convertNumber(a, 'Integer') as number) + (convertNumber(b, 'Integer') as number));
    case 'Long':
      return wrapLong(toBigInt(a) + toBigInt(b));
    case 'BigInteger':
      return new JavaBigInteger(toBigInt(a) + toBigInt(b));
    case 'Double':
      return new JavaDouble(toDouble(a) + toDouble(b));
    case 'Float':
      return new JavaFloat(toDouble(a) + toDouble(b));
    case 'BigDecimal':
      return toDecimal(a).plus(toDecimal(b));
    default:
      return addAs('Integer', a, b);
  }
}

/** `a - b` in the promoted kind. */
export function subtractAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  switch (kind) {
    case 'Integer':
      return wrapInt((convertNumber(a, 'Integer') as number) - (convertNumber(b, 'Integer') as number));
    case 'Long':
      return wrapLong(toBigInt(a) - toBigInt(b));
    case 'BigInteger':
      return new JavaBigInteger(toBigInt(a) - toBigInt(b));
    case 'Double':
      return new JavaDouble(toDouble(a) - toDouble(b));
    case 'Float':
      return new JavaFloat(toDouble(a) - toDouble(b));
    case 'BigDecimal':
      return toDecimal(a).minus(toDecimal(b));
    default:
      return subtractAs('Integer', a, b);
  }
}

/** `a * b` in the promoted kind. */
export function multiplyAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  switch (kind) {
    case 'Integer':
      return Math.imul(convertNumber(a, 'Integer') as number, convertNumber(b, 'Integer') as number);
    case 'Long':
      return wrapLong(toBigInt(a) * toBigInt(b));
    case 'BigInteger':
      return guardBigInteger(new JavaBigInteger(toBigInt(a) * toBigInt(b)));
    case 'Double':
      return new JavaDouble(toDouble(a) * toDouble(b));
    case 'Float':
      return new JavaFloat(Math.fround(toDouble(a)) * Math.fround(toDouble(b)));
    case 'BigDecimal':
      return guardDecimal(toDecimal(a).times(toDecimal(b)));
    default:
      return multiplyAs('Integer', a, b);
  }
}

/** `a / b` in the promoted kind; integral division truncates, BigDecimal keeps the larger scale (HALF_EVEN). */
export function divideAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  switch (kind) {
    case 'Integer': {
      const divisor = convertNumber(b, 'Integer') as number;
      if (divisor === 0) divisionByZero();
      return wrapInt(Math.trunc((convertNumber(a, 'Integer') as number) / divisor));
    }
    case 'Long': {
      const divisor = toBigInt(b);
      if (divisor === 0n) divisionByZero();
      return wrapLong(toBigInt(a) / divisor);
    }
    case 'BigInteger': {
      const divisor = toBigInt(b);
      if (divisor === 0n) divisionByZero();
      return new JavaBigInteger(toBigInt(a) / divisor);
    }
    case 'Double':
      return new JavaDouble(toDouble(a) / toDouble(b));
    case 'Float':
      return new JavaFloat(toDouble(a) / toDouble(b));
    case 'BigDecimal': {
      const right = toDecimal(b);
      if (right.isZero()) throw new JavaArithmeticError('Division by zero');
      // Spring divides BigDecimals with the larger of the two scales and HALF_EVEN rounding.
      return bigDecimalDivide(toDecimal(a), right);
    }
    default:
      return divideAs('Integer', a, b);
  }
}

/** `a % b` in the promoted kind (sign of the dividend, as in Java). */
export function remainderAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  switch (kind) {
    case 'Integer': {
      const divisor = convertNumber(b, 'Integer') as number;
      if (divisor === 0) divisionByZero();
      return wrapInt((convertNumber(a, 'Integer') as number) % divisor);
    }
    case 'Long': {
      const divisor = toBigInt(b);
      if (divisor === 0n) divisionByZero();
      return toBigInt(a) % divisor;
    }
    case 'BigInteger': {
      const divisor = toBigInt(b);
      if (divisor === 0n) divisionByZero();
      return new JavaBigInteger(toBigInt(a) % divisor);
    }
    case 'Double':
      return new JavaDouble(toDouble(a) % toDouble(b));
    case 'Float':
      return new JavaFloat(toDouble(a) % toDouble(b));
    case 'BigDecimal': {
      const divisor = toDecimal(b);
      if (divisor.isZero()) throw new JavaArithmeticError('Division by zero');
      return toDecimal(a).mod(divisor);
    }
    default:
      return remainderAs('Integer', a, b);
  }
}

/** `-a`, keeping the kind (Integer.MIN_VALUE stays itself, as in Java). */
export function negate(value: unknown): unknown {
  const kind = numberKindOf(value);
  switch (kind) {
    case 'Integer':
      return wrapInt(-(value as number));
    case 'Long':
      return wrapLong(-(value as bigint));
    case 'BigInteger':
      return new JavaBigInteger(-toBigInt(value));
    case 'Double':
      return new JavaDouble(-toDouble(value));
    case 'Float':
      return new JavaFloat(-toDouble(value));
    case 'BigDecimal':
      return toDecimal(value).negated();
    case 'Short':
      return new JavaShort(-toDouble(value));
    case 'Byte':
      return new JavaByte(-toDouble(value));
    default:
      throw new TypeError('Not a number');
  }
}

/**
 * `a ^ b` as Spring's OpPower: BigDecimal/BigInteger raise to an int power; any floating operand gives a
 * Double; Long gives a Long; two Integers give an Integer unless the result leaves the int range (then Long).
 */
export function power(a: unknown, b: unknown): unknown {
  const ka = numberKindOf(a);
  const kb = numberKindOf(b);
  if (ka === undefined || kb === undefined) throw new TypeError('Not a number');
  if (ka === 'BigDecimal' || ka === 'BigInteger') {
    const exponent = Math.trunc(toDouble(b));
    if (exponent < 0 && ka === 'BigInteger') throw new JavaArithmeticError('Negative exponent');
    // Estimate the size first: an exact power of a big base can take longer than any budget allows.
    const base = toDecimal(a);
    const digits = base.isZero() ? 1 : Math.abs(base.e) + base.sd() + 1;
    if (Math.abs(exponent) > 999999999 || digits * Math.abs(exponent) > MAX_DIGITS) throw new JavaArithmeticError('Result of power too large');
    if (ka === 'BigDecimal') return guardDecimal(base.pow(exponent));
    return new JavaBigInteger(toBigInt(a) ** BigInt(exponent));
  }
  const result = Math.pow(toDouble(a), toDouble(b));
  if ((FLOATING_RANK[ka] ?? 0) > 0 || (FLOATING_RANK[kb] ?? 0) > 0) return new JavaDouble(result);
  if (ka === 'Long' || kb === 'Long') return doubleToLong(result);
  if (result > 2147483647 || result < -2147483648) return doubleToLong(result);
  return Math.trunc(result);
}

function doubleToLong(value: number): bigint {
  if (Number.isNaN(value)) return 0n;
  if (value >= 9.223372036854776e18) return (1n << 63n) - 1n;
  if (value <= -9.223372036854776e18) return -(1n << 63n);
  return BigInt(Math.trunc(value));
}

/** Compares two numbers after promotion, as Spring's comparator does. */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const ka = numberKindOf(a)!;
  const kb = numberKindOf(b)!;
  const kind = promoteKinds(ka, kb);
  switch (kind) {
    case 'Long':
    case 'BigInteger':
    case 'Integer': {
      const x = toBigInt(a);
      const y = toBigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'BigDecimal':
      return toDecimal(a).comparedTo(toDecimal(b));
    default: {
      const x = toDouble(a);
      const y = toDouble(b);
      // Java's Double.compare puts NaN above everything.
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}
