/**
 * Shares one computation among identical requests without ever answering from a read older than the request.
 * A request that finds no computation of its key running starts one; one that finds a computation already
 * running does not join it (it may have read the database before a write the request must see) but waits for
 * the next one, which starts when the running one ends and is shared by every request queued meanwhile.
 *
 * Under load that is at most two computations per key at a time instead of one per request: fifty lists in
 * flight cost two reads and two JSON texts, and each still sees every write committed before it arrived, by
 * this server or another one on the same database.
 */
export class FreshSharedRun<T> {
  readonly #running = new Map<string, Promise<T>>();
  readonly #queued = new Map<string, Promise<T>>();

  /** The result of `compute` for `key`, from a computation that started after this call. */
  run(key: string, compute: () => Promise<T>): Promise<T> {
    const queued = this.#queued.get(key);
    if (queued) return queued;
    const running = this.#running.get(key);
    if (!running) return this.#start(key, compute);
    const next = running.then(
      () => this.#startQueued(key, compute),
      () => this.#startQueued(key, compute),
    );
    this.#queued.set(key, next);
    return next;
  }

  #startQueued(key: string, compute: () => Promise<T>): Promise<T> {
    this.#queued.delete(key);
    return this.#start(key, compute);
  }

  #start(key: string, compute: () => Promise<T>): Promise<T> {
    const started = compute().finally(() => {
      if (this.#running.get(key) === started) this.#running.delete(key);
    });
    this.#running.set(key, started);
    return started;
  }
}
