import type { CanonicalProcess } from '@scenaria/graph';
import type { TopicRecordInput } from '../../src/index';
import { kafkaSink, kafkaSource, param, streamingScenario } from '../support';

export const WINDOWS_TOPIC = 'windows';
export const WINDOW_MS = 10_000;

/** Settings of the managers of the state tests: watermark = highest event time (no out-of-orderness). */
export const managerSettings = { pollIntervalMs: 20, batchSize: 7, maxOutOfOrdernessMs: 0, syncIntervalMs: 50, runnerLeaseMs: 1_000 } as const;

/** Per `id`, tumbling windows of 10 s summing `amount`, one record per window and key when it ends. */
export function windowScenario(name: string, output = WINDOWS_TOPIC): CanonicalProcess {
  return streamingScenario(name, [
    kafkaSource('source', 'transactions'),
    {
      type: 'CustomNode',
      id: 'window',
      nodeType: 'aggregate-tumbling',
      outputVar: 'agg',
      parameters: [
        param('groupBy', '#input.id'),
        param('aggregator', '#AGG.map({key: #AGG.last, sum: #AGG.sum, count: #AGG.countWhen})'),
        param('aggregateBy', '{key: #input.id, sum: #input.amount, count: true}'),
        param('windowLength', "T(java.time.Duration).parse('PT10S')"),
        param('emitWhen', 'T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger).OnEnd'),
      ],
    },
    kafkaSink('sink', output, '#agg'),
  ]);
}

/** `count` records of keys k0..k(keys-1), `stepMs` apart from `start`, amounts 1.. in order. */
export function records(count: number, options: { start?: number; stepMs?: number; keys?: number } = {}): TopicRecordInput[] {
  const { start = 1_600_000_000_000, stepMs = 100, keys = 5 } = options;
  return Array.from({ length: count }, (_, i) => ({ value: { id: `k${i % keys}`, amount: i + 1 }, timestamp: start + i * stepMs }));
}

/** A window result as `end-1/key=sum/count` (the sink's record carries the window's last millisecond). */
export function windowResult(record: { value: unknown; timestamp: number }): string {
  const value = record.value as { key: string; sum: number; count: number };
  return `${record.timestamp}/${value.key}=${value.sum}/${value.count}`;
}

/** The windows that must have ended once the records' highest timestamp is the watermark, computed directly. */
export function expectedWindows(input: readonly TopicRecordInput[], maxOutOfOrdernessMs = 0): string[] {
  const watermark = input.reduce((max, r) => Math.max(max, r.timestamp as number), Number.NEGATIVE_INFINITY) - maxOutOfOrdernessMs;
  const sums = new Map<string, { sum: number; count: number }>();
  for (const record of input) {
    const { id, amount } = record.value as { id: string; amount: number };
    const last = Math.floor((record.timestamp as number) / WINDOW_MS) * WINDOW_MS + WINDOW_MS - 1;
    if (last > watermark) continue;
    const at = `${last}/${id}`;
    const found = sums.get(at) ?? { sum: 0, count: 0 };
    found.sum += amount;
    found.count += 1;
    sums.set(at, found);
  }
  return [...sums].map(([at, { sum, count }]) => `${at}=${sum}/${count}`).sort();
}
