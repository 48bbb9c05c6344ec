/** Drops null and undefined fields, deeply: scenario records never carry nulls (rest-api.md, conventions). */
export function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropNulls(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && item !== undefined) copy[key] = dropNulls(item);
    }
    return copy as T;
  }
  return value;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * A JSON text in pieces, each a text or UTF-8 bytes written elsewhere (a validation result as its worker wrote
 * it): an answer embeds such bytes as they are, never decoding them into a text of the same size to encode again.
 */
export type JsonPieces = readonly (string | Uint8Array)[];

/** A JSON text, whole or in pieces, as UTF-8 bytes in one buffer. */
export function jsonBytes(json: string | JsonPieces): Uint8Array<ArrayBuffer> {
  return concatEncoded(typeof json === 'string' ? [json] : json) as Uint8Array<ArrayBuffer>;
}

// Adjacent texts are joined before encoding: one encode of a joined text is cheaper than many small ones.
function concatEncoded(pieces: JsonPieces): Buffer {
  const parts: Uint8Array[] = [];
  let texts: string[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      texts.push(piece);
      continue;
    }
    if (texts.length > 0) parts.push(Buffer.from(texts.join('')));
    texts = [];
    parts.push(piece);
  }
  if (texts.length > 0) parts.push(Buffer.from(texts.join('')));
  return parts.length === 1 && Buffer.isBuffer(parts[0]) ? parts[0] : Buffer.concat(parts);
}

// Items (texts or pieces) separated by commas, as pieces of one text.
function commaSeparated(items: readonly (string | JsonPieces)[], leadingComma: boolean): (string | Uint8Array)[] {
  const pieces: (string | Uint8Array)[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 || leadingComma) pieces.push(',');
    if (typeof item === 'string') pieces.push(item);
    else pieces.push(...item);
  }
  return pieces;
}

/**
 * A JSON array's UTF-8 bytes from its items' texts, encoded a slice at a time (`endSlice`): one text of a
 * hundred thousand items is tens of megabytes, and encoding it in one go held the server's thread for a
 * quarter of a second.
 */
export class JsonArrayBytes {
  readonly #slices: Buffer[] = [];
  #items: (string | JsonPieces)[] = [];
  #sliceBytes = 0;
  #pendingLength = 0;

  /** The bytes of the slices ended so far (without the brackets and the commas between slices). */
  get byteLength(): number {
    return this.#sliceBytes;
  }

  /**
   * About how much the items pushed since the last slice will take to encode (characters of texts, bytes of
   * pieces): a loop ends its slice past `SLICE_LENGTH` as well as past its time, since the encoding comes after.
   */
  get pendingLength(): number {
    return this.#pendingLength;
  }

  push(item: string | JsonPieces): void {
    this.#items.push(item);
    if (typeof item === 'string') this.#pendingLength += item.length;
    else for (const piece of item) this.#pendingLength += piece.length;
  }

  /** Encodes the items pushed since the last slice. */
  endSlice(): void {
    if (this.#items.length === 0) return;
    const slice = concatEncoded(commaSeparated(this.#items, false));
    this.#slices.push(slice);
    this.#sliceBytes += slice.byteLength;
    this.#items = [];
    this.#pendingLength = 0;
  }

  /** The slices encoded so far, the items pushed since the last one included; the array is empty after it. */
  takeSlices(): Buffer[] {
    this.endSlice();
    const slices = this.#slices.splice(0);
    this.#sliceBytes = 0;
    return slices;
  }

  /**
   * The whole array in one buffer, copied a part of at most `COPY_LENGTH` bytes at a time with `pause` between the
   * parts: copied in one go, the 60 MB list of 100,000 scenarios held the server's thread for 0.4 s (most of it
   * the first touch of the new buffer's pages).
   */
  async bytes(pause: () => Promise<void>): Promise<Uint8Array<ArrayBuffer>> {
    this.endSlice();
    const slices = this.#slices;
    const out = Buffer.allocUnsafeSlow(2 + this.#sliceBytes + Math.max(0, slices.length - 1));
    let offset = 0;
    let sincePause = 0;
    out[offset++] = OPEN[0]!;
    for (const [index, slice] of slices.entries()) {
      if (index > 0) out[offset++] = COMMA[0]!;
      for (let from = 0; from < slice.length; from += COPY_LENGTH) {
        if (sincePause >= COPY_LENGTH) {
          await pause();
          sincePause = 0;
        }
        const part = slice.subarray(from, from + COPY_LENGTH);
        out.set(part, offset);
        offset += part.length;
        sincePause += part.length;
      }
    }
    out[offset++] = CLOSE[0]!;
    return out as Uint8Array<ArrayBuffer>;
  }
}

/** Past about this many characters pushed, a loop writing a `JsonArrayBytes` ends its slice. */
export const SLICE_LENGTH = 1 << 20;
// The bytes copied between two pauses of `JsonArrayBytes.bytes`.
const COPY_LENGTH = 2 << 20;

/**
 * A JSON array's UTF-8 bytes as chunks: the slices `encoded` already (`JsonArrayBytes.takeSlices`), then one per
 * page of further items' texts, each encoded when the one before has been taken: for answers too large to hold.
 */
export async function* jsonArrayChunks(pages: AsyncIterable<(string | JsonPieces)[]>, encoded: Buffer[] = []): AsyncGenerator<Uint8Array> {
  yield OPEN;
  let first = true;
  for (const slice of encoded) {
    if (!first) yield COMMA;
    yield slice;
    first = false;
  }
  for await (const texts of pages) {
    if (texts.length === 0) continue;
    yield concatEncoded(commaSeparated(texts, !first));
    first = false;
  }
  yield CLOSE;
}
