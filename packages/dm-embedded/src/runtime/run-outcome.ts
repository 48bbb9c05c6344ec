import { isTopicWrite } from '@scenaria/engine';
import type { InvocationScope, StateChanges } from '@scenaria/engine';
import { toJsonText, toPlainJson } from '@scenaria/typing/runtime';
import type { NodeCount, NodeCounters } from './node-counters';

/**
 * What running records (a batch, a request, a generator tick) produced, as plain data: it is made where the
 * scenario runs (a worker thread, or this thread) and crosses to the thread that owns the database and the
 * HTTP server by structured clone, so it holds no engine values, only JSON.
 */
export interface RunOutcome {
  /** Records the Kafka sinks wrote, in order. */
  topicWrites: { topic: string; key: string | null; value: unknown; timestamp: number }[];
  /** Values the logging sinks were given. */
  logs: { nodeId: string; value: unknown }[];
  /** The first response sink's value as JSON text; undefined when no response sink was reached. */
  response: string | undefined;
  errors: { nodeId: string; contextId: string; message: string }[];
  /** Node counters since the previous outcome of the same scenario. */
  counts: [string, NodeCount][];
  /** Streaming: the keyed state the work changed and the watermark, to commit with the outputs. */
  state?: StateChanges;
}

/** Turns the engine's scopes into an outcome; takes the counters' deltas, so each record is counted once. */
export function toRunOutcome(scopes: readonly InvocationScope[], counters: NodeCounters): RunOutcome {
  const outcome: RunOutcome = { topicWrites: [], logs: [], response: undefined, errors: [], counts: [] };
  for (const scope of scopes) {
    for (const output of scope.outputs) {
      if (isTopicWrite(output.value)) {
        const write = output.value;
        outcome.topicWrites.push({ topic: write.topic, key: write.key, value: toPlainJson(write.value), timestamp: write.timestamp });
      } else if (output.componentId === 'sink-logging') {
        outcome.logs.push({ nodeId: output.nodeId, value: toPlainJson(output.value) });
      } else if (output.componentId === 'sink-response' && outcome.response === undefined) {
        outcome.response = toJsonText(output.value);
      }
    }
    for (const error of scope.errors) outcome.errors.push({ nodeId: error.nodeId, contextId: error.contextId, message: error.message });
  }
  outcome.counts = [...counters.takeDeltas()];
  return outcome;
}
