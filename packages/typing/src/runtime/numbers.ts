import { Decimal } from 'decimal.js';
import type { NumberKind } from '../types/numbers';
import { JavaRuntimeError } from './errors';
import { compactDecimalOp } from './compact-decimal';
import { javaScaleOf, scaleOfDecimalText, withJavaScale } from './decimal-scale';
import { ExactDecimal } from './exact-decimal';
import { formatJavaDouble, formatJavaFloat } from './to-string';
import {
  isJavaBigDecimal,
  isJavaBigInteger,
  isJavaByte,
  isJavaDouble,
  isJavaFloat,
  isJavaShort,
  JavaBigInteger,
  JavaByte,
  JavaDouble,
  JavaFloat,
  JavaShort,
} from './values';

export { ExactDecimal } from './exact-decimal';

function isExactDecimal(value: unknown): value is Decimal {
  return typeof value === 'object' && value !== null && (value as Decimal).constructor === ExactDecimal;
}

/** The number class of a runtime value, or undefined when it is not a Java number. */
export function numberKindOf(value: unknown): NumberKind | undefined {
  if (typeof value === 'number') return 'Integer';
  if (typeof value === 'bigint') return 'Long';
  if (isJavaDouble(value)) return 'Double';
  if (isJavaFloat(value)) return 'Float';
  if (isJavaBigDecimal(value)) return 'BigDecimal';
  if (isJavaBigInteger(value)) return 'BigInteger';
  if (isJavaShort(value)) return 'Short';
  if (isJavaByte(value)) return 'Byte';
  return undefined;
}

function requireKind(value: unknown, operation: string): NumberKind {
  const kind = numberKindOf(value);
  if (kind === undefined) throw new JavaRuntimeError('ClassCastException', `Operator '${operation}' needs numbers, got ${describe(value)}`);
  return kind;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}

/** Java `(int)` of a double: NaN -> 0, saturating at the int bounds, truncating toward zero. */
export function doubleToInt(value: number): number {
  if (Number.isNaN(value)) return 0;
  if (value >= 2147483647) return 2147483647;
  if (value <= -2147483648) return -2147483648;
  return Math.trunc(value) | 0;
}

/** Java `(long)` of a double: NaN -> 0, saturating at the long bounds, truncating toward zero. */
export function doubleToLong(value: number): bigint {
  if (Number.isNaN(value)) return 0n;
  if (value >= 9223372036854775807) return (1n << 63n) - 1n;
  if (value <= -9223372036854775808) return -(1n << 63n);
  return BigInt(Math.trunc(value));
}

/** Java `Number.doubleValue()`. */
export function toDoubleValue(value: unknown): number {
  const kind = requireKind(value, 'doubleValue');
  switch (kind) {
    case 'Integer':
      return value as number;
    case 'Long':
      return Number(value as bigint);
    case 'BigInteger':
      return Number((value as JavaBigInteger).value);
    case 'BigDecimal':
      return (value as Decimal).toNumber();
    default:
      return (value as { value: number }).value;
  }
}

/** Java `Number.longValue()` (narrowing: floating values truncated and saturated, big values keep the low 64 bits). */
export function toLongValue(value: unknown): bigint {
  const kind = requireKind(value, 'longValue');
  switch (kind) {
    case 'Integer':
      return BigInt(value as number);
    case 'Long':
      return value as bigint;
    case 'BigInteger':
      return BigInt.asIntN(64, (value as JavaBigInteger).value);
    case 'BigDecimal':
      return BigInt.asIntN(64, BigInt(expandDecimal((value as Decimal).trunc())));
    case 'Float':
    case 'Double':
      return doubleToLong((value as { value: number }).value);
    default:
      return BigInt((value as { value: number }).value);
  }
}

/** Java `Number.intValue()` (narrowing like a Java cast). */
export function toIntValue(value: unknown): number {
  const kind = requireKind(value, 'intValue');
  switch (kind) {
    case 'Integer':
      return value as number;
    case 'Float':
    case 'Double':
      return doubleToInt((value as { value: number }).value);
    default:
      return Number(BigInt.asIntN(32, toLongValue(value)));
  }
}

/** Java BigInteger of a number (floating values truncated, as `BigDecimal.toBigInteger`). */
export function toBigIntegerValue(value: unknown): bigint {
  const kind = requireKind(value, 'toBigInteger');
  switch (kind) {
    case 'BigInteger':
      return (value as JavaBigInteger).value;
    case 'BigDecimal':
      return BigInt(expandDecimal((value as Decimal).trunc()));
    case 'Float':
    case 'Double': {
      const number = (value as { value: number }).value;
      if (!Number.isFinite(number)) throw new JavaRuntimeError('NumberFormatException', `Cannot convert ${formatJavaDouble(number)} to BigInteger`);
      return BigInt(Math.trunc(number));
    }
    default:
      return toLongValue(value);
  }
}

/**
 * Java BigDecimal of a number the way Spring converts operands: floating values through their decimal string
 * (`0.1` stays exactly 0.1, not the binary expansion), integers exactly.
 */
export function toBigDecimalValue(value: unknown): Decimal {
  // Integers, Longs and exact decimals first, without the dispatch: mixed BigDecimal arithmetic converts an
  // operand on every operation. Decimals are immutable, so an exact one is returned as it is (by constructor:
  // decimal.js clones share one prototype, so `instanceof` cannot tell them apart).
  if (isExactDecimal(value)) return value;
  if (typeof value === 'number') return new ExactDecimal(value);
  if (typeof value === 'bigint') return new ExactDecimal(value.toString());
  const kind = requireKind(value, 'toBigDecimal');
  switch (kind) {
    case 'BigDecimal':
      return new ExactDecimal(value as Decimal);
    case 'Double':
    case 'Float': {
      const number = (value as { value: number }).value;
      if (!Number.isFinite(number)) throw new JavaRuntimeError('NumberFormatException', `Cannot convert ${formatJavaDouble(number)} to BigDecimal`);
      // Through the Java text, as Spring's NumberUtils converts: `1.0` keeps its scale of 1.
      const text = kind === 'Float' ? formatJavaFloat(number) : formatJavaDouble(number);
      return withJavaScale(new ExactDecimal(text), scaleOfDecimalText(text));
    }
    default:
      return new ExactDecimal(toBigIntegerValue(value).toString());
  }
}

/**
 * Converts a number to another number class with Java's narrowing/widening casts (`(short) 70000`,
 * `(int) 3.9`). This is the plain cast; the checked conversions of `to('Long')` live with the conversions.
 */
export function castNumber(value: unknown, kind: NumberKind): unknown {
  switch (kind) {
    case 'Integer':
      return toIntValue(value);
    case 'Long':
      return toLongValue(value);
    case 'Short':
      return new JavaShort(toIntValue(value));
    case 'Byte':
      return new JavaByte(toIntValue(value));
    case 'Double':
      return new JavaDouble(toDoubleValue(value));
    case 'Float':
      return new JavaFloat(toDoubleValue(value));
    case 'BigInteger':
      return new JavaBigInteger(toBigIntegerValue(value));
    case 'BigDecimal':
      return toBigDecimalValue(value);
  }
}

/**
 * The class two numbers meet in, for arithmetic as for comparison and `==` (Spring's operator dispatch and its
 * StandardTypeComparator share this order): BigDecimal > Double > Float > BigInteger > Long > Integer, so Short
 * and Byte compute as Integer. The same order as `promoteNumberClassNames`, on runtime kinds.
 */
export function promoteNumberKinds(left: NumberKind, right: NumberKind): PromotedNumberKind {
  const either = (kind: NumberKind) => left === kind || right === kind;
  if (either('BigDecimal')) return 'BigDecimal';
  if (either('Double')) return 'Double';
  if (either('Float')) return 'Float';
  if (either('BigInteger')) return 'BigInteger';
  if (either('Long')) return 'Long';
  return 'Integer';
}

/** The kinds arithmetic and comparison happen in (never Short or Byte). */
export type PromotedNumberKind = Exclude<NumberKind, 'Short' | 'Byte'>;

type Operator = '+' | '-' | '*' | '/' | '%';

function divisionByZero(): JavaRuntimeError {
  return new JavaRuntimeError('ArithmeticException', '/ by zero');
}

function integerOp(op: Operator, a: number, b: number): number {
  switch (op) {
    case '+':
      return (a + b) | 0;
    case '-':
      return (a - b) | 0;
    case '*':
      return Math.imul(a, b);
    case '/':
      if (b === 0) throw divisionByZero();
      return Math.trunc(a / b) | 0;
    case '%':
      if (b === 0) throw divisionByZero();
      return a % b | 0;
  }
}

function longOp(op: Operator, a: bigint, b: bigint): bigint {
  switch (op) {
    case '+':
      return BigInt.asIntN(64, a + b);
    case '-':
      return BigInt.asIntN(64, a - b);
    case '*':
      return BigInt.asIntN(64, a * b);
    case '/':
      if (b === 0n) throw divisionByZero();
      return BigInt.asIntN(64, a / b);
    case '%':
      if (b === 0n) throw divisionByZero();
      return a % b;
  }
}

/**
 * Largest BigInteger/BigDecimal (in decimal digits) arithmetic builds: an expression squaring a number in a
 * loop would otherwise take unbounded time and memory (the evaluator's budget counts steps, not digits).
 */
const MAX_DIGITS = 100_000;
const MAX_BIG_INTEGER = 10n ** BigInt(MAX_DIGITS);

function guardBigInteger(value: bigint): bigint {
  if (value > MAX_BIG_INTEGER || value < -MAX_BIG_INTEGER) throw new JavaRuntimeError('ArithmeticException', `BigInteger result exceeds ${MAX_DIGITS} digits`);
  return value;
}

function decimalTooLong(): JavaRuntimeError {
  return new JavaRuntimeError('ArithmeticException', `BigDecimal result exceeds ${MAX_DIGITS} digits`);
}

function guardDecimal(value: Decimal): Decimal {
  if (value.sd() > MAX_DIGITS || Math.abs(value.e) > MAX_DIGITS) throw decimalTooLong();
  return value;
}

/**
 * Above this product of the operands' significant digits, a BigDecimal product is computed on bigints: decimal.js
 * multiplies word by word (two 80,000-digit operands took 1.2 s), V8's bigints in a few milliseconds, with the
 * conversions to and from text linear or close to it.
 */
const BIGINT_PRODUCT_DIGITS = 250_000;

/**
 * `a * b` exactly, under Java's scale rule (the scales add up). A product of more than MAX_DIGITS + 1 digits (the
 * operands' significant digits added up, less one) is refused before any work, as is one whose exponent must be
 * out of range; only a product whose trailing zeros would have brought it back within the limit (`5^k * 2^k`) is
 * refused where it used to be computed, at the cost of the whole multiplication.
 */
function decimalProduct(left: Decimal, right: Decimal, scale: number): Decimal {
  const leftDigits = left.sd();
  const rightDigits = right.sd();
  if (leftDigits + rightDigits - 1 > MAX_DIGITS || Math.abs(left.e + right.e) > MAX_DIGITS + 1) throw decimalTooLong();
  if (leftDigits * rightDigits <= BIGINT_PRODUCT_DIGITS) return withJavaScale(guardDecimal(left.times(right)), scale);
  const a = decimalParts(left);
  const b = decimalParts(right);
  return guardDecimal(fromParts(a.unscaled * b.unscaled, a.scale + b.scale));
}

function bigIntegerOp(op: Operator, a: bigint, b: bigint): bigint {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return guardBigInteger(a * b);
    case '/':
      if (b === 0n) throw new JavaRuntimeError('ArithmeticException', 'BigInteger divide by zero');
      return a / b;
    case '%':
      if (b === 0n) throw new JavaRuntimeError('ArithmeticException', 'BigInteger divide by zero');
      return a % b;
  }
}

function floatingOp(op: Operator, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
  }
}

/** Unscaled value and scale of a decimal (`1.25` -> 125n, 2). decimal.js keeps no trailing zeros. */
export function decimalParts(value: Decimal): { unscaled: bigint; scale: number } {
  expandDecimal(value);
  const scale = javaScaleOf(value);
  const unscaled = BigInt(new ExactDecimal(value).times(new ExactDecimal(10).pow(scale)).toFixed());
  return { unscaled, scale };
}

function fromParts(unscaled: bigint, scale: number): Decimal {
  // Built from text: dividing by 10^scale would make decimal.js work at its (huge) precision.
  return withJavaScale(new ExactDecimal(`${unscaled.toString()}e${-scale}`), scale);
}

/** Java's RoundingMode, in the order of the legacy `BigDecimal.ROUND_*` int constants (0..7). */
export type JavaRoundingMode = 'UP' | 'DOWN' | 'CEILING' | 'FLOOR' | 'HALF_UP' | 'HALF_DOWN' | 'HALF_EVEN' | 'UNNECESSARY';

/** Rounding modes by their legacy int code (`BigDecimal.ROUND_HALF_UP` is 4). */
export const ROUNDING_MODES: readonly JavaRoundingMode[] = ['UP', 'DOWN', 'CEILING', 'FLOOR', 'HALF_UP', 'HALF_DOWN', 'HALF_EVEN', 'UNNECESSARY'];

/** Integer division rounded with a Java rounding mode (both operands may be negative). */
export function divideRounded(numerator: bigint, denominator: bigint, mode: JavaRoundingMode): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const truncated = n / d;
  const remainder = n % d;
  if (remainder === 0n) return negative ? -truncated : truncated;
  const twice = remainder * 2n;
  let roundAway: boolean;
  switch (mode) {
    case 'UP':
      roundAway = true;
      break;
    case 'DOWN':
      roundAway = false;
      break;
    case 'CEILING':
      roundAway = !negative;
      break;
    case 'FLOOR':
      roundAway = negative;
      break;
    case 'HALF_UP':
      roundAway = twice >= d;
      break;
    case 'HALF_DOWN':
      roundAway = twice > d;
      break;
    case 'HALF_EVEN':
      roundAway = twice > d || (twice === d && truncated % 2n === 1n);
      break;
    case 'UNNECESSARY':
      throw new JavaRuntimeError('ArithmeticException', 'Rounding necessary');
  }
  const magnitude = roundAway ? truncated + 1n : truncated;
  return negative ? -magnitude : magnitude;
}

/** `dividend.divide(divisor, scale, mode)`, computed exactly in integers. */
export function bigDecimalDivideToScale(left: Decimal, right: Decimal, scale: number, mode: JavaRoundingMode): Decimal {
  if (right.isZero()) throw new JavaRuntimeError('ArithmeticException', left.isZero() ? 'Division undefined' : 'Division by zero');
  if (Math.abs(scale) > MAX_EXPANDED_DECIMAL_DIGITS) throw new JavaRuntimeError('ArithmeticException', `Scale ${scale} is beyond ${MAX_EXPANDED_DECIMAL_DIGITS} digits`);
  const a = decimalParts(left);
  const b = decimalParts(right);
  const exponent = b.scale + scale - a.scale;
  const numerator = exponent >= 0 ? a.unscaled * 10n ** BigInt(exponent) : a.unscaled;
  const denominator = exponent >= 0 ? b.unscaled : b.unscaled * 10n ** BigInt(-exponent);
  return fromParts(divideRounded(numerator, denominator, mode), scale);
}

/** `value.setScale(scale, mode)`; UNNECESSARY throws when digits would be lost. */
export function bigDecimalSetScale(value: Decimal, scale: number, mode: JavaRoundingMode): Decimal {
  return bigDecimalDivideToScale(value, new ExactDecimal(1), scale, mode);
}

/**
 * SpEL's BigDecimal division: `left.divide(right, max(left.scale, right.scale), HALF_EVEN)`, so
 * `1 / 3` with BigDecimals of scale 0 is `0`, `1.0 / 3` (scale 1) is `0.3` and `1.00 / 3` is `0.33`.
 */
export function bigDecimalDivide(left: Decimal, right: Decimal): Decimal {
  const scale = Math.max(decimalParts(left).scale, decimalParts(right).scale);
  return bigDecimalDivideToScale(left, right, scale, 'HALF_EVEN');
}

function bigDecimalOp(op: Operator, a: Decimal, b: Decimal): Decimal {
  // The result takes the precision of the left operand's constructor: it must be the exact one.
  const left = isExactDecimal(a) ? a : new ExactDecimal(a);
  switch (op) {
    // Java's scales: the larger one for a sum or difference, their total for a product.
    case '+':
      return withJavaScale(left.plus(b), Math.max(javaScaleOf(a), javaScaleOf(b)));
    case '-':
      return withJavaScale(left.minus(b), Math.max(javaScaleOf(a), javaScaleOf(b)));
    case '*':
      return decimalProduct(left, b, javaScaleOf(a) + javaScaleOf(b));
    case '/':
      return bigDecimalDivide(a, b);
    case '%':
      if (b.isZero()) throw new JavaRuntimeError('ArithmeticException', 'Division by zero');
      return left.mod(b);
  }
}

function arithmetic(op: Operator, left: unknown, right: unknown): unknown {
  // Integers and Longs are by far the most common operands: skip the general dispatch for them.
  if (typeof left === 'number' && typeof right === 'number') return integerOp(op, left, right);
  if (typeof left === 'bigint' && typeof right === 'bigint') return longOp(op, left, right);
  // A BigDecimal with an Integer, a Long or another BigDecimal, small enough: before the dispatch too.
  if ((op === '+' || op === '-' || op === '*') && (left instanceof Decimal || right instanceof Decimal)) {
    const compact = compactDecimalOp(op, left, right);
    if (compact !== undefined) return compact;
  }
  const kind = promoteNumberKinds(requireKind(left, op), requireKind(right, op));
  switch (kind) {
    case 'BigDecimal':
      return bigDecimalOp(op, toBigDecimalValue(left), toBigDecimalValue(right));
    case 'Double':
      return new JavaDouble(floatingOp(op, toDoubleValue(left), toDoubleValue(right)));
    case 'Float':
      return new JavaFloat(floatingOp(op, Math.fround(toDoubleValue(left)), Math.fround(toDoubleValue(right))));
    case 'BigInteger':
      return new JavaBigInteger(bigIntegerOp(op, toBigIntegerValue(left), toBigIntegerValue(right)));
    case 'Long':
      return longOp(op, toLongValue(left), toLongValue(right));
    case 'Integer':
      return integerOp(op, toIntValue(left), toIntValue(right));
  }
}

/** Java `a + b` on numbers with SpEL's promotion; Integer and Long wrap on overflow. */
export function javaAdd(left: unknown, right: unknown): unknown {
  return arithmetic('+', left, right);
}
/** Java `a - b` on numbers. */
export function javaSubtract(left: unknown, right: unknown): unknown {
  return arithmetic('-', left, right);
}
/** Java `a * b` on numbers. */
export function javaMultiply(left: unknown, right: unknown): unknown {
  return arithmetic('*', left, right);
}
/**
 * Java `a / b`: integer division truncates, an integral division by zero throws ArithmeticException
 * (`/ by zero`), floating division by zero gives Infinity/NaN, BigDecimal as {@link bigDecimalDivide}.
 */
export function javaDivide(left: unknown, right: unknown): unknown {
  return arithmetic('/', left, right);
}
/** Java `a % b` (sign of the dividend). */
export function javaRemainder(left: unknown, right: unknown): unknown {
  return arithmetic('%', left, right);
}

/**
 * SpEL's `a ^ b`: BigDecimal and BigInteger raise exactly to `b.intValue()`; with a Double or Float operand
 * the result is the Double `Math.pow`; otherwise the double result is cast to Long when an operand is Long
 * or it exceeds Integer.MAX_VALUE, else to Integer.
 */
export function javaPower(left: unknown, right: unknown): unknown {
  const leftKind = requireKind(left, '^');
  const rightKind = requireKind(right, '^');
  if (leftKind === 'BigDecimal') {
    const exponent = toIntValue(right);
    if (exponent < 0 || exponent > 999999999) throw new JavaRuntimeError('ArithmeticException', 'Invalid operation');
    requireSmallPower(left as Decimal, exponent);
    return guardDecimal(new ExactDecimal(left as Decimal).pow(exponent));
  }
  if (leftKind === 'BigInteger') {
    const exponent = toIntValue(right);
    if (exponent < 0) throw new JavaRuntimeError('ArithmeticException', 'Negative exponent');
    requireSmallPower(toBigDecimalValue(left), exponent);
    return new JavaBigInteger((left as JavaBigInteger).value ** BigInt(exponent));
  }
  const either = (kind: NumberKind) => leftKind === kind || rightKind === kind;
  if (either('Double')) return new JavaDouble(Math.pow(toDoubleValue(left), toDoubleValue(right)));
  if (either('Float')) return new JavaDouble(Math.pow(Math.fround(toDoubleValue(left)), Math.fround(toDoubleValue(right))));
  const result = Math.pow(toDoubleValue(left), toDoubleValue(right));
  if (result > 2147483647 || either('Long')) return doubleToLong(result);
  return doubleToInt(result);
}

/** Estimates the digits of an exact power before computing it (which could take longer than any budget). */
function requireSmallPower(base: Decimal, exponent: number): void {
  const digits = base.isZero() ? 1 : Math.abs(base.e) + base.sd() + 1;
  if (digits * exponent > MAX_DIGITS) throw new JavaRuntimeError('ArithmeticException', 'Result of power too large');
}

/** Java unary minus: same class, Integer/Long wrap (`-MIN_VALUE == MIN_VALUE`). */
export function javaNegate(value: unknown): unknown {
  const kind = requireKind(value, '-');
  switch (kind) {
    case 'Integer':
      return -(value as number) | 0;
    case 'Long':
      return BigInt.asIntN(64, -(value as bigint));
    case 'Short':
      return new JavaShort(-(value as JavaShort).value);
    case 'Byte':
      return new JavaByte(-(value as JavaByte).value);
    case 'Float':
      return new JavaFloat(-(value as JavaFloat).value);
    case 'Double':
      return new JavaDouble(-(value as JavaDouble).value);
    case 'BigInteger':
      return new JavaBigInteger(-(value as JavaBigInteger).value);
    case 'BigDecimal':
      return new ExactDecimal(value as Decimal).neg();
  }
}

/** Java `Math.abs` keeping the class (`Math.abs(Integer.MIN_VALUE)` stays negative, as in Java). */
export function javaAbs(value: unknown): unknown {
  const kind = requireKind(value, 'abs');
  switch (kind) {
    case 'Integer':
      return (value as number) < 0 ? javaNegate(value) : value;
    case 'Long':
      return (value as bigint) < 0n ? javaNegate(value) : value;
    case 'BigDecimal':
      return new ExactDecimal(value as Decimal).abs();
    case 'BigInteger':
      return (value as JavaBigInteger).value < 0n ? javaNegate(value) : value;
    default:
      return toDoubleValue(value) < 0 || Object.is(toDoubleValue(value), -0) ? javaNegate(value) : value;
  }
}

/** The most digits a BigDecimal is written out to (as plain digits, a BigInteger or a scale). */
export const MAX_EXPANDED_DECIMAL_DIGITS = 100_000;

/**
 * The plain digits of a decimal (`toPlainString`), refusing values whose expansion would run to more than
 * `MAX_EXPANDED_DECIMAL_DIGITS` digits: `1e999999999` is a short literal that would otherwise build a
 * billion-character string.
 */
export function expandDecimal(value: Decimal): string {
  if (Math.abs(value.e) > MAX_EXPANDED_DECIMAL_DIGITS) {
    throw new JavaRuntimeError('ArithmeticException', `BigDecimal ${value.toExponential()} has too many digits to write out (more than ${MAX_EXPANDED_DECIMAL_DIGITS})`);
  }
  return value.toFixed();
}
