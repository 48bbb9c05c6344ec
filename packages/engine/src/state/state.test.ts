import type { CanonicalNode } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { kafkaSink, modelOptions, param, scenario } from '../../test/support';
import { compileScenario, createMemoryStateStore } from '../index';
import type { CompiledScenario, EventTimeOptions, StateSnapshot } from '../index';

const source = (id: string, topic: string): CanonicalNode => ({ type: 'Source', id, ref: { typ: 'kafka', parameters: [param('Topic', `'${topic}'`), param('Schema version', "'latest'")] } });

const tumbling = (emitWhen = 'OnEnd'): CanonicalNode => ({
  type: 'CustomNode',
  id: 'aggregate',
  nodeType: 'aggregate-tumbling',
  outputVar: 'agg',
  parameters: [
    param('groupBy', '#input.key'),
    param('aggregator', '#AGG.map({sum: #AGG.sum, values: #AGG.list})'),
    param('aggregateBy', '{sum: #input.value, values: #input.value}'),
    param('windowLength', "T(java.time.Duration).parse('PT10S')"),
    param('emitWhen', `T(pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger).${emitWhen}`),
  ],
});

function compile(nodes: CanonicalNode[], eventTime: EventTimeOptions = {}, additionalBranches: CanonicalNode[][] = []): CompiledScenario {
  const result = compileScenario(scenario('s', nodes, additionalBranches), { ...modelOptions('streaming'), state: createMemoryStateStore(), eventTime });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const windowed = (eventTime: EventTimeOptions = {}) => compile([source('source', 'events'), tumbling(), kafkaSink('out', "#agg.sum + ':' + #agg.values")], eventTime);

type Record = [sourceId: string, time: number, key: string, value: number];

async function run(compiled: CompiledScenario, records: readonly Record[]): Promise<unknown[]> {
  const outputs: unknown[] = [];
  for (const [sourceId, eventTime, key, value] of records) {
    const scope = await compiled.processRecord(sourceId, { key, value }, { eventTime });
    outputs.push(...scope.outputs.map((o) => o.value));
  }
  return outputs;
}

// A stream of keys a..c over 60 s, one record per 700 ms, values 0..: deterministic, spanning several windows.
const stream: Record[] = Array.from({ length: 90 }, (_, i) => ['source', i * 700, 'abc'.charAt(i % 3), i]);

describe('keyed state', () => {
  it('a scenario restored from a snapshot taken mid-window emits what an uninterrupted run emits', async () => {
    const whole = windowed();
    const expected = [...(await run(whole, stream)), ...(await whole.flush()).outputs.map((o) => o.value)];

    const first = windowed();
    const before = await run(first, stream.slice(0, 40));
    // The snapshot travels as JSON, as a host stores it.
    const snapshot = JSON.parse(JSON.stringify(await first.snapshotState())) as StateSnapshot;
    expect(snapshot.entries.length).toBeGreaterThan(0);
    const second = windowed();
    await second.restoreState(snapshot);
    const after = [...(await run(second, stream.slice(40))), ...(await second.flush()).outputs.map((o) => o.value)];
    expect([...before, ...after]).toEqual(expected);
    // 60 s of windows of 10 s, three keys each.
    expect(expected).toHaveLength(7 * 3);
  });

  it('changes taken per batch, applied in order to a snapshot, give the same state as the snapshot', async () => {
    const compiled = windowed();
    const applied = new Map<string, unknown>();
    for (let at = 0; at < stream.length; at += 13) {
      await run(compiled, stream.slice(at, at + 13));
      const changes = compiled.takeStateChanges();
      for (const entry of changes.upserts) applied.set(`${entry.nodeId}/${entry.key}`, entry);
      for (const gone of changes.deletes) applied.delete(`${gone.nodeId}/${gone.key}`);
    }
    const snapshot = await compiled.snapshotState();
    expect(new Map(snapshot.entries.map((e) => [`${e.nodeId}/${e.key}`, e]))).toEqual(applied);
  });
});

describe('event time', () => {
  it('closes windows by the watermark: the highest event time minus the out-of-orderness bound', async () => {
    const compiled = windowed({ maxOutOfOrdernessMs: 5_000 });
    // 12 s does not close [0, 10 s) with a bound of 5 s, so the record at 8 s still counts.
    expect(await run(compiled, [['source', 1_000, 'a', 1], ['source', 12_000, 'a', 2], ['source', 8_000, 'a', 4]])).toEqual([]);
    expect(await run(compiled, [['source', 15_000, 'a', 8]])).toEqual(['5:[1, 4]']);
  });

  it('drops a record whose window already ended (late), so each window and key is emitted once', async () => {
    const compiled = windowed();
    expect(await run(compiled, [['source', 1_000, 'a', 1], ['source', 12_000, 'a', 2], ['source', 3_000, 'a', 100]])).toEqual(['1:[1]']);
    expect((await compiled.flush()).outputs.map((o) => o.value)).toEqual(['2:[2]']);
  });

  it('never closes a window on processing time alone', async () => {
    const compiled = windowed();
    await run(compiled, [['source', 1_000, 'a', 1]]);
    expect((await compiled.advanceTime(Date.now() + 86_400_000)).outputs).toEqual([]);
  });

  it('takes the minimum over sources at a union, until a quiet source turns idle', async () => {
    let now = 0;
    const union: CanonicalNode[][] = [
      [source('left', 'events'), { type: 'BranchEndData', definition: { id: 'left', joinId: 'union' } } as CanonicalNode],
      [source('right', 'events'), { type: 'BranchEndData', definition: { id: 'right', joinId: 'union' } } as CanonicalNode],
      [
        {
          type: 'Join',
          id: 'union',
          nodeType: 'union',
          outputVar: 'input',
          parameters: [],
          branchParameters: [
            { branchId: 'left', parameters: [param('Output expression', '{key: #input.key, value: #input.value}')] },
            { branchId: 'right', parameters: [param('Output expression', '{key: #input.key, value: #input.value}')] },
          ],
        } as CanonicalNode,
        tumbling(),
        kafkaSink('out', "#agg.sum + ':' + #agg.values"),
      ],
    ];
    const [first, ...rest] = union;
    const result = compileScenario(scenario('s', first as CanonicalNode[], rest), {
      ...modelOptions('streaming'),
      services: { clock: { now: () => now } },
      eventTime: { idleTimeoutMs: 60_000 },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const compiled = result.value;
    expect(await run(compiled, [['left', 1_000, 'a', 1], ['right', 12_000, 'a', 4]])).toEqual([]);
    now = 50_000;
    // The right branch is at 12 s: the window [0, 10 s) closes, [10 s, 20 s) does not.
    expect(await run(compiled, [['left', 25_000, 'a', 2]])).toEqual(['1:[1]']);
    now = 61_000;
    // The right branch went quiet for the idle timeout: the left one alone moves time.
    expect((await compiled.advanceTime(now)).outputs.map((o) => o.value)).toEqual(['4:[4]']);
  });
});
