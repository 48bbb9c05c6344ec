import type { CanonicalProcess } from '@scenaria/graph';
import { partitionOf } from '../src/naming';
import { prepareScenario, sinkWritesOf } from '../src/scenario';
import type { TopicRecordInput } from '../src/index';
import { kafkaSink, kafkaSource, param, spel, streamingScenario, testModels } from './support';

export const WINDOW_MS = 10_000;

/** filter (drops amounts divisible by 5) -> tumbling 10 s windows per `id` summing `amount` -> sink keyed by `id`. */
export function windowScenario(name: string, input: string, output: string): CanonicalProcess {
  return streamingScenario(name, [
    kafkaSource('source', input),
    { type: 'Filter', id: 'filter', expression: spel('#input.amount % 5 != 0') },
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
    kafkaSink('sink', output, '#agg', '#agg.key'),
  ]);
}

const START = 1_600_000_000_000;

/**
 * `count` records over `keys` keys, event time rising 10 ms per record (so in order within every partition),
 * then one record per partition far in the future that the filter drops: it moves every partition's
 * watermark past all windows, so every window ends.
 */
export function windowInput(count: number, keys: number, partitions: number): TopicRecordInput[] {
  const records: TopicRecordInput[] = Array.from({ length: count }, (_, i) => {
    const id = `k${i % keys}`;
    return { key: id, value: { id, amount: (i % 13) + 1 }, timestamp: START + i * 10 };
  });
  const end = START + count * 10 + 10 * WINDOW_MS;
  for (let partition = 0; partition < partitions; partition++) {
    let n = 0;
    while (partitionOf(`flush${n}`, partitions) !== partition) n += 1;
    records.push({ key: `flush${n}`, value: { id: `flush${n}`, amount: 0 }, timestamp: end });
  }
  return records;
}

/** A window result as `end-1/key=sum/count`. */
export function windowResult(record: { value: unknown; timestamp: number }): string {
  const value = record.value as { key: string; sum: number; count: number };
  return `${record.timestamp}/${value.key}=${value.sum}/${value.count}`;
}

/** The same scenario over the same input in one process, one compiled instance: the results to match. */
export async function singleProcessRun(input: readonly TopicRecordInput[]): Promise<string[]> {
  const prepared = prepareScenario(windowScenario('reference', 'transactions', 'windows'), { models: testModels(), eventTime: { maxOutOfOrdernessMs: 0 }, now: () => Date.now() });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
  const { compiled } = prepared.value;
  const results: string[] = [];
  for (const record of input) {
    const scope = await compiled.processRecord('source', record.value, { eventTime: record.timestamp as number });
    for (const write of sinkWritesOf(scope)) results.push(windowResult(write));
  }
  for (const write of sinkWritesOf(await compiled.flush())) results.push(windowResult(write));
  return results.sort();
}
