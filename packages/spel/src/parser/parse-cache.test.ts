import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayType, Types } from '@scenaria/typing';
import { compileExpression, typeExpression } from '../expression';
import { cachedParseExpression, cachedParseTemplate, clearParseCache, PARSE_CACHE_MAX_CHARS, PARSE_CACHE_MAX_ENTRIES, PARSE_CACHE_MAX_OBJECTS, parseCacheWeight } from './parse-cache';
import { parseExpression } from './parse-expression';

// Other files' tests on this thread may have filled the cache.
beforeEach(clearParseCache);
afterEach(clearParseCache);

describe('parse cache', () => {
  it('answers the same frozen tree for the same text, equal to a fresh parse', () => {
    const first = cachedParseExpression("#a.b + {1, 2}.?[#this > 1].size() + 'x'");
    const second = cachedParseExpression("#a.b + {1, 2}.?[#this > 1].size() + 'x'");
    expect(second).toBe(first);
    expect(first).toEqual(parseExpression("#a.b + {1, 2}.?[#this > 1].size() + 'x'"));
    expect(Object.isFrozen(first.ast)).toBe(true);
    expect(() => {
      (first.ast as { range: { start: number } }).range.start = 5;
    }).toThrow(TypeError);
  });

  it('keeps syntax errors with the tree, and frozen', () => {
    const parsed = cachedParseExpression('1 +');
    expect(parsed.errors.length).toBeGreaterThan(0);
    expect(cachedParseExpression('1 +')).toBe(parsed);
    expect(Object.isFrozen(parsed.errors[0])).toBe(true);
  });

  it('types one shared tree by each call’s own variables', () => {
    expect(displayType(typeExpression('#a + 1', { variables: { a: Types.Integer } }).type)).toBe('Integer');
    expect(displayType(typeExpression('#a + 1', { variables: { a: Types.String } }).type)).toBe('String');
    expect(typeExpression('#a + 1', { variables: {} }).errors.map((error) => error.code)).toEqual(['UnresolvedReferenceError']);
  });

  it('compiles one shared tree more than once', () => {
    const integer = compileExpression('#a + 2', { variables: { a: Types.Integer } });
    const string = compileExpression('#a + 2', { variables: { a: Types.String } });
    if (!integer.ok || !string.ok) throw new Error('did not compile');
    expect(integer.evaluate({ a: 4 })).toBe(6);
    expect(string.evaluate({ a: 'x' })).toBe('x2');
  });

  it('caches templates apart from expressions', () => {
    const template = cachedParseTemplate('Hello #{#name}');
    expect(cachedParseTemplate('Hello #{#name}')).toBe(template);
    expect(template.template.parts).toHaveLength(2);
    expect(displayType(typeExpression('Hello #{#name}', { language: 'spelTemplate', variables: { name: Types.String } } as never).type)).toBe('String');
  });

  it('holds at most its number of texts, and keeps those asked again when new ones come', () => {
    // `#t1`-like texts are few tree objects: the number of texts is the bound that binds.
    const kept = cachedParseExpression('#kept');
    for (let index = 0; index < PARSE_CACHE_MAX_ENTRIES + 100; index++) {
      cachedParseExpression(`#t${index}`);
      if (index % 1000 === 0) cachedParseExpression('#kept');
    }
    expect(parseCacheWeight().texts).toBe(PARSE_CACHE_MAX_ENTRIES);
    expect(parseCacheWeight().objects).toBeLessThan(PARSE_CACHE_MAX_OBJECTS);
    expect(cachedParseExpression('#kept')).toBe(kept);
    // Texts asked twice take the places of those not asked since: the cache keeps its size.
    const lateTexts = Array.from({ length: 100 }, (_, index) => `#late${index}`);
    for (let round = 0; round < 4; round++) for (const text of lateTexts) cachedParseExpression(text);
    const late = lateTexts.map((text) => cachedParseExpression(text));
    expect(lateTexts.filter((text, index) => cachedParseExpression(text) === late[index]).length).toBe(lateTexts.length);
    expect(parseCacheWeight().texts).toBe(PARSE_CACHE_MAX_ENTRIES);
    expect(cachedParseExpression('#kept')).toBe(kept);
  });

  it('keeps a text asked now and then while new texts asked twice take the places of those asked once', () => {
    const kept = cachedParseExpression('#steady');
    const once = cachedParseExpression('#once');
    const interval = PARSE_CACHE_MAX_ENTRIES / 2 - 1;
    for (let index = 0; index < 3 * PARSE_CACHE_MAX_ENTRIES; index++) {
      cachedParseExpression(`#v${index}`);
      cachedParseExpression(`#v${index}`);
      if (index % interval === 0) expect(cachedParseExpression('#steady')).toBe(kept);
    }
    expect(cachedParseExpression('#steady')).toBe(kept);
    // A text not asked again is gone: asked now, it is parsed anew.
    expect(cachedParseExpression('#once')).not.toBe(once);
  });

  it('keeps most of a scenario with more expressions than it holds, asked in the same order again and again', () => {
    // Short texts: the number of texts is the bound that binds.
    const texts = Array.from({ length: PARSE_CACHE_MAX_ENTRIES + PARSE_CACHE_MAX_ENTRIES / 4 }, (_, index) => `#v${index}`);
    let previous = texts.map((text) => cachedParseExpression(text));
    let kept = 0;
    for (let pass = 0; pass < 3; pass++) {
      const now = texts.map((text) => cachedParseExpression(text));
      kept = now.filter((tree, index) => tree === previous[index]).length;
      previous = now;
    }
    // Least-recently-used kept none of them: each was dropped just before it was asked again.
    expect(kept).toBeGreaterThan(PARSE_CACHE_MAX_ENTRIES * 0.9);
    expect(parseCacheWeight().texts).toBeLessThanOrEqual(PARSE_CACHE_MAX_ENTRIES);
  });

  it('makes room for new texts once the old ones are no longer asked', () => {
    for (let index = 0; index < PARSE_CACHE_MAX_ENTRIES; index++) cachedParseExpression(`#old${index}`);
    for (let index = 0; index < PARSE_CACHE_MAX_ENTRIES; index++) cachedParseExpression(`#old${index}`);
    // Every entry is used: the first new texts pass over them, the later ones take their places.
    for (let pass = 0; pass < 3; pass++) for (let index = 0; index < PARSE_CACHE_MAX_ENTRIES; index++) cachedParseExpression(`#new${index}`);
    const tree = cachedParseExpression('#new0');
    expect(cachedParseExpression('#new0')).toBe(tree);
    expect(parseCacheWeight().texts).toBe(PARSE_CACHE_MAX_ENTRIES);
    const news = Array.from({ length: PARSE_CACHE_MAX_ENTRIES }, (_, index) => cachedParseExpression(`#new${index}`));
    expect(news.filter((parsed, index) => cachedParseExpression(`#new${index}`) === parsed).length).toBe(PARSE_CACHE_MAX_ENTRIES);
  });

  it('holds at most its number of tree objects: long chains of operators are few', () => {
    const chain = (index: number) => `${index}+${'1+'.repeat(2000)}1`;
    for (let index = 0; index < 60; index++) cachedParseExpression(chain(index));
    const { texts, objects } = parseCacheWeight();
    expect(objects).toBeLessThanOrEqual(PARSE_CACHE_MAX_OBJECTS);
    expect(texts).toBeGreaterThan(0);
    expect(texts).toBeLessThan(60);
    expect(parseCacheWeight().chars).toBeLessThan(PARSE_CACHE_MAX_CHARS);
  });

  it('holds at most its number of characters, and never a very long text', () => {
    const long = (index: number) => `'${String(index).padEnd(3000, 'x')}'`;
    for (let index = 0; index < 200; index++) cachedParseExpression(long(index));
    expect(parseCacheWeight().texts).toBeLessThanOrEqual(Math.floor(PARSE_CACHE_MAX_CHARS / long(0).length));
    clearParseCache();
    const huge = `'${'y'.repeat(10_000)}'`;
    const parsed = cachedParseExpression(huge);
    expect(parseCacheWeight().texts).toBe(0);
    expect(cachedParseExpression(huge)).not.toBe(parsed);
  });
});
