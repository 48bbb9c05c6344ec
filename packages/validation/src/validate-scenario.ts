import {
  type ComponentDefinition,
  componentsById,
  isAllowedInMode,
  type Model,
  processingModeOfMetaDataType,
  toUIParameter,
  type TypedParameterValue,
} from '@scenaria/components';
import type { Edge, NodeData, ScenarioGraph } from '@scenaria/graph';
import { listType, recordType, type TypingResult, typingResultToJson, Types, unknownType } from '@scenaria/typing';
import { validationError } from './errors';
import { expressionTyperFor, type ExpressionTyper } from './expression-typer';
import { fragmentComponent, fragmentInputVariables, type FragmentOutputs, validateFragmentInputDefinition } from './fragments';
import { NodeCheck, type Variables } from './node-context';
import { validateScenarioLabels } from './labels';
import { validateScenarioProperties } from './properties';
import { findStructureErrors } from './structure';
import { type ValidationResult, ValidationResultBuilder } from './result';

/** Options of {@link validateScenario}. */
export interface ValidateScenarioOptions {
  /** Scenario name: `#meta.processName` and the name check (skipped when absent). */
  readonly scenarioName?: string;
  /** Scenario labels: `#meta.scenarioLabels`. */
  readonly labels?: readonly string[];
  /** Fragments the scenario may use, by fragment name (their latest version). */
  readonly fragments?: Readonly<Record<string, ScenarioGraph>>;
  /** Leave `nodeResults` empty (the `skipNodeResults` flag of the API). */
  readonly skipNodeResults?: boolean;
}

/** Internal state shared by a scenario validation and the fragments it validates. */
interface Session {
  readonly model: Model;
  readonly typer: ExpressionTyper;
  readonly fragments: Readonly<Record<string, ScenarioGraph>>;
  /** Fragment name -> its component (null while being computed: a use then is a cycle). */
  readonly fragmentComponents: Map<string, ComponentDefinition | null>;
  /** Fragments found to use themselves, directly or through others. */
  readonly cyclicFragments: Set<string>;
}

/** The type of `#meta` for a scenario. */
export function metaVariableType(properties: Readonly<Record<string, string>>): TypingResult {
  const propertyFields: Record<string, TypingResult> = {};
  for (const key of Object.keys(properties)) propertyFields[key] = Types.String;
  return recordType({ processName: Types.String, properties: recordType(propertyFields), scenarioLabels: listType(Types.String) });
}

/**
 * Validates a scenario graph against a model: structure, components and their parameters, every
 * expression typed in the context of its node, scenario properties, fragments. Never throws for bad
 * input: every problem is an error in the result.
 * @example const result = validateScenario(graph, defaultModel('streaming'), { scenarioName: 'big-transactions' });
 */
export function validateScenario(graph: ScenarioGraph, model: Model, options: ValidateScenarioOptions = {}): ValidationResult {
  const session: Session = {
    model,
    typer: expressionTyperFor(model),
    fragments: options.fragments ?? {},
    fragmentComponents: new Map(),
    cyclicFragments: new Set(),
  };
  return validateWithSession(graph, session, options).result;
}

/**
 * Validation with given contexts after some nodes (they are not validated themselves): used to validate a
 * single node with the variables the designer says reach it.
 */
export function validateWithSeededContexts(
  graph: ScenarioGraph,
  model: Model,
  options: ValidateScenarioOptions,
  seeded: Readonly<Record<string, Variables>>,
): ValidationResult {
  const session: Session = { model, typer: expressionTyperFor(model), fragments: options.fragments ?? {}, fragmentComponents: new Map(), cyclicFragments: new Set() };
  return validateWithSession(graph, session, options, seeded).result;
}

/** Component for a fragment used in a scenario, derived from the fragment graph (for definitions and validation). */
export function fragmentComponentFor(name: string, fragment: ScenarioGraph, model: Model, fragments: Readonly<Record<string, ScenarioGraph>> = {}): ComponentDefinition {
  const session: Session = { model, typer: expressionTyperFor(model), fragments: { ...fragments, [name]: fragment }, fragmentComponents: new Map(), cyclicFragments: new Set() };
  const component = lookupFragment(name, session);
  if (component === undefined || component === null) throw new Error(`Fragment ${name} could not be derived`);
  return component;
}

/** Every fragment of a map as a component (fragments used by others are validated once). */
export function fragmentComponentsFor(fragments: Readonly<Record<string, ScenarioGraph>>, model: Model): ComponentDefinition[] {
  const session: Session = { model, typer: expressionTyperFor(model), fragments, fragmentComponents: new Map(), cyclicFragments: new Set() };
  const components: ComponentDefinition[] = [];
  for (const name of Object.keys(fragments)) {
    const component = lookupFragment(name, session);
    if (component) components.push(component);
  }
  return components;
}

function lookupFragment(name: string, session: Session): ComponentDefinition | null | undefined {
  if (session.fragmentComponents.has(name)) return session.fragmentComponents.get(name);
  const graph = session.fragments[name];
  if (graph === undefined) return undefined;
  session.fragmentComponents.set(name, null);
  const { outputs } = validateWithSession(graph, session, { scenarioName: name, skipNodeResults: true });
  const component = fragmentComponent(name, graph, outputs);
  session.fragmentComponents.set(name, component);
  return component;
}

function validateWithSession(
  graph: ScenarioGraph,
  session: Session,
  options: ValidateScenarioOptions,
  seeded: Readonly<Record<string, Variables>> = {},
): { result: ValidationResult; outputs: FragmentOutputs } {
  const { model, typer } = session;
  const builder = new ValidationResultBuilder();
  const additionalFields = graph.properties.additionalFields;
  const properties = additionalFields.properties ?? {};
  const isFragment = additionalFields.metaDataType === 'FragmentSpecificData';
  const mode = processingModeOfMetaDataType(additionalFields.metaDataType);
  const components = componentsById(model, { isFragment });
  const outputs: FragmentOutputs = {};

  for (const { label, messages } of validateScenarioLabels(options.labels ?? [])) {
    builder.propertiesError(validationError('ScenarioLabelValidationError', `Label '${label}': ${messages.join('; ')}`, '$labels'));
  }
  validateScenarioProperties(graph.properties, model, { isFragment, ...(options.scenarioName === undefined ? {} : { scenarioName: options.scenarioName }) }).forEach((e) =>
    builder.propertiesError(e),
  );

  const structure = findStructureErrors(graph);
  for (const { error, nodeIds } of structure.global) builder.globalError(error, nodeIds);
  for (const { nodeId, error } of structure.node) builder.nodeError(nodeId, error);

  const globals: Record<string, TypingResult> = { ...typer.globals, meta: metaVariableType(properties) };
  const outgoing = new Map<string, Edge[]>();
  const incoming = new Map<string, Edge[]>();
  for (const edge of graph.edges) {
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from))?.push(edge);
    (incoming.get(edge.to) ?? incoming.set(edge.to, []).get(edge.to))?.push(edge);
  }
  // Output context of each validated node; by output name for fragment usages.
  const contextAfter = new Map<string, { all: Variables; byOutput?: Record<string, Variables> }>();
  const contextThrough = (edge: Edge): Variables | undefined => {
    const after = contextAfter.get(edge.from);
    if (after === undefined) return undefined;
    if (edge.edgeType?.type === 'FragmentOutput' && after.byOutput !== undefined) return after.byOutput[edge.edgeType.name] ?? after.all;
    return after.all;
  };

  for (const node of structure.order) {
    const seed = seeded[node.id];
    if (seed !== undefined) {
      contextAfter.set(node.id, { all: { ...globals, ...seed } });
      continue;
    }
    const check = new NodeCheck(typer, model, properties);
    const inEdges = incoming.get(node.id) ?? [];
    const outEdges = outgoing.get(node.id) ?? [];
    const firstIn = inEdges[0];
    const input: Variables | undefined = node.type === 'Join' ? undefined : firstIn === undefined ? globals : contextThrough(firstIn);
    const branchInputs: Record<string, Variables> = {};
    if (node.type === 'Join') {
      for (const edge of inEdges) {
        const context = contextThrough(edge);
        if (context !== undefined) branchInputs[edge.from] = context;
      }
    }
    if (input === undefined && node.type !== 'Join') continue;
    const variablesAtInput: Variables = input ?? mergeBranches(branchInputs, globals);

    if ('isDisabled' in node && node.isDisabled === true) {
      builder.nodeWarning(node.id, validationError('DisabledNode', `Node ${node.id} is disabled`, null));
      if (node.type === 'FragmentInput' && outEdges.length !== 1) {
        check.error('DisabledFragmentOutputs', 'A disabled fragment must have exactly one output');
      }
      contextAfter.set(node.id, { all: variablesAtInput });
    } else {
      const after = validateNode(node, {
        check,
        session,
        components,
        mode,
        globals,
        input: variablesAtInput,
        branchInputs,
        outEdges,
        isFragment,
        outputs,
      });
      contextAfter.set(node.id, after);
    }
    for (const error of check.errors) builder.nodeError(node.id, error);
    builder.nodeResults[node.id] = {
      variableTypes: variablesToJson(variablesAtInput),
      parameters: check.parameters === null ? null : check.parameters.map(toUIParameterJson),
      typingInfo: check.typingInfo,
    };
  }
  return { result: builder.build(options.skipNodeResults !== true), outputs };
}

function mergeBranches(branches: Record<string, Variables>, globals: Variables): Variables {
  const merged: Record<string, TypingResult> = { ...globals };
  for (const context of Object.values(branches)) for (const [name, type] of Object.entries(context)) if (!(name in merged)) merged[name] = type;
  return merged;
}

// Typing results are immutable and the same objects recur at every node (globals, #input), so their JSON is
// computed once per object.
const jsonOfType = new WeakMap<TypingResult, Record<string, unknown>>();

function typeToJson(type: TypingResult): Record<string, unknown> {
  let json = jsonOfType.get(type);
  if (json === undefined) {
    json = deepFreeze(typingResultToJson(type) as Record<string, unknown>);
    jsonOfType.set(type, json);
  }
  return json;
}

/** Shared JSON must not be changed by one reader under another's feet. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function variablesToJson(variables: Variables): Record<string, Record<string, unknown>> {
  const json: Record<string, Record<string, unknown>> = {};
  for (const [name, type] of Object.entries(variables)) json[name] = typeToJson(type);
  return json;
}

const toUIParameterJson = (p: Parameters<typeof toUIParameter>[0]) => toUIParameter(p) as unknown as Record<string, unknown>;

interface NodeEnvironment {
  readonly check: NodeCheck;
  readonly session: Session;
  readonly components: Map<string, ComponentDefinition>;
  readonly mode: ReturnType<typeof processingModeOfMetaDataType>;
  readonly globals: Variables;
  readonly input: Variables;
  readonly branchInputs: Record<string, Variables>;
  readonly outEdges: readonly Edge[];
  readonly isFragment: boolean;
  readonly outputs: FragmentOutputs;
}

type NodeOutcome = { all: Variables; byOutput?: Record<string, Variables> };

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
  const result = output.type({ parameters: typed, branchParameters: branchTyped, scenarioProperties: env.check.scenarioProperties, variables: env.input });
  if (result.ok) return result.type;
  for (const issue of result.errors) env.check.error('CustomNodeError', issue.message, issue.fieldName ?? null);
  return unknownType;
}

function withVariable(context: Variables, name: string, type: TypingResult): Variables {
  return { ...context, [name]: type };
}

function validateNode(node: NodeData, env: NodeEnvironment): NodeOutcome {
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
      return { all: { ...globals, ...fragmentInputVariables(node, check.typer.registry) } };
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
  const byOutput: Record<string, Variables> = {};
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
