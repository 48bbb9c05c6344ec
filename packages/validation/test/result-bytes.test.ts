import { describe, expect, it } from 'vitest';
import type { ValidationResult } from '../src/result';
import { validationResultBytes } from '../src/result-bytes';

const utf8 = new TextDecoder();
// The result's JSON as text, to compare with JSON.stringify's.
const validationResultText = (result: ValidationResult) => utf8.decode(validationResultBytes(result));

const asResult = (value: unknown) => value as ValidationResult;

describe('validationResultBytes', () => {
  it('writes what JSON.stringify writes, undefined, holes, toJSON and non-finite numbers included', () => {
    const odd = { a: undefined, b: [undefined, () => 1, Number.NaN, -0, 1e21], c: { toJSON: () => 'custom' }, d: new Date(0), 'quote"key': 'line\nbreak \u2028' };
    const value = { errors: odd, warnings: [1, , 3], nodeResults: null };
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
  });

  it('writes a frozen part once and the same text wherever it recurs', () => {
    const type = Object.freeze({ type: 'TypedClass', refClazzName: 'java.lang.String', params: Object.freeze([]), display: 'String' });
    const variables = Object.freeze({ input: type, name: type });
    const typingInfo: Record<string, unknown> = { $expression: type };
    const value = { errors: {}, warnings: {}, nodeResults: { a: { variableTypes: variables, typingInfo: {} }, b: { variableTypes: variables, typingInfo } } };
    const first = validationResultText(asResult(value));
    expect(first).toBe(JSON.stringify(value));
    // An unfrozen object is written anew each time: changing it changes the text.
    delete typingInfo.$expression;
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
  });

  it('does not keep the text of a frozen object whose inside can still change', () => {
    const inner = { display: 'String' };
    const shallow = Object.freeze({ type: inner });
    const date = Object.freeze(new Date(0));
    const value = { errors: {}, warnings: { shallow, date }, nodeResults: {} };
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
    inner.display = 'Integer';
    date.setTime(1000);
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
  });

  it('keeps a frozen object only when every part inside it is kept, wherever the changing part is', () => {
    const type = Object.freeze({ display: 'String', params: Object.freeze([]) });
    const changing = { display: 'Integer' };
    const changingFirst = Object.freeze({ a: changing, b: type });
    const changingLast = Object.freeze({ a: type, b: changing });
    const inArray = Object.freeze([changing, type]);
    const value = { errors: {}, warnings: { changingFirst, changingLast, inArray }, nodeResults: { kept: Object.freeze({ a: type, b: 1, c: undefined }) } };
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
    changing.display = 'Long';
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
  });

  it('writes UTF-8 bytes of the same text: text beyond ASCII, long texts, and a buffer of their own each time', () => {
    const type = Object.freeze({ display: 'Zażółć "gęślą" jaźń 🦄', params: Object.freeze([]) });
    const value = { errors: { 'klucz 🗝': 'wartość \u2028 😀', plain: 'ascii' }, warnings: { type, again: type }, nodeResults: { long: 'x'.repeat(300_000) + 'ą' } };
    const bytes = validationResultBytes(asResult(value));
    expect(utf8.decode(bytes)).toBe(JSON.stringify(value));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    const copy = Uint8Array.from(bytes);
    const small = { errors: {}, warnings: { type }, nodeResults: {} };
    expect(validationResultText(asResult(small))).toBe(JSON.stringify(small));
    // A later result does not write into an earlier one's bytes.
    expect(bytes).toEqual(copy);
  });

  it('copies a part that recurs within a result from where it was written, and across results from its kept bytes', () => {
    const shared = Object.freeze({ display: 'żółw', params: Object.freeze([1, 2]) });
    for (let round = 0; round < 4; round++) {
      // New each round, and used twice within it: copied within the result, never kept for later ones.
      const local = Object.freeze({ round, shared });
      const value = { errors: { padding: 'x'.repeat(round * 7) }, warnings: [local, shared, local], nodeResults: { again: shared, local } };
      expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
    }
  });
});
