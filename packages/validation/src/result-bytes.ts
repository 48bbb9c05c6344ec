import { writeUtf8 } from '@scenaria/typing';
import type { ValidationResult } from './result';

// A value frozen all the way down never changes, so its JSON never does either. Validation shares such parts
// across a result (a chain of filters shows one variable map, many nodes the same `#input` type) and across
// results (the model's types), so each is written once and then copied as bytes. `Object.freeze`
// is shallow: an object is kept only when each object inside it was kept too (frozen all the way down).
// Within a result a kept part is copied from where it was written; its bytes are kept apart, for later results,
// only once the next result shows it again: most kept parts belong to one result (its variable maps and the
// types of its literals), and a buffer of their own for each cost more than writing them. Parts that recur (the
// model's types) are in every result. The parts the last result kept are remembered by that result's spans
// (released by the next one): a weak set of every part ever kept cost more to add to than the writing saved.
const bytesOfFrozen = new WeakMap<object, Uint8Array>();
let keptByLastResult = new Map<object, number>();
const PARTS_REMEMBERED = 20_000;
// Where each kept part of the result being written lies in `out`: the index of its start in `spanBounds`, its
// end right after it (numbers in one array rather than a pair per part).
let spans = new Map<object, number>();
let spanBounds: number[] = [];

// Records made as a frozen record plus one key at its end (`{ ...base, [key]: value }`, the variables at a node
// one variable after an earlier node's): written as the base's bytes up to its closing brace plus that entry.
// A chain of n variable nodes shows n such records of up to n entries; entry by entry, writing them
// was most of a result's cost, although all but one entry of each had just been written.
// Noted by validation, and dropped when the record is first written (later it is copied as a part already
// written): a weak map's adds cost as much as they saved. Bounded for results that are never written.
let appendedTo = new Map<object, { readonly base: object; readonly key: string }>();
const APPENDED_NOTED = 20_000;

/**
 * Says that `record` is `{ ...base, [key]: record[key] }` with `key` new to `base` and not an array index (so it
 * comes last in both's key order), both frozen: the record may then be written from `base`'s bytes (a record
 * not noted is written entry by entry).
 */
export function noteAppendedEntry(record: object, base: object, key: string): void {
  if (appendedTo.size >= APPENDED_NOTED) appendedTo = new Map();
  appendedTo.set(record, { base, key });
}

// A key's bytes with its colon: the same few keys recur in every node of every result.
const keyBytes = new Map<string, Uint8Array>();
const KEY_BYTES_KEPT = 10_000;

// The result is written as UTF-8 into one growing buffer, shared by every call (writing is synchronous). Written
// as text instead, the parts formed a rope of thousands of pieces whose flattening, to encode it, cost more
// than writing it, and each kept part was such a rope again.
const USUAL_SIZE = 64 * 1024;
let out = new Uint8Array(USUAL_SIZE);
let length = 0;

function reserve(bytes: number): void {
  if (length + bytes <= out.length) return;
  const grown = new Uint8Array(Math.max(out.length * 2, length + bytes));
  grown.set(out.subarray(0, length));
  out = grown;
}

function writeByte(byte: number): void {
  if (length === out.length) reserve(1);
  out[length++] = byte;
}

function writeBytes(bytes: Uint8Array): void {
  reserve(bytes.length);
  out.set(bytes, length);
  length += bytes.length;
}

// JSON text as UTF-8 (the package uses no platform globals, so no TextEncoder).
function writeText(text: string): void {
  reserve(text.length * 3);
  length = writeUtf8(text, out, length);
}

function keyOf(key: string): Uint8Array {
  const known = keyBytes.get(key);
  if (known !== undefined) return known;
  const start = length;
  writeText(`${JSON.stringify(key)}:`);
  const bytes = out.slice(start, length);
  length = start;
  // Bounded: the keys of user data (variable names, node ids) are unbounded across results.
  if (keyBytes.size < KEY_BYTES_KEPT) keyBytes.set(key, bytes);
  return bytes;
}

// The bytes of a kept part already written: in this result (a span of `out`) or for every result; undefined
// when it was not written yet.
function writtenBytesOf(value: object): { readonly from: Uint8Array; readonly start: number; readonly end: number } | undefined {
  const known = bytesOfFrozen.get(value);
  if (known !== undefined) return { from: known, start: 0, end: known.length };
  const span = spans.get(value);
  return span === undefined ? undefined : { from: out, start: spanBounds[span]!, end: spanBounds[span + 1]! };
}

// Writes a record noted by `noteAppendedEntry` as its base's bytes and one entry; false (nothing written) when the
// base was not written before or is `{}` (no entry to follow with a comma).
function writeAppended(value: object, appended: { readonly base: object; readonly key: string }): boolean {
  const base = writtenBytesOf(appended.base);
  if (base === undefined || base.end - base.start <= 2) return false;
  const start = length;
  // Up to, not including, the base's closing brace (`copyWithin` when the base lies in `out` itself).
  const head = base.end - base.start - 1;
  reserve(head);
  if (base.from === out) out.copyWithin(length, base.start, base.start + head);
  else out.set(base.from.subarray(base.start, base.start + head), length);
  length += head;
  const mark = length;
  writeByte(COMMA);
  writeBytes(keyOf(appended.key));
  // As for any field: one without a JSON form is left out.
  if (!write((value as Record<string, unknown>)[appended.key])) length = mark;
  writeByte(0x7d /* } */);
  // The base is a kept part, so the record is kept when its last entry is.
  keep(value, start, lastKept);
  return true;
}

// Keeps the bytes just written for `value` (from `start`) when it may be kept: within this result at once, for
// later results once a second result shows it.
function keep(value: object, start: number, kept: boolean): void {
  if (kept) {
    if (keptByLastResult.has(value)) {
      bytesOfFrozen.set(value, out.slice(start, length));
    } else {
      spans.set(value, spanBounds.length);
      spanBounds.push(start, length);
    }
  }
  lastKept = kept;
}

// Whether the value `write` wrote last may be kept: a primitive, or a kept or keepable frozen object. Set beside
// the writing rather than asked again afterwards (a second pass over the fields cost as much as writing).
let lastKept = true;

const COMMA = 0x2c;

// A value as JSON.stringify writes it; false when it has no JSON form.
function writeStringified(value: unknown): boolean {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return false;
  writeText(text);
  return true;
}

// Writes a value as JSON.stringify would; false when it has no JSON form (undefined, a function), which an
// object leaves out and an array writes as null.
function write(value: unknown): boolean {
  if (value === null || typeof value !== 'object') {
    lastKept = true;
    return writeStringified(value);
  }
  const known = bytesOfFrozen.get(value);
  if (known !== undefined) {
    lastKept = true;
    writeBytes(known);
    return true;
  }
  const span = spans.get(value);
  if (span !== undefined) {
    lastKept = true;
    const start = spanBounds[span]!;
    const end = spanBounds[span + 1]!;
    reserve(end - start);
    out.copyWithin(length, start, end);
    length += end - start;
    return true;
  }
  // An object with its own toJSON (a Date, whose time changes even when frozen) is written as JSON.stringify does.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    lastKept = false;
    return writeStringified(value);
  }
  let kept = Object.isFrozen(value);
  if (kept) {
    const appended = appendedTo.get(value);
    if (appended !== undefined) {
      appendedTo.delete(value);
      if (writeAppended(value, appended)) return true;
    }
  }
  const start = length;
  if (Array.isArray(value)) {
    writeByte(0x5b /* [ */);
    for (let index = 0; index < value.length; index++) {
      if (index > 0) writeByte(COMMA);
      if (!write(value[index])) writeText('null');
      kept &&= lastKept;
    }
    writeByte(0x5d /* ] */);
  } else {
    writeByte(0x7b /* { */);
    let first = true;
    for (const key of Object.keys(value)) {
      const mark = length;
      if (!first) writeByte(COMMA);
      writeBytes(keyOf(key));
      const written = write((value as Record<string, unknown>)[key]);
      kept &&= lastKept;
      // A field without a JSON form is left out, its key with it.
      if (!written) length = mark;
      else first = false;
    }
    writeByte(0x7d /* } */);
  }
  keep(value, start, kept);
  return true;
}

/**
 * A validation result's JSON as UTF-8 bytes in a buffer of their own (so it can be handed to another thread):
 * the bytes of `JSON.stringify(result)`, written in less time (a node's variable types are most of a result's
 * size, and most of them are parts already written).
 */
export function validationResultBytes(result: ValidationResult): Uint8Array<ArrayBuffer> {
  return withValidationResultBytes(result, (written) => {
    // A new array filled by `set`: `slice` took about twice as long for a result's size.
    const bytes = new Uint8Array(written.length);
    bytes.set(written);
    return bytes;
  });
}

/**
 * Hands `take` the bytes of {@link validationResultBytes} where they were written: a view of the writer's own
 * buffer, valid only until `take` returns (the next result is written over it). For a caller that copies them
 * somewhere of its own anyway, such as memory shared with another thread, without a buffer made for each result.
 */
export function withValidationResultBytes<T>(result: ValidationResult, take: (written: Uint8Array) => T): T {
  length = 0;
  spans = new Map();
  spanBounds = [];
  if (!write(result)) writeText('null');
  // Held until the next result; a huge result's parts are not (its objects would stay alive for nothing).
  keptByLastResult = spans.size <= PARTS_REMEMBERED ? spans : new Map();
  spans = new Map();
  spanBounds = [];
  try {
    return take(out.subarray(0, length));
  } finally {
    // One huge result does not keep its buffer for every later one.
    if (out.length > 16 * USUAL_SIZE) out = new Uint8Array(USUAL_SIZE);
  }
}
