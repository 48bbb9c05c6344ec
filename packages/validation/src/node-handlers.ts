import {
  type ComponentDefinition,
  isAllowedInMode,
  type processingModeOfMetaDataType,
  type TypedParameterValue,
} from '@scenaria/components';
import type { Edge, NodeData } from '@scenaria/graph';
import { recordType, type TypingResult, Types, unknownType } from '@scenaria/typing';
import { fragmentInputVariables, type FragmentOutputs, validateFragmentInputDefinition } from './fragments';
import type { NodeCheck } from './node-context';
import type { Scope } from './scope';
import { lookupFragment, type Session } from './session';

/** What a node handler needs besides the node: the check collecting its results and its input context. */
export interface NodeEnvironment {
  readonly check: NodeCheck;
  readonly session: Session;
  readonly components: Map<string, ComponentDefinition>;
  readonly mode: ReturnType<typeof processingModeOfMetaDataType>;
  readonly globals: Scope;
  readonly input: Scope;
  readonly branchInputs: Record<string, Scope>;
  readonly outEdges: readonly Edge[];
  readonly isFragment: boolean;
  readonly outputs: FragmentOutputs;
}

/** The context after a node, and per output name for fragment usages. */
export type NodeOutcome = { all: Scope; byOutput?: Record<string, Scope> };

const missingTyp = {
  source: 'MissingSourceFactory',
  sink: 'MissingSinkFactory',
  service: 'MissingService',
  custom: 'MissingCustomNodeExecutor',
} as const;

function findComponent(env: NodeEnvironment, type: keyof typeof missingTyp, name: string): ComponentDefinition | undefined {
  const component = env.components.get(`${type}-${name}`);
  const label = { source: 'source', sink: 'sink', service: 'service', custom: 'custom component' }[type];
  if (component === undefined) {
    env.check.error(missingTyp[type], `Unknown ${label}: ${name}`);
    return undefined;
  }
  if (env.mode !== undefined && !isAllowedInMode(component.allowedProcessingModes, env.mode)) {
    env.check.error('UnsupportedProcessingMode', `Component ${type}-${name} cannot be used in ${env.mode} scenarios`);
    return undefined;
  }
  return component;
}

/** Computes a component's output type; reports its issues. Unknown when it cannot be computed. */
function outputTypeOf(
  env: NodeEnvironment,
  component: ComponentDefinition,
  typed: Record<string, TypedParameterValue>,
  branchTyped: Record<string, Record<string, TypedParameterValue>> = {},
): TypingResult {
  const output = component.output;
  if (output === undefined) return unknownType;
  if (typeof output.type !== 'function') return output.type;
  const result = output.type({ parameters: typed, branchParameters: branchTyped, scenarioProperties: env.check.scenarioProperties, variables: env.input.asRecord() });
  if (result.ok) return result.type;
  for (const issue of result.errors) env.check.error('CustomNodeError', issue.message, issue.paramName ?? null);
  return unknownType;
}

/** The context with one more variable: shares the input's structure (a copy per node made chains quadratic). */
function withVariable(context: Scope, name: string, type: TypingResult): Scope {
  return context.with(name, type);
}

/** Validates one node (not disabled) in its environment and gives the context after it. */
export function validateNodeData(node: NodeData, env: NodeEnvironment): NodeOutcome {
  const { check, input, globals } = env;
  switch (node.type) {
    case 'Source': {
      const component = findComponent(env, 'source', node.ref.typ);
      if (component === undefined) return { all: withVariable(globals, 'input', unknownType) };
      const { typed } = check.validateParameters(component, node.ref.parameters, globals, globals);
      return { all: withVariable(globals, 'input', outputTypeOf(env, component, typed)) };
    }
    case 'Sink': {
      const component = findComponent(env, 'sink', node.ref.typ);
      if (component !== undefined) check.validateParameters(component, node.ref.parameters, input, globals);
      return { all: input };
    }
    case 'Filter':
      check.typeExpression('$expression', node.expression, input, Types.Boolean);
      return { all: input };
    case 'Switch': {
      let context = input;
      if (node.expression !== null && node.expression !== undefined && node.exprVal !== null && node.exprVal !== undefined && node.exprVal !== '') {
        const type = check.typeExpression('$expression', node.expression, input);
        if (check.checkOutputName(node.exprVal, 'exprVal', input)) context = withVariable(input, node.exprVal, type ?? unknownType);
      }
      for (const edge of env.outEdges) {
        if (edge.edgeType?.type === 'NextSwitch') check.typeExpression(edge.to, edge.edgeType.condition, context, Types.Boolean);
      }
      return { all: context };
    }
    case 'Split':
      return { all: input };
    case 'Variable': {
      const type = check.typeExpression('$expression', node.value, input);
      return check.checkOutputName(node.varName, 'varName', input) ? { all: withVariable(input, node.varName, type ?? unknownType) } : { all: input };
    }
    case 'VariableBuilder': {
      const fields: [string, TypingResult][] = [];
      const seen = new Set<string>();
      node.fields.forEach((field, index) => {
        if (seen.has(field.name)) check.error('DuplicateFieldName', `Field name '${field.name}' is used more than once`, `$fields-${index}-$key`);
        seen.add(field.name);
        fields.push([field.name, check.typeExpression(`$fields-${index}-$value`, field.expression, input) ?? unknownType]);
      });
      return check.checkOutputName(node.varName, 'varName', input) ? { all: withVariable(input, node.varName, recordType(fields)) } : { all: input };
    }
    case 'Enricher':
    case 'Processor': {
      const component = findComponent(env, 'service', node.service.id);
      const typed = component === undefined ? {} : check.validateParameters(component, node.service.parameters, input, globals).typed;
      if (node.type === 'Processor') return { all: input };
      if (component !== undefined && component.output === undefined) {
        check.error('UnsupportedNodeType', `Service ${node.service.id} returns nothing; use it as a processor`);
      }
      const type = component === undefined ? unknownType : outputTypeOf(env, component, typed);
      return check.checkOutputName(node.output, 'output', input) ? { all: withVariable(input, node.output, type) } : { all: input };
    }
    case 'CustomNode':
      return validateCustomNode(node, env);
    case 'Join':
      return validateJoin(node, env);
    case 'FragmentInput':
      return validateFragmentUsage(node, env);
    case 'FragmentInputDefinition': {
      if (!env.isFragment) {
        check.error('UnsupportedNodeType', 'A fragment input can only start a fragment');
      }
      validateFragmentInputDefinition(node, check, globals);
      return { all: globals.withAll(fragmentInputVariables(node, check.typer.registry)) };
    }
    case 'FragmentOutputDefinition': {
      if (!env.isFragment) check.error('UnsupportedNodeType', 'A fragment output can only end a fragment');
      const fields: [string, TypingResult][] = [];
      (node.fields ?? []).forEach((field, index) => {
        fields.push([field.name, check.typeExpression(`$fields-${index}-$value`, field.expression, input) ?? unknownType]);
      });
      env.outputs[node.outputName] = recordType(fields);
      return { all: input };
    }
    case 'FragmentUsageOutput':
      check.error('UnsupportedNodeType', 'FragmentUsageOutput nodes exist only in resolved scenarios');
      return { all: input };
  }
}

function validateCustomNode(node: Extract<NodeData, { type: 'CustomNode' }>, env: NodeEnvironment): NodeOutcome {
  const { check, input, globals } = env;
  const component = findComponent(env, 'custom', node.nodeType);
  if (component === undefined) {
    return node.outputVar ? { all: withVariable(input, node.outputVar, unknownType) } : { all: input };
  }
  if (component.inputs === 'branches') check.error('UnsupportedNodeType', `${node.nodeType} joins branches and must be a Join node`);
  if (env.outEdges.length === 0 && !component.canBeEnding) check.error('InvalidTailOfBranch', `${node.nodeType} cannot end a branch`);
  const { typed } = check.validateParameters(component, node.parameters, input, globals);
  if (component.output === undefined) {
    if (node.outputVar) check.error('RedundantParameters', `${node.nodeType} has no output; the output variable is ignored`, 'outputVar');
    return { all: input };
  }
  const type = outputTypeOf(env, component, typed);
  const base = component.output.context === 'clear' ? globals : input;
  return check.checkOutputName(node.outputVar, 'outputVar', base) ? { all: withVariable(base, node.outputVar, type) } : { all: base };
}

function validateJoin(node: Extract<NodeData, { type: 'Join' }>, env: NodeEnvironment): NodeOutcome {
  const { check, globals, branchInputs } = env;
  const component = findComponent(env, 'custom', node.nodeType);
  const merged = env.input;
  if (component === undefined) return node.outputVar ? { all: withVariable(globals, node.outputVar, unknownType) } : { all: globals };
  if (component.inputs !== 'branches') check.error('UnsupportedNodeType', `${node.nodeType} takes a single input and must be a CustomNode`);
  const { definitions, typed } = check.validateParameters(component, node.parameters, globals, globals);
  const branchDefinitions = definitions.filter((d) => d.isBranchParameter);
  const branchTyped: Record<string, Record<string, TypedParameterValue>> = {};
  const givenBranches = new Map(node.branchParameters.map((b) => [b.branchId, b.parameters]));
  for (const [branchId, context] of Object.entries(branchInputs)) {
    const given = givenBranches.get(branchId);
    if (given === undefined && branchDefinitions.length > 0) {
      check.error('MissingBranchParameters', `Branch ${branchId} has no branch parameters`, null);
      continue;
    }
    const values: Record<string, TypedParameterValue> = {};
    for (const definition of branchDefinitions) {
      const fieldName = `${definition.name} for branch ${branchId}`;
      const parameter = given?.find((p) => p.name === definition.name);
      if (parameter === undefined) {
        check.error('MissingParameters', `Parameter '${definition.name}' is not provided for branch ${branchId}`, fieldName);
        continue;
      }
      values[definition.name] = { expression: parameter.expression, type: check.validateParameterValue(definition, parameter.expression, context, fieldName) };
    }
    branchTyped[branchId] = values;
  }
  for (const branchId of givenBranches.keys()) {
    if (!(branchId in branchInputs)) check.error('RedundantParameters', `Branch parameters given for ${branchId}, which is not an incoming branch`, null);
  }
  if (component.output === undefined) return { all: merged };
  const type = outputTypeOf(env, component, typed, branchTyped);
  const base = component.output.context === 'clear' ? globals : merged;
  return check.checkOutputName(node.outputVar, 'outputVar', base) ? { all: withVariable(base, node.outputVar, type) } : { all: base };
}

function validateFragmentUsage(node: Extract<NodeData, { type: 'FragmentInput' }>, env: NodeEnvironment): NodeOutcome {
  const { check, input, globals } = env;
  const component = lookupFragment(node.ref.id, env.session);
  if (component === null || env.session.cyclicFragments.has(node.ref.id)) {
    // Every fragment on the way back to this one is part of the cycle.
    for (const [name, known] of env.session.fragmentComponents) if (known === null) env.session.cyclicFragments.add(name);
    check.error('FragmentCycle', `Fragment ${node.ref.id} uses itself, directly or through other fragments`);
    return { all: input };
  }
  if (component === undefined) {
    check.error('UnknownFragment', `Unknown fragment: ${node.ref.id}`);
    return { all: input };
  }
  const { definitions } = check.validateParameters(component, node.ref.parameters, input, globals);
  // A fragment's parameters come from its current version, so the form is served with the node's results.
  check.parameters = definitions;
  const outputs = component.fragmentOutputs ?? {};
  const names = node.ref.outputVariableNames ?? {};
  const byOutput: Record<string, Scope> = {};
  for (const edge of env.outEdges) {
    if (edge.edgeType?.type !== 'FragmentOutput') continue;
    const outputName = edge.edgeType.name;
    const outputType = outputs[outputName];
    if (outputType === undefined) {
      check.error('UnknownFragmentOutput', `Fragment ${node.ref.id} has no output ${outputName}`, null);
      byOutput[outputName] = input;
      continue;
    }
    const variable = names[outputName];
    // An output without fields passes the context on unchanged; one with fields needs a variable for them.
    const hasFields = outputType.kind === 'record' && outputType.fields.size > 0;
    if (!hasFields && (variable === undefined || variable === '')) {
      byOutput[outputName] = input;
      continue;
    }
    byOutput[outputName] = check.checkOutputName(variable, `ref.outputVariableNames.${outputName}`, input) ? withVariable(input, variable, outputType) : input;
  }
  return { all: input, byOutput };
}
