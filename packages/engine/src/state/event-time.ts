import type { WatermarkState } from './keyed-state';

/** How the engine derives event time's progress (the watermark) from record timestamps. */
export interface EventTimeOptions {
  /**
   * How late a record may come behind the latest one of its source and still count (Nussknacker's bounded
   * out-of-orderness, `kafka.kafkaEspProperties.defaultMaxOutOfOrdernessMillis`). A source's watermark is its
   * highest event time minus this. Default 0.
   */
  maxOutOfOrdernessMs?: number;
  /**
   * A source without records for this long (processing time, as the host reports it) stops holding the
   * watermark back (Nussknacker's `kafka.idleTimeout`, 3 minutes); it counts again with its next record.
   * Default 180 000.
   */
  idleTimeoutMs?: number;
}

interface SourceTime {
  maxEventTime: number;
  lastActiveAt: number;
  idle: boolean;
}

/**
 * The scenario's watermark: the minimum over its active sources of their highest event time minus the
 * out-of-orderness bound, so at a join (a union of branches) the slowest branch rules. A source without any
 * record holds it back until it turns idle. It never goes back, and it never follows the wall clock: only
 * idleness is judged by processing time, and all sources idle leave it where it is.
 */
export class EventTime {
  private readonly sources = new Map<string, SourceTime>();
  private current = Number.NEGATIVE_INFINITY;
  private readonly bound: number;
  private readonly idleTimeout: number;

  constructor(sourceIds: readonly string[], options: EventTimeOptions, now: number) {
    this.bound = options.maxOutOfOrdernessMs ?? 0;
    this.idleTimeout = options.idleTimeoutMs ?? 180_000;
    for (const id of sourceIds) this.sources.set(id, { maxEventTime: Number.NEGATIVE_INFINITY, lastActiveAt: now, idle: false });
  }

  get watermark(): number {
    return this.current;
  }

  /** A record of a source; true when the watermark moved. */
  onRecord(sourceId: string, eventTime: number, now: number): boolean {
    const source = this.sources.get(sourceId);
    if (!source) return false;
    source.lastActiveAt = now;
    const wasIdle = source.idle;
    source.idle = false;
    if (eventTime <= source.maxEventTime && !wasIdle) return false;
    source.maxEventTime = Math.max(source.maxEventTime, eventTime);
    return this.recompute();
  }

  /** Processing time passed: sources quiet for the idle timeout stop counting; true when the watermark moved. */
  onProcessingTime(now: number): boolean {
    let changed = false;
    for (const source of this.sources.values()) {
      if (!source.idle && now - source.lastActiveAt >= this.idleTimeout) {
        source.idle = true;
        changed = true;
      }
    }
    return changed && this.recompute();
  }

  /** Bounded input ended: everything is complete. */
  endOfInput(): void {
    this.current = Number.POSITIVE_INFINITY;
  }

  private recompute(): boolean {
    let lowest = Number.POSITIVE_INFINITY;
    for (const source of this.sources.values()) {
      if (!source.idle) lowest = Math.min(lowest, source.maxEventTime - this.bound);
    }
    if (lowest === Number.POSITIVE_INFINITY || lowest <= this.current) return false;
    this.current = lowest;
    return true;
  }

  state(): WatermarkState {
    const sources: Record<string, number> = {};
    for (const [id, source] of this.sources) if (Number.isFinite(source.maxEventTime)) sources[id] = source.maxEventTime;
    return { sources, watermark: Number.isFinite(this.current) ? this.current : null };
  }

  /** Continues from a stored state; every source counts as active from `now` on. */
  restore(state: WatermarkState, now: number): void {
    this.current = state.watermark ?? Number.NEGATIVE_INFINITY;
    for (const [id, source] of this.sources) {
      const stored = state.sources[id];
      source.maxEventTime = stored ?? Number.NEGATIVE_INFINITY;
      source.lastActiveAt = now;
      source.idle = false;
    }
  }
}
