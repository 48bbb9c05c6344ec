import { describe, expect, test } from 'vitest';
import { JsonArrayBytes, jsonArrayChunks } from './json';

const items = ['{"a":1}', '"zażółć"', '[]', 'null'];

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
  test('the bytes of the array of the items, wherever the slices end', () => {
    for (const runs of cuttings()) {
      const array = new JsonArrayBytes();
      for (const run of runs) {
        for (const item of run) array.push(item);
        array.endSlice();
      }
      expect(Buffer.from(array.bytes()).toString()).toBe(`[${items.join(',')}]`);
      expect(array.byteLength).toBe(runs.filter((run) => run.length > 0).reduce((sum, run) => sum + Buffer.byteLength(run.join(',')), 0));
    }
    const empty = new JsonArrayBytes();
    empty.endSlice();
    expect(Buffer.from(empty.bytes()).toString()).toBe('[]');
  });
});

describe('jsonArrayChunks', () => {
  async function* pagesOf(runs: string[][], taken: number[]) {
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
