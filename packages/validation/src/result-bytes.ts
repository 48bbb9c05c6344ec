import { writeUtf8 } from '@scenaria/typing';
import type { ValidationResult } from './result';

// A value frozen all the way down never changes, so its JSON never does either. Validation shares such parts
// across a result (every node shows the same global variables' types, a chain of filters the same variable map)
// and across results (the model's globals), so each is written once and then copied as bytes. `Object.freeze`
// is shallow: an object is kept only when each object inside it was kept too (frozen all the way down).
// Within a result a kept part is copied from where it was written; its bytes are kept apart, for later results,
// only once a second result shows it: most kept parts belong to one result (its variable maps and the types of
// its literals), and a buffer of their own for each cost more than writing them.
const bytesOfFrozen = new WeakMap<object, Uint8Array>();
const keptBefore = new WeakSet<object>();
// Where each kept part of the result being written lies in `out`: the index of its start in `spanBounds`, its
// end right after it (numbers in one array rather than a pair per part).
let spans = new Map<object, number>();
let spanBounds: number[] = [];

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
  if (kept) {
    if (keptBefore.has(value)) {
      bytesOfFrozen.set(value, out.slice(start, length));
    } else {
      keptBefore.add(value);
      spans.set(value, spanBounds.length);
      spanBounds.push(start, length);
    }
  }
  lastKept = kept;
  return true;
}

/**
 * A validation result's JSON as UTF-8 bytes in a buffer of their own (so it can be handed to another thread):
 * the bytes of `JSON.stringify(result)`, written in less time (a node's variable types are most of a result's
 * size, and most of them are parts already written).
 */
export function validationResultBytes(result: ValidationResult): Uint8Array<ArrayBuffer> {
  length = 0;
  spans = new Map();
  spanBounds = [];
  if (!write(result)) writeText('null');
  const bytes = out.slice(0, length);
  spans = new Map();
  spanBounds = [];
  // One huge result does not keep its buffer for every later one.
  if (out.length > 16 * USUAL_SIZE) out = new Uint8Array(USUAL_SIZE);
  return bytes;
}
