import { AggregatorSpec } from '@scenaria/components';
import type { RuntimeContext } from '../runtime/context';
import { aggregateValues } from './aggregators';
import type { ComponentInstanceArgs, CustomInstance, Emit } from './component-runtime';

function keyOf(args: ComponentInstanceArgs, context: RuntimeContext): string {
  const groupBy = args.lazy['groupBy'];
  const key = groupBy ? groupBy.evaluate(context) : null;
  return key === null || key === undefined ? '' : String(key);
}

function specOf(values: Readonly<Record<string, unknown>>): AggregatorSpec {
  const spec = values['aggregator'];
  if (!(spec instanceof AggregatorSpec)) throw new Error('aggregator must be chosen with #AGG');
  return spec;
}

function aggregateBy(args: ComponentInstanceArgs, context: RuntimeContext): unknown {
  const parameter = args.lazy['aggregateBy'];
  return parameter ? parameter.evaluate(context) : null;
}

/**
 * Sliding window by event time: per key, the values of the last `windowLength` milliseconds up to and
 * including each record; every record emits its context with the aggregate of that window.
 */
export function slidingAggregate(args: ComponentInstanceArgs, windowLength: number): CustomInstance {
  const windows = new Map<string, { time: number; value: unknown }[]>();
  return {
    process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      const entries = windows.get(key) ?? [];
      entries.push({ time: context.eventTime, value: aggregateBy(args, context) });
      const kept = entries.filter((entry) => entry.time > context.eventTime - windowLength && entry.time <= context.eventTime);
      const retained = entries.filter((entry) => entry.time > context.eventTime - windowLength);
      windows.set(key, retained);
      return emit(context, aggregateValues(spec, kept.map((entry) => entry.value)));
    },
  };
}

interface TumblingWindow {
  key: string;
  start: number;
  values: unknown[];
  last: RuntimeContext;
  spec: AggregatorSpec;
  /** An empty window emitted after a key went quiet (OnEndWithExtraWindow). */
  isExtra: boolean;
}

/**
 * Tumbling windows by event time, aligned to the epoch. The watermark is the highest event time seen: a
 * window is complete once the watermark reaches its end (and at the end of bounded input).
 */
export function tumblingAggregate(args: ComponentInstanceArgs, windowLength: number): CustomInstance {
  const trigger = String(args.constants['emitWhen'] ?? 'OnEvent');
  const open = new Map<string, TumblingWindow>();
  let watermark = Number.NEGATIVE_INFINITY;
  const idOf = (key: string, start: number) => `${key}\u0000${start}`;

  async function closeUpTo(limit: number, emit: Emit): Promise<void> {
    const due = [...open.values()].filter((w) => w.start + windowLength <= limit).sort((a, b) => a.start - b.start);
    for (const window of due) {
      open.delete(idOf(window.key, window.start));
      await emit({ ...window.last, eventTime: window.start + windowLength - 1 }, aggregateValues(window.spec, window.values));
      const nextStart = window.start + windowLength;
      if (trigger === 'OnEndWithExtraWindow' && !window.isExtra && !open.has(idOf(window.key, nextStart))) {
        open.set(idOf(window.key, nextStart), { ...window, start: nextStart, values: [], isExtra: true });
      }
    }
    if (due.length > 0 && limit === Number.POSITIVE_INFINITY) {
      // Extra windows opened while flushing are complete too.
      if ([...open.values()].some((w) => w.isExtra)) await closeUpTo(limit, emit);
    }
  }

  return {
    process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      const start = Math.floor(context.eventTime / windowLength) * windowLength;
      const id = idOf(key, start);
      let window = open.get(id);
      if (!window || window.isExtra) {
        window = { key, start, values: [], last: context, spec, isExtra: false };
        open.set(id, window);
      }
      window.values.push(aggregateBy(args, context));
      window.last = context;
      if (trigger === 'OnEvent') return emit(context, aggregateValues(spec, window.values));
      watermark = Math.max(watermark, context.eventTime);
      return closeUpTo(watermark + 1, emit);
    },
    advanceTime: (now, emit) => (trigger === 'OnEvent' ? undefined : closeUpTo(now, emit)),
    flush: (emit) => (trigger === 'OnEvent' ? undefined : closeUpTo(Number.POSITIVE_INFINITY, emit)),
  };
}
