/** A task planned on a scheduler; `cancel` is idempotent. */
export interface ScheduledTask {
  cancel(): void;
}

/**
 * Time for running scenarios: the current time and delayed tasks. Injected so that event generators,
 * polling and windows can be driven by a test instead of the wall clock.
 */
export interface Scheduler {
  now(): number;
  /** Runs `task` once after `delayMs` (0 = as soon as possible). */
  schedule(delayMs: number, task: () => void): ScheduledTask;
}

/** The wall clock and Node timers (timers do not keep the process alive). */
export function createRealtimeScheduler(now: () => number = () => Date.now()): Scheduler {
  return {
    now,
    schedule(delayMs, task) {
      const timer = setTimeout(task, Math.max(0, delayMs));
      timer.unref();
      return { cancel: () => clearTimeout(timer) };
    },
  };
}

/** A scheduler whose time only moves when told to; for tests. */
export interface ManualScheduler extends Scheduler {
  /** Moves time forward, running every task that becomes due in time order; awaits what they start. */
  advance(ms: number): Promise<void>;
  /** Tasks not yet run. */
  pendingCount(): number;
}

/**
 * A manual scheduler starting at `start` (epoch milliseconds).
 * @example const scheduler = createManualScheduler(0); await scheduler.advance(1_000);
 */
export function createManualScheduler(start = 0): ManualScheduler {
  let current = start;
  let sequence = 0;
  const tasks: { due: number; order: number; run: () => void; canceled: boolean }[] = [];
  // Lets promise chains started by a task settle before the next one runs.
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => current,
    schedule(delayMs, run) {
      const task = { due: current + Math.max(0, delayMs), order: sequence++, run, canceled: false };
      tasks.push(task);
      return { cancel: () => void (task.canceled = true) };
    },
    async advance(ms) {
      const target = current + ms;
      for (;;) {
        await settle();
        const due = tasks.filter((t) => !t.canceled && t.due <= target).sort((a, b) => a.due - b.due || a.order - b.order)[0];
        if (!due) break;
        tasks.splice(tasks.indexOf(due), 1);
        current = Math.max(current, due.due);
        due.run();
      }
      current = target;
      await settle();
    },
    pendingCount: () => tasks.filter((t) => !t.canceled).length,
  };
}
