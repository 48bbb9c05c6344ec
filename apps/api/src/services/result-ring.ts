/**
 * Where a validation worker leaves a result's bytes for the server's thread: memory both threads share, used as a
 * ring. A buffer of its own for each result, made by the worker and freed by the server's thread, cost the worker
 * a fifth of its time on a busy server (fresh pages to fault in on every result); the ring's pages stay mapped.
 *
 * Positions are totals of bytes placed since the ring was made, so that they only grow: a result lies at its
 * start modulo the ring's size, and never wraps (what is left at the end of the ring is skipped instead). The
 * server's thread copies each result out as its reply arrives, in the order they were placed, and tells the
 * worker how far it has read with its next request; the worker places a result only where the server has read.
 */

/** A result placed in the ring: its bytes are `length` bytes from `start` (modulo the size); `end` follows it. */
export interface PlacedResult {
  start: number;
  length: number;
  end: number;
}

/** The worker's side: places results where the server's thread has already read. */
export class ResultRingWriter {
  readonly #bytes: Uint8Array;
  #placed = 0;
  #read = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.#bytes = new Uint8Array(buffer);
  }

  /** What the server's thread has read up to (from its requests: only ever further). */
  readUpTo(total: number): void {
    if (total > this.#read && total <= this.#placed) this.#read = total;
  }

  /** Copies `bytes` into the ring; undefined when the room the server has read is too small (or they never fit). */
  place(bytes: Uint8Array): PlacedResult | undefined {
    const size = this.#bytes.length;
    const offset = this.#placed % size;
    // A result does not wrap: the rest of the ring is skipped when it does not fit there.
    const skipped = offset + bytes.length > size ? size - offset : 0;
    const start = this.#placed + skipped;
    const end = start + bytes.length;
    if (bytes.length > size || end - this.#read > size) return undefined;
    this.#bytes.set(bytes, start % size);
    this.#placed = end;
    return { start, length: bytes.length, end };
  }
}

/** The server's thread's side: copies each placed result out, in the order they were placed. */
export class ResultRingReader {
  readonly #bytes: Uint8Array;
  #read = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.#bytes = new Uint8Array(buffer);
  }

  /** How far this side has read: sent to the worker with each request. */
  get readUpTo(): number {
    return this.#read;
  }

  /** A copy of a placed result's bytes, in a buffer of its own; the ring's room it held is free from now on. */
  take(placed: PlacedResult): Uint8Array<ArrayBuffer> {
    const from = placed.start % this.#bytes.length;
    // Uninitialised memory, all written over at once: zeroing it first would touch every page twice.
    const copy = Buffer.allocUnsafeSlow(placed.length);
    copy.set(this.#bytes.subarray(from, from + placed.length));
    this.#read = placed.end;
    return new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength);
  }
}
