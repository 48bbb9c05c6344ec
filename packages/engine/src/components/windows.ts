import { AggregatorSpec } from '@scenaria/components';
import type { JsonValue } from '@scenaria/typing/runtime';
import { derivedContext } from '../runtime/context';
import type { RuntimeContext } from '../runtime/context';
import { decodeContext, decodeSpec, decodeValue, encodeContext, encodeSpec, encodeValue } from '../state/codecs';
import type { MaybePromise, StateCodec } from '../state/keyed-state';
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

/** Runs `next` with a value that may still be loading (a remote store), synchronously when it is there. */
export function whenLoaded<T, R>(value: MaybePromise<T>, next: (loaded: T) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? value.then(next) as Promise<Awaited<R>> : next(value);
}

async function emitAll(emissions: readonly [RuntimeContext, unknown][], emit: Emit): Promise<void> {
  for (const [context, value] of emissions) await emit(context, value);
}

interface SlidingState {
  spec: AggregatorSpec;
  entries: { time: number; value: unknown }[];
  last: RuntimeContext;
}

const slidingCodec: StateCodec<SlidingState> = {
  encode: (state) => ({ spec: encodeSpec(state.spec), entries: state.entries.map((e) => [e.time, encodeValue(e.value)]), last: encodeContext(state.last) }),
  decode(json) {
    const stored = json as { spec: JsonValue; entries: [number, JsonValue][]; last: JsonValue };
    return { spec: decodeSpec(stored.spec), entries: stored.entries.map(([time, value]) => ({ time, value: decodeValue(value) })), last: decodeContext(stored.last) };
  },
};

/**
 * Sliding window by event time: per key, the values of the last `windowLength` milliseconds up to and
 * including each record; every record emits its context with the aggregate of that window. A value leaves
 * its key's window when the watermark passes its time plus the window (a timer); with `emitWhenEventLeft`
 * that also emits the key's remaining aggregate with the key's last context. At the end of input every value leaves.
 */
export function slidingAggregate(args: ComponentInstanceArgs, windowLength: number): CustomInstance {
  const emitWhenEventLeft = args.constants['emitWhenEventLeft'] === true;
  const state = args.keyedState(slidingCodec);
  return {
    process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      const value = aggregateBy(args, context);
      const time = context.eventTime;
      return whenLoaded(state.get(key), (loaded) => {
        const window = loaded ?? { spec, entries: [], last: context };
        const newest = window.entries[window.entries.length - 1]?.time ?? Number.NEGATIVE_INFINITY;
        // In order for its key, a record's window is the key's window from now on: older values leave silently
        // (this record's emission already excludes them).
        if (time >= newest) window.entries = window.entries.filter((entry) => entry.time > time - windowLength);
        window.entries.push({ time, value });
        window.entries.sort((a, b) => a.time - b.time);
        window.spec = spec;
        window.last = context;
        state.put(key, window);
        state.setTimer(key, time + windowLength);
        const inWindow = window.entries.filter((entry) => entry.time > time - windowLength && entry.time <= time);
        return emit(context, aggregateValues(spec, inWindow.map((entry) => entry.value)));
      });
    },
    onTimer(key, time, emit) {
      return whenLoaded(state.get(key), (window) => {
        if (!window) return;
        const emissions: [RuntimeContext, unknown][] = [];
        while (window.entries.length > 0 && (window.entries[0] as { time: number }).time <= time - windowLength) {
          window.entries.shift();
          if (emitWhenEventLeft) emissions.push([window.last, aggregateValues(window.spec, window.entries.map((entry) => entry.value))]);
        }
        if (window.entries.length === 0) state.delete(key);
        else state.put(key, window);
        return emissions.length === 0 ? undefined : emitAll(emissions, emit);
      });
    },
  };
}

interface TumblingWindow {
  start: number;
  values: unknown[];
  last: RuntimeContext;
  /** An empty window emitted after a key went quiet (OnEndWithExtraWindow). */
  isExtra: boolean;
}

interface TumblingState {
  spec: AggregatorSpec;
  /** Open windows of the key by start (several while records come out of order). */
  windows: TumblingWindow[];
}

const tumblingCodec: StateCodec<TumblingState> = {
  encode: (state) => ({
    spec: encodeSpec(state.spec),
    windows: state.windows.map((w) => ({ start: w.start, values: w.values.map(encodeValue), last: encodeContext(w.last), isExtra: w.isExtra })),
  }),
  decode(json) {
    const stored = json as { spec: JsonValue; windows: { start: number; values: JsonValue[]; last: JsonValue; isExtra: boolean }[] };
    return {
      spec: decodeSpec(stored.spec),
      windows: stored.windows.map((w) => ({ start: w.start, values: w.values.map(decodeValue), last: decodeContext(w.last), isExtra: w.isExtra })),
    };
  },
};

/**
 * Tumbling windows by event time, aligned to the epoch. A window ends when the watermark reaches its last
 * millisecond (a timer at `end - 1`, as Flink's event-time trigger, which Nussknacker's aggregate uses):
 * `OnEnd` emits it then, once per key; a record whose window already ended is late and dropped.
 */
export function tumblingAggregate(args: ComponentInstanceArgs, windowLength: number): CustomInstance {
  const trigger = String(args.constants['emitWhen'] ?? 'OnEvent');
  const state = args.keyedState(tumblingCodec);
  return {
    process(context, values, emit) {
      const spec = specOf(values);
      const start = Math.floor(context.eventTime / windowLength) * windowLength;
      const lastMillis = start + windowLength - 1;
      if (lastMillis <= args.watermark()) return undefined;
      const key = keyOf(args, context);
      const value = aggregateBy(args, context);
      return whenLoaded(state.get(key), (loaded) => {
        const keyed = loaded ?? { spec, windows: [] };
        keyed.spec = spec;
        let window = keyed.windows.find((w) => w.start === start);
        if (!window || window.isExtra) {
          if (window) keyed.windows.splice(keyed.windows.indexOf(window), 1);
          window = { start, values: [], last: context, isExtra: false };
          keyed.windows.push(window);
          keyed.windows.sort((a, b) => a.start - b.start);
        }
        window.values.push(value);
        window.last = context;
        state.put(key, keyed);
        state.setTimer(key, lastMillis);
        return trigger === 'OnEvent' ? emit(context, aggregateValues(spec, window.values)) : undefined;
      });
    },
    onTimer(key, time, emit) {
      return whenLoaded(state.get(key), (keyed) => {
        const start = time + 1 - windowLength;
        const window = keyed?.windows.find((w) => w.start === start);
        if (!keyed || !window) return undefined;
        keyed.windows.splice(keyed.windows.indexOf(window), 1);
        const nextStart = start + windowLength;
        if (trigger === 'OnEndWithExtraWindow' && !window.isExtra && !keyed.windows.some((w) => w.start === nextStart)) {
          keyed.windows.push({ start: nextStart, values: [], last: window.last, isExtra: true });
          keyed.windows.sort((a, b) => a.start - b.start);
          state.setTimer(key, nextStart + windowLength - 1);
        }
        if (keyed.windows.length === 0) state.delete(key);
        else state.put(key, keyed);
        if (trigger === 'OnEvent') return undefined;
        return emit(derivedContext(window.last, { eventTime: time }), aggregateValues(keyed.spec, window.values));
      });
    },
  };
}

interface Session {
  spec: AggregatorSpec;
  values: unknown[];
  last: RuntimeContext;
  lastTime: number;
}

const sessionCodec: StateCodec<Session> = {
  encode: (s) => ({ spec: encodeSpec(s.spec), values: s.values.map(encodeValue), last: encodeContext(s.last), lastTime: s.lastTime }),
  decode(json) {
    const stored = json as { spec: JsonValue; values: JsonValue[]; last: JsonValue; lastTime: number };
    return { spec: decodeSpec(stored.spec), values: stored.values.map(decodeValue), last: decodeContext(stored.last), lastTime: stored.lastTime };
  },
};

/**
 * Session windows by event time: a key's session collects values until `endSessionCondition` holds for a
 * record (that record included) or no record came for `sessionTimeout`: a timer at the last record's time
 * plus the timeout, or a record of the key coming later than that. At the end of input every session ends.
 * `OnEvent` emits the session so far on every record, `OnEnd` one record per ended session.
 */
export function sessionAggregate(args: ComponentInstanceArgs, timeout: number): CustomInstance {
  const emitsOnEnd = String(args.constants['emitWhen'] ?? 'OnEvent') === 'OnEnd';
  const state = args.keyedState(sessionCodec);
  return {
    async process(context, values, emit) {
      const spec = specOf(values);
      const key = keyOf(args, context);
      const value = aggregateBy(args, context);
      let session = await state.get(key);
      if (session) state.deleteTimer(key, session.lastTime + timeout);
      if (session && session.lastTime + timeout <= context.eventTime) {
        state.delete(key);
        if (emitsOnEnd) await emit(session.last, aggregateValues(session.spec, session.values));
        session = undefined;
      }
      session ??= { spec, values: [], last: context, lastTime: context.eventTime };
      session.spec = spec;
      session.values.push(value);
      session.last = context;
      session.lastTime = Math.max(session.lastTime, context.eventTime);
      if (!emitsOnEnd) await emit(context, aggregateValues(spec, session.values));
      if (args.lazy['endSessionCondition']?.evaluate(context) === true) {
        state.delete(key);
        if (emitsOnEnd) await emit(session.last, aggregateValues(spec, session.values));
        return;
      }
      state.put(key, session);
      state.setTimer(key, session.lastTime + timeout);
    },
    async onTimer(key, time, emit) {
      const session = await state.get(key);
      if (!session || session.lastTime + timeout !== time) return;
      state.delete(key);
      if (emitsOnEnd) await emit(session.last, aggregateValues(session.spec, session.values));
    },
  };
}

interface Held {
  due: number;
  context: RuntimeContext;
}

const delayCodec: StateCodec<Held[]> = {
  encode: (held) => held.map((h) => [h.due, encodeContext(h.context)]),
  decode: (json) => (json as [number, JsonValue][]).map(([due, context]) => ({ due, context: decodeContext(context) })),
};

/**
 * Holds each record until the watermark reaches its event time plus `delayMs` (a timer per key and due
 * time); a key's records leave in due order, equal due times in arrival order.
 */
export function delayRecords(args: ComponentInstanceArgs, delayMs: number, keyOfRecord: (context: RuntimeContext) => string): CustomInstance {
  const state = args.keyedState(delayCodec);
  return {
    process(context) {
      const key = keyOfRecord(context);
      const due = context.eventTime + delayMs;
      return whenLoaded(state.get(key), (loaded) => {
        const held = loaded ?? [];
        let at = held.length;
        while (at > 0 && (held[at - 1] as Held).due > due) at--;
        held.splice(at, 0, { due, context });
        state.put(key, held);
        state.setTimer(key, due);
      });
    },
    onTimer(key, time, emit) {
      return whenLoaded(state.get(key), (held) => {
        if (!held) return undefined;
        let count = 0;
        while (count < held.length && (held[count] as Held).due <= time) count++;
        const released = held.splice(0, count);
        if (held.length === 0) state.delete(key);
        else state.put(key, held);
        return emitAll(released.map((h) => [h.context, undefined]), (context) => emit(context));
      });
    },
  };
}
