import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { linearMinimumLength, linearNativeGroups, linearNativeMatcher } from './linear-pattern';

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

describe('linear native group readers', () => {
  it.each(['(\\d{3})(\\d{3})(\\d{3})', '([a-z]+)@([a-z]+)\\.com', '((\\d+)-)(\\w)', '(a)(b?)c', '()x', '(.*)', '([^,]*),([^,]*)', '(😀+)(a)'])('reads the groups of %j', (pattern) => {
    expect(linearNativeGroups(pattern)).toBeInstanceOf(RegExp);
  });

  it.each([
    // No group to read; a quantified or special group; alternation; unbalanced; ambiguous items.
    '\\d+', '(\\d)+', '(ab)?', '(a)(b)?c', '(a){2}', '(?<name>a)', '(?:a)', '(?i)(a)', '(a)|(b)', '(a', 'a)', '(a*)(a)', '(\\w+)(\\d)',
  ])('leaves %j to re2js', (pattern) => {
    expect(linearNativeGroups(pattern)).toBeUndefined();
  });

  // On every whole match re2js finds, the native reader gives each group what re2js gives it.
  const alphabet = ['a', 'b', 'c', 'x', 'z', '0', '1', '9', '-', '.', '@', ',', ' ', '\n', '_', 'é', '😀'];
  it.each(['(\\d{3})(\\d{3})(\\d{3})', '([a-z]+)@([a-z]+)\\.com', '((\\d+)-)(\\w)', '(a)(b?)c', '()x', '(.*)', '([^,]*),([^,]*)', '(😀+)(a)', '(\\w*)(-)(\\d?)'])(
    '%j gives the groups re2js gives',
    (pattern) => {
      const reader = linearNativeGroups(pattern)!;
      const re2 = RE2JS.compile(pattern);
      let seed = 11;
      const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
      let compared = 0;
      // Random texts, and some that the longer patterns match.
      const samples = ['123456789', 'x1234567890123y', 'bob@example.com, a@b.com', 'ann@x.com@y.com', '12-a 3-😀', 'ab c abc'];
      for (let n = 0; n < 3000 + samples.length; n++) {
        let text = samples[n - 3000] ?? '';
        if (n < 3000) for (let i = next() % 12; i > 0; i--) text += alphabet[next() % alphabet.length];
        const matcher = re2.matcher(text);
        while (matcher.find()) {
          const groups = reader.exec(text.slice(matcher.start(), matcher.end()));
          expect(groups, `${pattern} on ${JSON.stringify(text)}`).not.toBeNull();
          for (let group = 1; group <= re2.groupCount(); group++) expect([text, group, groups![group] ?? null]).toEqual([text, group, matcher.group(group)]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
    },
  );
});

describe('linear minimum length', () => {
  it('is the sum of the items\' least counts, through plain groups; undefined outside the grammar', () => {
    expect(linearMinimumLength('(\\d{3})(\\d{3})(\\d{3})')).toBe(9);
    expect(linearMinimumLength('[a-z]+\\d?')).toBe(1);
    expect(linearMinimumLength('a*(b?)')).toBe(0);
    expect(linearMinimumLength('x{2,5}y{0,3}')).toBe(2);
    expect(linearMinimumLength('a|b')).toBeUndefined();
    expect(linearMinimumLength('^a')).toBeUndefined();
    expect(linearMinimumLength('\\ba')).toBeUndefined();
  });
});
