import type { InvocationScope, StateSnapshot } from '@scenaria/engine';
import type { LiveScenario } from './live-scenario';
import { toRunOutcome } from './run-outcome';
import type { RunOutcome } from './run-outcome';

/** A record of a topic, as a streaming job hands it to the scenario. */
export interface SourceRecord {
  value: unknown;
  eventTime: number;
}

/**
 * Where a deployed scenario runs: in a worker thread (`worker-executor.ts`) or on this thread (below). The
 * streaming job and the request-response server only talk to this, so they do not know which.
 */
export interface ScenarioExecutor {
  /** Runs records of one source, then moves the scenario's time to `now` (windows, delays). */
  processRecords(sourceId: string, records: readonly SourceRecord[], now: number): Promise<RunOutcome>;
  /** Runs one request of a request-response scenario. */
  processRequest(sourceId: string, input: unknown, now: number): Promise<RunOutcome>;
  /** Runs what an event generator makes when it fires at `firedAt`, then moves time to `now`. */
  generate(nodeId: string, firedAt: number, now: number): Promise<RunOutcome>;
  /** Moves the scenario's processing time to `now` (idle sources stop holding the watermark back). */
  advanceTime(now: number): Promise<RunOutcome>;
  /** Replaces the scenario's keyed state and watermark with the committed ones (start, takeover, a lost commit). */
  restoreState(snapshot: StateSnapshot, now: number): Promise<void>;
  /** Stops it; work asked afterwards is refused. */
  close(): Promise<void>;
}

/** The work an executor is asked to do, as data: the worker thread receives exactly this. */
export type ExecutorWork =
  | { kind: 'records'; sourceId: string; records: readonly SourceRecord[]; now: number }
  | { kind: 'request'; sourceId: string; input: unknown; now: number }
  | { kind: 'generate'; nodeId: string; firedAt: number; now: number }
  | { kind: 'advance'; now: number }
  | { kind: 'restore'; snapshot: StateSnapshot; now: number };

/** Does one piece of work on a compiled scenario; shared by the worker thread and the in-process executor. */
export async function performWork(live: LiveScenario, work: ExecutorWork): Promise<RunOutcome> {
  const { compiled } = live;
  const scopes: InvocationScope[] = [];
  switch (work.kind) {
    case 'records':
      for (const record of work.records) scopes.push(await compiled.processRecord(work.sourceId, record.value, { eventTime: record.eventTime }));
      scopes.push(await compiled.advanceTime(work.now));
      break;
    case 'request':
      scopes.push(await compiled.processRecord(work.sourceId, work.input));
      break;
    case 'generate': {
      const generator = live.generators.find((g) => g.nodeId === work.nodeId);
      for (const value of generator?.generate() ?? []) scopes.push(await compiled.processRecord(work.nodeId, value, { eventTime: work.firedAt }));
      scopes.push(await compiled.advanceTime(work.now));
      break;
    }
    case 'advance':
      scopes.push(await compiled.advanceTime(work.now));
      break;
    case 'restore':
      // Nothing ran: the counters keep their deltas for the next outcome.
      await compiled.restoreState(work.snapshot);
      return { topicWrites: [], logs: [], response: undefined, errors: [], counts: [] };
  }
  const outcome = toRunOutcome(scopes, live.counters);
  // A scenario without stateful nodes has nothing to keep: its batches skip the state's write (one statement each).
  if (live.kind === 'streaming' && compiled.hasState) outcome.state = compiled.takeStateChanges();
  return outcome;
}

/**
 * Runs the scenario on this thread (`isolation: 'none'`): no memory or time limit holds, so a hostile
 * expression costs the whole process. Kept for measuring and for hosts that isolate the process instead.
 */
export function createInProcessExecutor(live: LiveScenario): ScenarioExecutor {
  let isClosed = false;
  const run = (work: ExecutorWork) => {
    if (isClosed) return Promise.reject(new Error('The scenario executor is closed'));
    return performWork(live, work);
  };
  return {
    processRecords: (sourceId, records, now) => run({ kind: 'records', sourceId, records, now }),
    processRequest: (sourceId, input, now) => run({ kind: 'request', sourceId, input, now }),
    generate: (nodeId, firedAt, now) => run({ kind: 'generate', nodeId, firedAt, now }),
    advanceTime: (now) => run({ kind: 'advance', now }),
    restoreState: async (snapshot, now) => void (await run({ kind: 'restore', snapshot, now })),
    async close() {
      isClosed = true;
    },
  };
}
