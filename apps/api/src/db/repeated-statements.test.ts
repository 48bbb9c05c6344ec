import { describe, expect, it } from 'vitest';
import { repeatedStatements } from './repeated-statements';

describe('repeatedStatements', () => {
  it('chooses a text on its preparedAfter-th run and keeps it chosen', () => {
    const repeated = repeatedStatements({ preparedAfter: 3 });
    expect([1, 2, 3, 4].map(() => repeated.wanted('select 1'))).toEqual([false, false, true, true]);
    expect(repeated.wanted('select 2')).toBe(false);
  });

  it('chooses no more than maxStatements texts, and a forgotten one frees its place', () => {
    const repeated = repeatedStatements({ preparedAfter: 1, maxStatements: 2 });
    expect(['a', 'b', 'c'].map((text) => repeated.wanted(text))).toEqual([true, true, false]);
    repeated.forget('a');
    expect(repeated.wanted('c')).toBe(true);
    expect(repeated.wanted('a')).toBe(false);
  });

  it('stops counting new texts past maxCounted or maxCountedChars, so texts seen once cannot grow it', () => {
    const byCount = repeatedStatements({ preparedAfter: 2, maxCounted: 1 });
    byCount.wanted('a');
    byCount.wanted('b');
    expect(byCount.wanted('a')).toBe(true);
    expect(byCount.wanted('b')).toBe(false);
    const byChars = repeatedStatements({ preparedAfter: 2, maxCountedChars: 5 });
    byChars.wanted('long text');
    expect(byChars.wanted('long text')).toBe(false);
    byChars.wanted('short');
    expect(byChars.wanted('short')).toBe(true);
  });
});
