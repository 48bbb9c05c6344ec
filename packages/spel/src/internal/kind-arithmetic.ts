import type { NumberKind } from '@scenaria/typing';
import { castNumber, javaAdd, javaDivide, javaMultiply, javaRemainder, javaSubtract } from '@scenaria/typing/runtime';

// Java's arithmetic is @scenaria/typing's. What this module adds is arithmetic in a kind chosen beforehand: the
// evaluator and helpers pass the kind the operands promote to (or an accumulator's kind, as `#COLLECTION.sum`
// does), and Integer/Long operands are cast to it first, so two Integers summed as Long give a Long.

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

/** `a + b` computed in `kind`. */
export function addAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaAdd(asKind(kind, a), asKind(kind, b));
}

/** `a - b` in `kind`. */
export function subtractAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaSubtract(asKind(kind, a), asKind(kind, b));
}

/** `a * b` in `kind`. */
export function multiplyAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaMultiply(asKind(kind, a), asKind(kind, b));
}

/** `a / b` in `kind`; integral division truncates, BigDecimal keeps the larger scale (HALF_EVEN). */
export function divideAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaDivide(asKind(kind, a), asKind(kind, b));
}

/** `a % b` in `kind` (sign of the dividend, as in Java). */
export function remainderAs(kind: NumberKind, a: unknown, b: unknown): unknown {
  return javaRemainder(asKind(kind, a), asKind(kind, b));
}
