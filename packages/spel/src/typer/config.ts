/**
 * The model's `expressionConfig` switches that change what the typer accepts (reference §3).
 * Defaults are those of Nussknacker: strict, static checks on, no method calls on Unknown, no dynamic access.
 */
export interface ExpressionConfig {
  strictMethodsChecking: boolean;
  staticMethodInvocationsChecking: boolean;
  methodExecutionForUnknownAllowed: boolean;
  dynamicPropertyAccessAllowed: boolean;
}

/** Nussknacker's defaults. */
export const defaultExpressionConfig: Readonly<ExpressionConfig> = Object.freeze({
  strictMethodsChecking: true,
  staticMethodInvocationsChecking: true,
  methodExecutionForUnknownAllowed: false,
  dynamicPropertyAccessAllowed: false,
});
