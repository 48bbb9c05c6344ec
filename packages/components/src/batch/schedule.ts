import { Cron } from 'croner';

/** The scenario property holding a batch scenario's schedule (the original periodic manager's `cron`). */
export const CRON_PROPERTY = 'cron';

// Several expressions run one scenario on several schedules, separated as the original's property allows.
const SEPARATOR = '|';

/** The outcome of reading a schedule: the next run after a time, or why the text is not a schedule. */
export type ScheduleResult = { ok: true; nextRunAt: number | null } | { ok: false; message: string };

function parse(expression: string): Cron {
  // Paused and without a function: the parser alone, no timer is set. UTC so every designer instance agrees.
  return new Cron(expression, { paused: true, timezone: 'Etc/UTC' });
}

/**
 * The next run of a `cron` property after `after` (epoch milliseconds): the earliest of its expressions
 * (`|`-separated; 5 fields, or 6 with seconds first, Quartz's `?` accepted). An empty text is no schedule
 * (`nextRunAt: null`).
 * @example nextScheduledRun('0 0 2 * * ?', Date.UTC(2026, 0, 1)) // { ok: true, nextRunAt: Date.UTC(2026, 0, 1, 2) }
 */
export function nextScheduledRun(text: string | undefined, after: number): ScheduleResult {
  const expressions = (text ?? '').split(SEPARATOR).map((part) => part.trim()).filter((part) => part !== '');
  let next: number | null = null;
  for (const expression of expressions) {
    let cron: Cron;
    try {
      cron = parse(expression);
    } catch (error) {
      return { ok: false, message: `Invalid cron expression '${expression}': ${error instanceof Error ? error.message : String(error)}` };
    }
    const at = cron.nextRun(new Date(after))?.getTime();
    if (at !== undefined && (next === null || at < next)) next = at;
  }
  return { ok: true, nextRunAt: next };
}
