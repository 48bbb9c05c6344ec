import { Types, nullType, unknownType } from '@scenaria/typing';
import type { TypingResult } from '@scenaria/typing';
import type { CompiledExpression, ExpressionCompiler, ExpressionSource } from '../expression/expression-compiler';
import { CompilationFailed } from './issues';

const constant = (type: TypingResult, value: unknown): CompiledExpression => ({ type, evaluate: () => value });

/**
 * Compiles an expression of any language a node may hold: SpEL (and templates) through the expression
 * compiler; dictionary keys and tabular data definitions are constants (their text is the value).
 * An empty expression is `null`, as an unset optional parameter is.
 */
export function compileNodeExpression(
  compiler: ExpressionCompiler,
  expression: ExpressionSource,
  variables: Readonly<Record<string, TypingResult>>,
  where: { nodeId: string; paramName: string },
  expectedType?: TypingResult,
): CompiledExpression {
  if (expression.expression.trim() === '' && expression.language !== 'spelTemplate') return constant(nullType, null);
  switch (expression.language) {
    case 'dictKeyWithLabel': {
      const key = readDictKey(expression.expression);
      if (key === undefined) {
        throw new CompilationFailed({ code: 'ExpressionCompilationError', message: `Invalid dictionary key: ${expression.expression}`, ...where });
      }
      return constant(Types.String, key);
    }
    case 'tabularDataDefinition':
      return constant(Types.String, expression.expression);
    default: {
      const result = compiler.compile(expression, variables, expectedType ? { expectedType } : undefined);
      if (!result.ok) {
        const message = result.errors.map((e) => e.message).join('; ') || 'expression did not compile';
        throw new CompilationFailed({ code: 'ExpressionCompilationError', message, ...where });
      }
      return result.value;
    }
  }
}

function readDictKey(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'key' in parsed && typeof parsed.key === 'string') return parsed.key;
  } catch {
    // not JSON: handled by the caller as an invalid key
  }
  return undefined;
}

/** The declared type of a fragment parameter (`typ.refClazzName`); Object means Unknown. */
export function declaredType(className: string | undefined, typeForClassName: (name: string) => TypingResult): TypingResult {
  if (className === undefined || className === 'java.lang.Object') return unknownType;
  return typeForClassName(className);
}
