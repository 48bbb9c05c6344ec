import type { Decimal } from 'decimal.js';

// decimal.js keeps no trailing zeros, Java's BigDecimal keeps its scale (`new BigDecimal("1.00")` has scale 2,
// and `1.00 / 3` is `0.33`). A decimal whose scale is larger than its significant fractional digits carries it
// in a hidden property; every other decimal's scale is its fractional digits.
export const JAVA_SCALE = Symbol('javaScale');

type Scaled = Decimal & { readonly [JAVA_SCALE]?: number };

/** Marks a freshly built decimal with Java's scale (only ever raised above its fractional digits). Returns it. */
export function withJavaScale(value: Decimal, scale: number): Decimal {
  if (scale > Math.max(0, value.decimalPlaces())) Object.defineProperty(value, JAVA_SCALE, { value: scale });
  return value;
}

/** The scale `withJavaScale` marked a decimal with, if any (its fractional digits are its scale otherwise). */
export function markedJavaScale(value: Decimal): number | undefined {
  return (value as Scaled)[JAVA_SCALE];
}

/** Java's `scale()` of a decimal (never negative here: decimal.js has no negative scales to remember). */
export function javaScaleOf(value: Decimal): number {
  return (value as Scaled)[JAVA_SCALE] ?? Math.max(0, value.decimalPlaces());
}

/** The scale of BigDecimal text as Java reads it: fractional digits minus the exponent (`1.50` -> 2, `1e2` -> -2). */
export function scaleOfDecimalText(text: string): number {
  const match = /^[+-]?\d*(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  return match ? (match[1]?.length ?? 0) - Number(match[2] ?? 0) : 0;
}
