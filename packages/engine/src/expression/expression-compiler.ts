import type { Issue } from '@scenaria/issues';
import type { TypingResult } from '@scenaria/typing';

/** An expression as nodes store it. */
export interface ExpressionSource {
  language: string;
  expression: string;
}

/** An expression compiled once, evaluated per record. */
export interface CompiledExpression {
  type: TypingResult;
  /** Throws on failures of particular data (division by zero, null dereference); the engine records them per record. */
  evaluate(variables: Readonly<Record<string, unknown>>): unknown;
}

/** Why an expression did not compile; the code is the compiler's own (spel's `ExpressionErrorCode`s for the built-in one). */
export type ExpressionCompileError = Issue;

/** The outcome of compiling one expression. */
export type ExpressionCompileResult =
  | { ok: true; value: CompiledExpression }
  | { ok: false; errors: ExpressionCompileError[] };

/** Options of one compilation. */
export interface ExpressionCompileOptions {
  expectedType?: TypingResult;
}

/**
 * Compiles the expressions of one scenario. `variables` are the variables in scope (user variables and
 * parameter-specific ones such as `#ROW`); the compiler itself provides the global variables it was created
 * with, at typing and at evaluation.
 */
export interface ExpressionCompiler {
  compile(
    expression: ExpressionSource,
    variables: Readonly<Record<string, TypingResult>>,
    options?: ExpressionCompileOptions,
  ): ExpressionCompileResult;
}

/** A global variable: its type for compilation and its value at runtime. */
export interface GlobalVariable {
  type: TypingResult;
  value: unknown;
}

/**
 * Makes the expression compiler of a scenario, given the scenario's globals (`#meta` and the model's). The
 * engine only sees this interface; `createSpelCompilerFactory` is the implementation over @scenaria/spel.
 */
export interface ExpressionCompilerFactory {
  forScenario(globals: Readonly<Record<string, GlobalVariable>>): ExpressionCompiler;
}
