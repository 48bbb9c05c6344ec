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

  /** The bytes of the slices ended so far (without the brackets and the commas between slices). */
  get byteLength(): number {
    return this.#sliceBytes;
  }

  push(item: string | JsonPieces): void {
    this.#items.push(item);
  }

  /** Encodes the items pushed since the last slice. */
  endSlice(): void {
    if (this.#items.length === 0) return;
    const slice = concatEncoded(commaSeparated(this.#items, false));
    this.#slices.push(slice);
    this.#sliceBytes += slice.byteLength;
    this.#items = [];
  }

  /** The slices encoded so far, the items pushed since the last one included; the array is empty after it. */
  takeSlices(): Buffer[] {
    this.endSlice();
    const slices = this.#slices.splice(0);
    this.#sliceBytes = 0;
    return slices;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    this.endSlice();
    const parts: Buffer[] = [OPEN];
    for (const [index, slice] of this.#slices.entries()) {
      if (index > 0) parts.push(COMMA);
      parts.push(slice);
    }
    parts.push(CLOSE);
    return Buffer.concat(parts) as Uint8Array<ArrayBuffer>;
  }
}

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
