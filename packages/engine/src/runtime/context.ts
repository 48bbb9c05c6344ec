import type { Issue } from '@scenaria/issues';
/** What one record (or a context derived from it) produced and where it failed. */
export interface InvocationScope {
  readonly outputs: SinkOutput[];
  readonly errors: NodeError[];
  /** The raw text the source read (test data), shown as `original` next to `#input`. */
  readonly original?: string;
  /** The `#input` value decoded from `original`. */
  readonly input?: unknown;
}

/**
 * The scope of one record. Most records never fail, so the error list is only made when the first error
 * is recorded (one allocation less per record on the hot path).
 */
class RecordScope implements InvocationScope {
  readonly outputs: SinkOutput[] = [];
  #errors: NodeError[] | undefined;
  constructor(
    readonly original?: string,
    readonly input?: unknown,
  ) {}
  get errors(): NodeError[] {
    return (this.#errors ??= []);
  }
}

/** A new, empty scope for a record (or for what a flush or time step emits). */
export function createScope(original?: string, input?: unknown): InvocationScope {
  return new RecordScope(original, input);
}

/** A value a sink produced. */
export interface SinkOutput {
  nodeId: string;
  componentId: string;
  contextId: string;
  value: unknown;
}

/**
 * A failure of one record in one node; the flow goes on with the next record. The code is the thrown error's
 * own when it has one (spel's `EvaluationErrorCode`, a Java exception name such as `ArithmeticException`),
 * else `ExceptionThrown`.
 */
export interface NodeError extends Issue {
  readonly nodeId: string;
  readonly contextId: string;
  readonly error: unknown;
  readonly variables: Readonly<Record<string, unknown>>;
}

/**
 * The runtime context of a record: its id, its variables (user variables only: globals such as `#meta` and
 * the helpers are the expression compiler's business) and its event time. Contexts are never mutated, so
 * split branches and for-each elements can share them.
 */
export interface RuntimeContext {
  readonly id: string;
  readonly variables: Readonly<Record<string, unknown>>;
  /** Event time in epoch milliseconds (the record's timestamp, else the clock at ingestion). */
  readonly eventTime: number;
  readonly scope: InvocationScope;
  /** The context of the scenario around a fragment while its inlined nodes run. */
  readonly parent?: RuntimeContext;
}

// Every context the engine makes is one class, so the steps that read contexts see a single object shape.
class Context implements RuntimeContext {
  constructor(
    readonly id: string,
    readonly variables: Readonly<Record<string, unknown>>,
    readonly eventTime: number,
    readonly scope: InvocationScope,
    readonly parent: RuntimeContext | undefined,
  ) {}
}

// Variables are own properties of plain objects, read with Object.hasOwn (spel's generated code does). A plain
// object keeps the engine's and spel's property reads fast; the one name that needs care is `__proto__`:
// assigning it (`o[name] = v`, Object.assign) sets the object's prototype instead of a variable, so the
// variable would be lost. `constructor`, `toString` and the like are ordinary own properties once assigned.
const PROTO = '__proto__';

function copyVariables(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // Object.assign clones an object literal's properties many times faster than a spread does on Node 20; a
  // spread defines properties, so it is the one that keeps an own `__proto__`.
  return Object.hasOwn(source, PROTO) ? { ...source } : Object.assign({}, source);
}

/** Sets a variable as an own property, `__proto__` included (an assignment would set the prototype). */
export function setVariable(variables: Record<string, unknown>, name: string, value: unknown): void {
  if (name === PROTO) Object.defineProperty(variables, name, { value, writable: true, enumerable: true, configurable: true });
  else variables[name] = value;
}

/** The context with one more variable (or a variable replaced). */
export function withVariable(context: RuntimeContext, name: string, value: unknown): RuntimeContext {
  const variables = copyVariables(context.variables);
  setVariable(variables, name, value);
  return new Context(context.id, variables, context.eventTime, context.scope, context.parent);
}

/** The context with its variables replaced by the given ones. */
export function withOnlyVariables(context: RuntimeContext, values: Readonly<Record<string, unknown>>, parent?: RuntimeContext): RuntimeContext {
  return new Context(context.id, copyVariables(values), context.eventTime, context.scope, parent);
}

/** The same context with another id, event time or scope (for components that emit derived records). */
export function derivedContext(context: RuntimeContext, changes: { id?: string; eventTime?: number; scope?: InvocationScope }): RuntimeContext {
  return new Context(changes.id ?? context.id, context.variables, changes.eventTime ?? context.eventTime, changes.scope ?? context.scope, context.parent);
}

/** The first context of a record read by a source. */
export function sourceContext(id: string, input: unknown, eventTime: number, scope: InvocationScope): RuntimeContext {
  return new Context(id, { input }, eventTime, scope, undefined);
}

/** A context holding only the given variables, for records a component makes itself (generated events). */
export function freshContext(id: string, eventTime: number, variables: Readonly<Record<string, unknown>> = {}): RuntimeContext {
  return new Context(id, copyVariables(variables), eventTime, createScope(), undefined);
}
