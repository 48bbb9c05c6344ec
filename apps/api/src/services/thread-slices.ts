import { performance } from 'node:perf_hooks';

/** Resolves once the event loop has served what was waiting (requests, timers, the health check). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// Reading the clock costs more than one step of the loops that use this: it is read every this many steps.
const STEPS_PER_CLOCK_READ = 32;

/**
 * Lets a loop over every scenario share the server's thread: it runs in slices of about `sliceMs`, and between
 * them the server answers whatever came in. A list of 100,000 scenarios is seconds of work; in one go it held
 * every other request (and the health check) for all of it.
 *
 * @example
 * const slices = new ThreadSlices();
 * for (const item of items) {
 *   work(item);
 *   if (slices.due()) await slices.pause();
 * }
 */
export class ThreadSlices {
  #deadline: number;
  #steps = 0;

  constructor(
    private readonly sliceMs = 8,
    private readonly yieldThread: () => Promise<void> = nextTurn,
  ) {
    this.#deadline = performance.now() + sliceMs;
  }

  /** Whether this slice has run its time: the loop should `pause` before its next step. */
  due(): boolean {
    if (++this.#steps < STEPS_PER_CLOCK_READ) return false;
    this.#steps = 0;
    return performance.now() >= this.#deadline;
  }

  /** Lets other work run; the next slice starts when this resolves. */
  async pause(): Promise<void> {
    await this.yieldThread();
    this.#steps = 0;
    this.#deadline = performance.now() + this.sliceMs;
  }
}

/** Makes the slices of one long piece of work (a list, a full read of the scenarios). */
export type SlicesFactory = () => ThreadSlices;

export const defaultSlices: SlicesFactory = () => new ThreadSlices();
