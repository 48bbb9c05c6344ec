import { describe, expect, it } from 'vitest';
import { compileExpression } from '../expression';
import { spelLiteralOf } from './json-literal';

describe('spelLiteralOf', () => {
  it('writes scalars, lists and records as SpEL literals', () => {
    expect(spelLiteralOf({ amount: 150, customer: "ann's", tags: ['a', 'b'], 'first name': null, ok: true, empty: {}, none: [] })).toEqual({
      ok: true,
      expression: "{amount: 150, customer: 'ann''s', tags: {'a', 'b'}, 'first name': null, ok: true, empty: {:}, none: {}}",
    });
    expect(spelLiteralOf(12.5)).toEqual({ ok: true, expression: '12.5' });
    expect(spelLiteralOf(10_000_000_000)).toEqual({ ok: true, expression: '10000000000L' });
  });

  it('refuses what JSON cannot hold and nesting without end', () => {
    expect(spelLiteralOf(Number.NaN)).toEqual({ ok: false, problem: 'not-json' });
    expect(spelLiteralOf(() => 1)).toEqual({ ok: false, problem: 'not-json' });
    let deep: unknown = 1;
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(spelLiteralOf(deep)).toEqual({ ok: false, problem: 'too-deep' });
  });

  it('writes expressions that evaluate back to the value', () => {
    const value = { amount: 150, customer: "ann's", tags: ['a'], nested: { deep: [1, 2] } };
    const written = spelLiteralOf(value);
    if (!written.ok) throw new Error(written.problem);
    const compiled = compileExpression(written.expression);
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const evaluated = compiled.evaluate();
    // Records evaluate to maps and lists to arrays; JSON text compares them without caring which.
    expect(JSON.parse(JSON.stringify(evaluated instanceof Map ? Object.fromEntries(evaluated) : evaluated, (_key, inner: unknown) => (inner instanceof Map ? Object.fromEntries(inner) : inner)))).toEqual(value);
  });
});
