import { resolveParameters } from '@scenaria/components';
import type { ComponentDefinition, OutputTypeContext, ParameterDefinition, TypedParameterValue } from '@scenaria/components';
import type { Parameter } from '@scenaria/graph';
import { unknownType } from '@scenaria/typing';
import type { TypingResult } from '@scenaria/typing';
import type { LazyParameter } from '../components/component-runtime';
import type { CompiledExpression } from '../expression/expression-compiler';
import type { RuntimeContext } from '../runtime/context';
import type { ExecutionListener } from '../runtime/listener';
import { compileNodeExpression } from './expressions';
import { CompilationFailed } from './issues';
import type { CompileEnvironment } from './environment';

/** An eager parameter evaluated per record by the engine before the component is invoked. */
export interface EagerParameter {
  name: string;
  expression: CompiledExpression;
  /** Values of the parameter's additional variables (`#AGG`), when it has any. */
  additionalValues?: Readonly<Record<string, unknown>>;
  /** Set when the expression's value is known at compile time (a literal): evaluated once, not per record. */
  folded?: { value: unknown };
}

/** The compiled parameters of one component node. */
export interface CompiledParameters {
  eager: EagerParameter[];
  constants: Record<string, unknown>;
  lazy: Record<string, LazyParameter>;
  branchLazy: Record<string, Record<string, LazyParameter>>;
  types: Record<string, TypingResult>;
  /** The input of the component's output-type function. */
  outputTypeContext: OutputTypeContext;
}

function visibleVariables(
  definition: ParameterDefinition,
  variables: Readonly<Record<string, TypingResult>>,
): Record<string, TypingResult> {
  const base = definition.scope === 'globals' ? {} : variables;
  const visible: Record<string, TypingResult> = { ...base, ...definition.additionalVariables };
  for (const hidden of definition.variablesToHide) delete visible[hidden];
  return visible;
}

function lazyParameter(
  nodeId: string,
  name: string,
  expression: CompiledExpression,
  listener: ExecutionListener | undefined,
  additionalValues: Readonly<Record<string, unknown>>,
): LazyParameter {
  const hasAdditionalValues = Object.keys(additionalValues).length > 0;
  return {
    type: expression.type,
    evaluate(context: RuntimeContext, extraVariables?: Readonly<Record<string, unknown>>) {
      let variables = context.variables;
      if (extraVariables) variables = { ...variables, ...additionalValues, ...extraVariables };
      else if (hasAdditionalValues) variables = { ...variables, ...additionalValues };
      const value = expression.evaluate(variables);
      // Per-row evaluations (a decision table's #ROW) would flood the results; only plain ones are shown.
      if (listener && !extraVariables) listener.expressionEvaluated(nodeId, name, context, value);
      return value;
    },
  };
}

/**
 * Compiles a component node's parameters (and a join's branch parameters) against the variables visible at
 * the node: globals-scope parameters are evaluated right away, lazy ones become functions for the component.
 */
export function compileParameters(
  nodeId: string,
  definition: ComponentDefinition,
  nodeParameters: readonly Parameter[],
  variables: Readonly<Record<string, TypingResult>>,
  environment: CompileEnvironment,
  branches: readonly { branchId: string; parameters: readonly Parameter[]; variables: Readonly<Record<string, TypingResult>> }[] = [],
): CompiledParameters {
  const byName = new Map(nodeParameters.map((p) => [p.name, p.expression]));
  const definitions = resolveParameters(definition, { nodeParameters: byName, scenarioProperties: environment.scenarioProperties });
  const result: CompiledParameters = {
    eager: [],
    constants: {},
    lazy: {},
    branchLazy: {},
    types: {},
    outputTypeContext: { parameters: {}, branchParameters: {}, scenarioProperties: environment.scenarioProperties, variables },
  };
  const typed: Record<string, TypedParameterValue> = {};
  const additionalValuesOf = (parameter: ParameterDefinition) =>
    Object.fromEntries(Object.keys(parameter.additionalVariables).flatMap((name) =>
      name in environment.additionalVariableValues ? [[name, environment.additionalVariableValues[name]]] : [],
    ));
  for (const parameter of definitions.filter((p) => !p.isBranchParameter)) {
    const source = byName.get(parameter.name) ?? parameter.defaultValue;
    const compiled = compileNodeExpression(
      environment.compiler,
      source,
      visibleVariables(parameter, variables),
      { nodeId, paramName: parameter.name },
      parameter.type,
    );
    result.types[parameter.name] = compiled.type;
    typed[parameter.name] = { expression: source, type: compiled.type };
    const additionalValues = additionalValuesOf(parameter);
    if (parameter.evaluation === 'lazy') {
      result.lazy[parameter.name] = lazyParameter(nodeId, parameter.name, compiled, environment.listener, additionalValues);
    } else if (parameter.scope === 'globals') {
      try {
        result.constants[parameter.name] = compiled.evaluate({ ...additionalValues });
      } catch (error) {
        throw new CompilationFailed({
          code: 'ComponentError',
          message: `Cannot evaluate ${parameter.name}: ${error instanceof Error ? error.message : String(error)}`,
          nodeId,
          paramName: parameter.name,
        });
      }
    } else if (Object.keys(additionalValues).length > 0) {
      result.eager.push({ name: parameter.name, expression: compiled, additionalValues });
    } else {
      result.eager.push({ name: parameter.name, expression: compiled, ...foldConstant(compiled) });
    }
  }
  const branchTyped: Record<string, Record<string, TypedParameterValue>> = {};
  for (const branch of branches) {
    const branchByName = new Map(branch.parameters.map((p) => [p.name, p.expression]));
    const lazy: Record<string, LazyParameter> = {};
    const typedBranch: Record<string, TypedParameterValue> = {};
    for (const parameter of definitions.filter((p) => p.isBranchParameter)) {
      const source = branchByName.get(parameter.name) ?? parameter.defaultValue;
      const compiled = compileNodeExpression(
        environment.compiler,
        source,
        visibleVariables(parameter, branch.variables),
        { nodeId, paramName: `${parameter.name} for branch ${branch.branchId}` },
        parameter.type,
      );
      typedBranch[parameter.name] = { expression: source, type: compiled.type };
      lazy[parameter.name] = lazyParameter(nodeId, `${parameter.name}-${branch.branchId}`, compiled, environment.listener, additionalValuesOf(parameter));
    }
    result.branchLazy[branch.branchId] = lazy;
    branchTyped[branch.branchId] = typedBranch;
  }
  result.outputTypeContext = { ...result.outputTypeContext, parameters: typed, branchParameters: branchTyped };
  return result;
}

/** The type of a component's output variable for a node. */
export function outputTypeOf(nodeId: string, definition: ComponentDefinition, context: OutputTypeContext): TypingResult {
  const output = definition.output;
  if (!output) return unknownType;
  if (typeof output.type !== 'function') return output.type;
  const result = output.type(context);
  if (!result.ok) {
    const message = result.errors.map((e) => e.message).join('; ');
    const paramName = result.errors[0]?.paramName;
    throw new CompilationFailed({ code: 'ComponentError', message, nodeId, ...(paramName ? { paramName } : {}) });
  }
  return result.type;
}

/**
 * Literals (`true`, `'strict'`) are typed with their value; such a parameter gives the same value for every
 * record, so it is evaluated once here.
 */
function foldConstant(compiled: CompiledExpression): { folded?: { value: unknown } } {
  if (compiled.type.kind !== 'value') return {};
  try {
    return { folded: { value: compiled.evaluate({}) } };
  } catch {
    return {};
  }
}

const noValues: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The per-record evaluation of a node's eager parameters, prepared once: nothing to do without parameters,
 * one constant object when all are literals and nobody listens, otherwise each value reported to the listener.
 */
export function eagerEvaluator(
  nodeId: string,
  eager: readonly EagerParameter[],
  listener: ExecutionListener | undefined,
): (context: RuntimeContext) => Readonly<Record<string, unknown>> {
  if (eager.length === 0) return () => noValues;
  if (!listener && eager.every((parameter) => parameter.folded !== undefined)) {
    const constant = Object.freeze(Object.fromEntries(eager.map((parameter) => [parameter.name, parameter.folded?.value])));
    return () => constant;
  }
  return (context) => {
    const values: Record<string, unknown> = {};
    for (const parameter of eager) {
      if (parameter.folded) {
        values[parameter.name] = parameter.folded.value;
        listener?.expressionEvaluated(nodeId, parameter.name, context, parameter.folded.value);
        continue;
      }
      const variables = parameter.additionalValues ? { ...context.variables, ...parameter.additionalValues } : context.variables;
      const value = parameter.expression.evaluate(variables);
      values[parameter.name] = value;
      listener?.expressionEvaluated(nodeId, parameter.name, context, value);
    }
    return values;
  };
}
