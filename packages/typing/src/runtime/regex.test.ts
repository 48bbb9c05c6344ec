import { describe, expect, it } from 'vitest';
import { javaMatches, javaReplaceAll, javaReplaceFirst, javaSplit } from './regex';

describe('Java regular expressions', () => {
  it.each<[string, string, boolean]>([
    ['abc', 'a.*', true],
    ['xabc', 'a.*', false],
    ['abc', 'b', false],
    ['ABC', '(?i)abc', true],
    ['a|b', 'a\\|b', true],
    ['', '', true],
  ])('%j matches %j: %s', (text, pattern, expected) => {
    expect(javaMatches(text, pattern)).toBe(expected);
  });
  it.each<[string, string, string[]]>([
    ['a,b,c', ',', ['a', 'b', 'c']],
    ['a,b,,', ',', ['a', 'b']],
    [',a', ',', ['', 'a']],
    [',', ',', []],
    ['', ',', ['']],
    ['abc', '', ['a', 'b', 'c']],
    ['a1b22c', '\\d+', ['a', 'b', 'c']],
    ['a b  c', ' ', ['a', 'b', '', 'c']],
  ])('split %j by %j', (text, pattern, expected) => {
    expect(javaSplit(text, pattern)).toEqual(expected);
  });
  it('split with a limit keeps the rest and trailing empties', () => {
    expect(javaSplit('a,b,c', ',', 2)).toEqual(['a', 'b,c']);
    expect(javaSplit('a,,', ',', -1)).toEqual(['a', '', '']);
  });
  it('replaces with Java replacement syntax', () => {
    expect(javaReplaceAll('a1b2', '(\\d)', '<$1>')).toBe('a<1>b<2>');
    expect(javaReplaceAll('cost', 'cost', '\\$5')).toBe('$5');
    expect(javaReplaceFirst('aaa', 'a', 'b')).toBe('baa');
  });
  it('fails on invalid patterns and replacements with IllegalArgumentException', () => {
    expect(() => javaMatches('a', '(')).toThrow(expect.objectContaining({ code: 'IllegalArgumentException' }));
    expect(() => javaReplaceAll('a', 'a', '$x')).toThrow(expect.objectContaining({ code: 'IllegalArgumentException' }));
  });
});
