import { type ComponentDefinition, componentsById, type Model, scenarioProcessingMode, toUIParameter } from '@scenaria/components';
import type { Edge, ScenarioGraph } from '@scenaria/graph';
import { listType, recordType, type TypingResult, type TypingResultJson, Types } from '@scenaria/typing';
import { validationIssue } from './errors';
import { type ExpressionTyper, expressionTyperFor } from './expression-typer';
import type { FragmentOutputs } from './fragments';
import { NodeCheck, type Variables } from './node-context';
import { type NodeOutcome, validateNodeData } from './node-handlers';
import { Scope } from './scope';
import { startTypeJsonGeneration, typeToJson } from './type-json';
import { lookupFragment, type Session } from './session';
import { type LabelValidationRule, validateScenarioLabels } from './labels';
import { scenarioPropertyIssues } from './properties';
import { findStructureErrors } from './structure';
import { type ValidationResult, ValidationResultBuilder } from './result';
import { noteAppendedEntry } from './result-bytes';

// Keys JavaScript orders before all others in an object, whatever order they were added in.
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The most output contexts the last validation held at once: what releasing contexts after their last reader
 * bounds (a chain holds one or two, not one per node), counted so that a test checks it by structure.
 */
export const heldContexts = { peak: 0 };

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
  /**
   * Most variable entries the `variableTypes` of all node results may hold together. Each node lists every
   * local variable visible at it, so the wire format is quadratic for a chain of variable nodes (n²/2 entries):
   * a server sets this to keep responses bounded. Once the next node would pass it, that node and the ones
   * after it (in validation order) get no node results and the first of them a `NodeResultsLimitReached`
   * warning. Unbounded by default, as in the reference.
   */
  readonly maxNodeResultEntries?: number;
}

function createSession(model: Model, fragments: Readonly<Record<string, ScenarioGraph>>): Session {
  startTypeJsonGeneration();
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

// Per typer, by the scenario's property names (all properties are strings, so the names fix `#meta`'s type): the
// variables every node of a scenario starts from. Property names are the user's, so the kept sets are bounded.
const startingScopes = new WeakMap<ExpressionTyper, Map<string, Scope>>();
const STARTING_SCOPES_KEPT = 64;

function startingScopeOf(typer: ExpressionTyper, properties: Readonly<Record<string, string>>): Scope {
  let byNames = startingScopes.get(typer);
  if (byNames === undefined) startingScopes.set(typer, (byNames = new Map()));
  const names = JSON.stringify(Object.keys(properties));
  let start = byNames.get(names);
  if (start === undefined) {
    start = Scope.of(typer.globals).with('meta', metaVariableType(properties));
    if (byNames.size >= STARTING_SCOPES_KEPT) byNames.clear();
    byNames.set(names, start);
  }
  return start;
}

/** A node's `variableTypes` where no variable of its own is in scope (at a source): one frozen object for all. */
const NO_LOCAL_VARIABLES: Readonly<Record<string, TypingResultJson>> = Object.freeze({});

/**
 * The node-results JSON of a scope's local variables, entry by entry: frozen, because results share it. The global
 * variables (`#meta` and the helpers) are left out, as the reference's node results hold the input context's local
 * variables only; a global's entry is the very type object of the starting scope.
 */
function localVariablesRecordOf(scope: Scope, globals: Scope): Readonly<Record<string, TypingResultJson>> {
  const locals = scope.entries().filter(([name, type]) => globals.get(name) !== type);
  return locals.length === 0 ? NO_LOCAL_VARIABLES : Object.freeze(Object.fromEntries(locals.map(([name, type]) => [name, typeToJson(type)])));
}

/** The type of `#meta` for a scenario. */
export function metaVariableType(properties: Readonly<Record<string, string>>): TypingResult {
  const propertyFields: Record<string, TypingResult> = {};
  for (const key of Object.keys(properties)) propertyFields[key] = Types.String;
  return recordType({ processName: Types.String, properties: recordType(propertyFields), scenarioLabels: listType(Types.String) });
}

/**
 * The variables a client's `variableTypes` stand for where no scenario is at hand (completions, parameter checks):
 * the model's global variables and `#meta`, typed with the model's scenario properties as the reference types it
 * there, then the client's own. Node results list local variables only, so a client sends none of the globals back.
 */
export function withModelGlobals(
  model: Pick<Model, 'globalVariables' | 'scenarioProperties'>,
  variables: Readonly<Record<string, TypingResult>>,
): Record<string, TypingResult> {
  const meta = metaVariableType(Object.fromEntries(Object.keys(model.scenarioProperties).map((name) => [name, ''])));
  return { ...model.globalVariables, meta, ...variables };
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


/** How {@link validateScenarioAsync} shares the thread with other work. */
export interface ChunkingOptions {
  /**
   * Resolves when other work has had its turn: validation is isomorphic, so the caller brings its own
   * (`() => new Promise((resolve) => setImmediate(resolve))` on Node, a `MessageChannel` or `setTimeout` in a browser).
   */
  readonly yieldToEventLoop: () => Promise<void>;
  /** Yield after at most this many nodes (default 128). */
  readonly yieldEvery?: number;
  /**
   * Yield once this many milliseconds went by since the last yield (default 4), whatever the node count, so
   * that nodes expensive to validate (big expressions, dynamic components) do not make one slice long.
   */
  readonly maxSliceMs?: number;
}

/**
 * {@link validateScenario} in slices: the same result, but the work stops every few nodes (or milliseconds)
 * and awaits `yieldToEventLoop`, so validating a huge scenario does not hold up other requests for longer than
 * one slice. Fragments a scenario uses are validated within the slice of their first use.
 * @example const result = await validateScenarioAsync(graph, model, { scenarioName: 'big' }, { yieldToEventLoop: () => new Promise((r) => setImmediate(r)) });
 */
export async function validateScenarioAsync(
  graph: ScenarioGraph,
  model: Model,
  options: ValidateScenarioOptions,
  chunking: ChunkingOptions,
): Promise<ValidationResult> {
  const session = createSession(model, options.fragments ?? {});
  const every = Math.max(1, chunking.yieldEvery ?? 128);
  const maxSliceMs = chunking.maxSliceMs ?? 4;
  const steps = validationSteps(graph, session, options, {});
  let sliceStart = Date.now();
  let sinceYield = 0;
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done === true) return step.value.result;
    sinceYield++;
    if (sinceYield >= every || Date.now() - sliceStart >= maxSliceMs) {
      await chunking.yieldToEventLoop();
      sinceYield = 0;
      sliceStart = Date.now();
    }
  }
}

function validateWithSession(
  graph: ScenarioGraph,
  session: Session,
  options: ValidateScenarioOptions,
  seeded: Readonly<Record<string, Variables>> = {},
): ValidationOutcome {
  const steps = validationSteps(graph, session, options, seeded);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

interface ValidationOutcome {
  readonly result: ValidationResult;
  readonly outputs: FragmentOutputs;
}

/**
 * The validation of a graph as steps: it pauses (yields) after the structure checks and after each node, so
 * the synchronous entry runs it to the end and the asynchronous one can stop between nodes. Every node costs
 * O(its own expressions and variables): contexts are persistent {@link Scope}s shared along the graph, and a
 * node's `variableTypes` JSON is built once per distinct context.
 */
function* validationSteps(
  graph: ScenarioGraph,
  session: Session,
  options: ValidateScenarioOptions,
  seeded: Readonly<Record<string, Variables>>,
): Generator<void, ValidationOutcome, void> {
  const { model, typer } = session;
  const builder = new ValidationResultBuilder();
  const additionalFields = graph.properties.additionalFields;
  const properties = additionalFields.properties ?? {};
  const isFragment = additionalFields.metaDataType === 'FragmentSpecificData';
  const mode = scenarioProcessingMode(additionalFields.metaDataType, model.processingMode);
  const components = componentsById(model, { isFragment });
  const outputs: FragmentOutputs = {};
  const includeNodeResults = options.skipNodeResults !== true;

  for (const { label, messages } of validateScenarioLabels(options.labels ?? [], options.labelRules)) {
    builder.propertiesError(validationIssue('ScenarioLabelValidationError', `Label '${label}': ${messages.join('; ')}`, '$labels'));
  }
  scenarioPropertyIssues(graph.properties, model, { isFragment, ...(options.scenarioName === undefined ? {} : { scenarioName: options.scenarioName }) }).forEach((e) =>
    builder.propertiesError(e),
  );

  const structure = findStructureErrors(graph);
  for (const { error, nodeIds } of structure.global) builder.globalError(error, nodeIds);
  for (const { nodeId, error } of structure.node) builder.nodeError(nodeId, error);
  yield;

  const globals = startingScopeOf(typer, properties);
  const outgoing = new Map<string, Edge[]>();
  const incoming = new Map<string, Edge[]>();
  for (const edge of graph.edges) {
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from))?.push(edge);
    (incoming.get(edge.to) ?? incoming.set(edge.to, []).get(edge.to))?.push(edge);
  }
  // Output context of each validated node; by output name for fragment usages.
  const contextAfter = new Map<string, NodeOutcome>();
  const contextThrough = (edge: Edge): Scope | undefined => {
    const after = contextAfter.get(edge.from);
    if (after === undefined) return undefined;
    if (edge.edgeType?.type === 'FragmentOutput' && after.byOutput !== undefined) return after.byOutput[edge.edgeType.name] ?? after.all;
    return after.all;
  };
  // A filter, sink or split passes its input on unchanged, so a chain of them shares one context and one JSON
  // of it; a context one variable longer than one already shown is its base's JSON plus that entry. Keyed by
  // scope id (a scope names its base by id), so contexts no node reads any more can be collected.
  const variablesJson = new Map<number, Readonly<Record<string, TypingResultJson>>>([[globals.id, NO_LOCAL_VARIABLES]]);
  const jsonOf = (scope: Scope): Readonly<Record<string, TypingResultJson>> => {
    let json = variablesJson.get(scope.id);
    if (json === undefined) {
      const derived = scope.derivedFrom;
      const baseJson = derived === undefined ? undefined : variablesJson.get(derived.baseId);
      const type = derived === undefined ? undefined : scope.get(derived.name);
      if (derived !== undefined && baseJson !== undefined && type !== undefined) {
        json = Object.freeze({ ...baseJson, [derived.name]: typeToJson(type) });
        // A new name that is no array index comes last: the result's bytes are the base's and one entry.
        if (!Object.hasOwn(baseJson, derived.name) && !ARRAY_INDEX.test(derived.name)) noteAppendedEntry(json, baseJson, derived.name);
      } else {
        json = localVariablesRecordOf(scope, globals);
      }
      variablesJson.set(scope.id, json);
    }
    return json;
  };
  // The position (in validation order) of the last node that reads each node's output context: after it, the
  // context is dropped, so that a long graph keeps only the contexts still to be read alive, not one per node
  // (which made every garbage collection walk all of them).
  const lastReader = new Map<string, number>();
  structure.order.forEach((node, position) => {
    // A context nobody reads (after a sink) goes right after its node.
    lastReader.set(node.id, Math.max(lastReader.get(node.id) ?? position, position));
    if (seeded[node.id] !== undefined) return;
    const inEdges = incoming.get(node.id) ?? [];
    for (const edge of node.type === 'Join' ? inEdges : inEdges.slice(0, 1)) lastReader.set(edge.from, Math.max(lastReader.get(edge.from) ?? position, position));
  });
  const readersDone = new Map<number, string[]>();
  for (const [id, position] of lastReader) (readersDone.get(position) ?? readersDone.set(position, []).get(position))?.push(id);
  heldContexts.peak = 0;
  let entriesLeft = options.maxNodeResultEntries ?? Number.POSITIVE_INFINITY;

  for (const [position, node] of structure.order.entries()) {
    for (const id of readersDone.get(position - 1) ?? []) contextAfter.delete(id);
    const seed = seeded[node.id];
    if (seed !== undefined) {
      contextAfter.set(node.id, { all: globals.withAll(seed) });
      continue;
    }
    const check = new NodeCheck(typer, model, properties, includeNodeResults);
    const inEdges = incoming.get(node.id) ?? [];
    const outEdges = outgoing.get(node.id) ?? [];
    const firstIn = inEdges[0];
    const input: Scope | undefined = node.type === 'Join' ? undefined : firstIn === undefined ? globals : contextThrough(firstIn);
    const branchInputs: Record<string, Scope> = {};
    if (node.type === 'Join') {
      for (const edge of inEdges) {
        const context = contextThrough(edge);
        if (context !== undefined) branchInputs[edge.from] = context;
      }
    }
    if (input === undefined && node.type !== 'Join') continue;
    const variablesAtInput: Scope = input ?? mergeBranches(branchInputs, globals);

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
    heldContexts.peak = Math.max(heldContexts.peak, contextAfter.size);
    for (const error of check.errors) builder.nodeError(node.id, error);
    // Skipped node results are not built at all (fragments are validated that way for their outputs).
    // Node results list local variables only: the globals the starting scope holds are not counted.
    const localEntries = Math.max(0, variablesAtInput.size - globals.size);
    if (includeNodeResults && entriesLeft >= localEntries) {
      entriesLeft -= localEntries;
      builder.nodeResults[node.id] = {
        variableTypes: jsonOf(variablesAtInput),
        parameters: check.parameters === null ? null : check.parameters.map(toUIParameter),
        typingInfo: check.typingInfo,
      };
    } else if (includeNodeResults && Number.isFinite(entriesLeft)) {
      builder.nodeWarning(
        node.id,
        validationIssue(
          'NodeResultsLimitReached',
          `Typing results are left out from node ${node.id} on: the contexts of the nodes before it already hold ${options.maxNodeResultEntries ?? 0} variable entries`,
          null,
        ),
      );
      // Reported once; nothing more is added.
      entriesLeft = Number.NEGATIVE_INFINITY;
    }
    yield;
  }
  return { result: builder.build(includeNodeResults), outputs };
}

/** The context where branches join: globals, then each branch's variables not seen before, branch by branch. */
function mergeBranches(branches: Record<string, Scope>, globals: Scope): Scope {
  let merged = globals;
  for (const context of Object.values(branches)) for (const [name, type] of context.entries()) if (!merged.has(name)) merged = merged.with(name, type);
  return merged;
}
