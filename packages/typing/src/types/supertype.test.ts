import { describe, expect, it } from 'vitest';
import { isNumberWidening, promoteNumberClassNames, promoteNumbers } from './numbers';
import { commonSupertype, commonSupertypeOfAll, commonSupertypeOrUnion } from './supertype';
import { classType, displayType, listType, mapType, nullType, Types, unionType, unknownType, valueType, type TypingResult } from './typing-result';
import { recordType } from './record';

const T = Types;

describe('promoteNumberClassNames', () => {
  it.each<[string, string, string]>([
    ['Integer', 'Integer', 'Integer'],
    ['Integer', 'Long', 'Long'],
    ['Long', 'Integer', 'Long'],
    ['Integer', 'Double', 'Double'],
    ['Long', 'Float', 'Float'],
    ['Float', 'Double', 'Double'],
    ['Double', 'BigDecimal', 'BigDecimal'],
    ['BigInteger', 'Long', 'BigInteger'],
    ['BigInteger', 'Double', 'Double'],
    ['Short', 'Short', 'Integer'],
    ['Byte', 'Short', 'Integer'],
    ['Byte', 'Long', 'Long'],
    ['Integer', 'Number', 'Number'],
    ['Number', 'Double', 'Number'],
  ])('%s op %s -> %s', (left, right, result) => {
    const name = (simple: string) => (simple.startsWith('Big') ? `java.math.${simple}` : `java.lang.${simple}`);
    expect(promoteNumberClassNames(name(left), name(right))).toBe(name(result));
  });
  it('is undefined for non-numbers', () => {
    expect(promoteNumberClassNames('java.lang.String', 'java.lang.Integer')).toBeUndefined();
    expect(promoteNumbers(T.String, T.Integer)).toBeUndefined();
  });
  it('drops known values', () => {
    expect(promoteNumbers(valueType(T.Integer, 1), valueType(T.Long, 2n))).toEqual(T.Long);
  });
  it('knows the implicit widenings', () => {
    expect(isNumberWidening('java.lang.Integer', 'java.math.BigDecimal')).toBe(true);
    expect(isNumberWidening('java.lang.Double', 'java.lang.Integer')).toBe(false);
  });
});

describe('commonSupertype', () => {
  it.each<[string, TypingResult, TypingResult, string]>([
    ['identical', T.String, T.String, 'String'],
    ['different scalars', T.String, T.Integer, 'Unknown'],
    // TypingResultSpec (Nussknacker 1.18): Default.commonSupertype(Int, Long) is Number; SpelExpressionSpec: `1 > 2 ? 12 : 23.0` is Number.
    ['different number classes meet in Number', T.Integer, T.Long, 'Number'],
    ['int and double', T.Integer, T.Double, 'Number'],
    ['Null gives way and drops the value (true ? 8 : null)', valueType(T.Integer, 8), nullType, 'Integer'],
    ['Null on the left', nullType, T.String, 'String'],
    ['equal values stay', valueType(T.Integer, 1), valueType(T.Integer, 1), 'Integer(1)'],
    ['different values dropped', valueType(T.Integer, 1), valueType(T.Integer, 2), 'Integer'],
    ['String and Integer literals', valueType(T.String, '123'), valueType(T.Integer, 123), 'Unknown'],
    ['Unknown wins', T.String, unknownType, 'Unknown'],
    ['lists merge params', listType(T.Integer), listType(T.Long), 'List[Number]'],
    ['lists of unrelated elements', listType(T.Integer), listType(T.String), 'List[Unknown]'],
    ['subclass and superclass', classType('java.util.ArrayList', [T.String]), listType(T.String), 'List[String]'],
    // TypingResultSpec: the fields of both records, common ones with their supertype.
    ['records keep the fields of both', recordType({ foo: T.String, bar: T.Integer, baz: T.String }), recordType({ foo: T.String, bar: T.Long, baz2: T.String }), 'Record{bar: Number, baz2: String, baz: String, foo: String}'],
    ['records with conflicting fields', recordType({ foo: T.String }), recordType({ foo: T.Boolean }), 'Record{foo: Unknown}'],
    // SpelExpressionSpec: `1 > 2 ? {foo: 1} : {bar: 1}` keeps both fields with their values.
    ['records keep known values of one-sided fields', recordType({ foo: valueType(T.Integer, 1) }), recordType({ bar: valueType(T.Integer, 1) }), 'Record{bar: Integer(1), foo: Integer(1)}'],
    ['record and map class meet through the runtime class', recordType({ a: T.Integer }), mapType(T.String, T.Integer), 'Map[String,Integer]'],
    ['record and unrelated class', recordType({ a: T.Integer }), T.String, 'Unknown'],
    ['union folds', unionType(T.Integer, T.Long), T.Integer, 'Number'],
  ])('%s', (_name, a, b, expected) => {
    expect(displayType(commonSupertype(a, b))).toBe(expected);
  });

  it('of many types folds (inline list elements)', () => {
    expect(displayType(commonSupertypeOfAll([valueType(T.Integer, 1), valueType(T.Integer, 2), valueType(T.Integer, 3)]))).toBe('Integer');
    expect(displayType(commonSupertypeOfAll([valueType(T.Integer, 5), valueType(T.String, 't'), nullType]))).toBe('Unknown');
    expect(commonSupertypeOfAll([])).toEqual(unknownType);
  });

  it('or union gives a union where there is no common supertype (elvis)', () => {
    expect(displayType(commonSupertypeOrUnion(T.String, T.Integer))).toBe('Integer | String');
    expect(displayType(commonSupertypeOrUnion(T.Integer, T.Long))).toBe('Number');
    expect(displayType(commonSupertypeOrUnion(unknownType, T.Long))).toBe('Unknown');
  });

  it('does not treat String and Integer as related even though both are Comparable', () => {
    expect(commonSupertype(T.String, classType('java.lang.Integer'))).toEqual(unknownType);
  });
});
