import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Types } from '@scenaria/typing';
import { ExactDecimal, javaAdd, javaMultiply, javaScaleOf, javaSubtract, javaToString, withJavaScale } from '@scenaria/typing/runtime';
import { compileExpression } from '../expression';

// BigDecimal `+ - *` trees run as one program over unscaled values (generate.ts `compactDecimal`); these check it
// against the operators applied one by one (the runtime's javaAdd and friends, themselves checked against bigint
// arithmetic in @scenaria/typing), on values inside and outside its range.

const variables = { a: Types.BigDecimal, b: Types.BigDecimal, c: Types.BigDecimal, i: Types.Integer, l: Types.Long };
const decimal = (unscaled: bigint, scale: number) => withJavaScale(new ExactDecimal(`${unscaled}e${-scale}`), scale);

type Tree = { leaf: keyof typeof variables | string } | { op: '+' | '-' | '*'; left: Tree; right: Tree };

const text = (tree: Tree): string => ('leaf' in tree ? (tree.leaf in variables ? `#${tree.leaf}` : tree.leaf) : `(${text(tree.left)} ${tree.op} ${text(tree.right)})`);

function oneByOne(tree: Tree, values: Record<string, unknown>): unknown {
  if ('leaf' in tree) return tree.leaf in variables ? values[tree.leaf] : /L$/.test(tree.leaf) ? BigInt(tree.leaf.slice(0, -1)) : Number(tree.leaf);
  const left = oneByOne(tree.left, values);
  const right = oneByOne(tree.right, values);
  return tree.op === '+' ? javaAdd(left, right) : tree.op === '-' ? javaSubtract(left, right) : javaMultiply(left, right);
}

function* generator(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    yield state;
  }
}

function expectSame(actual: unknown, expected: unknown, label: string): void {
  expect(javaToString(actual), label).toBe(javaToString(expected));
  if (expected instanceof Decimal) {
    expect(actual, label).toBeInstanceOf(Decimal);
    expect(javaScaleOf(actual as Decimal), label).toBe(javaScaleOf(expected));
  } else expect(typeof actual, label).toBe(typeof expected);
}

describe('BigDecimal arithmetic trees', () => {
  it('give what the operators one by one give, for 3,000 random trees and values', () => {
    const random = generator(7);
    const next = () => random.next().value as number;
    const leafNames = ['a', 'b', 'c', 'i', 'l', '2', '7L', '0'];
    const tree = (depth: number): Tree => {
      // The root is always an operator over a BigDecimal, so that the typer makes it a BigDecimal tree.
      if (depth > 0 && (depth >= 3 || next() % 3 === 0)) return { leaf: leafNames[next() % leafNames.length]! };
      const op = (['+', '-', '*'] as const)[next() % 3]!;
      return depth === 0 ? { op, left: { leaf: 'a' }, right: tree(1) } : { op, left: tree(depth + 1), right: tree(depth + 1) };
    };
    const value = (): Decimal => {
      const kind = next() % 10;
      // Mostly small values; some past 53 bits, where the program declines and the operators run one by one.
      if (kind === 0) return decimal(BigInt(next()) * 10_000_000_000n + BigInt(next()), next() % 6);
      if (kind === 1) return new Decimal(`${next() % 100_000}.${next() % 1000}`);
      return decimal(BigInt(next() % 2_000_000) - 1_000_000n, next() % 5);
    };
    for (let round = 0; round < 3000; round++) {
      const shape = tree(0);
      const expression = text(shape);
      const compiled = compileExpression(expression, { variables });
      if (!compiled.ok) throw new Error(`${expression}: ${JSON.stringify(compiled.errors)}`);
      const values = { a: value(), b: value(), c: value(), i: (next() % 2001) - 1000, l: BigInt(next()) * 3n - 5_000_000_000n };
      expectSame(compiled.evaluate(values), oneByOne(shape, values), `${expression} with ${JSON.stringify(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, javaToString(v)])))}`);
    }
  });

  it('keeps Java scales through a chain: 10.25 * 2 + 1 is 21.50', () => {
    const compiled = compileExpression('#a * 2 + 1', { variables });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const result = compiled.evaluate({ a: new Decimal('10.25') }) as Decimal;
    expect(javaToString(result)).toBe('21.50');
    expect(javaScaleOf(result)).toBe(2);
  });

  it('computes Integers as Integers when a BigDecimal-typed variable holds them at runtime', () => {
    const compiled = compileExpression('#a + #b', { variables });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(compiled.evaluate({ a: 2, b: 3 })).toBe(5);
  });

  it('reports a wrong runtime value at its operator, as without the program', () => {
    const compiled = compileExpression('#a * 2 - #b', { variables });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(() => compiled.evaluate({ a: new Decimal(1), b: 'text' })).toThrow(/Operator '-' not supported between/);
    // `+` with a String is concatenation, at runtime as in Java.
    const plus = compileExpression('#a * 2 + #b', { variables });
    if (!plus.ok) throw new Error(JSON.stringify(plus.errors));
    expect(plus.evaluate({ a: new Decimal('1.5'), b: 'text' })).toBe('3.0text');
  });
});
