import { describe, expect, test } from 'vitest';
import { FailureLimiter } from './failure-limiter';

describe('FailureLimiter', () => {
  const limit = { maxFailures: 3, windowMs: 1000, maxKeys: 100 };

  test('blocks a key at its limit until its window ends', () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('a', limit)).toBe(0);
      limiter.record('a', limit);
      now += 100;
    }
    expect(limiter.blockedFor('a', limit)).toBe(700);
    expect(limiter.blockedFor('b', limit)).toBe(0);
    now = 1000;
    expect(limiter.blockedFor('a', limit)).toBe(0);
    expect(limiter.size).toBe(0);
  });

  test('a failure taken back or forgotten no longer counts', () => {
    const limiter = new FailureLimiter(() => 0);
    for (let i = 0; i < 3; i++) limiter.record('a', limit);
    limiter.unrecord('a');
    expect(limiter.blockedFor('a', limit)).toBe(0);
    limiter.record('a', limit);
    expect(limiter.blockedFor('a', limit)).toBe(1000);
    limiter.forget('a');
    expect(limiter.blockedFor('a', limit)).toBe(0);
  });

  test('remembers at most maxKeys keys, expired ones dropped first, then the oldest', () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now);
    const small = { ...limit, maxKeys: 10 };
    for (let i = 0; i < 10; i++) limiter.record(`old-${i}`, small);
    now = 500;
    for (let i = 0; i < 10_000; i++) limiter.record(`key-${i}`, small);
    expect(limiter.size).toBe(10);
    // Full of open windows: each new key pushed out the one closest to its end.
    limiter.record('one-more', small);
    expect(limiter.size).toBe(10);
    now = 1600;
    limiter.record('late', small);
    // The flood's windows ended at 1500 ms: all dropped before 'late' was added.
    expect(limiter.size).toBe(1);
  });
});
