/**
 * Writes `text` as UTF-8 into `into` from `at` and returns where it ended, for packages that use no platform
 * globals (no TextEncoder). `into` must have room for `text.length * 3` bytes from `at`. A surrogate without its
 * other half is written as U+FFFD, as TextEncoder writes it.
 * @example writeUtf8('ż', bytes, 0) // 2, with bytes [0xc5, 0xbc]
 */
export function writeUtf8(text: string, into: Uint8Array, at: number): number {
  let position = at;
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      into[position++] = code;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index++;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x800) {
      into[position++] = 0xc0 | (code >> 6);
      into[position++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      into[position++] = 0xe0 | (code >> 12);
      into[position++] = 0x80 | ((code >> 6) & 0x3f);
      into[position++] = 0x80 | (code & 0x3f);
    } else {
      into[position++] = 0xf0 | (code >> 18);
      into[position++] = 0x80 | ((code >> 12) & 0x3f);
      into[position++] = 0x80 | ((code >> 6) & 0x3f);
      into[position++] = 0x80 | (code & 0x3f);
    }
  }
  return position;
}
