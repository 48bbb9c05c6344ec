import { describe, expect, test } from 'vitest';
import { JsonArrayBytes, jsonArrayChunks, jsonBytes } from './json';
import type { JsonPieces } from './json';

const items = ['{"a":1}', '"zażółć"', '[]', 'null'];

// The same items, every other one in pieces: its first and last characters as texts, its middle as UTF-8 bytes
// (as an answer embeds a validation result its worker wrote).
const inPieces = (item: string): JsonPieces => [item.slice(0, 1), Buffer.from(item.slice(1, -1)), item.slice(-1)];
const mixed: (string | JsonPieces)[] = items.map((item, index) => (index % 2 === 1 ? inPieces(item) : item));

// Every way of cutting `items` into consecutive runs: bit i set ends a run after item i.
function* cuttings(): Generator<string[][]> {
  for (let cuts = 0; cuts < 1 << items.length; cuts++) {
    const runs: string[][] = [[]];
    items.forEach((item, index) => {
      runs.at(-1)!.push(item);
      if (cuts & (1 << index)) runs.push([]);
    });
    yield runs;
  }
}

describe('JsonArrayBytes', () => {
  const noPause = async () => {};

  test('the bytes of the array of the items, wherever the slices end', async () => {
    for (const runs of cuttings()) {
      const array = new JsonArrayBytes();
      for (const run of runs) {
        for (const item of run) array.push(item);
        array.endSlice();
      }
      expect(Buffer.from(await array.bytes(noPause)).toString()).toBe(`[${items.join(',')}]`);
      expect(array.byteLength).toBe(runs.filter((run) => run.length > 0).reduce((sum, run) => sum + Buffer.byteLength(run.join(',')), 0));
    }
    const empty = new JsonArrayBytes();
    empty.endSlice();
    expect(Buffer.from(await empty.bytes(noPause)).toString()).toBe('[]');
  });

  test('items given in pieces, texts and bytes, are written as their whole texts are', async () => {
    for (let cut = 0; cut <= mixed.length; cut++) {
      const array = new JsonArrayBytes();
      for (const item of mixed.slice(0, cut)) array.push(item);
      array.endSlice();
      for (const item of mixed.slice(cut)) array.push(item);
      expect(Buffer.from(await array.bytes(noPause)).toString()).toBe(`[${items.join(',')}]`);
    }
  });

  test('a large array is copied into its buffer in parts, with a pause between them, and says what is pending', async () => {
    const array = new JsonArrayBytes();
    const item = `"${'x'.repeat(1000)}"`;
    for (let index = 0; index < 3000; index++) {
      array.push(item);
      if (index % 1000 === 999) {
        expect(array.pendingLength).toBe(1000 * item.length);
        array.endSlice();
        expect(array.pendingLength).toBe(0);
      }
    }
    array.push(['"a', Buffer.from('é"')]);
    expect(array.pendingLength).toBe(2 + 3);
    let pauses = 0;
    const bytes = await array.bytes(async () => void pauses++);
    expect(Buffer.from(bytes).toString()).toBe(`[${Array.from({ length: 3000 }, () => item).join(',')},"aé"]`);
    // About 3 MB, copied 2 MB at a time.
    expect(pauses).toBe(1);
  });
});

describe('jsonBytes', () => {
  test('a text or its pieces as the same UTF-8 bytes, a piece of bytes embedded as it is', () => {
    for (const item of items) {
      expect(Buffer.from(jsonBytes(item)).toString()).toBe(item);
      expect(Buffer.from(jsonBytes(inPieces(item))).toString()).toBe(item);
    }
    expect(Buffer.from(jsonBytes(['{"a":', Buffer.from('"ż"'), ',"b":', Buffer.from('[1]'), '}'])).toString()).toBe('{"a":"ż","b":[1]}');
    expect(jsonBytes([]).byteLength).toBe(0);
  });
});

describe('jsonArrayChunks', () => {
  async function* pagesOf(runs: (string | JsonPieces)[][], taken: number[]) {
    for (const [index, run] of runs.entries()) {
      taken.push(index);
      yield run;
    }
  }

  test('the chunks make the array of the items, empty pages included, a page read when its chunk is asked for', async () => {
    for (const runs of cuttings()) {
      const taken: number[] = [];
      const chunks: Uint8Array[] = [];
      for await (const chunk of jsonArrayChunks(pagesOf(runs, taken))) {
        chunks.push(chunk);
        // The opening bracket is sent before any page is read; each later chunk is of the last page read.
        if (chunks.length === 1) expect(taken).toEqual([]);
      }
      expect(Buffer.concat(chunks).toString()).toBe(`[${items.join(',')}]`);
      expect(taken).toEqual(runs.map((_, index) => index));
    }
    const fromPieces: Uint8Array[] = [];
    for await (const chunk of jsonArrayChunks(pagesOf([mixed.slice(0, 3), mixed.slice(3)], []))) fromPieces.push(chunk);
    expect(Buffer.concat(fromPieces).toString()).toBe(`[${items.join(',')}]`);
    const none: Uint8Array[] = [];
    for await (const chunk of jsonArrayChunks(pagesOf([[], []], []))) none.push(chunk);
    expect(Buffer.concat(none).toString()).toBe('[]');
  });

  test('slices encoded before go first: a list found too large while it was written streams on from there', async () => {
    for (let split = 0; split <= items.length; split++) {
      const written = new JsonArrayBytes();
      for (const item of items.slice(0, split)) written.push(item);
      const chunks: Uint8Array[] = [];
      for await (const chunk of jsonArrayChunks(pagesOf([items.slice(split)], []), written.takeSlices())) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe(`[${items.join(',')}]`);
      expect(written.byteLength).toBe(0);
    }
  });
});
