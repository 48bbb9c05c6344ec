import { describe, expect, test } from 'vitest';
import { FreshSharedRun } from './fresh-shared-run';

// A computation whose end the test decides, reporting which "database state" it read when it started.
function controlled() {
  let state = 0;
  const started: number[] = [];
  const finishers: (() => void)[] = [];
  const compute = () => {
    const seen = state;
    started.push(seen);
    return new Promise<number>((resolve) => finishers.push(() => resolve(seen)));
  };
  return { compute, started, finish: (index: number) => finishers[index]!(), write: () => state++ };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FreshSharedRun', () => {
  test('a request arriving during a computation waits for the next one, which sees the write made before it', async () => {
    const runs = new FreshSharedRun<number>();
    const c = controlled();
    const first = runs.run('list', c.compute);
    c.write();
    // Both arrive after the write, while the first computation (which read the state before it) runs.
    const second = runs.run('list', c.compute);
    const third = runs.run('list', c.compute);
    expect(c.started).toEqual([0]);
    c.finish(0);
    expect(await first).toBe(0);
    await tick();
    // One computation for both queued requests, started after the first ended.
    expect(c.started).toEqual([0, 1]);
    c.finish(1);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  test('keys do not share, a failure reaches only its own requests, and an idle key starts at once', async () => {
    const runs = new FreshSharedRun<number>();
    const c = controlled();
    const failing = runs.run('a', () => Promise.reject(new Error('database down')));
    const other = runs.run('b', c.compute);
    const afterFailure = runs.run('a', c.compute);
    await expect(failing).rejects.toThrow('database down');
    await tick();
    expect(c.started).toEqual([0, 0]);
    c.finish(0);
    c.finish(1);
    expect(await other).toBe(0);
    expect(await afterFailure).toBe(0);
    c.write();
    const idle = runs.run('a', c.compute);
    expect(c.started).toEqual([0, 0, 1]);
    c.finish(2);
    expect(await idle).toBe(1);
  });
});
