import { decimalOperatorSteps, regexScanSteps, STEPS_PER_DECIMAL_OPERATION, STEPS_PER_REGEX_MATCH, textSteps } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { compileExpression, type CompileOptions } from '../src/expression';
import { isExpressionEvaluationError } from '../src/errors';
import { bothEvaluators } from './evaluators';
import { fixedGlobals } from './fixture-context';
import { BIG, bigTypes, bigValues, bombs, catastrophic, copies, refused, regexForms } from './hostile-expressions';

// Hostile expressions against the evaluation budget: allocation bombs through every allocating registry method
// and helper, and regular expressions that backtrack catastrophically on a backtracking engine. Every bomb must
// end with BudgetExceeded under the default limits, charged before the allocation that would exhaust the
// process; every regex must finish within a step budget computed from its text and pattern (the engine is
// linear, so charged steps bound its work) or be refused with an error naming the construct. Both evaluators
// run every case and must agree.

const globals = fixedGlobals();
const closureGlobals = fixedGlobals();

function compiled(text: string, options: CompileOptions = {}) {
  const generated = compileExpression(text, { variables: bigTypes, globals, ...options });
  if (!generated.ok) throw new Error(`${text}: ${generated.errors.map((e) => e.message).join('; ')}`);
  return bothEvaluators(text, generated, compileExpression(text, { variables: bigTypes, globals: closureGlobals, evaluator: 'closures', ...options }));
}

function outcome(text: string, options: CompileOptions = {}): { value: unknown } | { code: string; message: string } {
  try {
    return { value: compiled(text, options).evaluate(bigValues) };
  } catch (error) {
    if (!isExpressionEvaluationError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

/**
 * Steps a regex call may charge on `#attack`: the scan (twice where the matches are counted before the call), the
 * compilation, a replacement as long as the text, and its matches (each charged twice, four times over when the
 * replacement reads groups). None of the patterns finds more matches in `a…a!` than one per 30 characters and
 * the two ends.
 */
const REGEX_STEP_BOUND = 2 * regexScanSteps(100_001) + textSteps(100_001) + 64 * 200 + 2 * 4 * STEPS_PER_REGEX_MATCH * (Math.ceil(100_001 / 30) + 2) + 100;

describe('allocation bombs end with BudgetExceeded', () => {
  it('has enough bombs to cover every allocating method', () => {
    expect(bombs.length).toBeGreaterThanOrEqual(60);
  });

  it('the inputs alone are within budget (the bombs are what exceeds it)', () => {
    expect(outcome(copies('#big'))).toEqual({ value: 12 });
    expect(outcome(copies('#text'))).toEqual({ value: 12 });
    expect(outcome('#input.tags.![#big].size()')).toEqual({ value: 3 });
  });

  it('charges trees without loops without installing a budget, afresh on every evaluation', () => {
    // Loop-free: the budget is not installed, yet toUpperCase's copies are charged to the expression's own.
    const twice = compiled(copies('#text.toUpperCase()', 2));
    for (let i = 0; i < 5; i++) expect(twice.evaluate(bigValues)).toBe(2);
    expect(outcome(copies('#text.toUpperCase()', 4))).toMatchObject({ code: 'BudgetExceeded' });
  });

  it.each(bombs)('%s', (_label, text) => {
    const result = outcome(text);
    expect(result).toMatchObject({ code: 'BudgetExceeded' });
  });
});

describe('loops pay for the literals they build', () => {
  // Each element of #big (90,000) builds a map of two entries (4 + 2 steps) and a list of two items (2 + 1) besides
  // its iteration: 900,000 steps in all, where a step an element charged 90,000.
  const projection = '#big.![{a: #this, b: {#this, #this}}].size()';

  it('a projection is charged its elements times what its body builds', () => {
    expect(outcome(projection, { limits: { maxSteps: 900_100 } })).toEqual({ value: BIG });
    expect(outcome(projection, { limits: { maxSteps: 899_000 } })).toMatchObject({ code: 'BudgetExceeded' });
  });

  it('a selection is charged for the literals its condition builds', () => {
    // A list of values known in advance is one constant; this one is built for every element.
    const selection = "#big.?[{#this, #this}.contains('e1')].size()";
    expect(outcome(selection)).toEqual({ value: BIG / 1000 });
    // 1 + (2 + 1) steps an element for the iteration and the list, and 4 for the call.
    expect(outcome(selection, { limits: { maxSteps: 8 * BIG + 1 } })).toEqual({ value: BIG / 1000 });
    expect(outcome(selection, { limits: { maxSteps: 7 * BIG } })).toMatchObject({ code: 'BudgetExceeded' });
  });

  it("a nested loop's body is charged by that loop, its target by the enclosing one", () => {
    // The outer loop (3 tags) builds a list per tag for the inner loop's target; the inner loop builds a map per element.
    const nested = '#input.tags.![{#this, #this}.![{k: #this}]].size()';
    expect(outcome(nested, { limits: { maxSteps: 3 * (1 + 3) + 3 * 2 * (1 + 5) + 10 } })).toEqual({ value: 3 });
    expect(outcome(nested, { limits: { maxSteps: 3 * (1 + 3) + 3 * 2 * (1 + 5) - 1 } })).toMatchObject({ code: 'BudgetExceeded' });
  });
});

describe('loops pay for BigDecimal operations', () => {
  // decimal.js takes 200-450 ns an operation: each is charged STEPS_PER_DECIMAL_OPERATION besides the iteration's step.
  it('an operator, whichever evaluator and path computes it', () => {
    // Two operations an element: the generated evaluator runs them as one program, the closures one by one.
    const arithmetic = '#numbers.![#input.amount * #this + 1].size()';
    const perElement = 1 + 2 * STEPS_PER_DECIMAL_OPERATION;
    expect(outcome(arithmetic, { limits: { maxSteps: perElement * BIG + 10 } })).toEqual({ value: BIG });
    expect(outcome(arithmetic, { limits: { maxSteps: perElement * BIG - 1 } })).toMatchObject({ code: 'BudgetExceeded' });
    // Division has no program: the general path charges it, at its own rate.
    const division = '#numbers.?[#this < 1000].![#input.amount / #this].size()';
    const divisions = 999;
    const selection = BIG;
    expect(outcome(division, { limits: { maxSteps: selection + divisions * (1 + decimalOperatorSteps('/')) + 10 } })).toEqual({ value: divisions });
    expect(outcome(division, { limits: { maxSteps: selection + divisions * (1 + decimalOperatorSteps('/')) - 1 } })).toMatchObject({ code: 'BudgetExceeded' });
  });

  it('a BigDecimal built from a number or from text', () => {
    // Charged at least the iteration and the cost (the call's node may add a step or two).
    const built = '#numbers.![new java.math.BigDecimal(#this)].size()';
    expect(outcome(built, { limits: { maxSteps: (2 + STEPS_PER_DECIMAL_OPERATION) * BIG + 10 } })).toEqual({ value: BIG });
    expect(outcome(built, { limits: { maxSteps: (1 + STEPS_PER_DECIMAL_OPERATION) * BIG - 1 } })).toMatchObject({ code: 'BudgetExceeded' });
    // Text is read at four operations' cost.
    for (const parsed of ["#big.![T(java.math.BigDecimal).valueOf('1.5')].size()", "#big.![new java.math.BigDecimal('1.5')].size()"]) {
      expect(outcome(parsed, { limits: { maxSteps: (3 + 4 * STEPS_PER_DECIMAL_OPERATION) * BIG + 10 } })).toEqual({ value: BIG });
      expect(outcome(parsed, { limits: { maxSteps: (1 + 4 * STEPS_PER_DECIMAL_OPERATION) * BIG - 1 } })).toMatchObject({ code: 'BudgetExceeded' });
    }
  });

  it('not the same operators on Integers', () => {
    expect(outcome('#numbers.![#this * 3 + 1].size()', { limits: { maxSteps: BIG + 10 } })).toEqual({ value: BIG });
  });
});

describe('catastrophic regular expressions run in linear time', () => {
  it('has enough patterns', () => {
    expect(catastrophic.length + refused.length).toBeGreaterThanOrEqual(20);
  });

  const cases = catastrophic.flatMap((pattern) => regexForms.map(([form, build]) => [`${form}: ${pattern}`, build(pattern.replaceAll("'", "''"))] as const));
  it.each(cases)('%s', (_label, text) => {
    // The step budget is computed from the structure (text length, pattern length), not from timing: a call
    // that needed more work than the scan would exceed it.
    const result = outcome(text, { limits: { maxSteps: REGEX_STEP_BOUND } });
    expect(result).toHaveProperty('value');
  });

  it('a matches that a backtracking engine never finishes answers false', () => {
    expect(outcome("#attack matches '((a+))+'")).toEqual({ value: false });
    expect(outcome("#input.name.repeat(320) matches 'a*a*a*a*b'")).toEqual({ value: false });
    expect(outcome("'aaaaaaaaaaaaaaaaaaaaaaaaa!' matches '((a+))+'")).toEqual({ value: false });
    expect(outcome("'aaaa' matches '(a+)+'")).toEqual({ value: true });
  });

  const refusedCases = refused.flatMap(([pattern, construct]) => regexForms.map(([form, build]) => [`${form}: ${pattern}`, build(pattern), construct] as const));
  it.each(refusedCases)('%s is refused', (_label, text, construct) => {
    const result = outcome(text);
    expect(result).toMatchObject({ code: 'IllegalAccess' });
    expect((result as { message: string }).message).toContain(construct);
  });

  it('charges patterns compiled at runtime even in a tree without loops', () => {
    // Twenty distinct 900-character patterns, one per node: compiling costs far more than matching.
    const nodes = Array.from({ length: 20 }, (_, i) => `#input.name matches (#input.name + '${'(x|y)z?'.repeat(128)}${i}')`);
    expect(outcome(`{${nodes.join(', ')}}.size()`)).toMatchObject({ code: 'BudgetExceeded' });
    expect(outcome(`{${nodes.slice(0, 2).join(', ')}}.size()`)).toEqual({ value: 2 });
  });

  it('charges patterns compiled at runtime, so a loop of distinct patterns ends', () => {
    const result = outcome("#big.![#attack.substring(0, 10) matches ('a{1,' + #this.length() + '}(b|c|d|e|f|g|h)*x*y*z*' + #this)].size()");
    expect(result).toMatchObject({ code: 'BudgetExceeded' });
  });
});
