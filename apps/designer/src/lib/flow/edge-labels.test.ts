import { describe, expect, it } from 'vitest';
import { LABEL_ROW, labelPositionOf, labelSlotsOf } from './edge-labels';

describe('edge label placement', () => {
  it('stacks the labels of edges into one target and keeps the first slot for each other target', () => {
    const slots = labelSlotsOf([
      { id: 'a', target: 'sink' },
      { id: 'b', target: 'other' },
      { id: 'c', target: 'sink' },
    ]);
    expect([...slots]).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
    ]);
  });

  it('puts stacked labels one row apart above the target', () => {
    expect(labelPositionOf(100, 300, 0).y - labelPositionOf(100, 300, 1).y).toBe(LABEL_ROW);
    expect(labelPositionOf(100, 300, 0).y).toBeLessThan(300);
  });
});
