import { describe, expect, it } from 'vitest';
import { writeUtf8 } from './utf8';

const bytesOf = (text: string, at = 0) => {
  const into = new Uint8Array(at + text.length * 3);
  return [...into.subarray(at, writeUtf8(text, into, at))];
};

describe('writeUtf8', () => {
  it('writes one to four bytes a character, from the given position', () => {
    expect(bytesOf('a~')).toEqual([0x61, 0x7e]);
    expect(bytesOf('ż')).toEqual([0xc5, 0xbc]);
    expect(bytesOf('€')).toEqual([0xe2, 0x82, 0xac]);
    expect(bytesOf('😀')).toEqual([0xf0, 0x9f, 0x98, 0x80]);
    expect(bytesOf('aż€😀', 5)).toEqual([0x61, 0xc5, 0xbc, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
  });

  it('writes a surrogate without its other half as U+FFFD', () => {
    expect(bytesOf('\ud83d')).toEqual([0xef, 0xbf, 0xbd]);
    expect(bytesOf('\ude00x')).toEqual([0xef, 0xbf, 0xbd, 0x78]);
    expect(bytesOf('\ud83d\ud83d\ude00')).toEqual([0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80]);
  });
});
