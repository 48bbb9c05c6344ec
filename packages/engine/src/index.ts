/** Compiling a scenario and running records through it. */
export { compileScenario } from './scenario';
export type { CompileScenarioOptions, CompileScenarioResult, CompiledScenario, RecordOptions } from './scenario';
/** Problems that stop a scenario from compiling. */
export type { EngineIssue, EngineIssueCode } from './compile/issues';
/** Compiled sources and fragment-node origins. */
export type { CompiledSource, FragmentNodeOrigin } from './compile/compile-scenario';

/** The expression-compiler seam and its SpEL implementation. */
export type {
  CompiledExpression,
  ExpressionCompileError,
  ExpressionCompileOptions,
  ExpressionCompileResult,
  ExpressionCompiler,
  ExpressionCompilerFactory,
  ExpressionSource,
  GlobalVariable,
} from './expression/expression-compiler';
/** Expression compilers over @scenaria/spel. */
export { createSpelCompilerFactory } from './expression/spel-compiler';
export type { SpelCompilerOptions } from './expression/spel-compiler';

/** Runtime contexts, outputs and per-record errors. */
export { createScope, derivedContext, freshContext, withOnlyVariables, withVariable } from './runtime/context';
export type { InvocationScope, NodeError, RuntimeContext, SinkOutput } from './runtime/context';
/** Observing a run node by node. */
export type { ExecutionListener } from './runtime/listener';
/** A request-response scenario's `inputSchema` check, compiled once per deployment; both managers answer 400 with its violations. */
export { compileInputSchema, MAX_INPUT_SCHEMA_LENGTH, MAX_VIOLATIONS } from './runtime/input-schema-check';
export type { InputSchemaCheck, InputSchemaCompileResult, JsonSchemaViolation } from './runtime/input-schema-check';

/** Component implementations, registered by component id. */
export { createComponentRuntimeRegistry } from './components/component-runtime';
export type {
  ComponentInstanceArgs,
  ComponentRuntime,
  ComponentRuntimeRegistry,
  CustomInstance,
  Emit,
  EngineClock,
  JoinInstance,
  LazyParameter,
  RuntimeServices,
  ServiceInstance,
  SinkInstance,
  SourceInstance,
} from './components/component-runtime';
/** The Kafka runtimes a deployment manager runs with: which topic each node names, sink outputs as topic writes. */
export { captureKafkaTopics, isTopicWrite, TopicWrite } from './components/kafka-topics';
export type { KafkaTopics } from './components/kafka-topics';
/** Implementations of the default model's components and the value of `#AGG`. */
export { aggregateHelperValue, defaultComponentRuntimes } from './components/default-runtimes';
/** Keyed state of stateful nodes, event time and watermarks (see README: "State and event time"). */
export { createMemoryStateStore } from './state/keyed-state';
export type { DueTimer, KeyedStateStore, MaybePromise, NodeState, StateChanges, StateCodec, StateEntry, StateSnapshot, WatermarkState } from './state/keyed-state';
export type { EventTimeOptions } from './state/event-time';
/** The aggregate of a window's values for an `#AGG` aggregator. */
export { aggregateValues } from './components/aggregators';

/** Test runs: results collection (ResultsWithCounts) and test data. */
export { compareContextIds, createTestResultsCollector } from './collector/test-results-collector';
export type { TestResultsCollector, TestResultsLimits } from './collector/test-results-collector';
export { generateTestData, parseTestData, runScenarioTest } from './test-run';
export type { TopicSample } from './test-run';
export type { TestDataIssue } from './test-run';
/** Compile options of a model with the default runtimes (what the designer's test runs use). */
export { defaultEngineOptions } from './default-options';
export type { DefaultEngineOptions } from './default-options';
/** Batch: what batch sources read, SQL cells and rows to runtime values, the whole-input aggregate's accumulators. */
export type { BatchRead } from './batch/batch-runtimes';
export { CellDecodeError, cellDecoder, decodeCell, decodeRow, rowDecoder } from './batch/sql-values';
export { accumulate, accumulatorResult, emptyAccumulator } from './batch/accumulator';
export type { Accumulator } from './batch/accumulator';
