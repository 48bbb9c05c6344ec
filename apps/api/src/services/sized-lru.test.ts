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

  it('deletes the entries of a group, and forgets a group whose entries were dropped for room', () => {
    const lru = new SizedLru<{ scenario: number; size: number }>((value) => value.size, 10, Number.POSITIVE_INFINITY, (value) => value.scenario);
    lru.set('1:a', { scenario: 1, size: 1 });
    lru.set('1:b', { scenario: 1, size: 1 });
    lru.set('2:a', { scenario: 2, size: 1 });
    lru.deleteGroup(1);
    expect(lru.count).toBe(1);
    expect(lru.get('2:a')).toEqual({ scenario: 2, size: 1 });
    // A replaced key moves to its new value's group.
    lru.set('2:a', { scenario: 3, size: 1 });
    lru.deleteGroup(2);
    expect(lru.get('2:a')).toEqual({ scenario: 3, size: 1 });
    // Evicted for room: deleting its group later finds nothing to drop, and the newer entry stays.
    lru.set('4:a', { scenario: 4, size: 9 });
    lru.set('5:a', { scenario: 5, size: 2 });
    expect(lru.get('2:a')).toBeUndefined();
    expect(lru.get('4:a')).toBeUndefined();
    lru.deleteGroup(4);
    lru.deleteGroup(3);
    expect(lru.count).toBe(1);
    expect(lru.get('5:a')).toEqual({ scenario: 5, size: 2 });
    lru.clear();
    lru.deleteGroup(5);
    expect(lru.count).toBe(0);
  });

  it('evicts, replaces and groups exactly as a least-recently-used list does, over random operations', () => {
    // The reference: an array from least to most recently used, searched on every operation.
    type Value = { group: number; size: number };
    const reference: Array<{ key: string; value: Value }> = [];
    const maxSize = 40;
    const maxEntries = 8;
    const lru = new SizedLru<Value>((value) => value.size, maxSize, maxEntries, (value) => value.group);
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const take = (key: string) => {
      const at = reference.findIndex((entry) => entry.key === key);
      return at < 0 ? undefined : reference.splice(at, 1)[0];
    };
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(14)}`;
      const operation = random(10);
      if (operation < 5) {
        const entry = take(key);
        if (entry) reference.push(entry);
        expect(lru.get(key)).toBe(entry?.value);
      } else if (operation < 8) {
        const value = { group: random(4), size: random(12) === 0 ? maxSize + 1 : 1 + random(9) };
        take(key);
        if (value.size <= maxSize) reference.push({ key, value });
        lru.set(key, value);
        let total = reference.reduce((sum, entry) => sum + entry.value.size, 0);
        while (reference.length > maxEntries || total > maxSize) total -= reference.shift()!.value.size;
      } else if (operation < 9) {
        take(key);
        lru.delete(key);
      } else {
        const group = random(4);
        for (const entry of reference.filter((candidate) => candidate.value.group === group)) take(entry.key);
        lru.deleteGroup(group);
      }
      expect(lru.count).toBe(reference.length);
    }
    // Every key the reference holds is there with its value, and no other.
    for (let index = 0; index < 14; index++) {
      const key = `k${index}`;
      expect(lru.get(key)).toBe(reference.find((entry) => entry.key === key)?.value);
    }
  });
});
