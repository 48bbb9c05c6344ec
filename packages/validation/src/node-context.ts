import {
  type ComponentDefinition,
  type ExpressionValue,
  fixedValuesOf,
  isRequired,
  type Model,
  type ParameterDefinition,
  parseTabularData,
  tabularDataErrorDetails,
  resolveParameters,
  type TypedParameterValue,
} from '@scenaria/components';
import {
  knownValueOf,
  nullType,
  type TypingResult,
  type TypingResultJson,
  unknownType,
} from '@scenaria/typing';
import { DICT_KEY_WITH_LABEL, parseDictKeyWithLabel } from '@scenaria/graph';
import { type ErrorTyp, type ValidationIssue, validationIssue } from './errors';
import type { ExpressionTyper } from './expression-typer';
import type { Scope } from './scope';
import { typeToJson } from './type-json';

/** Variables by name as callers hand them in (globals included); inside validation they live in a {@link Scope}. */
export type Variables = Readonly<Record<string, TypingResult>>;

/** A parameter as it appears in a node. */
export interface NodeParameter {
  readonly name: string;
  readonly expression: ExpressionValue;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * What validating one node collects: its errors, the type of each expression field (`typingInfo`) and the
 * parameters of dynamic components. Shared by whole-scenario and single-node validation.
 */
export class NodeCheck {
  readonly errors: ValidationIssue[] = [];
  readonly typingInfo: Record<string, TypingResultJson> = {};
  parameters: ParameterDefinition[] | null = null;

  constructor(
    readonly typer: ExpressionTyper,
    readonly model: Model,
    readonly scenarioProperties: Readonly<Record<string, string>>,
    /** False when no node results are built: the types' JSON would be made only to be dropped. */
    private readonly recordTypingInfo = true,
  ) {}

  error(code: ErrorTyp, message: string, paramName: string | null = null, details: Record<string, unknown> | null = null): void {
    this.errors.push(validationIssue(code, message, paramName, details));
  }

  /**
   * Types one expression field and checks it against the expected type. Returns the type, or undefined when
   * the expression does not type (the error is recorded under `fieldName`).
   */
  typeExpression(fieldName: string, expression: ExpressionValue, variables: Scope, expected?: TypingResult): TypingResult | undefined {
    const language = expression.language;
    if (language !== 'spel' && language !== 'spelTemplate') {
      this.error('NotSupportedExpressionLanguage', `Language ${language} is not supported`, fieldName);
      return undefined;
    }
    const typed = this.typer.type(language, expression.expression, variables.asRecord(), expected);
    if (typed.messages.length > 0) {
      for (const message of typed.messages) this.error('ExpressionParserCompilationError', message, fieldName);
      return undefined;
    }
    if (this.recordTypingInfo) this.typingInfo[fieldName] = typeToJson(typed.type);
    return typed.type;
  }

  /** Checks a new variable name: an identifier not yet defined. Returns whether it may be added. */
  checkOutputName(name: string | null | undefined, fieldName: string, variables: Scope): name is string {
    if (name === null || name === undefined || name === '') {
      this.error('MissingOutputVariable', 'The output variable name is empty', fieldName);
      return false;
    }
    if (!IDENTIFIER.test(name)) {
      this.error('InvalidVariableName', `Variable name '${name}' is not a valid identifier (only letters, digits, _ and $; not starting with a digit)`, fieldName);
      return false;
    }
    if (variables.has(name)) {
      this.error('OverwrittenVariable', `Variable name '${name}' is already defined`, fieldName);
      return false;
    }
    return true;
  }

  /**
   * Validates the parameters of a component node: presence, redundancy, language, type and validators.
   * Branch parameters are left to {@link validateBranchParameters}.
   */
  validateParameters(
    component: ComponentDefinition,
    given: readonly NodeParameter[],
    variables: Scope,
    globals: Scope,
  ): { definitions: ParameterDefinition[]; typed: Record<string, TypedParameterValue> } {
    const byName = new Map<string, ExpressionValue>();
    for (const parameter of given) {
      if (byName.has(parameter.name)) this.error('DuplicateParameter', `Parameter '${parameter.name}' is given more than once`, parameter.name);
      else byName.set(parameter.name, parameter.expression);
    }
    const definitions = resolveParameters(component, { nodeParameters: byName, scenarioProperties: this.scenarioProperties });
    if (typeof component.parameters === 'function') this.parameters = definitions;
    const plain = definitions.filter((p) => !p.isBranchParameter);
    const known = new Set(plain.map((p) => p.name));
    for (const name of byName.keys()) {
      if (!known.has(name)) this.error('RedundantParameters', `Parameter '${name}' is not defined by ${component.type}-${component.name}`, name);
    }
    const typed: Record<string, TypedParameterValue> = {};
    for (const definition of plain) {
      const expression = byName.get(definition.name);
      if (expression === undefined) {
        if (isRequired(definition)) this.error('MissingParameters', `Parameter '${definition.name}' is not provided`, definition.name);
        continue;
      }
      const scope = definition.scope === 'globals' ? globals : variables;
      typed[definition.name] = { expression, type: this.validateParameterValue(definition, expression, scope, definition.name) };
    }
    return { definitions, typed };
  }

  /** Validates one parameter value; returns its type (Null for an empty optional value). */
  validateParameterValue(definition: ParameterDefinition, expression: ExpressionValue, scope: Scope, fieldName: string): TypingResult | undefined {
    const text = expression.expression;
    if (text.trim() === '') {
      if (isRequired(definition)) this.error('EmptyMandatoryParameter', 'This field is mandatory and can not be empty', fieldName);
      return nullType;
    }
    if (definition.languages.includes('tabularDataDefinition') || expression.language === 'tabularDataDefinition') {
      if (expression.language !== 'tabularDataDefinition' || !definition.languages.includes('tabularDataDefinition')) {
        this.error('NotSupportedExpressionLanguage', `Language ${expression.language} is not supported`, fieldName);
        return undefined;
      }
      const table = parseTabularData(text);
      if (!table.ok) {
        // Nussknacker reports table problems as a compilation error of the field, with the cells in details
        // (spread because `details` is a plain record and the details type is an interface).
        this.error('ExpressionParserCompilationError', table.message, fieldName, { ...tabularDataErrorDetails(table) });
        return undefined;
      }
      return unknownType;
    }
    if (expression.language === DICT_KEY_WITH_LABEL) {
      return this.typeDictKey(definition, text, fieldName);
    }
    // Layered on the shared scope rather than copied: a parameter with additional variables deep in a long
    // chain costs O(its own variables), not O(everything visible there).
    const variables = scope.withAll(definition.additionalVariables).without(definition.variablesToHide);
    const type = this.typeExpression(fieldName, expression, variables, definition.type);
    if (type === undefined) return undefined;
    this.runValidators(definition, text, type, fieldName);
    return type;
  }

  private typeDictKey(definition: ParameterDefinition, text: string, fieldName: string): TypingResult | undefined {
    const editor = definition.editor.type === 'DualParameterEditor' ? definition.editor.simpleEditor : definition.editor;
    const entry = parseDictKeyWithLabel(text);
    if (editor.type !== 'DictParameterEditor' || entry === undefined) {
      this.error('NotSupportedExpressionLanguage', 'Language dictKeyWithLabel needs a dictionary editor and {"key","label"} JSON', fieldName);
      return undefined;
    }
    return definition.type;
  }

  private runValidators(definition: ParameterDefinition, text: string, type: TypingResult, fieldName: string): void {
    const known = knownValueOf(type);
    const fixed = definition.editor.type === 'FixedValuesParameterEditor' ? fixedValuesOf(definition.editor) : undefined;
    if (fixed !== undefined && !fixed.some((v) => v.expression.trim() === text.trim())) {
      this.error('InvalidPropertyFixedValue', `Value ${text} is not one of the possible values: ${fixed.map((v) => v.label).join(', ')}`, fieldName);
    }
    for (const validator of definition.validators) {
      switch (validator.type) {
        case 'MandatoryParameterValidator':
          break;
        case 'NotBlankParameterValidator':
          if (typeof known?.value === 'string' && known.value.trim() === '') {
            this.error('BlankParameter', 'This field value is required and can not be blank', fieldName);
          }
          break;
        case 'RegExpParameterValidator':
          if (typeof known?.value === 'string' && !new RegExp(`^(?:${validator.pattern})$`).test(known.value)) {
            this.error('MismatchParameter', validator.message, fieldName, null);
          }
          break;
        case 'MinimalNumberValidator': {
          const value = numericValue(known?.value);
          if (value !== undefined && value < validator.minimalNumber) {
            this.error('LowerThanRequiredParameter', `This field value has to be a number greater than or equal to ${validator.minimalNumber}`, fieldName);
          }
          break;
        }
        case 'MaximalNumberValidator': {
          const value = numericValue(known?.value);
          if (value !== undefined && value > validator.maximalNumber) {
            this.error('GreaterThanRequiredParameter', `This field value has to be a number lower than or equal to ${validator.maximalNumber}`, fieldName);
          }
          break;
        }
        case 'CompileTimeEvaluableValueValidator':
          if (known === undefined && type.kind !== 'null') {
            this.error('CompileTimeEvaluableParameterNotEvaluated', 'This field value has to be evaluable at deployment time', fieldName);
          }
          break;
        case 'LiteralIntegerValidator':
          if (!/^-?\d+$/.test(text.trim())) this.error('InvalidIntegerLiteralParameter', 'This field value has to be an integer number', fieldName);
          break;
        case 'ValidationExpressionParameterValidator': {
          if (known === undefined) break;
          const outcome = this.typer.evaluate(validator.validationExpression.expression, { ...this.typer.globals, value: type }, { value: known.value });
          if (!outcome.ok || outcome.value !== true) {
            this.error(
              'CustomParameterValidationError',
              validator.validationFailedMessage ?? `The value does not satisfy ${validator.validationExpression.expression}`,
              fieldName,
            );
          }
          break;
        }
      }
    }
  }
}

/** The number behind a known Java value (Integer, Long, Double wrapper, BigDecimal...), if it is one. */
function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null) {
    const inner = (value as { value?: unknown }).value;
    if (typeof inner === 'number') return inner;
    if (typeof inner === 'bigint') return Number(inner);
    const toNumber = (value as { toNumber?: unknown }).toNumber;
    if (typeof toNumber === 'function') return (toNumber as () => number).call(value);
  }
  return undefined;
}
