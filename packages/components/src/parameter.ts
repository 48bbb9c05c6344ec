import { TypingResultJsonSchema, type TypingResult } from '@scenaria/typing';
import { z } from 'zod';
import { editors, type ParameterEditor, ParameterEditorSchema } from './editors';
import { defaultEditorFor } from './internal/type-helpers';
import { type ParameterValidator, validators as v } from './validators';

/** An expression as stored in nodes: `{language, expression}`. */
export const ExpressionValueSchema = z.object({ language: z.string(), expression: z.string() });
/** An expression value (language id and text). */
export type ExpressionValue = z.infer<typeof ExpressionValueSchema>;

/** Expression languages a parameter may be written in. */
export type ParameterLanguage = 'spel' | 'spelTemplate' | 'tabularDataDefinition' | 'dictKeyWithLabel';

/**
 * A component parameter as a model author declares it.
 * - `evaluation: 'lazy'` parameters are handed to the component as expressions it evaluates per record
 *   (e.g. `aggregateBy`); `'eager'` ones are evaluated by the engine before the component is invoked.
 * - `scope: 'globals'` parameters are evaluated once when the scenario is compiled, so they see only global
 *   variables (a source's topic); `'context'` ones see the variables at the node.
 */
export interface ParameterDefinition {
  readonly name: string;
  readonly label?: string;
  readonly type: TypingResult;
  readonly isOptional: boolean;
  /** Expression put into a new node and shown as the initial value. */
  readonly defaultValue: ExpressionValue;
  readonly hintText?: string;
  readonly evaluation: 'eager' | 'lazy';
  readonly scope: 'context' | 'globals';
  readonly isBranchParameter: boolean;
  readonly editor: ParameterEditor;
  readonly validators: readonly ParameterValidator[];
  /** Languages accepted besides the default `spel`. */
  readonly languages: readonly ParameterLanguage[];
  /** Variables visible only inside this parameter's expression (e.g. `#AGG`, `#ROW`). */
  readonly additionalVariables: Readonly<Record<string, TypingResult>>;
  /** Context variables hidden from this parameter's expression. */
  readonly variablesToHide: readonly string[];
}

/** Options of {@link param}; everything except name and type has a sensible default. */
export type ParameterOptions = Partial<Omit<ParameterDefinition, 'name' | 'type' | 'defaultValue'>> & {
  readonly defaultValue?: string | ExpressionValue;
  /** A check of the value known at compile time, with `#value` bound to it (a fragment parameter's setting). */
  readonly valueCompileTimeValidation?: { readonly validationExpression: string; readonly validationFailedMessage?: string | null };
};

/**
 * Declares a parameter. Required parameters get the mandatory validator; the editor follows the type
 * (a dual boolean/string/duration editor for those types, the raw editor otherwise) unless given.
 * @example param('Topic', classType('java.lang.String'), { scope: 'globals', validators: [validators.notBlank()] })
 */
export function param(name: string, type: TypingResult, options: ParameterOptions = {}): ParameterDefinition {
  const isOptional = options.isOptional ?? false;
  const compileTimeCheck = options.valueCompileTimeValidation;
  const extraValidators = [
    ...(options.validators ?? []),
    ...(compileTimeCheck === undefined
      ? []
      : [v.validationExpression(compileTimeCheck.validationExpression, compileTimeCheck.validationFailedMessage ?? null)]),
  ];
  const validatorList =
    isOptional || extraValidators.some((x) => x.type === 'MandatoryParameterValidator')
      ? extraValidators
      : [v.mandatory(), ...extraValidators];
  const defaultValue =
    typeof options.defaultValue === 'string'
      ? { language: 'spel', expression: options.defaultValue }
      : (options.defaultValue ?? { language: 'spel', expression: '' });
  return {
    name,
    type,
    isOptional,
    defaultValue,
    evaluation: options.evaluation ?? 'eager',
    scope: options.scope ?? 'context',
    isBranchParameter: options.isBranchParameter ?? false,
    editor: options.editor ?? defaultEditorFor(type) ?? editors.raw(),
    validators: validatorList,
    languages: options.languages ?? ['spel'],
    additionalVariables: options.additionalVariables ?? {},
    variablesToHide: options.variablesToHide ?? [],
    ...(options.label === undefined ? {} : { label: options.label }),
    ...(options.hintText === undefined ? {} : { hintText: options.hintText }),
  };
}

/** Whether the parameter must be filled in (the definitions response's `requiredParam`). */
export function isRequired(parameter: ParameterDefinition): boolean {
  return parameter.validators.some((x) => x.type === 'MandatoryParameterValidator');
}

/** A parameter definition in the served JSON form (UIParameter of semantics.md §7, `typ` as TypingResult JSON). */
export const UIParameterSchema = z.object({
  name: z.string(),
  typ: TypingResultJsonSchema,
  editor: ParameterEditorSchema,
  defaultValue: ExpressionValueSchema,
  additionalVariables: z.record(z.string(), TypingResultJsonSchema),
  variablesToHide: z.array(z.string()),
  branchParam: z.boolean(),
  // Null in the definitions response; absent where the API drops nulls (node results in scenario records).
  hintText: z.string().nullish(),
  label: z.string(),
  requiredParam: z.boolean(),
});
/** A parameter definition as served to the designer. */
export type UIParameter = z.infer<typeof UIParameterSchema>;
