/**
 * A Java exception raised while evaluating (division by zero, impossible conversion, class cast...).
 * These are expected failures of running an expression on data, so the evaluator catches them and reports
 * them per record; the `code` is the Java exception's simple name so tests and clients can match on it.
 */
export class JavaRuntimeError extends Error {
  override readonly name = 'JavaRuntimeError';
  constructor(
    readonly code: JavaRuntimeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The Java exceptions the runtime raises. */
export type JavaRuntimeErrorCode =
  | 'ArithmeticException'
  | 'ClassCastException'
  | 'NumberFormatException'
  | 'IllegalArgumentException'
  | 'IndexOutOfBoundsException'
  | 'NullPointerException'
  | 'DateTimeException'
  | 'UnsupportedOperationException'
  | 'NotComparable';

/** True for a JavaRuntimeError, also from another copy of this package (checks the name, not the class). */
export function isJavaRuntimeError(error: unknown): error is JavaRuntimeError {
  return error instanceof Error && error.name === 'JavaRuntimeError' && typeof (error as { code?: unknown }).code === 'string';
}
