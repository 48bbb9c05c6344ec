import { afterEach, describe, expect, it } from 'vitest';
import { displayType, Types } from '@scenaria/typing';
import { compileExpression, typeExpression } from '../expression';
import { cachedParseExpression, cachedParseTemplate, clearParseCache, PARSE_CACHE_MAX_CHARS, PARSE_CACHE_MAX_ENTRIES, PARSE_CACHE_MAX_OBJECTS, parseCacheWeight } from './parse-cache';
import { parseExpression } from './parse-expression';

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

  it('holds at most its number of texts, dropping the least recently used', () => {
    const kept = cachedParseExpression('#kept');
    for (let index = 0; index < PARSE_CACHE_MAX_ENTRIES + 100; index++) {
      cachedParseExpression(`${index} + 1`);
      // Used all along, so never the oldest.
      if (index % 1000 === 0) cachedParseExpression('#kept');
    }
    expect(parseCacheWeight().texts).toBe(PARSE_CACHE_MAX_ENTRIES);
    expect(cachedParseExpression('#kept')).toBe(kept);
    const early = cachedParseExpression('0 + 1');
    expect(cachedParseExpression('0 + 1')).toBe(early);
  });

  it('keeps a text asked at least once while the cache takes half its number of new texts', () => {
    const kept = cachedParseExpression('#steady');
    const once = cachedParseExpression('#once');
    const interval = PARSE_CACHE_MAX_ENTRIES / 2 - 1;
    for (let index = 0; index < 3 * PARSE_CACHE_MAX_ENTRIES; index++) {
      cachedParseExpression(`#v${index}`);
      if (index % interval === 0) expect(cachedParseExpression('#steady')).toBe(kept);
    }
    expect(cachedParseExpression('#steady')).toBe(kept);
    // A text not asked again is gone: asked now, it is parsed anew.
    expect(cachedParseExpression('#once')).not.toBe(once);
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
