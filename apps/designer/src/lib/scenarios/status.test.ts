import { describe, expect, it } from 'vitest';
import { nextRunOf, statusLabel } from './status';

describe('status display', () => {
  it("reads a manager's next run from the status attributes", () => {
    expect(nextRunOf({ nextRunAt: '2027-01-01T00:00:00.000Z', runs: 0 })).toBe('2027-01-01 00:00 UTC');
    expect(nextRunOf({ rowsRead: 3 })).toBeUndefined();
    expect(nextRunOf({ nextRunAt: 'soon' })).toBeUndefined();
    expect(nextRunOf({ nextRunAt: 1 })).toBeUndefined();
    expect(nextRunOf(null)).toBeUndefined();
    expect(nextRunOf(undefined)).toBeUndefined();
  });

  it("words a manager's own status from its name", () => {
    expect(statusLabel('SCHEDULED')).toBe('Scheduled');
    expect(statusLabel('DURING_DEPLOY')).toBe('During deploy');
  });
});
