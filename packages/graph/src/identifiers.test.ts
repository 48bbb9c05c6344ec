import { describe, expect, it } from 'vitest';
import { MAX_IDENTIFIER_LENGTH, validateNodeId, validateScenarioName } from './identifiers';

describe('identifier rules', () => {
  it.each(['filter', 'filter 2', 'Détecter les fraudes', 'a-b_c/d#$', '🙂 emoji', 'x'])('accepts %j', (id) => {
    expect(validateNodeId(id)).toEqual([]);
    expect(validateScenarioName(id)).toEqual([]);
  });

  it.each([
    ['', ['EmptyName']],
    [' leading', ['SurroundingWhitespace']],
    ['trailing ', ['SurroundingWhitespace']],
    ['tab\tinside', ['IllegalCharacter']],
    ['a.b', ['IllegalCharacter']],
    ['say "hi"', ['IllegalCharacter']],
    ["it's", ['IllegalCharacter']],
    ['line\nbreak', ['IllegalCharacter']],
    [' it.s ', ['SurroundingWhitespace', 'IllegalCharacter']],
  ])('refuses %j', (id, expected) => {
    expect(validateNodeId(id, ['nodes', 0, 'id']).map((issue) => issue.code)).toEqual(expected);
    expect(validateScenarioName(id).map((issue) => issue.code)).toEqual(expected);
  });

  it('carries the path and node id, and handles non-strings', () => {
    expect(validateNodeId('a.b', ['nodes', 3, 'id'])).toMatchObject([{ path: ['nodes', 3, 'id'], nodeIds: ['a.b'] }]);
    expect(validateScenarioName(7)).toMatchObject([{ code: 'InvalidType' }]);
  });

  it('accepts 255 characters and refuses more, with a message naming the limit', () => {
    expect(MAX_IDENTIFIER_LENGTH).toBe(255);
    expect(validateScenarioName('a'.repeat(255))).toEqual([]);
    expect(validateNodeId('🙂'.repeat(127))).toEqual([]);
    for (const long of ['a'.repeat(256), 'a'.repeat(100_000)]) {
      expect(validateScenarioName(long).map((issue) => issue.code)).toEqual(['TooLong']);
      expect(validateNodeId(long, ['nodes', 0, 'id'])).toMatchObject([{ code: 'TooLong', path: ['nodes', 0, 'id'] }]);
    }
    expect(validateScenarioName('a'.repeat(256))[0]?.message).toContain('255');
  });
});
