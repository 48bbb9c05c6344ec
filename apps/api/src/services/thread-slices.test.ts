import { describe, expect, test } from 'vitest';
import { ThreadSlices } from './thread-slices';

describe('ThreadSlices', () => {
  test('a slice runs until its time is used, read every 32 steps; a pause yields and starts the next', async () => {
    let yields = 0;
    const spent = new ThreadSlices(0, async () => void yields++);
    const dueAt: number[] = [];
    for (let step = 1; step <= 100; step++) {
      if (spent.due()) {
        dueAt.push(step);
        await spent.pause();
      }
    }
    expect(dueAt).toEqual([32, 64, 96]);
    expect(yields).toBe(3);

    const long = new ThreadSlices(60_000, async () => void yields++);
    for (let step = 0; step < 1000; step++) expect(long.due()).toBe(false);
  });
});
