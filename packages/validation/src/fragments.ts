import {
  type ComponentDefinition,
  defineComponent,
  editors,
  param,
  type ParameterDefinition,
  type ParameterEditor,
} from '@scenaria/components';
import type { NodeData, ScenarioGraph } from '@scenaria/graph';
import type { ClassRegistry } from '@scenaria/spel';
import { displayType, type TypingResult, typeForClassName, Types, unknownType } from '@scenaria/typing';
import type { NodeCheck, Variables } from './node-context';
import type { Scope } from './scope';

/** Output name -> type of the record an output's fields build (an empty record when it has no fields). */
export type FragmentOutputs = Record<string, TypingResult>;

type InputDefinition = Extract<NodeData, { type: 'FragmentInputDefinition' }>;
type FragmentParameter = InputDefinition['parameters'][number];

const FIXED_VALUE_TYPES = new Set(['String', 'Boolean', 'Integer', 'Long']);

/** Primitive names older fragments use for parameter types, read as their boxed classes. */
const PRIMITIVES: Readonly<Record<string, string>> = {
  int: 'java.lang.Integer',
  long: 'java.lang.Long',
  boolean: 'java.lang.Boolean',
  double: 'java.lang.Double',
  float: 'java.lang.Float',
  short: 'java.lang.Short',
  byte: 'java.lang.Byte',
  char: 'java.lang.Character',
};

function className(parameter: FragmentParameter): string {
  return PRIMITIVES[parameter.typ.refClazzName] ?? parameter.typ.refClazzName;
}

function parameterType(parameter: FragmentParameter): TypingResult {
  return typeForClassName(className(parameter));
}

function isKnownClass(parameter: FragmentParameter, registry: ClassRegistry): boolean {
  const name = className(parameter);
  return name === 'java.lang.Object' || registry.getClass(name) !== undefined;
}

/** Variables a fragment's input definition introduces (one per parameter; unknown classes as Unknown). */
export function fragmentInputVariables(node: InputDefinition, registry: ClassRegistry): Variables {
  const variables: Record<string, TypingResult> = {};
  for (const parameter of node.parameters) {
    variables[parameter.name] = isKnownClass(parameter, registry) ? parameterType(parameter) : unknownType;
  }
  return variables;
}

/** Checks a fragment's parameter declarations (names, classes, fixed values, initial values, validation expressions). */
export function validateFragmentInputDefinition(node: InputDefinition, check: NodeCheck, globals: Scope): void {
  const seen = new Set<string>();
  for (const parameter of node.parameters) {
    const field = (suffix: string) => `$param.${parameter.name}.${suffix}`;
    if (seen.has(parameter.name)) check.error('DuplicateFragmentInputParameter', `Parameter name '${parameter.name}' is used more than once`, field('$name'));
    seen.add(parameter.name);
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(parameter.name)) {
      check.error('InvalidVariableName', `Parameter name '${parameter.name}' is not a valid identifier`, field('$name'));
    }
    if (!isKnownClass(parameter, check.typer.registry)) {
      check.error('FragmentParamClassLoadError', `Class ${parameter.typ.refClazzName} is not known`, field('$typ'));
      continue;
    }
    const type = parameterType(parameter);
    const editor = parameter.valueEditor;
    if (editor?.type === 'ValueInputWithFixedValuesProvided') {
      if (!FIXED_VALUE_TYPES.has(displayType(type))) {
        check.error('UnsupportedFixedValuesType', `Fixed values are not supported for ${displayType(type)}`, field('$fixedValuesList'));
      }
      if (editor.fixedValuesList.length === 0 && !editor.allowOtherValue && parameter.required === true) {
        check.error('RequireValueFromEmptyFixedList', 'The list of values is empty but a value is required', field('$fixedValuesList'));
      }
      for (const value of editor.fixedValuesList) {
        typeDefinitionExpression(check, field('$fixedValuesList'), value.expression, globals, type);
      }
      const initial = parameter.initialValue;
      if (
        initial !== null &&
        initial !== undefined &&
        initial.expression !== '' &&
        !editor.allowOtherValue &&
        !editor.fixedValuesList.some((v) => v.expression === initial.expression)
      ) {
        check.error('InitialValueNotPresentInPossibleValues', `Initial value ${initial.label} is not one of the possible values`, field('$initialValue'));
      }
    }
    if (parameter.initialValue && parameter.initialValue.expression !== '') {
      typeDefinitionExpression(check, field('$initialValue'), parameter.initialValue.expression, globals, type);
    }
    const validation = parameter.valueCompileTimeValidation;
    if (validation) {
      const typed = check.typer.type('spel', validation.validationExpression.expression, globals.with('value', type).asRecord(), Types.Boolean);
      if (typed.messages.length > 0) check.error('InvalidValidationExpression', typed.messages.join('; '), field('$validationExpression'));
    }
  }
}

function typeDefinitionExpression(check: NodeCheck, fieldName: string, text: string, globals: Scope, expected: TypingResult): void {
  const typed = check.typer.type('spel', text, globals.asRecord(), expected);
  if (typed.messages.length > 0) check.error('ExpressionParserCompilationErrorInFragmentDefinition', typed.messages.join('; '), fieldName);
}

function editorFor(parameter: FragmentParameter, type: TypingResult): ParameterEditor | undefined {
  const editor = parameter.valueEditor;
  if (editor?.type === 'ValueInputWithFixedValuesProvided') {
    const fixed: ParameterEditor = { type: 'FixedValuesParameterEditor', possibleValues: editor.fixedValuesList };
    return editor.allowOtherValue ? editors.dual({ type: 'FixedValuesParameterEditor', possibleValues: editor.fixedValuesList }, 'SIMPLE') : fixed;
  }
  if (editor?.type === 'ValueInputWithDictEditor') {
    return editor.allowOtherValue ? editors.dual({ type: 'DictParameterEditor', dictId: editor.dictId }, 'SIMPLE') : editors.dictionary(editor.dictId);
  }
  return displayType(type) === 'String' ? editors.dual({ type: 'StringParameterEditor' }, 'RAW') : undefined;
}

function toParameter(parameter: FragmentParameter): ParameterDefinition {
  const type = parameterType(parameter);
  const validation = parameter.valueCompileTimeValidation;
  const editor = editorFor(parameter, type);
  return param(parameter.name, type, {
    isOptional: parameter.required !== true,
    defaultValue: parameter.initialValue?.expression ?? '',
    ...(parameter.hintText ? { hintText: parameter.hintText } : {}),
    ...(editor === undefined ? {} : { editor }),
    ...(validation
      ? { valueCompileTimeValidation: { validationExpression: validation.validationExpression.expression, validationFailedMessage: validation.validationFailedMessage ?? null } }
      : {}),
  });
}

/**
 * A fragment as a component: its parameters from the input definition, its outputs with the record type of
 * each output's fields, group/icon/docs from the fragment's properties.
 */
export function fragmentComponent(name: string, fragment: ScenarioGraph, outputs: FragmentOutputs): ComponentDefinition {
  const input = fragment.nodes.find((n): n is InputDefinition => n.type === 'FragmentInputDefinition');
  const properties = fragment.properties.additionalFields.properties ?? {};
  const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const group = nonEmpty(properties.componentGroup);
  const icon = nonEmpty(properties.icon);
  return defineComponent({
    type: 'fragment',
    name,
    parameters: (input?.parameters ?? []).map(toParameter),
    fragmentOutputs: outputs,
    canBeEnding: Object.keys(outputs).length === 0,
    docsUrl: nonEmpty(properties.docsUrl) ?? null,
    ...(group === undefined ? {} : { componentGroup: group }),
    ...(icon === undefined ? {} : { icon }),
    docs: {
      summary: fragment.properties.additionalFields.description ?? `Fragment ${name}`,
      semantics:
        'Runs the fragment’s nodes with its parameters as the only variables (plus globals), then continues the using scenario along the FragmentOutput edge named like the fragment output reached, with the output’s fields as a record in the variable chosen for that output.',
    },
  });
}

