interface Held<V> {
  value: V;
  // As measured when the entry was set: a value changed afterwards still leaves what it added.
  size: number;
  group: string | number | undefined;
}

/**
 * A least-recently-used map bounded by its number of entries and by the sum of their sizes (as `sizeOf`
 * measures them, e.g. the length of a JSON text). An entry larger than the whole size budget is not kept.
 * With `groupOf`, the entries of one group (say, of one scenario) are found without looking at the others.
 */
export class SizedLru<V> {
  readonly #entries = new Map<string, Held<V>>();
  readonly #groups = new Map<string | number, Set<string>>();
  #size = 0;

  constructor(
    private readonly sizeOf: (value: V) => number,
    private readonly maxSize: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
    private readonly groupOf?: (value: V) => string | number,
  ) {}

  get count(): number {
    return this.#entries.size;
  }

  /** The value of `key`, now the most recently used. */
  get(key: string): V | undefined {
    const held = this.#entries.get(key);
    if (held === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, held);
    return held.value;
  }

  /** Keeps `value` under `key`, dropping the least recently used entries over the bounds. */
  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    const group = this.groupOf?.(value);
    this.#entries.set(key, { value, size, group });
    this.#size += size;
    if (group !== undefined) {
      const keys = this.#groups.get(group);
      if (keys) keys.add(key);
      else this.#groups.set(group, new Set([key]));
    }
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#size <= this.maxSize) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const held = this.#entries.get(key);
    if (held === undefined) return;
    this.#entries.delete(key);
    this.#size -= held.size;
    if (held.group !== undefined) {
      const keys = this.#groups.get(held.group);
      keys?.delete(key);
      if (keys?.size === 0) this.#groups.delete(held.group);
    }
  }

  /** Drops every entry of a group (`groupOf`); costs as many steps as the group has entries. */
  deleteGroup(group: string | number): void {
    const keys = this.#groups.get(group);
    if (keys) for (const key of [...keys]) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#groups.clear();
    this.#size = 0;
  }
}
