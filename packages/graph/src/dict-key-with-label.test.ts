import { describe, expect, it } from 'vitest';
import { dictKeyWithLabelExpression, parseDictKeyWithLabel } from './dict-key-with-label';

describe('dictKeyWithLabel expressions', () => {
  it('writes the original JSON form and reads it back', () => {
    const expression = dictKeyWithLabelExpression({ key: 'EUR', label: 'Euro' });
    expect(expression).toEqual({ language: 'dictKeyWithLabel', expression: '{"key":"EUR","label":"Euro"}' });
    expect(parseDictKeyWithLabel(expression.expression)).toEqual({ key: 'EUR', label: 'Euro' });
  });

  it('reads a missing label as the key and refuses text without a string key', () => {
    expect(parseDictKeyWithLabel('{"key":"PLN"}')).toEqual({ key: 'PLN', label: 'PLN' });
    expect(parseDictKeyWithLabel('{"key":1}')).toBeUndefined();
    expect(parseDictKeyWithLabel("'EUR'")).toBeUndefined();
    expect(parseDictKeyWithLabel('null')).toBeUndefined();
  });
});
