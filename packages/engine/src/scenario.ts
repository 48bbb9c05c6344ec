import type { ComponentDefinition } from '@scenaria/components';
import type { CanonicalProcess } from '@scenaria/graph';
import { Types, listType, recordType, typeForClassName } from '@scenaria/typing';
import type { ComponentRuntimeRegistry, Emit, RuntimeServices } from './components/component-runtime';
import { compileGraph } from './compile/compile-scenario';
import { createScope, derivedContext, sourceContext } from './runtime/context';
import type { CompiledGraph, CompiledSource, FragmentNodeOrigin } from './compile/compile-scenario';
import type { CompileEnvironment } from './compile/environment';
import { CompilationFailed } from './compile/issues';
import type { EngineIssue } from './compile/issues';
import { recordFailure } from './compile/steps';
import type { ExpressionCompilerFactory, GlobalVariable } from './expression/expression-compiler';
import type { InvocationScope } from './runtime/context';
import type { ExecutionListener } from './runtime/listener';
import { EventTime } from './state/event-time';
import type { EventTimeOptions } from './state/event-time';
import { createMemoryStateStore } from './state/keyed-state';
import type { KeyedStateStore, StateChanges, StateSnapshot } from './state/keyed-state';

/** What compiling a scenario needs besides the scenario. */
export interface CompileScenarioOptions {
  /** Component definitions by id (`componentsById(model, ...)` of @scenaria/components). */
  components: ReadonlyMap<string, ComponentDefinition>;
  /** Implementations of the components by id; `defaultComponentRuntimes()` covers the default model. */
  runtimes: ComponentRuntimeRegistry;
  /** Makes the scenario's expression compiler (`createSpelCompilerFactory()` for SpEL). */
  expressionCompilers: ExpressionCompilerFactory;
  /** Global variables besides `#meta` and the expression language's helpers (the model's globals). */
  globalVariables?: Readonly<Record<string, GlobalVariable>>;
  /** Values of parameters' additional variables the engine supplies (e.g. `AGG` for aggregates). */
  additionalVariableValues?: Readonly<Record<string, unknown>>;
  /** Fragments by id (the fragment scenario's name), inlined where they are used. */
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  scenarioLabels?: readonly string[];
  services?: Partial<RuntimeServices>;
  /** Observes the run (the test-results collector). */
  listener?: ExecutionListener;
  /** Where stateful nodes keep their keyed state; a fresh in-memory store when absent. */
  state?: KeyedStateStore;
  /** How record timestamps make the watermark that closes windows and releases delays. */
  eventTime?: EventTimeOptions;
}

/** Options of feeding one record. */
export interface RecordOptions {
  /** Event time in epoch milliseconds; the clock's now when absent. */
  eventTime?: number;
  /** The raw text the record was read from (shown as `original` in test results). */
  original?: string;
  /** Overrides the generated context id. */
  contextId?: string;
}

/** A scenario compiled once and ready to run records. */
export interface CompiledScenario {
  readonly scenarioName: string;
  readonly sources: readonly CompiledSource[];
  /** Ids of nodes inlined from fragments, with the usage node and inner id. */
  readonly fragmentNodes: ReadonlyMap<string, FragmentNodeOrigin>;
  /** Variable types visible at each node. */
  readonly nodeVariables: CompiledGraph['nodeVariables'];
  /**
   * Whether some node keeps state or timers (windows, delays, joins): without one, neither keyed state nor
   * the watermark affects any result, so a host need not store them with every batch.
   */
  readonly hasState: boolean;
  /**
   * Runs one record from a source through the scenario. Returns the record's outputs and errors, as a
   * promise only when some node (a service, a custom component) went asynchronous.
   */
  processRecord(sourceId: string, record: unknown, options?: RecordOptions): InvocationScope | Promise<InvocationScope>;
  /** The bounded input ended: the watermark goes to the end of time, so every window closes and every delay ends. */
  flush(): Promise<InvocationScope>;
  /**
   * Live runs: processing time is `now`. Sources quiet for the idle timeout stop holding the watermark back;
   * what that made due is emitted and answered. Windows never close on this time itself.
   */
  advanceTime(now: number): Promise<InvocationScope>;
  /** The event-time watermark (`-Infinity` before any record). */
  watermark(): number;
  /** Continues from a snapshot (a restart, a takeover, a savepoint): keyed state, timers and watermark. */
  restoreState(snapshot: StateSnapshot): Promise<void>;
  /** The state entries changed since the previous call and the watermark: what a host commits with a batch. */
  takeStateChanges(): StateChanges;
  /** All of the state and the watermark. */
  snapshotState(): Promise<StateSnapshot>;
}

/** Outcome of compiling a scenario. */
export type CompileScenarioResult = { ok: true; value: CompiledScenario } | { ok: false; errors: EngineIssue[] };

/** `#meta`: the scenario name, its labels and its properties. */
function metaVariable(scenario: CanonicalProcess, labels: readonly string[]): GlobalVariable {
  const properties = scenario.metaData.additionalFields.properties ?? {};
  return {
    type: recordType({
      processName: Types.String,
      scenarioLabels: listType(Types.String),
      properties: recordType(Object.keys(properties).map((key) => [key, Types.String] as const)),
    }),
    value: new Map<string, unknown>([
      ['processName', scenario.metaData.id],
      ['scenarioLabels', [...labels]],
      ['properties', new Map(Object.entries(properties))],
    ]),
  };
}

/**
 * Compiles a validated scenario: every expression once, every component instance once. Problems that
 * validation reports (unknown components, expressions that do not compile) come back as issues.
 * @example
 * const compiled = compileScenario(canonical, { components, runtimes: defaultComponentRuntimes(), expressionCompilers: createSpelCompilerFactory() });
 * if (compiled.ok) await compiled.value.processRecord('source', { amount: 10 });
 */
export function compileScenario(scenario: CanonicalProcess, options: CompileScenarioOptions): CompileScenarioResult {
  const globals = { ...options.globalVariables, meta: metaVariable(scenario, options.scenarioLabels ?? []) };
  const services: RuntimeServices = { clock: options.services?.clock ?? { now: () => Date.now() }, ...options.services };
  const time: { current?: EventTime; timerDue: boolean } = { timerDue: false };
  const env: CompileEnvironment = {
    scenarioName: scenario.metaData.id,
    scenarioProperties: scenario.metaData.additionalFields.properties ?? {},
    components: options.components,
    runtimes: options.runtimes,
    compiler: options.expressionCompilers.forScenario(globals),
    additionalVariableValues: options.additionalVariableValues ?? {},
    typeForClassName: (name) => typeForClassName(name),
    services,
    listener: options.listener,
    state: options.state ?? createMemoryStateStore(),
    watermark: () => time.current?.watermark ?? Number.NEGATIVE_INFINITY,
    timerSet(at) {
      if (at <= (time.current?.watermark ?? Number.NEGATIVE_INFINITY)) time.timerDue = true;
    },
  };
  let graph: CompiledGraph;
  try {
    graph = compileGraph(scenario, env, options.fragments ?? (() => undefined));
  } catch (error) {
    if (error instanceof CompilationFailed) return { ok: false, errors: [error.issue] };
    throw error;
  }
  time.current = new EventTime(graph.sources.map((source) => source.nodeId), options.eventTime ?? {}, services.clock.now());
  return { ok: true, value: runnable(scenario.metaData.id, graph, env, time as { current: EventTime; timerDue: boolean }) };
}

function runnable(scenarioName: string, graph: CompiledGraph, env: CompileEnvironment, time: { current: EventTime; timerDue: boolean }): CompiledScenario {
  const sources = new Map(graph.sources.map((source, index) => [source.nodeId, { source, idPrefix: `${scenarioName}-${index}-`, counter: 0 }]));
  // Emissions of a flush or a time step are collected in one scope of their own, which the call returns.
  const runStateful = async (action: (node: CompiledGraph['statefulNodes'][number], emit: Emit) => void | Promise<void>) => {
    const scope = createScope();
    for (const node of graph.statefulNodes) {
      const emit: Emit = (context, value) => node.emit(derivedContext(context, { scope }), value);
      try {
        await action(node, emit);
      } catch (error) {
        recordFailure(node.nodeId, sourceContext(`${scenarioName}-${node.nodeId}`, null, env.services.clock.now(), scope), error, env.listener);
      }
    }
    return scope;
  };
  const timed = new Map(graph.statefulNodes.map((node) => [node.nodeId, node]));
  // Fires every timer the watermark reached, in time order, until none is left (a timer may set further ones).
  const fireTimers = async (scope: InvocationScope) => {
    time.timerDue = false;
    for (;;) {
      const due = await env.state.takeDueTimers(time.current.watermark);
      if (due.length === 0) break;
      for (const timer of due) {
        const node = timed.get(timer.nodeId);
        if (!node?.instance.onTimer) continue;
        const emit: Emit = (context, value) => node.emit(derivedContext(context, { scope }), value);
        try {
          await node.instance.onTimer(timer.key, timer.time, emit);
        } catch (error) {
          recordFailure(node.nodeId, sourceContext(`${scenarioName}-${node.nodeId}`, null, timer.time, scope), error, env.listener);
        }
      }
    }
  };
  // After a record: when the watermark moved (or a node set a timer it already passed) and a timer is due, fire.
  const afterRecord = (sourceId: string, eventTime: number, scope: InvocationScope): void | Promise<void> => {
    const moved = time.current.onRecord(sourceId, eventTime, env.services.clock.now());
    if (!moved && !time.timerDue) return undefined;
    const next = env.state.nextTimer();
    if (next instanceof Promise) return next.then((at) => (at !== undefined && at <= time.current.watermark ? fireTimers(scope) : undefined));
    if (next === undefined || next > time.current.watermark) {
      time.timerDue = false;
      return undefined;
    }
    return fireTimers(scope);
  };
  return {
    scenarioName,
    sources: graph.sources,
    fragmentNodes: graph.fragmentNodes,
    nodeVariables: graph.nodeVariables,
    hasState: graph.statefulNodes.length > 0,
    processRecord(sourceId, record, options) {
      const entry = sources.get(sourceId);
      if (!entry) throw new Error(`Scenario ${scenarioName} has no source ${sourceId}`);
      const contextId = options?.contextId ?? entry.idPrefix + entry.counter++;
      const eventTime = options?.eventTime ?? env.services.clock.now();
      const original = options?.original;
      let input: unknown;
      try {
        input = entry.source.instance.decodeRecord(record);
      } catch (error) {
        const failed = createScope(original);
        recordFailure(sourceId, sourceContext(contextId, record, eventTime, failed), error, env.listener);
        return failed;
      }
      const scope = createScope(original, input);
      const pending = entry.source.step(sourceContext(contextId, input, eventTime, scope));
      if (pending !== undefined) return pending.then(() => afterRecord(sourceId, eventTime, scope)).then(() => scope);
      const timers = afterRecord(sourceId, eventTime, scope);
      return timers === undefined ? scope : timers.then(() => scope);
    },
    async flush() {
      const scope = await runStateful((node, emit) => node.instance.flush?.(emit));
      time.current.endOfInput();
      await fireTimers(scope);
      return scope;
    },
    async advanceTime(now) {
      const scope = await runStateful((node, emit) => node.instance.advanceTime?.(now, emit));
      if (time.current.onProcessingTime(now) || time.timerDue) await fireTimers(scope);
      return scope;
    },
    watermark: () => time.current.watermark,
    async restoreState(snapshot) {
      await env.state.restore(snapshot);
      time.current.restore(snapshot.time, env.services.clock.now());
      time.timerDue = false;
    },
    takeStateChanges: () => env.state.takeChanges(time.current.state()),
    snapshotState: async () => env.state.snapshot(time.current.state()),
  };
}
