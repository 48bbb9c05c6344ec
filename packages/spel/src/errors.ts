import type { Issue, SourceRange } from '@scenaria/issues';

/**
 * Stable codes of expression problems. They follow the error kinds of Nussknacker's typer
 * (e.g. `ModificationError`, `BeanReferenceError`, `DivisionByZeroError`) so a message can be looked up by kind.
 */
export type ExpressionErrorCode =
  | 'SyntaxError'
  | 'UnresolvedReferenceError'
  | 'NoPropertyError'
  | 'IllegalPropertyAccessError'
  | 'UnknownMethodError'
  | 'ArgumentTypeError'
  | 'IllegalInvocationError'
  | 'DynamicPropertyAccessError'
  | 'IllegalIndexingOperation'
  | 'IllegalProjectionSelectionError'
  | 'IllegalSelectionTypeError'
  | 'OperatorNonNumericError'
  | 'OperatorMismatchTypeError'
  | 'OperatorNotComparableError'
  | 'PartTypeError'
  | 'BadOperatorConstructionError'
  | 'DivisionByZeroError'
  | 'ModuloZeroError'
  | 'TernaryOperatorNotBooleanError'
  | 'TypeReferenceError'
  | 'ConstructorError'
  | 'ArrayConstructorError'
  | 'ModificationError'
  | 'BeanReferenceError'
  | 'FunctionCallError'
  | 'MapWithExpressionKeysError'
  | 'IllegalConversionError'
  | 'ExpressionTypeError';

/** One problem of an expression: an `Issue` that always has its position in the text. */
export interface ExpressionError extends Issue<ExpressionErrorCode> {
  readonly range: SourceRange;
}

/** A problem of the text itself, found by the lexer, the parser or the AST builder. */
export interface SyntaxProblem extends ExpressionError {
  readonly code: 'SyntaxError';
}

/** Codes of failures while evaluating a compiled expression. */
export type EvaluationErrorCode =
  | 'DivisionByZero'
  | 'NullNavigation'
  | 'IndexOutOfRange'
  | 'ConversionFailed'
  | 'MethodFailed'
  | 'BudgetExceeded'
  | 'IllegalAccess'
  | 'ArithmeticError'
  | 'TypeMismatch';

const EVALUATION_ERROR = Symbol.for('@scenaria/spel/ExpressionEvaluationError');

/**
 * Thrown by `evaluate` when a well-typed expression fails on particular data (division by zero, `null.x`
 * without `?.`, index out of range, an impossible `to(...)`, an exhausted budget). It carries the position of
 * the failing part of the expression. Check it with `isExpressionEvaluationError` rather than `instanceof`.
 */
export class ExpressionEvaluationError extends Error {
  readonly [EVALUATION_ERROR] = true;
  override readonly name = 'ExpressionEvaluationError';
  constructor(
    readonly code: EvaluationErrorCode,
    message: string,
    readonly range: SourceRange,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for errors thrown by expression evaluation (works across copies of the package). */
export function isExpressionEvaluationError(value: unknown): value is ExpressionEvaluationError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[EVALUATION_ERROR] === true;
}
