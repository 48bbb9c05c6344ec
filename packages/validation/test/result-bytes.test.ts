import { describe, expect, it } from 'vitest';
import { defaultModel } from '@scenaria/components';
import type { NodeData } from '@scenaria/graph';
import type { ValidationResult } from '../src/result';
import { chain, nodes } from '../src/test-utils';
import { validateScenario } from '../src/validate-scenario';
import { noteAppendedEntry, validationResultBytes, withValidationResultBytes } from '../src/result-bytes';

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

  it('writes a record noted as its base plus one entry from the bytes written for the base', () => {
    const type = Object.freeze({ display: 'String', params: Object.freeze([]) });
    const base = Object.freeze({ input: type });
    const longer = Object.freeze({ ...base, name: type });
    noteAppendedEntry(longer, base, 'name');
    const value = { errors: {}, warnings: { base }, nodeResults: { a: longer, b: longer } };
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
    // Taken from the base's bytes, not from the record's own entries: a note that lies shows in the text.
    const other = Object.freeze({ other: 1 });
    const claimed = Object.freeze({ input: type, extra: 2 });
    noteAppendedEntry(claimed, other, 'extra');
    expect(validationResultText(asResult({ errors: other, warnings: claimed, nodeResults: {} }))).toBe('{"errors":{"other":1},"warnings":{"other":1,"extra":2},"nodeResults":{}}');
  });

  it('writes a noted record entry by entry when its base was not written before or is empty, and drops an entry with no JSON form', () => {
    const unwritten = Object.freeze({ input: 1 });
    const afterUnwritten = Object.freeze({ ...unwritten, name: 2 });
    noteAppendedEntry(afterUnwritten, unwritten, 'name');
    const empty = Object.freeze({});
    const afterEmpty = Object.freeze({ ...empty, only: 3 });
    noteAppendedEntry(afterEmpty, empty, 'only');
    const base = Object.freeze({ kept: 4 });
    const withUndefined = Object.freeze({ ...base, gone: undefined });
    noteAppendedEntry(withUndefined, base, 'gone');
    const value = { errors: { afterUnwritten, empty, afterEmpty }, warnings: { base, withUndefined }, nodeResults: {} };
    expect(validationResultText(asResult(value))).toBe(JSON.stringify(value));
    // In a later result the base comes from its kept bytes.
    const again = { errors: { base, withUndefined, afterUnwritten }, warnings: {}, nodeResults: { unwritten, afterUnwritten } };
    expect(validationResultText(asResult(again))).toBe(JSON.stringify(again));
    expect(validationResultText(asResult(again))).toBe(JSON.stringify(again));
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

  it('writes a validated chain of variables as JSON.stringify does; scenarios with the same property names share their starting variables', () => {
    const model = defaultModel('streaming');
    const chainOf = (n: number) => {
      const list: NodeData[] = [nodes.source('source', 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '1', value: '{amount: 10L}' })];
      for (let i = 1; i < n - 1; i++) list.push(i % 3 === 0 ? nodes.filter(`f${i}`, `#input.amount > ${i}`) : nodes.variable(`v${i}`, `v${i}`, `'text ${i}'`));
      list.push(nodes.sink('sink'));
      return chain(list);
    };
    const long = validateScenario(chainOf(200), model);
    expect(validationResultText(long)).toBe(JSON.stringify(long));
    const short = validateScenario(chainOf(20), model);
    expect(validationResultText(short)).toBe(JSON.stringify(short));
    expect(short.nodeResults.source?.variableTypes).toBe(long.nodeResults.source?.variableTypes);
  });

  it('hands the same bytes where they were written, for the caller to copy before the next result', () => {
    const type = Object.freeze({ display: 'Zażółć', params: Object.freeze([]) });
    const first = { errors: { a: 1 }, warnings: { type }, nodeResults: {} };
    const second = { errors: { b: 'two' }, warnings: {}, nodeResults: { type } };
    const copied = withValidationResultBytes(asResult(first), (written) => {
      expect(utf8.decode(written)).toBe(JSON.stringify(first));
      return { copy: Uint8Array.from(written), view: written };
    });
    expect(utf8.decode(validationResultBytes(asResult(second)))).toBe(JSON.stringify(second));
    expect(utf8.decode(copied.copy)).toBe(JSON.stringify(first));
    // The view was of the writer's buffer: the next result was written over it.
    expect(utf8.decode(copied.view)).not.toBe(JSON.stringify(first));
  });
});
