import type { JsonValue } from '@scenaria/typing/runtime';

/** A value now, or later when the state lives in a remote store. */
export type MaybePromise<T> = T | Promise<T>;

/** How a stateful node turns its state values into JSON and back (a store keeps JSON at rest). */
export interface StateCodec<V> {
  encode(value: V): JsonValue;
  decode(json: JsonValue): V;
}

/**
 * One stateful node's view of the store: a value and event-time timers per record key (a `groupBy` key, the
 * delay's key). Reads may be asynchronous; writes are buffered until the host takes the changes of a batch.
 * A value must not be changed after `put` without putting it again.
 */
export interface NodeState<V> {
  get(key: string): MaybePromise<V | undefined>;
  put(key: string, value: V): void;
  delete(key: string): void;
  /** Calls the node's `onTimer(key, time)` once the watermark reaches `time`; setting the same timer twice is one timer. */
  setTimer(key: string, time: number): void;
  deleteTimer(key: string, time: number): void;
}

/** The state of one (node, key): its encoded value (absent when it only has timers) and its timers. */
export interface StateEntry {
  nodeId: string;
  key: string;
  value?: JsonValue;
  timers: number[];
}

/** The engine's event time, kept with the state so a restored scenario continues where it stopped. */
export interface WatermarkState {
  /** Per source node: the highest event time seen. */
  sources: Record<string, number>;
  /** The watermark the scenario reached (never goes back). */
  watermark: number | null;
}

/** Everything a scenario holds: what a savepoint stores, and what a restart or a takeover restores. */
export interface StateSnapshot {
  entries: StateEntry[];
  time: WatermarkState;
}

/** What changed since the previous `takeChanges`: written by the host in the same transaction as the batch's offsets and outputs. */
export interface StateChanges {
  /** Entries to write as they are now (value and timers replace the stored ones). */
  upserts: StateEntry[];
  /** Entries gone (no value, no timers). */
  deletes: { nodeId: string; key: string }[];
  time: WatermarkState;
}

/** A timer that became due. */
export interface DueTimer {
  nodeId: string;
  key: string;
  time: number;
}

/**
 * Where the keyed state of a scenario's stateful nodes lives. The engine compiles each stateful node with
 * `forNode` and, during a run, asks for due timers as the watermark moves. The in-memory store
 * (`createMemoryStateStore`) serves test runs and hosts that persist the changes themselves (the embedded
 * manager writes `takeChanges()` with each batch); a store over a remote key-value service implements `get`
 * with a round trip and `takeChanges` as the write of the batch's changed entries.
 */
export interface KeyedStateStore {
  forNode<V>(nodeId: string, codec: StateCodec<V>): NodeState<V>;
  /** Removes and answers the timers at or before `upTo`, earliest first (ties by node id, then key). */
  takeDueTimers(upTo: number): MaybePromise<DueTimer[]>;
  /** The earliest timer's time, `undefined` without timers. */
  nextTimer(): MaybePromise<number | undefined>;
  /** Entries changed since the last call, encoded, with the given time state. */
  takeChanges(time: WatermarkState): StateChanges;
  /** Everything, encoded. */
  snapshot(time: WatermarkState): MaybePromise<StateSnapshot>;
  /** Replaces everything with the snapshot (nothing pending afterwards). */
  restore(snapshot: StateSnapshot): MaybePromise<void>;
}

interface MemoryEntry {
  value: unknown;
  hasValue: boolean;
  timers: Set<number>;
}

/** Orders timers: time, then node id, then key (a restored store fires in the same order as the original). */
function compareTimers(a: DueTimer, b: DueTimer): number {
  if (a.time !== b.time) return a.time - b.time;
  if (a.nodeId !== b.nodeId) return a.nodeId < b.nodeId ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** A binary min-heap of timers; deleted timers stay until they surface and are skipped then. */
class TimerHeap {
  private readonly items: DueTimer[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): DueTimer | undefined {
    return this.items[0];
  }
  push(item: DueTimer): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (compareTimers(items[parent] as DueTimer, item) <= 0) break;
      items[index] = items[parent] as DueTimer;
      index = parent;
    }
    items[index] = item;
  }
  pop(): DueTimer | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && compareTimers(items[right] as DueTimer, items[left] as DueTimer) < 0 ? right : left;
        if (compareTimers(items[child] as DueTimer, last) >= 0) break;
        items[index] = items[child] as DueTimer;
        index = child;
      }
      items[index] = last;
    }
    return top;
  }
  clear(): void {
    this.items.length = 0;
  }
}

const SEPARATOR = '\u0000';

/**
 * The keyed state in memory: values stay decoded while the scenario runs and are encoded only when the host
 * takes the changes (once per batch per changed key) or a snapshot.
 * @example const store = createMemoryStateStore(); compileScenario(scenario, { ...options, state: store });
 */
export function createMemoryStateStore(): KeyedStateStore {
  const nodes = new Map<string, Map<string, MemoryEntry>>();
  const codecs = new Map<string, StateCodec<unknown>>();
  const dirty = new Set<string>();
  const heap = new TimerHeap();

  const nodeEntries = (nodeId: string) => {
    let entries = nodes.get(nodeId);
    if (!entries) nodes.set(nodeId, (entries = new Map()));
    return entries;
  };
  const entryOf = (nodeId: string, key: string) => {
    const entries = nodeEntries(nodeId);
    let entry = entries.get(key);
    if (!entry) entries.set(key, (entry = { value: undefined, hasValue: false, timers: new Set() }));
    return entry;
  };
  const touch = (nodeId: string, key: string, entry: MemoryEntry) => {
    dirty.add(nodeId + SEPARATOR + key);
    if (!entry.hasValue && entry.timers.size === 0) nodes.get(nodeId)?.delete(key);
  };
  const encodeEntry = (nodeId: string, key: string, entry: MemoryEntry): StateEntry => {
    const codec = codecs.get(nodeId);
    const result: StateEntry = { nodeId, key, timers: [...entry.timers].sort((a, b) => a - b) };
    if (entry.value instanceof EncodedValue) result.value = entry.value.json;
    else if (entry.hasValue) {
      if (!codec) throw new Error(`No state codec for node ${nodeId}`);
      result.value = codec.encode(entry.value);
    }
    return result;
  };
  const isLive = (timer: DueTimer) => nodes.get(timer.nodeId)?.get(timer.key)?.timers.has(timer.time) === true;

  return {
    forNode<V>(nodeId: string, codec: StateCodec<V>): NodeState<V> {
      codecs.set(nodeId, codec as StateCodec<unknown>);
      const entries = nodeEntries(nodeId);
      return {
        get: (key) => {
          const entry = entries.get(key);
          if (!entry?.hasValue) return undefined;
          // Restored entries stay encoded until first read: a restart does not decode keys it never touches.
          if (entry.value instanceof EncodedValue) entry.value = codec.decode(entry.value.json);
          return entry.value as V;
        },
        put(key, value) {
          const entry = entryOf(nodeId, key);
          entry.value = value;
          entry.hasValue = true;
          touch(nodeId, key, entry);
        },
        delete(key) {
          const entry = entries.get(key);
          if (!entry) return;
          entry.value = undefined;
          entry.hasValue = false;
          touch(nodeId, key, entry);
        },
        setTimer(key, time) {
          const entry = entryOf(nodeId, key);
          if (entry.timers.has(time)) return;
          entry.timers.add(time);
          heap.push({ nodeId, key, time });
          touch(nodeId, key, entry);
        },
        deleteTimer(key, time) {
          const entry = entries.get(key);
          if (!entry?.timers.delete(time)) return;
          touch(nodeId, key, entry);
        },
      };
    },
    takeDueTimers(upTo) {
      const due: DueTimer[] = [];
      for (let top = heap.peek(); top && top.time <= upTo; top = heap.peek()) {
        heap.pop();
        if (!isLive(top)) continue;
        const entry = nodes.get(top.nodeId)?.get(top.key) as MemoryEntry;
        entry.timers.delete(top.time);
        touch(top.nodeId, top.key, entry);
        due.push(top);
      }
      return due;
    },
    nextTimer() {
      for (let top = heap.peek(); top; top = heap.peek()) {
        if (isLive(top)) return top.time;
        heap.pop();
      }
      return undefined;
    },
    takeChanges(time) {
      const upserts: StateEntry[] = [];
      const deletes: { nodeId: string; key: string }[] = [];
      for (const id of dirty) {
        const at = id.indexOf(SEPARATOR);
        const nodeId = id.slice(0, at);
        const key = id.slice(at + 1);
        const entry = nodes.get(nodeId)?.get(key);
        if (entry) upserts.push(encodeEntry(nodeId, key, entry));
        else deletes.push({ nodeId, key });
      }
      dirty.clear();
      return { upserts, deletes, time };
    },
    snapshot(time) {
      const entries: StateEntry[] = [];
      for (const [nodeId, byKey] of nodes) for (const [key, entry] of byKey) entries.push(encodeEntry(nodeId, key, entry));
      return { entries, time };
    },
    restore(snapshot) {
      for (const byKey of nodes.values()) byKey.clear();
      dirty.clear();
      heap.clear();
      for (const stored of snapshot.entries) {
        const entry = entryOf(stored.nodeId, stored.key);
        if (stored.value !== undefined) {
          entry.value = new EncodedValue(stored.value);
          entry.hasValue = true;
        }
        for (const time of stored.timers) {
          entry.timers.add(time);
          heap.push({ nodeId: stored.nodeId, key: stored.key, time });
        }
      }
    },
  };
}

// A restored value not yet decoded (its node decodes it with its codec on first read).
class EncodedValue {
  constructor(readonly json: JsonValue) {}
}
