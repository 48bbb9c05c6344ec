import { describe, expect, it } from 'vitest';
import { validateNodeId, validateScenarioName } from './identifiers';

describe('identifier rules', () => {
  it.each(['filter', 'filter 2', 'Détecter les fraudes', 'a-b_c/d#$', '🙂 emoji', 'x'])('accepts %j', (id) => {
    expect(validateNodeId(id)).toEqual([]);
    expect(validateScenarioName(id)).toEqual([]);
  });

  it.each([
    ['', ['emptyName']],
    [' leading', ['surroundingWhitespace']],
    ['trailing ', ['surroundingWhitespace']],
    ['tab\tinside', ['illegalCharacter']],
    ['a.b', ['illegalCharacter']],
    ['say "hi"', ['illegalCharacter']],
    ["it's", ['illegalCharacter']],
    ['line\nbreak', ['illegalCharacter']],
    [' it.s ', ['surroundingWhitespace', 'illegalCharacter']],
  ])('refuses %j', (id, expected) => {
    expect(validateNodeId(id, ['nodes', 0, 'id']).map((issue) => issue.code)).toEqual(expected);
    expect(validateScenarioName(id).map((issue) => issue.code)).toEqual(expected);
  });

  it('carries the path and node id, and handles non-strings', () => {
    expect(validateNodeId('a.b', ['nodes', 3, 'id'])).toMatchObject([{ path: ['nodes', 3, 'id'], nodeIds: ['a.b'] }]);
    expect(validateScenarioName(7)).toMatchObject([{ code: 'invalidType' }]);
  });
});
