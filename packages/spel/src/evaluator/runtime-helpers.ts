import type { SourceRange } from '../ast/nodes';
import { invokeMethod, type CostMeter, type MethodDefinition, type NumberKind } from '@scenaria/typing';
import { chargeMatch, chargePattern, chargeValueWalk, decimalOperatorSteps, regexScanSteps } from '@scenaria/typing';
import { castNumber, compileJavaMatcher, convertValueTo, isJavaRuntimeError, isPatternSyntaxError, JavaDouble, javaToString, numberKindOf, promoteNumberKinds } from '@scenaria/typing/runtime';
import { ExpressionEvaluationError, isExpressionEvaluationError, type EvaluationErrorCode } from '../errors';
import { addAs } from '../internal/kind-arithmetic';
import { compareIfComparable, describeValue, registryClassOf } from '../internal/spel-values';
import { ConversionError } from '../internal/standard-classes';
import { BudgetExceededError, activeBudget, isBudgetInstalled } from './budget';

// What compiled expressions call while they run, shared by both evaluators: the closures of compile.ts call
// these functions directly, and the source generate.ts writes reaches them as constants it passes in (never by
// name), so the same errors, messages and slow paths serve both and the test suite's comparison of the two
// evaluators holds by construction.

/** An evaluation error at `range` (the generated code throws what this returns). */
export function evaluationError(code: EvaluationErrorCode, message: string, range: SourceRange, cause?: unknown): ExpressionEvaluationError {
  return new ExpressionEvaluationError(code, message, range, cause === undefined ? undefined : { cause });
}

/** Throws an evaluation error at `range`. */
export function fail(code: EvaluationErrorCode, message: string, range: SourceRange, cause?: unknown): never {
  throw evaluationError(code, message, range, cause);
}

/** Maps a failure inside a registry method (or arithmetic) to an evaluation error at `range`. */
export function toEvaluationError(error: unknown, range: SourceRange): ExpressionEvaluationError {
  if (isExpressionEvaluationError(error)) return error;
  if (error instanceof BudgetExceededError) return new ExpressionEvaluationError('BudgetExceeded', error.message, range);
  // A pattern that is invalid or uses what the linear-time engine refuses (back-references, lookaround).
  if (isPatternSyntaxError(error)) return new ExpressionEvaluationError('IllegalAccess', (error as Error).message, range);
  if (isJavaRuntimeError(error)) {
    switch (error.code) {
      case 'ArithmeticException':
        return new ExpressionEvaluationError(error.message.includes('zero') ? 'DivisionByZero' : 'ArithmeticError', error.message, range);
      case 'IndexOutOfBoundsException':
        return new ExpressionEvaluationError('IndexOutOfRange', error.message, range);
      case 'NumberFormatException':
        return new ExpressionEvaluationError('ConversionFailed', error.message, range);
      default:
        return new ExpressionEvaluationError('MethodFailed', error.message, range, { cause: error });
    }
  }
  if (error instanceof ConversionError) return new ExpressionEvaluationError('ConversionFailed', error.message, range);
  if (error instanceof RangeError) {
    const overflow = error.message.includes('call stack');
    return new ExpressionEvaluationError(overflow ? 'BudgetExceeded' : 'IndexOutOfRange', error.message, range);
  }
  if (error instanceof Error) return new ExpressionEvaluationError('MethodFailed', error.message, range, { cause: error });
  return new ExpressionEvaluationError('MethodFailed', String(error), range);
}

/**
 * The error an evaluation throws for `error`: evaluation errors as they are; stack exhaustion (and, when a
 * budget is installed, an exceeded budget) raised outside a member call, positioned on the whole expression.
 */
export function evaluationFailure(error: unknown, wholeRange: SourceRange, budgeted: boolean): unknown {
  if (isExpressionEvaluationError(error)) return error;
  if (error instanceof RangeError || (budgeted && error instanceof Error && error.name === 'BudgetExceededError')) return toEvaluationError(error, wholeRange);
  return error;
}

/**
 * A registry call in a budgeted evaluation: one step for the call, then the method's declared cost (computed
 * from the receiver and the arguments, packed as `invoke` takes them), both before `invoke` runs, so a call that
 * would build too much fails before it allocates.
 */
export function invokeCharged(method: MethodDefinition, target: unknown, args: readonly unknown[]): unknown {
  const budget = activeBudget();
  budget.step();
  return invokeMetered(method, budget, target, args);
}

/**
 * A registry call charged to `meter` before it runs (and given it, for what it charges as it runs). A tree
 * without loops that calls a method with a cost charges the expression's own budget this way, without
 * installing it (nothing it calls reads the active one).
 */
export function invokeMetered(method: MethodDefinition, meter: CostMeter, target: unknown, args: readonly unknown[]): unknown {
  const cost = method.cost;
  let result: unknown;
  if (method.varArgs) {
    if (cost !== undefined) {
      const fixed = method.params.length - 1;
      cost(meter, target, [...args.slice(0, fixed), args.slice(fixed)]);
    }
    result = invokeMethod(method, target, args, { meter });
  } else {
    if (cost !== undefined) cost(meter, target, args);
    result = method.invoke(target, args, meter);
  }
  return result === undefined ? null : result;
}

/**
 * `text matches pattern` with a pattern known only at runtime: compiled (or taken from the cache), on the
 * linear-time engine unless proven linear on RegExp. In a budgeted evaluation the compilation and the scan of
 * the text are charged first; without one, the compilation still is, to `meter` (the expression's own budget):
 * it costs far more than the scan, and each node of a tree could compile a pattern of its own.
 */
export function matchesPattern(text: string, pattern: string, budgeted: boolean, meter: CostMeter | undefined): boolean {
  if (budgeted) chargeMatch(activeBudget(), text, pattern);
  else if (meter !== undefined) chargePattern(meter, pattern);
  return compileJavaMatcher(pattern).matches(text);
}

/** The scan of a text by a pattern compiled beforehand, charged in a budgeted evaluation. */
export function chargeScan(text: string): void {
  activeBudget().step(regexScanSteps(text.length));
}

/** The arguments of a call without any (shared: methods never modify their arguments). */
export const NO_ARGS: unknown[] = Object.freeze([]) as unknown as unknown[];

/** The map a selection on a map yields, from the `{key, value}` entries it kept. */
export function entriesToMap(entries: unknown[]): Map<unknown, unknown> {
  const map = new Map<unknown, unknown>();
  for (const entry of entries) {
    const pair = entry as Map<string, unknown>;
    map.set(pair.get('key'), pair.get('value'));
  }
  return map;
}

/** Spring's ordering for `<`, `>`, `between`...: null first, otherwise a TypeMismatch for values that do not compare. */
export function compareOrFail(a: unknown, b: unknown, range: SourceRange): number {
  // Spring's comparator orders null before everything.
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  const result = compareIfComparable(a, b);
  if (result === undefined) return fail('TypeMismatch', `Cannot compare ${registryClassOf(a)} with ${registryClassOf(b)}`, range);
  return result;
}

/**
 * The text of a value for `+` and templates. A list or map prints every element, and a list of shared lists
 * prints each share again, far more than it cost to build: in a budgeted evaluation that walk is charged first.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && isBudgetInstalled()) chargeValueWalk(activeBudget(), value);
  return javaToString(value);
}

/** `+` on operands the typer could not pin down: String concatenation or number promotion at runtime. */
export function genericPlus(a: unknown, b: unknown, range: SourceRange): unknown {
  if (typeof a === 'string' || typeof b === 'string') {
    const text = textOf(a) + textOf(b);
    return text.length > 65536 ? activeBudget().checkString(text) : text;
  }
  const ka = numberKindOf(a);
  const kb = numberKindOf(b);
  if (ka === undefined || kb === undefined) {
    return fail('TypeMismatch', `Operator '+' not supported between ${registryClassOf(a)} and ${registryClassOf(b)}`, range);
  }
  const kind = promoteNumberKinds(ka, kb);
  if (kind === 'BigDecimal') chargeDecimalOperators('+', 1);
  return addAs(kind, a, b);
}

/**
 * `count` BigDecimal operators in a loop (where a budget is installed), at `decimalOperatorSteps` each. Without
 * loops an expression's text bounds how many it runs.
 */
export function chargeDecimalOperators(operator: string, count: number): void {
  if (isBudgetInstalled()) activeBudget().step(count * decimalOperatorSteps(operator));
}

/** `-`, `*`, `/`, `%` promoted at runtime: the slow path behind every statically specialised operator. */
export function genericArithmetic(operation: (kind: NumberKind, a: unknown, b: unknown) => unknown, op: string, a: unknown, b: unknown, range: SourceRange): unknown {
  const ka = numberKindOf(a);
  const kb = numberKindOf(b);
  if (ka === undefined || kb === undefined) {
    return fail('TypeMismatch', `Operator '${op}' not supported between ${registryClassOf(a)} and ${registryClassOf(b)}`, range);
  }
  const kind = promoteNumberKinds(ka, kb);
  if (kind === 'BigDecimal') chargeDecimalOperators(op, 1);
  try {
    return operation(kind, a, b);
  } catch (error) {
    throw toEvaluationError(error, range);
  }
}

/** Errors whose message quotes the offending runtime value. */
export const valueMismatch = {
  selectionPredicate: (value: unknown, range: SourceRange) =>
    evaluationError('TypeMismatch', `Selection predicate evaluated to ${describeValue(value)} instead of a Boolean`, range),
  ternaryCondition: (value: unknown, range: SourceRange) =>
    evaluationError('TypeMismatch', `Ternary condition evaluated to ${describeValue(value)} instead of a Boolean`, range),
  booleanOperand: (value: unknown, range: SourceRange) => evaluationError('TypeMismatch', `Cannot use ${describeValue(value)} as a Boolean`, range),
  negate: (value: unknown, range: SourceRange) => evaluationError('TypeMismatch', `Cannot negate ${describeValue(value)}`, range),
};

/** A Double operator given an operand that is neither an Integer nor a Double at runtime. */
export function operatorMismatch(op: string, value: unknown, range: SourceRange): ExpressionEvaluationError {
  return evaluationError('TypeMismatch', `Operator '${op}' not supported for ${registryClassOf(value)}`, range);
}

/**
 * Java's `doubleValue` of an Integer, Long or Double operand, NaN for any other value (which the caller sends to
 * the general path): what a comparison with a Double side compares.
 */
export function plainDouble(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof JavaDouble) return value.value;
  if (typeof value === 'bigint') return Number(value);
  return NaN;
}

/** A String argument converted to the parameter's class (a LocalDate parameter given '2024-01-31'). */
export function convertArgument(value: unknown, conversion: string, range: SourceRange): unknown {
  if (typeof value !== 'string') return value;
  const converted = convertValueTo(value, conversion);
  if (!converted.ok) throw evaluationError('ConversionFailed', `Cannot convert '${value}' to ${conversion}`, range);
  return converted.value;
}

/** Java's widening of a numeric argument to the declared parameter class (an Integer passed as a Long). */
export function widenArgument(value: unknown, kind: NumberKind): unknown {
  const valueKind = numberKindOf(value);
  return valueKind === undefined || valueKind === kind ? value : castNumber(value, kind);
}
