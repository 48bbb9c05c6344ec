import { z } from 'zod';

/**
 * Parameter validators as data, so they travel with definitions and run the same on both sides. Each one
 * names the error `typ` it produces when it fails (see the validation package's catalogue).
 */
export const ParameterValidatorSchema = z.discriminatedUnion('type', [
  /** The expression must not be empty -> `EmptyMandatoryParameter`. */
  z.object({ type: z.literal('MandatoryParameterValidator') }),
  /** A string literal must not be blank -> `BlankParameter`. */
  z.object({ type: z.literal('NotBlankParameterValidator') }),
  /** A string literal must match the pattern -> `MismatchParameter`. */
  z.object({
    type: z.literal('RegExpParameterValidator'),
    pattern: z.string(),
    message: z.string(),
    description: z.string(),
  }),
  /** A known number must be at least the bound -> `LowerThanRequiredParameter`. */
  z.object({ type: z.literal('MinimalNumberValidator'), minimalNumber: z.number() }),
  /** A known number must be at most the bound -> `GreaterThanRequiredParameter`. */
  z.object({ type: z.literal('MaximalNumberValidator'), maximalNumber: z.number() }),
  /** The value must be known when the scenario is compiled -> `CompileTimeEvaluableParameterNotEvaluated`. */
  z.object({ type: z.literal('CompileTimeEvaluableValueValidator') }),
  /**
   * Deprecated in Nussknacker in favour of typed parameters; kept so old definitions still load.
   * The expression must be an integer literal -> `InvalidIntegerLiteralParameter`.
   */
  z.object({ type: z.literal('LiteralIntegerValidator') }),
  /** `#value` bound to the known value must make the expression true -> `CustomParameterValidationError`. */
  z.object({
    type: z.literal('ValidationExpressionParameterValidator'),
    validationExpression: z.object({ language: z.string(), expression: z.string() }),
    validationFailedMessage: z.string().nullable(),
  }),
]);
/** A parameter validator. */
export type ParameterValidator = z.infer<typeof ParameterValidatorSchema>;

/** Constructors for validators. */
export const validators = {
  mandatory: (): ParameterValidator => ({ type: 'MandatoryParameterValidator' }),
  notBlank: (): ParameterValidator => ({ type: 'NotBlankParameterValidator' }),
  regExp: (pattern: string, message: string, description: string): ParameterValidator => ({
    type: 'RegExpParameterValidator',
    pattern,
    message,
    description,
  }),
  min: (minimalNumber: number): ParameterValidator => ({ type: 'MinimalNumberValidator', minimalNumber }),
  max: (maximalNumber: number): ParameterValidator => ({ type: 'MaximalNumberValidator', maximalNumber }),
  compileTimeEvaluable: (): ParameterValidator => ({ type: 'CompileTimeEvaluableValueValidator' }),
  /** @deprecated use an Integer-typed parameter instead. */
  literalInteger: (): ParameterValidator => ({ type: 'LiteralIntegerValidator' }),
  validationExpression: (expression: string, validationFailedMessage: string | null = null): ParameterValidator => ({
    type: 'ValidationExpressionParameterValidator',
    validationExpression: { language: 'spel', expression },
    validationFailedMessage,
  }),
};
