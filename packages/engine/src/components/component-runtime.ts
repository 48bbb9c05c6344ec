import type { ComponentDefinition } from '@scenaria/components';
import type { TypingResult } from '@scenaria/typing';
import type { RuntimeContext } from '../runtime/context';
import type { NodeState, StateCodec } from '../state/keyed-state';
import type { BatchRead } from '../batch/batch-runtimes';

/** Time as the engine sees it; injected so windows and delays are testable. */
export interface EngineClock {
  now(): number;
}

/** What the host gives component implementations (time, HTTP). */
export interface RuntimeServices {
  clock: EngineClock;
  /** The fetch used by the HTTP enricher; the global one when absent. */
  fetch?: (input: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<{
    status: number;
    headers: { forEach(callback: (value: string, key: string) => void): void };
    text(): Promise<string>;
  }>;
}

/** A parameter the component evaluates itself, per record, optionally with extra variables (`#ROW`, `#AGG`). */
export interface LazyParameter {
  readonly type: TypingResult;
  evaluate(context: RuntimeContext, extraVariables?: Readonly<Record<string, unknown>>): unknown;
}

/** What a component implementation is created with, once per node. */
export interface ComponentInstanceArgs {
  nodeId: string;
  definition: ComponentDefinition;
  /** Values of `scope: 'globals'` parameters, evaluated at compile time. */
  constants: Readonly<Record<string, unknown>>;
  /** `evaluation: 'lazy'` parameters. */
  lazy: Readonly<Record<string, LazyParameter>>;
  /** For joins: per branch id, its lazy branch parameters. */
  branchLazy: Readonly<Record<string, Readonly<Record<string, LazyParameter>>>>;
  /** Types of the parameters as compiled (all of them). */
  parameterTypes: Readonly<Record<string, TypingResult>>;
  scenarioProperties: Readonly<Record<string, string>>;
  services: RuntimeServices;
  /** A fresh context holding only the globals (for sources that make their own records). */
  globalContext(): RuntimeContext;
  /**
   * The node's keyed state in the scenario's store, its values encoded with `codec` at rest. Stateful
   * components keep their state only here, so it survives restarts and moves with savepoints.
   */
  keyedState<V>(codec: StateCodec<V>): NodeState<V>;
  /** The scenario's event-time watermark now (`-Infinity` before any record). */
  watermark(): number;
}

/** Passes a context on, with the node's output value when it has an output variable. */
export type Emit = (context: RuntimeContext, value?: unknown) => void | Promise<void>;

/** A source: decodes a record it is fed into `#input`. */
export interface SourceInstance {
  decodeRecord(record: unknown): unknown;
  /** Sources that make their own records (event generator) produce a batch per call. */
  generate?(): unknown[];
  /** The topic a source reads: its newest records stand in for generated test data, as Nussknacker's Kafka source does. */
  readsTopic?: string;
  /** Batch sources: the table or query a batch host reads and feeds to `processRecord`. */
  batchRead?: BatchRead;
}

/** A sink: the value it produces for a record (written by the host; collected in tests). */
export interface SinkInstance {
  /** `undefined` means the sink produces nothing (dead end). */
  output(values: Readonly<Record<string, unknown>>, context: RuntimeContext): unknown;
}

/** A service called by an enricher or processor; may be asynchronous. */
export interface ServiceInstance {
  invoke(values: Readonly<Record<string, unknown>>, context: RuntimeContext): unknown;
}

/** A custom node with one input: may emit zero or more contexts per record, now or later. */
export interface CustomInstance {
  process(context: RuntimeContext, values: Readonly<Record<string, unknown>>, emit: Emit): void | Promise<void>;
  /** Bounded input ended (end of test data): emit what is held back (closing windows, delayed records). */
  flush?(emit: Emit): void | Promise<void>;
  /** Processing time passed (live runs): emit what became due. Windows and delays use `onTimer` instead. */
  advanceTime?(now: number, emit: Emit): void | Promise<void>;
  /** A timer the node set on its keyed state became due: the watermark reached `time`. */
  onTimer?(key: string, time: number, emit: Emit): void | Promise<void>;
}

/** A join: receives records from named branches. */
export interface JoinInstance {
  process(branchId: string, context: RuntimeContext, emit: Emit): void | Promise<void>;
}

/** How a component of a given id is run. */
export type ComponentRuntime =
  | { kind: 'source'; create(args: ComponentInstanceArgs): SourceInstance }
  | { kind: 'sink'; create(args: ComponentInstanceArgs): SinkInstance }
  | { kind: 'service'; create(args: ComponentInstanceArgs): ServiceInstance }
  | { kind: 'custom'; create(args: ComponentInstanceArgs): CustomInstance }
  | { kind: 'join'; create(args: ComponentInstanceArgs): JoinInstance };

/** Component implementations by component id (`source-kafka`, `custom-for-each`...). */
export interface ComponentRuntimeRegistry {
  get(componentId: string): ComponentRuntime | undefined;
  /** A registry with more (or replaced) implementations. */
  with(entries: Readonly<Record<string, ComponentRuntime>>): ComponentRuntimeRegistry;
}

/** Builds a registry from implementations keyed by component id. */
export function createComponentRuntimeRegistry(entries: Readonly<Record<string, ComponentRuntime>> = {}): ComponentRuntimeRegistry {
  const map = new Map(Object.entries(entries));
  return {
    get: (id) => map.get(id),
    with: (more) => createComponentRuntimeRegistry({ ...Object.fromEntries(map), ...more }),
  };
}
