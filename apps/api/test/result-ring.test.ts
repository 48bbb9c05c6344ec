import { describe, expect, test } from 'vitest';
import { ResultRingReader, ResultRingWriter } from '../src/services/result-ring';

const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

describe('result ring', () => {
  test('hands over results in order, wrapping by skipping the rest of the ring, and only into room already read', () => {
    const shared = new SharedArrayBuffer(100);
    const writer = new ResultRingWriter(shared);
    const reader = new ResultRingReader(shared);
    const first = writer.place(bytesOf(40, 1));
    const second = writer.place(bytesOf(40, 2));
    expect(first).toEqual({ start: 0, length: 40, end: 40 });
    expect(second).toEqual({ start: 40, length: 40, end: 80 });
    // 20 bytes are left at the end: a result of 30 skips them, and needs the first result's room, not yet read.
    expect(writer.place(bytesOf(30, 3))).toBeUndefined();
    expect(reader.take(first!)).toEqual(bytesOf(40, 1));
    writer.readUpTo(reader.readUpTo);
    const third = writer.place(bytesOf(30, 3));
    expect(third).toEqual({ start: 100, length: 30, end: 130 });
    expect(reader.take(second!)).toEqual(bytesOf(40, 2));
    expect(reader.take(third!)).toEqual(bytesOf(30, 3));
    writer.readUpTo(reader.readUpTo);
    // Everything placed is read, but a result that must skip the rest of the ring needs that room too.
    expect(writer.place(bytesOf(100, 4))).toBeUndefined();
    const rest = writer.place(bytesOf(70, 4));
    expect(rest).toEqual({ start: 130, length: 70, end: 200 });
    expect(reader.take(rest!)).toEqual(bytesOf(70, 4));
    writer.readUpTo(reader.readUpTo);
    // The whole ring is room again, but a result larger than the ring never goes in.
    expect(writer.place(bytesOf(101, 5))).toBeUndefined();
    const whole = writer.place(bytesOf(100, 5));
    expect(whole).toEqual({ start: 200, length: 100, end: 300 });
    expect(reader.take(whole!)).toEqual(bytesOf(100, 5));
  });

  test('a copy taken out is the reader\'s own: later results placed over the room leave it as it was', () => {
    const shared = new SharedArrayBuffer(64);
    const writer = new ResultRingWriter(shared);
    const reader = new ResultRingReader(shared);
    const copies: Uint8Array[] = [];
    for (let round = 0; round < 20; round++) {
      const placed = writer.place(bytesOf(24 + (round % 5), round));
      expect(placed).toBeDefined();
      copies.push(reader.take(placed!));
      writer.readUpTo(reader.readUpTo);
    }
    copies.forEach((copy, round) => expect(copy).toEqual(bytesOf(24 + (round % 5), round)));
  });

  test('a stale or impossible read position is ignored', () => {
    const shared = new SharedArrayBuffer(10);
    const writer = new ResultRingWriter(shared);
    writer.place(bytesOf(6, 1));
    // Claims to have read what was never placed: the worker does not believe it.
    writer.readUpTo(1_000);
    expect(writer.place(bytesOf(6, 2))).toBeUndefined();
    writer.readUpTo(6);
    writer.readUpTo(2);
    expect(writer.place(bytesOf(4, 3))).toEqual({ start: 6, length: 4, end: 10 });
  });
});
