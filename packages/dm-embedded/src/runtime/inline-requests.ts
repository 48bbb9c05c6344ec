import { componentId } from '@scenaria/components';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import type { ComponentRuntime } from '@scenaria/engine';
import { expressionsOf, fromCanonical } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import type { ScenarioExecutor } from './executor';
import type { LiveScenario } from './live-scenario';
import { toRunOutcome } from './run-outcome';

// A request that crosses to a worker thread and back waits for two thread wake-ups, which on a busy machine
// cost more than a small scenario's whole run. Scenarios that can only compute (no enricher, no custom node,
// no fragment: nothing that waits, loops over records or does I/O) and are small are therefore answered on
// the server's thread first, with a small budget per expression; a request that needs more is run again in
// the worker with the full budget, and the scenario's later requests go straight there.

/** Nodes an inline scenario may have: each evaluates its expressions at most once per request. */
const INLINE_NODE_TYPES = new Set(['Source', 'Filter', 'Switch', 'Variable', 'VariableBuilder', 'Split', 'Sink']);
/** Components an inline scenario may use: the request, and sinks whose outputs are data for the answer. */
const INLINE_COMPONENTS = new Set(['source-request', 'sink-response', 'sink-logging', 'sink-dead-end']);
/** The most expressions an inline scenario may have: with the budget per expression, what one request can cost here. */
export const MAX_INLINE_EXPRESSIONS = 64;

/**
 * Whether a request-response scenario may be answered on the server's thread: only the node types and
 * components above, at most `MAX_INLINE_EXPRESSIONS` expressions, and no replaced runtime for its components
 * (a host's runtime may do anything). Its worst request costs expressions x `inlineRequestSteps` here once.
 */
export function isInlineCandidate(scenario: CanonicalProcess, runtimes: Readonly<Record<string, ComponentRuntime>> | undefined): boolean {
  if ([...INLINE_COMPONENTS].some((id) => runtimes?.[id] !== undefined)) return false;
  let expressions = 0;
  for (const node of fromCanonical(scenario).graph.nodes) {
    if (!INLINE_NODE_TYPES.has(node.type)) return false;
    if (node.type === 'Source' || node.type === 'Sink') {
      if (!INLINE_COMPONENTS.has(componentId({ type: node.type === 'Source' ? 'source' : 'sink', name: node.ref.typ }))) return false;
    }
    expressions += expressionsOf(node).length;
    if (expressions > MAX_INLINE_EXPRESSIONS) return false;
  }
  return true;
}

/** Whether a scenario still answers on the server's thread; shared by the executors of one deployment's workers. */
export interface InlineState {
  /** Set when a request needed more than the inline budget: later requests go to the worker. */
  outgrown: boolean;
}

/**
 * An executor that answers requests with `inline` (the scenario compiled on this thread with the small
 * budget) until one runs over it, and hands everything else to `isolated` (the scenario's worker). A request
 * over budget, or one whose run throws, is run again in the worker, so its answer is the worker's.
 */
export function createInlineFirstExecutor(options: {
  inline: LiveScenario;
  isolated: ScenarioExecutor;
  state: InlineState;
  scenarioName: string;
  logger: DeploymentLogger;
}): ScenarioExecutor {
  const { inline, isolated, state } = options;
  const outgrow = (reason: string) => {
    state.outgrown = true;
    // The discarded run's counts go with it; the worker counts the request again.
    inline.counters.takeDeltas();
    options.logger.info('Scenario requests run in its worker from now on', { scenarioName: options.scenarioName, reason });
  };
  return {
    async processRequest(sourceId, input, now) {
      if (state.outgrown) return isolated.processRequest(sourceId, input, now);
      let scope;
      try {
        scope = await inline.compiled.processRecord(sourceId, input);
      } catch (error) {
        outgrow(error instanceof Error ? error.message : String(error));
        return isolated.processRequest(sourceId, input, now);
      }
      const overrun = scope.errors.find((error) => error.code === 'BudgetExceeded');
      if (overrun) {
        outgrow(overrun.message);
        return isolated.processRequest(sourceId, input, now);
      }
      return toRunOutcome([scope], inline.counters);
    },
    processRecords: (sourceId, records, now) => isolated.processRecords(sourceId, records, now),
    generate: (nodeId, firedAt, now) => isolated.generate(nodeId, firedAt, now),
    advanceTime: (now) => isolated.advanceTime(now),
    restoreState: (snapshot, now) => isolated.restoreState(snapshot, now),
    close: () => isolated.close(),
  };
}
