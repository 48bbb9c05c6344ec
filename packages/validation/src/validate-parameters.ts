import type { ExpressionValue, Model } from '@scenaria/components';
import type { TypingResult } from '@scenaria/typing';
import { toNodeValidationError, type NodeValidationError } from './errors';
import { expressionTyperFor } from './expression-typer';
import { NodeCheck, type Variables } from './node-context';
import { Scope } from './scope';
import { withModelGlobals } from './validate-scenario';

/** One expression to check against the type its parameter requires (`POST /api/parameters/{processingType}/validate`). */
export interface ParameterExpression {
  readonly name: string;
  /** The type the parameter requires. */
  readonly typ: TypingResult;
  readonly expression: ExpressionValue;
}

/**
 * Types each expression against its parameter's type, with the given variables plus the model's and the
 * language's globals (`#meta` typed with the model's scenario properties) in scope: Nussknacker's parameters
 * validation, which compiles expressions and nothing more (no component is known, so no validators run). Errors
 * are the node validation's (`ExpressionParserCompilationError` per typing problem,
 * `NotSupportedExpressionLanguage`), with the parameter name as `fieldName`.
 * @example validateParameterExpressions([{ name: 'flag', typ: Types.Boolean, expression: { language: 'spel', expression: "'text'" } }], { input: Types.String }, model)
 */
export function validateParameterExpressions(parameters: readonly ParameterExpression[], variableTypes: Variables, model: Model): NodeValidationError[] {
  const typer = expressionTyperFor(model);
  const check = new NodeCheck(typer, model, {});
  const variables = Scope.of(typer.globals).withAll(withModelGlobals(model, variableTypes));
  for (const parameter of parameters) check.typeExpression(parameter.name, parameter.expression, variables, parameter.typ);
  return check.errors.map(toNodeValidationError);
}
