import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes every object inside, counts those it froze, and leaves frozen ones as they are', () => {
    const shared = Object.freeze({ inner: { kept: 1 } });
    const value = { list: [{ a: 1 }, 'text', null], nested: { deeper: { leaf: true } }, shared };
    expect(deepFreeze(value)).toBe(5);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(value.nested.deeper)).toBe(true);
    // Frozen before: not entered.
    expect(Object.isFrozen(shared.inner)).toBe(false);
    expect(deepFreeze(value)).toBe(0);
    expect(deepFreeze('text')).toBe(0);
    expect(() => {
      (value.nested.deeper as { leaf: boolean }).leaf = false;
    }).toThrow(TypeError);
  });
});
