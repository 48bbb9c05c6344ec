import { componentId } from '@scenaria/components';
import type { ComponentDefinition } from '@scenaria/components';
import type {
  CanonicalFragmentInputNode,
  CanonicalNode,
  CanonicalProcess,
  CustomNode,
  EnricherNode,
  Field,
  JoinNode,
  Parameter,
  ProcessorNode,
  SinkNode,
  SourceNode,
} from '@scenaria/graph';
import { Types, recordType } from '@scenaria/typing';
import type { TypingResult } from '@scenaria/typing';
import type { ComponentRuntime, CustomInstance, Emit, JoinInstance, SourceInstance } from '../components/component-runtime';
import type { CompiledExpression } from '../expression/expression-compiler';
import type { RuntimeContext } from '../runtime/context';
import { derivedContext, freshContext, setVariable, withOnlyVariables, withVariable } from '../runtime/context';
import type { NodeState, StateCodec } from '../state/keyed-state';
import type { CompileEnvironment } from './environment';
import { compileNodeExpression, declaredType } from './expressions';
import { CompilationFailed } from './issues';
import { compileParameters, eagerEvaluator, outputTypeOf } from './parameters';
import { afterValue, endOfBranch, nodeStep, recordFailure, runInSequence } from './steps';
import type { Step } from './steps';

type VariableTypes = Readonly<Record<string, TypingResult>>;

/** A source node ready to be fed records. */
export interface CompiledSource {
  nodeId: string;
  componentId: string;
  instance: SourceInstance;
  step: Step;
}

/** Where an inlined fragment node came from: the fragment usage node and the node's id inside the fragment. */
export interface FragmentNodeOrigin {
  usageNodeId: string;
  innerNodeId: string;
}

/** The walk's result before it is wrapped into a runnable scenario. */
export interface CompiledGraph {
  sources: CompiledSource[];
  /** Custom nodes with state to flush or time to advance, in compile order. */
  statefulNodes: { nodeId: string; instance: CustomInstance; emit: Emit }[];
  /** Ids (as the collector sees them) of nodes inlined from fragments. */
  fragmentNodes: Map<string, FragmentNodeOrigin>;
  /** Variable types visible at each node (after fragment inlining: prefixed ids). */
  nodeVariables: Map<string, VariableTypes>;
}

interface JoinPort {
  instance?: JoinInstance;
  emit?: Emit;
  branchVariables: Map<string, VariableTypes>;
  expectedBranches: Set<string>;
}

/** Where a fragment output hands its record back to the using scenario. */
interface FragmentOutputPort {
  /** Type of the output's record; undefined when the output has no fields. */
  recordType?: TypingResult;
  isTyped: boolean;
  deliver?: (outer: RuntimeContext, record: Map<string, unknown> | undefined) => void | Promise<void>;
}

interface FragmentFrame {
  /** `${usage id}-` prepended to the ids of the fragment's nodes. */
  prefix: string;
  usageNodeId: string;
  outputs: Map<string, FragmentOutputPort>;
}

const fieldRecordType = (fields: { name: string; type: TypingResult }[]) =>
  recordType(fields.map((f) => [f.name, f.type] as const));

/** The instance a runtime of the given kind creates. */
type InstanceOf<K extends ComponentRuntime['kind']> = ReturnType<Extract<ComponentRuntime, { kind: K }>['create']>;

/** Compiles a canonical scenario into steps; throws CompilationFailed on the first problem. */
export function compileGraph(scenario: CanonicalProcess, env: CompileEnvironment, fragments: (id: string) => CanonicalProcess | undefined): CompiledGraph {
  const listener = env.listener;
  const graph: CompiledGraph = { sources: [], statefulNodes: [], fragmentNodes: new Map(), nodeVariables: new Map() };
  const joins = new Map<string, JoinPort>();

  const component = (nodeId: string, id: string): ComponentDefinition => {
    const definition = env.components.get(id);
    if (!definition) throw new CompilationFailed({ code: 'MissingComponent', message: `Unknown component ${id}`, nodeId });
    return definition;
  };
  const runtime = <K extends 'source' | 'sink' | 'service' | 'custom' | 'join'>(nodeId: string, id: string, kind: K) => {
    const found = env.runtimes.get(id);
    if (!found || found.kind !== kind) {
      throw new CompilationFailed({ code: 'MissingComponentRuntime', message: `No ${kind} implementation for component ${id}`, nodeId });
    }
    return found as Extract<typeof found, { kind: K }>;
  };
  // Every component node starts the same way: its definition, its parameters compiled against the variables in
  // scope (and per branch for a join), and its runtime, checked to be of the node's kind, created with them.
  const instantiate = <K extends ComponentRuntime['kind']>(
    nodeId: string,
    cid: string,
    kind: K,
    nodeParameters: readonly Parameter[],
    variables: VariableTypes,
    branches?: Parameters<typeof compileParameters>[5],
  ) => {
    const definition = component(nodeId, cid);
    const parameters = compileParameters(nodeId, definition, nodeParameters, variables, env, branches);
    // `runtime` has checked the kind; TypeScript cannot narrow the union of `create` signatures for a generic K.
    const instance = runtime(nodeId, cid, kind).create(instanceArgs(nodeId, definition, parameters)) as InstanceOf<K>;
    return { definition, parameters, instance };
  };
  const expression = (nodeId: string, paramName: string, source: { language: string; expression: string }, variables: VariableTypes, expectedType?: TypingResult): CompiledExpression =>
    compileNodeExpression(env.compiler, source, variables, { nodeId, paramName }, expectedType);
  const evaluate = listener
    ? (nodeId: string, name: string, compiled: CompiledExpression, context: RuntimeContext): unknown => {
        const value = compiled.evaluate(context.variables);
        listener.expressionEvaluated(nodeId, name, context, value);
        return value;
      }
    : (_nodeId: string, _name: string, compiled: CompiledExpression, context: RuntimeContext): unknown => compiled.evaluate(context.variables);
  const compileFields = (nodeId: string, fields: readonly Field[], variables: VariableTypes) =>
    fields.map((field, index) => ({
      name: field.name,
      compiled: expression(nodeId, `$fields-${index}-$value`, field.expression, variables),
    }));
  const buildRecord = (nodeId: string, fields: { name: string; compiled: CompiledExpression }[], context: RuntimeContext) => {
    const record = new Map<string, unknown>();
    for (const field of fields) record.set(field.name, evaluate(nodeId, field.name, field.compiled, context));
    return record;
  };

  function compileBranch(nodes: readonly CanonicalNode[], index: number, variables: VariableTypes, frame: FragmentFrame | undefined): Step {
    const node = nodes[index];
    if (node === undefined) return endOfBranch;
    // A branch end has no id of its own; Nussknacker computes `$edge-<from>-<join>`.
    const ownId = node.type === 'BranchEndData' ? `$edge-${node.definition.id}-${node.definition.joinId}` : node.id;
    const id = frame ? `${frame.prefix}${ownId}` : ownId;
    if (frame) graph.fragmentNodes.set(id, { usageNodeId: frame.usageNodeId, innerNodeId: ownId });
    graph.nodeVariables.set(id, variables);
    const rest = (nextVariables: VariableTypes) => compileBranch(nodes, index + 1, nextVariables, frame);

    switch (node.type) {
      case 'Filter': {
        if (node.isDisabled) return nodeStep(id, listener, rest(variables));
        const condition = expression(id, '$expression', node.expression, variables, Types.Boolean);
        const next = rest(variables);
        const nextFalse = node.nextFalse && node.nextFalse.length > 0 ? compileBranch(node.nextFalse, 0, variables, frame) : undefined;
        return nodeStep(id, listener, (context) => {
          // null (and anything but true) is false, as in Nussknacker.
          if (evaluate(id, '$expression', condition, context) === true) return next(context);
          return nextFalse?.(context);
        });
      }
      case 'Switch': {
        let caseVariables = variables;
        let exprVal: { name: string; compiled: CompiledExpression } | undefined;
        if (node.expression && node.exprVal && node.expression.expression.trim() !== '') {
          const compiled = expression(id, '$expression', node.expression, variables);
          exprVal = { name: node.exprVal, compiled };
          caseVariables = { ...variables, [node.exprVal]: compiled.type };
        }
        const cases = (node.nexts ?? []).map((switchCase, caseIndex) => ({
          name: switchCase.nodes[0]?.id ?? `$case-${caseIndex}`,
          condition: expression(id, `$case-${caseIndex}`, switchCase.expression, caseVariables, Types.Boolean),
          step: compileBranch(switchCase.nodes, 0, caseVariables, frame),
        }));
        const defaultStep = node.defaultNext && node.defaultNext.length > 0 ? compileBranch(node.defaultNext, 0, caseVariables, frame) : undefined;
        return nodeStep(id, listener, (incoming) => {
          const context = exprVal ? withVariable(incoming, exprVal.name, evaluate(id, '$expression', exprVal.compiled, incoming)) : incoming;
          for (const switchCase of cases) {
            if (evaluate(id, switchCase.name, switchCase.condition, context) === true) return switchCase.step(context);
          }
          return defaultStep?.(context);
        });
      }
      case 'Split': {
        const branches = node.nexts.map((branch) => compileBranch(branch, 0, variables, frame));
        return nodeStep(id, listener, (context) => runInSequence(branches, context));
      }
      case 'Variable': {
        const value = expression(id, '$expression', node.value, variables);
        const next = rest({ ...variables, [node.varName]: value.type });
        const name = node.varName;
        return nodeStep(id, listener, (context) => next(withVariable(context, name, evaluate(id, name, value, context))));
      }
      case 'VariableBuilder': {
        const fields = compileFields(id, node.fields, variables);
        const type = fieldRecordType(fields.map((f) => ({ name: f.name, type: f.compiled.type })));
        const next = rest({ ...variables, [node.varName]: type });
        const name = node.varName;
        return nodeStep(id, listener, (context) => next(withVariable(context, name, buildRecord(id, fields, context))));
      }
      case 'Enricher':
      case 'Processor':
        return compileService(id, node, variables, rest);
      case 'Sink':
        return compileSink(id, node, variables);
      case 'CustomNode':
        return compileCustom(id, node, variables, rest);
      case 'FragmentInput':
        return compileFragmentUsage(id, node, variables, frame);
      case 'FragmentOutputDefinition': {
        if (!frame) throw new CompilationFailed({ code: 'InvalidStructure', message: 'Fragment output outside a fragment', nodeId: id });
        const fields = compileFields(id, node.fields ?? [], variables);
        const port = frame.outputs.get(node.outputName);
        if (!port) return nodeStep(id, listener, endOfBranch); // the using scenario does not continue from this output
        if (!port.isTyped) {
          port.isTyped = true;
          if (fields.length > 0) port.recordType = fieldRecordType(fields.map((f) => ({ name: f.name, type: f.compiled.type })));
        }
        const hasRecord = fields.length > 0;
        return nodeStep(id, listener, (context) => {
          const outer = context.parent;
          if (!outer || !port.deliver) throw new Error(`Fragment output ${node.outputName} reached without its using scenario`);
          return port.deliver(outer, hasRecord ? buildRecord(id, fields, context) : undefined);
        });
      }
      case 'BranchEndData': {
        const joinId = node.definition.joinId;
        const branchId = node.definition.id;
        const port = joins.get(joinId);
        if (!port) throw new CompilationFailed({ code: 'InvalidStructure', message: `Branch into unknown join ${joinId}`, nodeId: id });
        port.branchVariables.set(branchId, variables);
        return (context) => {
          const instance = port.instance;
          if (!instance || !port.emit) throw new Error(`Join ${joinId} was not compiled`);
          return joinEntry(joinId, instance, port.emit, branchId, context);
        };
      }
      case 'Source':
      case 'Join':
      case 'FragmentInputDefinition':
        throw new CompilationFailed({ code: 'InvalidStructure', message: `${node.type} in the middle of a branch`, nodeId: id });
      case 'FragmentUsageOutput':
        throw new CompilationFailed({ code: 'InvalidStructure', message: 'FragmentUsageOutput is internal and not expected in a scenario', nodeId: id });
    }
  }

  function joinEntry(joinId: string, instance: JoinInstance, emit: Emit, branchId: string, context: RuntimeContext) {
    listener?.nodeEntered(joinId, context);
    try {
      const pending = instance.process(branchId, context, emit);
      if (pending !== undefined) return pending.then(undefined, (error: unknown) => recordFailure(joinId, context, error, listener));
    } catch (error) {
      recordFailure(joinId, context, error, listener);
    }
    return undefined;
  }

  function compileService(id: string, node: EnricherNode | ProcessorNode, variables: VariableTypes, rest: (v: VariableTypes) => Step): Step {
    if (node.type === 'Processor' && node.isDisabled) return nodeStep(id, listener, rest(variables));
    const { definition, parameters, instance } = instantiate(id, `service-${node.service.id}`, 'service', node.service.parameters, variables);
    const eagerValues = eagerEvaluator(id, parameters.eager, listener);
    const serviceName = node.service.id;
    if (node.type === 'Enricher') {
      const outputName = node.output;
      const next = rest({ ...variables, [outputName]: outputTypeOf(id, definition, parameters.outputTypeContext) });
      return nodeStep(id, listener, (context) =>
        afterValue(instance.invoke(eagerValues(context), context), (value) => {
          listener?.serviceInvoked(id, serviceName, context, value);
          return next(withVariable(context, outputName, value));
        }),
      );
    }
    const next = rest(variables);
    return nodeStep(id, listener, (context) =>
      afterValue(instance.invoke(eagerValues(context), context), (value) => {
        listener?.serviceInvoked(id, serviceName, context, value);
        return next(context);
      }),
    );
  }

  function compileSink(id: string, node: SinkNode, variables: VariableTypes): Step {
    if (node.isDisabled) return nodeStep(id, listener, endOfBranch);
    const cid = `sink-${node.ref.typ}`;
    const { parameters, instance } = instantiate(id, cid, 'sink', node.ref.parameters, variables);
    const eagerValues = eagerEvaluator(id, parameters.eager, listener);
    const name = node.ref.typ;
    return nodeStep(id, listener, (context) => {
      const value = instance.output(eagerValues(context), context);
      if (value === undefined) return;
      context.scope.outputs.push({ nodeId: id, componentId: cid, contextId: context.id, value });
      listener?.serviceInvoked(id, name, context, value);
    });
  }

  function compileCustom(id: string, node: CustomNode, variables: VariableTypes, rest: (v: VariableTypes) => Step): Step {
    const { definition, parameters, instance } = instantiate(id, `custom-${node.nodeType}`, 'custom', node.parameters, variables);
    const eagerValues = eagerEvaluator(id, parameters.eager, listener);
    const outputVar = definition.output && node.outputVar ? node.outputVar : undefined;
    const clears = definition.output?.context === 'clear';
    let nextVariables: VariableTypes = variables;
    if (outputVar) {
      const type = outputTypeOf(id, definition, parameters.outputTypeContext);
      nextVariables = clears ? { [outputVar]: type } : { ...variables, [outputVar]: type };
    } else if (clears) {
      nextVariables = {};
    }
    const next = rest(nextVariables);
    const emit: Emit = (context, value) => {
      if (clears) return next(withOnlyVariables(context, outputVar ? { [outputVar]: value } : {}, context.parent));
      return next(outputVar ? withVariable(context, outputVar, value) : context);
    };
    if (instance.flush || instance.advanceTime || instance.onTimer) graph.statefulNodes.push({ nodeId: id, instance, emit });
    return nodeStep(id, listener, (context) => {
      // What a record triggers (also windows it closes for earlier records) belongs to that record's outputs.
      const emitHere: Emit = (emitted, value) => emit(emitted.scope === context.scope ? emitted : derivedContext(emitted, { scope: context.scope }), value);
      return instance.process(context, eagerValues(context), emitHere);
    });
  }

  function compileJoin(node: JoinNode, rest: readonly CanonicalNode[], port: JoinPort): void {
    const id = node.id;
    const branches = node.branchParameters.map((b) => ({
      branchId: b.branchId,
      parameters: b.parameters,
      variables: port.branchVariables.get(b.branchId) ?? {},
    }));
    // A branch without branch parameters in the node still needs them compiled (with their defaults).
    for (const branchId of port.expectedBranches) {
      if (!branches.some((b) => b.branchId === branchId)) branches.push({ branchId, parameters: [], variables: port.branchVariables.get(branchId) ?? {} });
    }
    const { definition, parameters, instance } = instantiate(id, `custom-${node.nodeType}`, 'join', node.parameters, {}, branches);
    const outputVar = definition.output && node.outputVar ? node.outputVar : undefined;
    const clears = definition.output?.context !== 'keep';
    const outputType = outputVar ? outputTypeOf(id, definition, parameters.outputTypeContext) : undefined;
    graph.nodeVariables.set(id, {});
    const next = compileBranch(rest, 1, outputVar && outputType ? { [outputVar]: outputType } : {}, undefined);
    port.instance = instance;
    port.emit = (context, value) => {
      if (clears) return next(withOnlyVariables(context, outputVar ? { [outputVar]: value } : {}));
      return next(outputVar ? withVariable(context, outputVar, value) : context);
    };
  }

  function compileFragmentUsage(id: string, node: CanonicalFragmentInputNode, variables: VariableTypes, outerFrame: FragmentFrame | undefined): Step {
    const outputs = node.outputs ?? {};
    const continueWith = (name: string, types: VariableTypes) => compileBranch(outputs[name] ?? [], 0, types, outerFrame);
    if (node.isDisabled) {
      const names = Object.keys(outputs);
      if (names.length !== 1) {
        throw new CompilationFailed({ code: 'InvalidStructure', message: 'A disabled fragment must have exactly one output', nodeId: id });
      }
      return nodeStep(id, listener, continueWith(names[0] as string, variables));
    }
    const fragment = fragments(node.ref.id);
    if (!fragment) throw new CompilationFailed({ code: 'UnknownFragment', message: `Unknown fragment ${node.ref.id}`, nodeId: id });
    const [input, ...body] = fragment.nodes;
    if (!input || input.type !== 'FragmentInputDefinition') {
      throw new CompilationFailed({ code: 'InvalidStructure', message: `Fragment ${node.ref.id} does not start with its input definition`, nodeId: id });
    }
    const values = new Map(node.ref.parameters.map((p) => [p.name, p.expression]));
    const parameters = input.parameters.map((definition) => {
      const type = declaredType(definition.typ.refClazzName, env.typeForClassName);
      const source = values.get(definition.name) ?? { language: 'spel', expression: '' };
      return { name: definition.name, type, compiled: expression(id, definition.name, source, variables, type) };
    });
    const frame: FragmentFrame = { prefix: `${id}-`, usageNodeId: id, outputs: new Map() };
    for (const name of Object.keys(outputs)) frame.outputs.set(name, { isTyped: false });
    const innerTypes: VariableTypes = Object.fromEntries(parameters.map((p) => [p.name, p.compiled.type.kind === 'null' ? p.type : p.compiled.type]));
    graph.fragmentNodes.set(`${id}-${input.id}`, { usageNodeId: id, innerNodeId: input.id });
    const inner = compileBranch(body, 0, innerTypes, frame);
    const outputNames = node.ref.outputVariableNames ?? {};
    for (const [name, port] of frame.outputs) {
      const varName = outputNames[name];
      const record = port.recordType;
      const step = continueWith(name, varName && record ? { ...variables, [varName]: record } : variables);
      port.deliver = (outer, value) => step(varName && value ? withVariable(outer, varName, value) : outer);
    }
    const inputStepId = `${id}-${input.id}`;
    const enterFragment = nodeStep(inputStepId, listener, inner);
    return nodeStep(id, listener, (context) => {
      const innerValues: Record<string, unknown> = {};
      for (const parameter of parameters) setVariable(innerValues, parameter.name, evaluate(id, parameter.name, parameter.compiled, context));
      return enterFragment(withOnlyVariables(context, innerValues, context));
    });
  }

  function instanceArgs(nodeId: string, definition: ComponentDefinition, parameters: ReturnType<typeof compileParameters>) {
    return {
      nodeId,
      definition,
      constants: parameters.constants,
      lazy: parameters.lazy,
      branchLazy: parameters.branchLazy,
      parameterTypes: parameters.types,
      scenarioProperties: env.scenarioProperties,
      services: env.services,
      globalContext: () => freshContext(`${env.scenarioName}-${nodeId}`, env.services.clock.now()),
      keyedState<V>(codec: StateCodec<V>): NodeState<V> {
        const state = env.state.forNode(nodeId, codec);
        return {
          get: (key) => state.get(key),
          put: (key, value) => state.put(key, value),
          delete: (key) => state.delete(key),
          setTimer(key, time) {
            state.setTimer(key, time);
            env.timerSet(time);
          },
          deleteTimer: (key, time) => state.deleteTimer(key, time),
        };
      },
      watermark: env.watermark,
    };
  }

  function compileSource(node: SourceNode, branch: readonly CanonicalNode[]): CompiledSource {
    const { definition, parameters, instance } = instantiate(node.id, `source-${node.ref.typ}`, 'source', node.ref.parameters, {});
    const inputType = outputTypeOf(node.id, definition, parameters.outputTypeContext);
    graph.nodeVariables.set(node.id, {});
    const next = compileBranch(branch, 1, { input: inputType }, undefined);
    return { nodeId: node.id, componentId: componentId(definition), instance, step: nodeStep(node.id, listener, next) };
  }
  // Joins first get their ports, so branches ending in them can be compiled before the joins themselves.
  const branches = [scenario.nodes, ...(scenario.additionalBranches ?? [])];
  collectJoinInputs(branches, joins);
  const pendingJoins: { node: JoinNode; branch: readonly CanonicalNode[] }[] = [];
  for (const branch of branches) {
    const first = branch[0];
    if (!first) continue;
    if (first.type === 'Join') {
      pendingJoins.push({ node: first, branch });
    } else if (first.type === 'Source') {
      graph.sources.push(compileSource(first, branch));
    } else {
      throw new CompilationFailed({ code: 'InvalidStructure', message: `A branch starts with ${first.type}`, nodeId: first.id });
    }
  }
  while (pendingJoins.length > 0) {
    const readyIndex = pendingJoins.findIndex(({ node }) => {
      const port = joins.get(node.id) as JoinPort;
      return [...port.expectedBranches].every((b) => port.branchVariables.has(b));
    });
    if (readyIndex < 0) throw new CompilationFailed({ code: 'InvalidStructure', message: 'Joins wait for each other in a cycle', nodeId: pendingJoins[0]?.node.id });
    const [{ node, branch }] = pendingJoins.splice(readyIndex, 1) as [{ node: JoinNode; branch: readonly CanonicalNode[] }];
    compileJoin(node, branch, joins.get(node.id) as JoinPort);
  }
  return graph;
}

function collectJoinInputs(branches: readonly (readonly CanonicalNode[])[], joins: Map<string, JoinPort>): void {
  const portOf = (joinId: string) => {
    let port = joins.get(joinId);
    if (!port) {
      port = { branchVariables: new Map(), expectedBranches: new Set() };
      joins.set(joinId, port);
    }
    return port;
  };
  const visit = (nodes: readonly CanonicalNode[]) => {
    for (const node of nodes) {
      if (node.type === 'Join') portOf(node.id);
      if (node.type === 'BranchEndData') portOf(node.definition.joinId).expectedBranches.add(node.definition.id);
      if (node.type === 'Filter' && node.nextFalse) visit(node.nextFalse);
      if (node.type === 'Switch') {
        for (const c of node.nexts ?? []) visit(c.nodes);
        if (node.defaultNext) visit(node.defaultNext);
      }
      if (node.type === 'Split') for (const b of node.nexts) visit(b);
      if (node.type === 'FragmentInput') for (const b of Object.values(node.outputs ?? {})) visit(b);
    }
  };
  for (const branch of branches) visit(branch);
}


