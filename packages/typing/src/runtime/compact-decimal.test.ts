import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { compactDecimalOp } from './compact-decimal';
import { javaScaleOf, withJavaScale } from './decimal-scale';
import { ExactDecimal } from './exact-decimal';
import { javaAdd, javaMultiply, javaSubtract } from './numbers';
import { javaToString } from './to-string';

/** A BigDecimal as Java would hold it: unscaled value and scale, built the general way (from text). */
const decimal = (unscaled: bigint, scale: number) => withJavaScale(new ExactDecimal(`${unscaled}e${-scale}`), scale);

/** What Java answers, in bigints: the value and scale of `a op b`. */
function expected(op: '+' | '-' | '*', a: [bigint, number], b: [bigint, number]): Decimal {
  if (op === '*') return decimal(a[0] * b[0], a[1] + b[1]);
  const scale = Math.max(a[1], b[1]);
  const left = a[0] * 10n ** BigInt(scale - a[1]);
  const right = b[0] * 10n ** BigInt(scale - b[1]);
  return decimal(op === '+' ? left + right : left - right, scale);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const within = (value: bigint) => value <= MAX_SAFE && value >= -MAX_SAFE;

/** Whether the operands, aligned to the result's scale, and the result fit in 53 bits (and the scale is at most 14). */
function fitsIn53Bits(op: '+' | '-' | '*', a: [bigint, number], b: [bigint, number]): boolean {
  if (op === '*') return within(a[0] * b[0]) && a[1] + b[1] <= 14;
  const scale = Math.max(a[1], b[1]);
  const left = a[0] * 10n ** BigInt(scale - a[1]);
  const right = b[0] * 10n ** BigInt(scale - b[1]);
  return within(left) && within(right) && within(op === '+' ? left + right : left - right) && scale <= 14;
}

function expectSameBigDecimal(actual: unknown, wanted: Decimal): void {
  expect(actual).toBeInstanceOf(Decimal);
  const value = actual as Decimal;
  expect(javaToString(value)).toBe(javaToString(wanted));
  expect(javaScaleOf(value)).toBe(javaScaleOf(wanted));
  expect(value.equals(wanted)).toBe(true);
  // decimal.js's own methods read the written representation as one of theirs.
  expect(value.toString()).toBe(wanted.toString());
  expect(value.plus(1).toString()).toBe(wanted.plus(1).toString());
  expect(value.times(3).comparedTo(wanted.times(3))).toBe(0);
}

// A small deterministic generator: the same cases on every run.
function* numbers(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    yield state;
  }
}

describe('BigDecimal + - * on small values (compactDecimalOp)', () => {
  const edges: Array<[bigint, number]> = [
    [0n, 0], [0n, 3], [1n, 0], [-1n, 0], [1n, 8], [1025n, 2], [2150n, 2], [-350n, 1], [9999999n, 0], [10000000n, 0],
    [99999999999999n, 7], [123456789012345n, 5], [1n, 15], [-1n, 22], [9007199254740991n, 0], [4503599627370496n, 3],
  ];

  it('gives the value and scale Java gives, for every pair of the edge values', () => {
    for (const a of edges) {
      for (const b of edges) {
        for (const op of ['+', '-', '*'] as const) {
          const result = compactDecimalOp(op, decimal(...a), decimal(...b));
          // Past 53 bits it declines, and the general path answers.
          if (result !== undefined) expectSameBigDecimal(result, expected(op, a, b));
        }
      }
    }
  });

  it('agrees with Java on 20,000 random pairs of up to 12 digits and scale 0-9', () => {
    let exact = 0;
    const random = numbers(42);
    const next = () => random.next().value as number;
    for (let i = 0; i < 20_000; i++) {
      const digits = 1 + (next() % 12);
      const a: [bigint, number] = [BigInt(next() % 10 ** Math.min(digits, 9)) * (next() % 2 === 0 ? 1n : -1n) * 10n ** BigInt(next() % 4), next() % 10];
      const b: [bigint, number] = [BigInt(next() % 100_000) * (next() % 3 === 0 ? -1n : 1n), next() % 10];
      const op = (['+', '-', '*'] as const)[next() % 3]!;
      const result = compactDecimalOp(op, decimal(...a), decimal(...b));
      if (fitsIn53Bits(op, a, b)) {
        expect(result, `${op} ${a.join('e-')} ${b.join('e-')}`).toBeDefined();
        exact++;
      }
      if (result !== undefined) expectSameBigDecimal(result, expected(op, a, b));
    }
    // Most of them are within its range: the fast path is what was checked.
    expect(exact).toBeGreaterThan(15_000);
  });

  it('takes Integers and Longs as scale 0, and plain decimal.js values as their digits say', () => {
    expectSameBigDecimal(compactDecimalOp('*', new Decimal('10.25'), 2), decimal(2050n, 2));
    expectSameBigDecimal(compactDecimalOp('+', 2, new Decimal('0.5')), decimal(25n, 1));
    expectSameBigDecimal(compactDecimalOp('-', 9007199254740991n, decimal(1n, 0)), decimal(9007199254740990n, 0));
    expect(compactDecimalOp('+', 9007199254740993n, decimal(1n, 0))).toBeUndefined();
  });

  it('declines what it cannot do exactly, so the general path answers', () => {
    expect(compactDecimalOp('*', decimal(9007199254740991n, 0), decimal(2n, 0))).toBeUndefined();
    expect(compactDecimalOp('+', new Decimal('1e30'), 1)).toBeUndefined();
    expect(compactDecimalOp('+', decimal(1n, 30), 1)).toBeUndefined();
  });

  it('is what Java arithmetic on BigDecimals answers, fast path or not', () => {
    const big = decimal(9007199254740991n, 2);
    expect(javaToString(javaMultiply(big, 3))).toBe('270215977642229.73');
    expect(javaToString(javaAdd(decimal(150n, 2), 1))).toBe('2.50');
    expect(javaToString(javaSubtract(decimal(0n, 0), decimal(5n, 3)))).toBe('-0.005');
    expect(javaToString(javaMultiply(new Decimal('10.25'), 2))).toBe('20.50');
  });
});
