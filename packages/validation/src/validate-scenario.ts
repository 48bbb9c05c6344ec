import { type ComponentDefinition, componentsById, type Model, processingModeOfMetaDataType, toUIParameter } from '@scenaria/components';
import type { Edge, ScenarioGraph } from '@scenaria/graph';
import { listType, recordType, type TypingResult, type TypingResultJson, typingResultToJson, Types } from '@scenaria/typing';
import { validationIssue } from './errors';
import { expressionTyperFor } from './expression-typer';
import type { FragmentOutputs } from './fragments';
import { NodeCheck, type Variables } from './node-context';
import { validateNodeData } from './node-handlers';
import { lookupFragment, type Session } from './session';
import { type LabelValidationRule, validateScenarioLabels } from './labels';
import { scenarioPropertyIssues } from './properties';
import { findStructureErrors } from './structure';
import { type ValidationResult, ValidationResultBuilder } from './result';

/** Options of {@link validateScenario}. */
export interface ValidateScenarioOptions {
  /** Scenario name: `#meta.processName` and the name check (skipped when absent). */
  readonly scenarioName?: string;
  /** Scenario labels: `#meta.scenarioLabels`. */
  readonly labels?: readonly string[];
  /** Rules the labels are checked against (the deployment's configured ones); default: the default rules. */
  readonly labelRules?: readonly LabelValidationRule[];
  /** Fragments the scenario may use, by fragment name (their latest version). */
  readonly fragments?: Readonly<Record<string, ScenarioGraph>>;
  /** Leave `nodeResults` empty (the `skipNodeResults` flag of the API). */
  readonly skipNodeResults?: boolean;
}

function createSession(model: Model, fragments: Readonly<Record<string, ScenarioGraph>>): Session {
  const session: Session = {
    model,
    typer: expressionTyperFor(model),
    fragments,
    fragmentComponents: new Map(),
    cyclicFragments: new Set(),
    validateFragmentGraph: (name, graph) => validateWithSession(graph, session, { scenarioName: name, skipNodeResults: true }).outputs,
  };
  return session;
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
  const session = createSession(model, options.fragments ?? {});
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
  const session = createSession(model, options.fragments ?? {});
  return validateWithSession(graph, session, options, seeded).result;
}

/** Component for a fragment used in a scenario, derived from the fragment graph (for definitions and validation). */
export function fragmentComponentFor(name: string, fragment: ScenarioGraph, model: Model, fragments: Readonly<Record<string, ScenarioGraph>> = {}): ComponentDefinition {
  const session = createSession(model, { ...fragments, [name]: fragment });
  const component = lookupFragment(name, session);
  if (component === undefined || component === null) throw new Error(`Fragment ${name} could not be derived`);
  return component;
}

/** Every fragment of a map as a component (fragments used by others are validated once). */
export function fragmentComponentsFor(fragments: Readonly<Record<string, ScenarioGraph>>, model: Model): ComponentDefinition[] {
  const session = createSession(model, fragments);
  const components: ComponentDefinition[] = [];
  for (const name of Object.keys(fragments)) {
    const component = lookupFragment(name, session);
    if (component) components.push(component);
  }
  return components;
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

  for (const { label, messages } of validateScenarioLabels(options.labels ?? [], options.labelRules)) {
    builder.propertiesError(validationIssue('ScenarioLabelValidationError', `Label '${label}': ${messages.join('; ')}`, '$labels'));
  }
  scenarioPropertyIssues(graph.properties, model, { isFragment, ...(options.scenarioName === undefined ? {} : { scenarioName: options.scenarioName }) }).forEach((e) =>
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
      builder.nodeWarning(node.id, validationIssue('DisabledNode', `Node ${node.id} is disabled`, null));
      if (node.type === 'FragmentInput' && outEdges.length !== 1) {
        check.error('DisabledFragmentOutputs', 'A disabled fragment must have exactly one output');
      }
      contextAfter.set(node.id, { all: variablesAtInput });
    } else {
      const after = validateNodeData(node, {
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
      parameters: check.parameters === null ? null : check.parameters.map(toUIParameter),
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
const jsonOfType = new WeakMap<TypingResult, TypingResultJson>();

function typeToJson(type: TypingResult): TypingResultJson {
  let json = jsonOfType.get(type);
  if (json === undefined) {
    json = deepFreeze(typingResultToJson(type));
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

function variablesToJson(variables: Variables): Record<string, TypingResultJson> {
  const json: Record<string, TypingResultJson> = {};
  for (const [name, type] of Object.entries(variables)) json[name] = typeToJson(type);
  return json;
}

