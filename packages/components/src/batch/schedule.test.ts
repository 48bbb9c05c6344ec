import { describe, expect, it } from 'vitest';
import { nextScheduledRun } from './schedule';

describe('nextScheduledRun', () => {
  it('reads six-field Quartz expressions with seconds', () => {
    expect(nextScheduledRun('0 0 2 * * ?', Date.UTC(2026, 0, 1))).toEqual({ ok: true, nextRunAt: Date.UTC(2026, 0, 1, 2) });
  });
  it('reads five-field expressions and takes the earliest of several', () => {
    expect(nextScheduledRun('0 3 * * * | */5 * * * *', Date.UTC(2026, 0, 1, 0, 1))).toEqual({ ok: true, nextRunAt: Date.UTC(2026, 0, 1, 0, 5) });
  });
  it('answers no run for an empty property', () => {
    expect(nextScheduledRun('', 0)).toEqual({ ok: true, nextRunAt: null });
  });
  it('refuses what is not a schedule', () => {
    expect(nextScheduledRun('bad cron', 0).ok).toBe(false);
    expect(nextScheduledRun('0 61 * * *', 0).ok).toBe(false);
  });
});
