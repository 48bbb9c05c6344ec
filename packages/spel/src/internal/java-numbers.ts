import type { Decimal } from 'decimal.js';
import {
  castNumber, javaAdd, javaCompare, javaDivide, javaMultiply, javaNegate, javaPower, javaRemainder, javaSubtract,
  JavaClassNames, promoteNumberClassNames, toBigDecimalValue, toBigIntegerValue, toDoubleValue, type NumberKind,
} from '@scenaria/typing';

// Java number semantics are @scenaria/typing's (promotion, wrapping, division, BigDecimal scale). This module
// only addresses them by the number kind the typer computed statically, which the compiler specialises on.

export { numberKindOf, type NumberKind } from '@scenaria/typing';

export const NUMBER_CLASS: Readonly<Record<NumberKind, string>> = {
  Byte: JavaClassNames.Byte,
  Short: JavaClassNames.Short,
  Integer: JavaClassNames.Integer,
  Long: JavaClassNames.Long,
  BigInteger: JavaClassNames.BigInteger,
  Float: JavaClassNames.Float,
  Double: JavaClassNames.Double,
  BigDecimal: JavaClassNames.BigDecimal,
};

const KIND_BY_CLASS: ReadonlyMap<string, NumberKind> = new Map((Object.entries(NUMBER_CLASS) as [NumberKind, string][]).map(([kind, name]) => [name, kind]));

/** The number kind of a class name, if it is a concrete Java number class. */
export function numberKindOfClass(className: string): NumberKind | undefined {
  return KIND_BY_CLASS.get(className);
}

/** The kind both operands are promoted to (reference §2 "Number promotion"). */
export function promoteKinds(a: NumberKind, b: NumberKind): NumberKind {
  return KIND_BY_CLASS.get(promoteNumberClassNames(NUMBER_CLASS[a], NUMBER_CLASS[b]) ?? '') ?? 'Integer';
}

/** The numeric value as a JS double (Java's doubleValue). */
export const toDouble = toDoubleValue;

/** The numeric value as a bigint, truncating fractions (BigInteger's view of the number). */
export function toBigInt(value: unknown): bigint {
  return toBigIntegerValue(value);
}

/** The numeric value as an exact decimal (doubles through their shortest Java string form). */
export function toDecimal(value: unknown): Decimal {
  return toBigDecimalValue(value);
}

/** Converts a number to the given kind with Java's casting rules; a value of that kind is returned as is. */
export function convertNumber(value: unknown, kind: NumberKind): unknown {
  return castNumber(value, kind);
}

/** The operands cast to the promoted kind when they are not of it yet (statically typed operands). */
function asKind(kind: NumberKind, value: unknown): unknown {
  switch (kind) {
    case 'Integer':
      return typeof value === 'number' ? value : castNumber(value, kind);
    case 'Long':
      return typeof value === 'bigint' ? value : castNumber(value, kind);
    default:
      return value;
  }
}

/** `a + b` computed in `kind` (the promotion of the operands' kinds). */
export function addAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaAdd(asKind(kind, a), asKind(kind, b));
}

/** `a - b` in the promoted kind. */
export function subtractAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaSubtract(asKind(kind, a), asKind(kind, b));
}

/** `a * b` in the promoted kind. */
export function multiplyAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaMultiply(asKind(kind, a), asKind(kind, b));
}

/** `a / b` in the promoted kind; integral division truncates, BigDecimal keeps the larger scale (HALF_EVEN). */
export function divideAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaDivide(asKind(kind, a), asKind(kind, b));
}

/** `a % b` in the promoted kind (sign of the dividend, as in Java). */
export function remainderAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaRemainder(asKind(kind, a), asKind(kind, b));
}

/** `-a`, keeping the kind. */
export const negate = javaNegate;

/** `a ^ b` as Spring's OpPower. */
export const power = javaPower;

/** Compares two numbers after promotion, as Spring's comparator does. */
export function compareNumbers(a: unknown, b: unknown): number {
  return javaCompare(a, b);
}
