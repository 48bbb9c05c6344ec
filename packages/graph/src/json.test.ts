import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, inspectJsonText } from './json';

describe('inspectJsonText', () => {
  it('counts nesting of arrays and objects up to the limit', () => {
    expect(inspectJsonText('[[{"a":[1]}]]', 4)).toEqual({ tooDeep: false, hasNulCharacter: false });
    expect(inspectJsonText('[[{"a":[1]}]]', 3).tooDeep).toBe(true);
    expect(inspectJsonText('[1],[2],[3]', 1).tooDeep).toBe(false);
    expect(inspectJsonText('['.repeat(20_000) + ']'.repeat(20_000)).tooDeep).toBe(true);
    expect(inspectJsonText('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).tooDeep).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(inspectJsonText(JSON.stringify({ text: '[[[[{{{{' }), 1).tooDeep).toBe(false);
    expect(inspectJsonText(JSON.stringify({ text: 'say \\"[[[[' }), 1).tooDeep).toBe(false);
    expect(inspectJsonText(JSON.stringify(['a\\', [[1]]]), 2).tooDeep).toBe(true);
  });

  it('finds NUL characters in strings, escaped or raw, but not an escaped backslash before u0000', () => {
    expect(inspectJsonText(JSON.stringify({ comment: 'a\u0000b' }), 10).hasNulCharacter).toBe(true);
    expect(inspectJsonText('["a\u0000"]', 10).hasNulCharacter).toBe(true);
    expect(inspectJsonText(JSON.stringify({ comment: '\\u0000' }), 10).hasNulCharacter).toBe(false);
    expect(inspectJsonText(JSON.stringify({ comment: 'plain' }), 10).hasNulCharacter).toBe(false);
  });
});
