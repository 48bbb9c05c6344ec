import { describe, expect, it } from 'vitest';
import { compileExpression, typeExpression } from './expression';
import { displayType } from '@scenaria/typing';

describe('smoke', () => {
  it.each([
    ['1 + 2', 'Integer(3)', 3],
    ["'a' + 1", 'String(a1)', 'a1'],
    ['{1,2,3}.?[#this > 1]', 'List[Integer]', [2, 3]],
    ["#COLLECTION.concat({1,2}, {3}, {4})", 'List[Integer]', [1, 2, 3, 4]],
    ["#BASE64.encode('abc')", 'String', 'YWJj'],
  ])('%s', (text, type, value) => {
    const result = compileExpression(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(displayType(result.type)).toBe(type);
    expect(result.evaluate()).toEqual(value);
  });
  it('errors', () => {
    expect(typeExpression("'a' - 'a'").errors.map((e) => e.code)).toEqual(['OperatorNonNumericError']);
  });
});
