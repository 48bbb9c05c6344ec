import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { countSplitParts, isPatternSyntaxError, javaMatches, javaReplaceAll, javaReplaceFirst, javaSplit } from './regex';

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
  it.each<[string, string]>([
    ['(a)\\1', 'back-reference'],
    ['(?<n>a)\\k<n>', 'named back-reference'],
    ['(?=a)a', 'lookahead'],
    ['(?!b)a', 'lookahead'],
    ['(?<=a)b', 'lookbehind'],
    ['(?<!a)b', 'lookbehind'],
    ['(?>a+)b', 'atomic group'],
    ['a++b', 'possessive'],
    ['a*+b', 'possessive'],
    ['a{2}+', 'possessive'],
    ['[a-z&&[^aeiou]]', 'character class intersection'],
    ['[a[b]]', 'nested character class'],
    ['[[:alpha:]]', 'nested character class'],
    ['(?U)\\w+', 'flag U'],
  ])('refuses %j, naming the %s', (pattern, construct) => {
    let caught: unknown;
    try {
      javaMatches('ab', pattern);
    } catch (error) {
      caught = error;
    }
    expect(isPatternSyntaxError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'IllegalArgumentException' });
    expect((caught as Error).message).toContain(construct);
  });
  it('keeps escapes, quoting and the classes Java and RE2 share', () => {
    expect(javaMatches('a.b', '\\Qa.b\\E')).toBe(true);
    expect(javaMatches('axb', '\\Qa.b\\E')).toBe(false);
    expect(javaMatches('[x]', '\\[x\\]')).toBe(true);
    expect(javaMatches(']', '[]]')).toBe(true);
    expect(javaMatches('A1_', '\\w+')).toBe(true);
    expect(javaMatches('AB', '(?i)ab')).toBe(true);
    expect(javaMatches('x12', '(?<name>x)\\d+')).toBe(true);
    expect(javaReplaceAll('John Smith', '(?<first>\\w+) (?<last>\\w+)', '${last}, ${first}')).toBe('Smith, John');
    expect(javaReplaceAll('a1b2', '\\d', '$0$0')).toBe('a11b22');
  });
  it('runs patterns that backtrack exponentially elsewhere in linear time', () => {
    const start = Date.now();
    expect(javaMatches(`${'a'.repeat(5000)}!`, '((a+))+')).toBe(false);
    expect(javaMatches('a'.repeat(5000), 'a*a*a*a*b')).toBe(false);
    expect(javaMatches(`${'a'.repeat(5000)}b`, '(.*a){20}')).toBe(false);
    expect(javaSplit('a'.repeat(5000), '(a|aa)+b')).toEqual(['a'.repeat(5000)]);
    // Generous: a backtracking engine needs hours for any of these.
    expect(Date.now() - start).toBeLessThan(5000);
  });
  it('splits by a plain separator as the regex engine does, with every limit', () => {
    const texts = ['', 'a', ',', ',,', 'a,b', 'a,b,,', ',a,b', 'a,,b', '::a::b::', 'a😀b😀', 'x'.repeat(5)];
    const separators = [',', '::', '😀', 'x', 'xx', 'ab'];
    for (const text of texts) {
      for (const separator of separators) {
        for (const limit of [-1, 0, 1, 2, 3, 10]) {
          const viaEngine = RE2JS.compile(separator).split(text, limit);
          expect(javaSplit(text, separator, limit), JSON.stringify({ text, separator, limit })).toEqual(viaEngine);
          // The count bounds what the split builds (trailing empty parts are counted before a limit of 0 drops them).
          expect(countSplitParts(text, separator, limit, 1000)).toBeGreaterThanOrEqual(viaEngine.length);
        }
      }
    }
  });
  it('counts split parts without building them, up to a cap', () => {
    expect(countSplitParts('a,b,c', ',', 0, 100)).toBe(3);
    expect(countSplitParts('abc', '', 0, 100)).toBe(3);
    expect(countSplitParts('a1b22c', '\\d+', 0, 100)).toBe(3);
    expect(countSplitParts('x'.repeat(1000), '', 0, 10)).toBe(10);
    expect(countSplitParts('a,b,c', ',', 2, 100)).toBe(2);
  });
});

describe('replaceAll and replaceFirst as re2js java mode reads them (the engine before replacements were read once)', () => {
  // Plain-text patterns ('😀', 'a', 'aa', ' w', '-') take the indexOf path where the replacement has no `$` or `\`;
  // '[a-z]*' matches the empty text after a match that ends the text; '\d+' and '([a-z]+)(\d*)' never match it.
  const patterns = ['(\\d{3})(\\d{3})(\\d{3})', '(a)|(b)', 'x*', '(?<word>\\w+)', '(\\d)(\\d)?', '😀', '(.)', 'a', 'aa', ' w', '-', '[a-z]*', '\\d+', '([a-z]+)(\\d*)'];
  const replacements = ['$1-$2-$3', '[$0]', '$2$1', '${word}!', '\\$1 \\\\', '$', '$9', '$12', '${nope}', '${open', '$x', 'end\\', '', 'plain', '$10', '😀$1'];
  const texts = ['123456789', 'abcab', '', 'xxa', 'hello world', '12 3 45', 'a😀b😀', 'aaa', 'a-b--c-'];

  function viaRe2js(text: string, pattern: string, replacement: string, all: boolean): string {
    const matcher = RE2JS.compile(pattern).matcher(text);
    try {
      return all ? matcher.replaceAll(replacement, true) : matcher.replaceFirst(replacement, true);
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  }

  function ours(text: string, pattern: string, replacement: string, all: boolean): string {
    try {
      return all ? javaReplaceAll(text, pattern, replacement) : javaReplaceFirst(text, pattern, replacement);
    } catch (error) {
      expect(error).toMatchObject({ code: 'IllegalArgumentException' });
      return `error: ${(error as Error).message}`;
    }
  }

  it('reads a replacement longer than a pattern may be for its call alone, with the same result', () => {
    const long = `<$1>${'x'.repeat(5000)}`;
    expect(javaReplaceAll('a1b2', '(\\d)', long)).toBe(`a<1>${'x'.repeat(5000)}b<2>${'x'.repeat(5000)}`);
    expect(() => javaReplaceAll('a1', '\\d', `${'x'.repeat(5000)}$`)).toThrow(expect.objectContaining({ code: 'IllegalArgumentException' }));
  });

  it('gives the same text, or refuses with the same message, on every combination', () => {
    for (const pattern of patterns) {
      for (const replacement of replacements) {
        for (const text of texts) {
          for (const all of [true, false]) {
            expect(ours(text, pattern, replacement, all), JSON.stringify({ text, pattern, replacement, all })).toBe(viaRe2js(text, pattern, replacement, all));
          }
        }
      }
    }
  });
});
