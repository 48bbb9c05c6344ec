import { AggregatorSpec } from '@scenaria/components';
import { derivedContext } from '../runtime/context';
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
 * including each record; every record emits its context with the aggregate of that window. With
 * `emitWhenEventLeft`, a value leaving a key's window (the watermark, the highest event time seen, passed it)
 * also emits that key's remaining aggregate with the key's last context; at the end of input every value leaves.
 */
export function slidingAggregate(args: ComponentInstanceArgs, windowLength: number): CustomInstance {
  const emitWhenEventLeft = args.constants['emitWhenEventLeft'] === true;
  const windows = new Map<string, { entries: { time: number; value: unknown }[]; last: RuntimeContext; spec: AggregatorSpec }>();
  let watermark = Number.NEGATIVE_INFINITY;

  async function leave(upTo: number, emit: Emit, except?: string): Promise<void> {
    for (const [key, window] of windows) {
      if (key === except) continue;
      while (window.entries.length > 0 && (window.entries[0] as { time: number }).time <= upTo - windowLength) {
        window.entries.shift();
        if (emitWhenEventLeft) await emit(window.last, aggregateValues(window.spec, window.entries.map((entry) => entry.value)));
      }
      if (window.entries.length === 0) windows.delete(key);
    }
  }

  return {
    process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      const window = windows.get(key) ?? { entries: [], last: context, spec };
      window.entries.push({ time: context.eventTime, value: aggregateBy(args, context) });
      window.entries.sort((a, b) => a.time - b.time);
      window.last = context;
      windows.set(key, window);
      const inWindow = window.entries.filter((entry) => entry.time > context.eventTime - windowLength && entry.time <= context.eventTime);
      const result = emit(context, aggregateValues(spec, inWindow.map((entry) => entry.value)));
      if (context.eventTime <= watermark) return result;
      watermark = context.eventTime;
      // Values of this key older than the window leave silently: the record's own emission already excludes them.
      window.entries = window.entries.filter((entry) => entry.time > watermark - windowLength);
      const others = () => leave(watermark, emit, key);
      return result === undefined ? others() : result.then(others);
    },
    flush: (emit) => leave(Number.POSITIVE_INFINITY, emit),
    advanceTime: (now, emit) => leave(now, emit),
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
      await emit(derivedContext(window.last, { eventTime: window.start + windowLength - 1 }), aggregateValues(window.spec, window.values));
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

interface Session {
  values: unknown[];
  last: RuntimeContext;
  lastTime: number;
  spec: AggregatorSpec;
}

/**
 * Session windows by event time: a key's session collects values until `endSessionCondition` holds for a
 * record (that record included) or no record came for `sessionTimeout` (judged by the watermark, the highest
 * event time seen; at the end of input every session ends). `OnEvent` emits the session so far on every
 * record, `OnEnd` one record per ended session.
 */
export function sessionAggregate(args: ComponentInstanceArgs, timeout: number): CustomInstance {
  const emitsOnEnd = String(args.constants['emitWhen'] ?? 'OnEvent') === 'OnEnd';
  const sessions = new Map<string, Session>();
  let watermark = Number.NEGATIVE_INFINITY;

  async function end(key: string, session: Session, emit: Emit): Promise<void> {
    sessions.delete(key);
    if (emitsOnEnd) await emit(session.last, aggregateValues(session.spec, session.values));
  }
  async function endTimedOut(now: number, emit: Emit): Promise<void> {
    const due = [...sessions].filter(([, session]) => session.lastTime + timeout <= now).sort(([, a], [, b]) => a.lastTime - b.lastTime);
    for (const [key, session] of due) await end(key, session, emit);
  }

  return {
    async process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      watermark = Math.max(watermark, context.eventTime);
      await endTimedOut(watermark, emit);
      const session = sessions.get(key) ?? { values: [], last: context, lastTime: context.eventTime, spec };
      session.values.push(aggregateBy(args, context));
      session.last = context;
      session.lastTime = Math.max(session.lastTime, context.eventTime);
      sessions.set(key, session);
      if (!emitsOnEnd) await emit(context, aggregateValues(spec, session.values));
      if (args.lazy['endSessionCondition']?.evaluate(context) === true) await end(key, session, emit);
    },
    advanceTime: (now, emit) => endTimedOut(now, emit),
    flush: (emit) => endTimedOut(Number.POSITIVE_INFINITY, emit),
  };
}
