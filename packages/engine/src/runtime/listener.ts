import type { RuntimeContext } from './context';

/** Observes a run node by node; the test-results collector is one. Absent in production runs. */
export interface ExecutionListener {
  nodeEntered(nodeId: string, context: RuntimeContext): void;
  /** An expression of a node (a parameter, `$expression`, a variable or a field) gave a value. */
  expressionEvaluated(nodeId: string, name: string, context: RuntimeContext, value: unknown): void;
  /** A service answered, or a sink produced its output. */
  serviceInvoked(nodeId: string, name: string, context: RuntimeContext, value: unknown): void;
  exceptionThrown(nodeId: string, context: RuntimeContext, error: unknown): void;
}
