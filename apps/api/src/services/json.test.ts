import { describe, expect, test } from 'vitest';
import { JsonArrayBytes } from './json';

describe('JsonArrayBytes', () => {
  test('the bytes of the array of the items, wherever the slices end', () => {
    const items = ['{"a":1}', '"zażółć"', '[]', 'null'];
    for (let cuts = 0; cuts < 1 << items.length; cuts++) {
      const array = new JsonArrayBytes();
      items.forEach((item, index) => {
        array.push(item);
        if (cuts & (1 << index)) array.endSlice();
      });
      expect(Buffer.from(array.bytes()).toString()).toBe(`[${items.join(',')}]`);
    }
    const empty = new JsonArrayBytes();
    empty.endSlice();
    expect(Buffer.from(empty.bytes()).toString()).toBe('[]');
  });
});
