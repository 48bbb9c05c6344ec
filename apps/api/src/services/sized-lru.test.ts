import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru';

describe('SizedLru', () => {
  it('drops the least recently used entries once the sizes exceed the budget', () => {
    const lru = new SizedLru<string>((value) => value.length, 10);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa');
    lru.set('c', 'cccc');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccc');
  });

  it('bounds the number of entries, keeps nothing larger than the whole budget, and replaces a key', () => {
    const lru = new SizedLru<string>((value) => value.length, 100, 2);
    lru.set('a', 'a');
    lru.set('b', 'b');
    lru.set('c', 'c');
    expect(lru.count).toBe(2);
    expect(lru.get('a')).toBeUndefined();
    lru.set('huge', 'x'.repeat(101));
    expect(lru.get('huge')).toBeUndefined();
    lru.set('b', 'x'.repeat(99));
    lru.set('d', 'dd');
    // 1 + 99 + 2 is over 100: the oldest go first, 'c' and then 'b', until the rest fits.
    expect(lru.get('c')).toBeUndefined();
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('d')).toBe('dd');
  });

  it('deletes the entries a predicate names', () => {
    const lru = new SizedLru<number>(() => 1, 10);
    for (const key of ['1:a', '1:b', '2:a']) lru.set(key, 1);
    lru.deleteWhere((key) => key.startsWith('1:'));
    expect(lru.count).toBe(1);
    expect(lru.get('2:a')).toBe(1);
  });
});
