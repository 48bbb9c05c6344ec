import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { linearNativeMatcher } from './linear-pattern';

describe('linear native matchers', () => {
  it.each([
    '[a-z]+@[a-z]+\\.com', '\\d{4}-\\d{2}-\\d{2}', '[A-Z][a-z]+', '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}',
    'a.*', '.*', '', 'abc', '[^,]*,[^,]*', '\\w+\\s\\d+', 'x?y', '[-+]?\\d+', '\\.\\*', '[]a]+b', 'é+ł', '😀+a',
  ])('runs %j natively', (pattern) => {
    expect(linearNativeMatcher(pattern)).toBeInstanceOf(RegExp);
  });

  it.each([
    // Ambiguous: a repeated item shares characters with what follows it.
    'a*a*a*a*b', '.*a', 'a+a', '\\w+\\d', 'a*b?a', '[a-z]*[a-c]',
    // Outside the grammar: groups, alternation, anchors, flags, lazy quantifiers, other escapes.
    '((a+))+', '(a|aa)+b', 'a|b', '^a$', '(?i)a', 'a*?b', 'a{2,}?', '\\x41', '\\u0041', '\\v', '\\bword', '[[:alpha:]]', '[a-z&&[^b]]', 'a{,3}',
  ])('leaves %j to re2js', (pattern) => {
    expect(linearNativeMatcher(pattern)).toBeUndefined();
  });

  // The native expression must mean what RE2 means on every text: compare both on texts built from the
  // characters the patterns use, plus the ones where JavaScript and RE2 classes differ.
  const alphabet = ['a', 'b', 'z', 'A', '0', '9', '-', '.', '@', ',', ' ', '\t', '\n', '\r', '\u000b', '\u00a0', '\u2028', '_', 'é', '😀', '+'];
  function* texts(): Generator<string> {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 400; n++) {
      const length = next() % 8;
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      yield text;
    }
  }
  it.each(['[a-z]+@[a-z]+\\.com', '.*', 'a.*', '\\s+', '\\S*', '\\w+', '\\W?', '\\d*', '\\D+', '[^a]*', '[-+]?\\d+', '[\\s\\d]*', '.+', 'a?b?\\.?', 'é*😀?'])(
    '%j agrees with re2js',
    (pattern) => {
      const native = linearNativeMatcher(pattern)!;
      const re2 = RE2JS.compile(pattern);
      for (const text of texts()) expect([text, native.test(text)]).toEqual([text, re2.matches(text)]);
    },
  );
});
