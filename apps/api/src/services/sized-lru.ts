/**
 * A least-recently-used map bounded by its number of entries and by the sum of their sizes (as `sizeOf`
 * measures them, e.g. the length of a JSON text). An entry larger than the whole size budget is not kept.
 */
export class SizedLru<V> {
  readonly #entries = new Map<string, V>();
  #size = 0;

  constructor(
    private readonly sizeOf: (value: V) => number,
    private readonly maxSize: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get count(): number {
    return this.#entries.size;
  }

  /** The value of `key`, now the most recently used. */
  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit;
  }

  /** Keeps `value` under `key`, dropping the least recently used entries over the bounds. */
  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    this.#entries.set(key, value);
    this.#size += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#size <= this.maxSize) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#size -= this.sizeOf(value);
  }

  /** Drops every entry `drop` says of. */
  deleteWhere(drop: (key: string, value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (drop(key, value)) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }
}
