import type { Decimal } from 'decimal.js';
import { javaScaleOf } from './decimal-scale';
import {
  isJavaBigDecimal,
  isJavaBigInteger,
  isJavaByte,
  isJavaCharacter,
  isJavaCharset,
  isJavaCurrency,
  isJavaDouble,
  isJavaFloat,
  isJavaLocale,
  isJavaShort,
  isJavaUuid,
} from './values';

/**
 * Formats shortest round-trip digits the way Java's `Double.toString` / `Float.toString` lay them out:
 * plain notation with at least one fractional digit for 1e-3 <= |x| < 1e7, otherwise `d.dddE<exp>`.
 */
function formatJavaFloating(value: number, digitsFor: (abs: number) => { digits: string; exponent: number }): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const { digits, exponent } = digitsFor(abs);
  if (abs >= 1e-3 && abs < 1e7) {
    if (exponent >= 0) {
      const intPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
      const fraction = digits.slice(exponent + 1) || '0';
      return `${sign}${intPart}.${fraction}`;
    }
    return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  const mantissa = `${digits[0]}.${digits.slice(1) || '0'}`;
  return `${sign}${mantissa}E${exponent}`;
}

/** Decimal digits (no leading/trailing zeros) and the decimal exponent of the first digit. */
function splitExponential(text: string): { digits: string; exponent: number } {
  const [mantissa = '', exp = '0'] = text.split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  return { digits, exponent: Number(exp) };
}

function doubleDigits(abs: number): { digits: string; exponent: number } {
  return splitExponential(abs.toExponential());
}

/** The shortest digits that read back to the same single-precision value, as Java's Float.toString. */
function floatDigits(abs: number): { digits: string; exponent: number } {
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = abs.toExponential(precision - 1);
    if (Math.fround(Number(candidate)) === abs) return splitExponential(candidate);
  }
  return splitExponential(abs.toExponential(8));
}

/** Java `Double.toString(d)`: `3.0`, `0.1`, `1.0E7`, `1.0E-4`, `NaN`. */
export function formatJavaDouble(value: number): string {
  return formatJavaFloating(value, doubleDigits);
}

/** Java `Float.toString(f)`: shortest digits of the single-precision value (`0.1` for `0.1f`). */
export function formatJavaFloat(value: number): string {
  return formatJavaFloating(Math.fround(value), floatDigits);
}

/**
 * Java `BigDecimal.toString()` for the value, with its Java scale (`1.00` keeps its zeros when it was built
 * with them); otherwise the layout follows Java: plain
 * unless the adjusted exponent is below -6, then `1E-7`, `1.5E-8`.
 */
export function formatJavaBigDecimal(value: Decimal): string {
  const scale = javaScaleOf(value);
  if (value.isZero()) return scale === 0 ? '0' : scale <= 6 ? `0.${'0'.repeat(scale)}` : `0E-${scale}`;
  const adjustedExponent = value.e;
  // Plain digits up to a thousand places; beyond, Java's `E+` form (what Java prints for a negative scale), so
  // that printing `1e999999999` does not build a billion-character string.
  if (adjustedExponent >= -6 && adjustedExponent < PLAIN_BIG_DECIMAL_DIGITS) return scale > value.decimalPlaces() ? value.toFixed(scale) : value.toFixed();
  const sign = value.isNegative() ? '-' : '';
  const { digits } = splitExponential(value.abs().toExponential());
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjustedExponent > 0 ? '+' : ''}${adjustedExponent}`;
}

const PLAIN_BIG_DECIMAL_DIGITS = 1000;

function hasToString(value: object): value is { toString(): string } {
  return typeof (value as { toString?: unknown }).toString === 'function';
}

/**
 * Java `String.valueOf(value)`: what `toString()` gives for every runtime value, `null` for null.
 * Lists and arrays print as `[1, 2]`, maps and records as `{a=1, b=x}`, sets as `[a, b]`.
 */
export function javaToString(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return String(value);
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(javaToString).join(', ')}]`;
  if (value instanceof Map) {
    const entries: string[] = [];
    for (const [key, entry] of value) entries.push(`${javaToString(key)}=${javaToString(entry)}`);
    return `{${entries.join(', ')}}`;
  }
  if (value instanceof Set) return `[${[...value].map(javaToString).join(', ')}]`;
  if (isJavaDouble(value)) return formatJavaDouble(value.value);
  if (isJavaFloat(value)) return formatJavaFloat(value.value);
  if (isJavaShort(value) || isJavaByte(value)) return String(value.value);
  if (isJavaBigDecimal(value)) return formatJavaBigDecimal(value);
  if (isJavaBigInteger(value) || isJavaCharacter(value) || isJavaUuid(value)) return value.toString();
  if (isJavaLocale(value) || isJavaCurrency(value) || isJavaCharset(value)) return value.toString();
  // js-joda values print exactly like their java.time counterparts.
  if (hasToString(value)) return value.toString();
  return String(value);
}
