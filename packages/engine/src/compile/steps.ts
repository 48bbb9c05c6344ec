import type { RuntimeContext } from '../runtime/context';
import type { ExecutionListener } from '../runtime/listener';

/** One compiled node (with everything after it): runs a context, synchronously when it can. */
export type Step = (context: RuntimeContext) => void | Promise<void>;

/** The end of a branch. */
export const endOfBranch: Step = () => undefined;

/** Records a failure of one record in one node; the record stops there, the flow goes on. */
export function recordFailure(
  nodeId: string,
  context: RuntimeContext,
  error: unknown,
  listener: ExecutionListener | undefined,
): void {
  context.scope.errors.push({
    code: failureCode(error),
    nodeId,
    contextId: context.id,
    message: error instanceof Error ? error.message : String(error),
    error,
    variables: context.variables,
  });
  listener?.exceptionThrown(nodeId, context, error);
}

// Failures of expressions and of the Java runtime carry a stable string code; anything else thrown gets one.
function failureCode(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code !== '' ? code : 'ExceptionThrown';
}

/**
 * Wraps a node's behaviour: tells the listener the record entered and turns a throw (or a rejection) into a
 * per-record failure of this node. Later nodes are wrapped themselves, so a failure is always attributed to
 * the node where it happened.
 */
export function nodeStep(nodeId: string, listener: ExecutionListener | undefined, body: Step): Step {
  if (!listener) {
    // Production runs have no listener: a lean wrapper the JIT inlines more readily.
    return (context) => {
      try {
        const pending = body(context);
        if (pending !== undefined) return pending.then(undefined, (error: unknown) => recordFailure(nodeId, context, error, undefined));
      } catch (error) {
        recordFailure(nodeId, context, error, undefined);
      }
      return undefined;
    };
  }
  return (context) => {
    listener?.nodeEntered(nodeId, context);
    try {
      const pending = body(context);
      if (pending !== undefined) return pending.then(undefined, (error: unknown) => recordFailure(nodeId, context, error, listener));
    } catch (error) {
      recordFailure(nodeId, context, error, listener);
    }
    return undefined;
  };
}

/** Runs steps one after another with the same context, going asynchronous only when one of them does. */
export function runInSequence(steps: readonly Step[], context: RuntimeContext, from = 0): void | Promise<void> {
  for (let i = from; i < steps.length; i++) {
    const pending = (steps[i] as Step)(context);
    if (pending !== undefined) return pending.then(() => runInSequence(steps, context, i + 1));
  }
  return undefined;
}

/** Runs `then` after a value that may be a promise, staying synchronous for plain values. */
export function afterValue<T>(value: unknown, then: (resolved: unknown) => T | Promise<T>): T | Promise<T> {
  if (typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function') {
    return (value as Promise<unknown>).then(then);
  }
  return then(value);
}
