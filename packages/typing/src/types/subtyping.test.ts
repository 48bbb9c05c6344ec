import { describe, expect, it } from 'vitest';
import { standardClassRegistry } from '../registry/standard-registry';
import { canBeSubclassOf } from './subtyping';
import { arrayType, classType, dictType, listType, mapType, nullType, setType, taggedType, Types, unionType, unknownType, valueType, type TypingResult } from './typing-result';
import { recordType } from './record';

const T = Types;

describe('canBeSubclassOf', () => {
  it.each<[string, TypingResult, TypingResult, boolean]>([
    ['same class', T.String, T.String, true],
    ['different classes', T.String, T.Integer, false],
    ['Integer is a Number', T.Integer, T.Number, true],
    ['Number is not an Integer', T.Number, T.Integer, false],
    ['String is Comparable', T.String, classType('java.lang.Comparable'), true],
    ['String is a CharSequence', T.String, classType('java.lang.CharSequence'), true],
    ['Integer widens to Long', T.Integer, T.Long, true],
    ['Integer widens to Double', T.Integer, T.Double, true],
    ['Integer widens to BigDecimal', T.Integer, T.BigDecimal, true],
    ['Long widens to Double', T.Long, T.Double, true],
    ['Long does not narrow to Integer', T.Long, T.Integer, false],
    ['Double does not narrow to Long', T.Double, T.Long, false],
    ['Double does not narrow to Float', T.Double, T.Float, false],
    ['Short widens to Integer', T.Short, T.Integer, true],
    ['Unknown fits anything', unknownType, T.String, true],
    ['anything fits Unknown', listType(T.String), unknownType, true],
    ['Null fits a class', nullType, T.String, true],
    ['Null fits a record', nullType, recordType({ a: T.String }), true],
    ['Null does not fit a known value', nullType, valueType(T.Integer, 5), false],
    ['a class does not fit Null', T.String, nullType, false],
    ['Null fits Null', nullType, nullType, true],
    ['List[Integer] fits List[Number] (covariant)', listType(T.Integer), listType(T.Number), true],
    ['List[Number] does not fit List[Integer]', listType(T.Number), listType(T.Integer), false],
    ['List[Integer] fits List[Unknown]', listType(T.Integer), listType(unknownType), true],
    ['List[Unknown] fits List[Integer]', listType(unknownType), listType(T.Integer), true],
    ['ArrayList fits List', classType('java.util.ArrayList', [T.String]), listType(T.String), true],
    ['List fits Collection', listType(T.String), classType('java.util.Collection', [T.String]), true],
    ['Collection params are lax (either direction)', classType('java.util.Collection', [T.Number]), classType('java.util.Collection', [T.Integer]), true],
    ['Collection params must still be related', classType('java.util.Collection', [T.String]), classType('java.util.Collection', [T.Integer]), false],
    ['Set does not fit List', setType(T.String), listType(T.String), false],
    ['map values covariant', mapType(T.String, T.Integer), mapType(T.String, T.Number), true],
    ['map values not contravariant', mapType(T.String, T.Number), mapType(T.String, T.Integer), false],
    ['map keys invariant (subclass key rejected)', mapType(T.Integer, T.String), mapType(T.Number, T.String), false],
    ['map keys invariant (widening key rejected)', mapType(T.Integer, T.String), mapType(T.Long, T.String), false],
    ['map keys equal', mapType(T.Integer, T.String), mapType(T.Integer, T.String), true],
    ['array elements covariant', arrayType(T.Integer), arrayType(T.Number), true],
    ['array fits List', arrayType(T.String), listType(T.String), true],
    ['array of wrong elements does not fit List', arrayType(T.String), listType(T.Integer), false],
    ['record fits Map[String,V] when all fields fit V', recordType({ a: T.Integer, b: T.Long }), mapType(T.String, T.Number), true],
    ['record does not fit Map[String,V] when a field does not fit', recordType({ a: T.Integer, b: T.String }), mapType(T.String, T.Number), false],
    ['record does not fit Map[Integer,V]', recordType({ a: T.Integer }), mapType(T.Integer, T.Integer), false],
    ['record fits raw Map', recordType({ a: T.Integer }), classType('java.util.Map'), true],
    ['record fits record with fewer fields', recordType({ a: T.Integer, b: T.String }), recordType({ a: T.Number }), true],
    ['record missing a required field', recordType({ a: T.Integer }), recordType({ a: T.Integer, b: T.String }), false],
    ['record with incompatible field', recordType({ a: T.String }), recordType({ a: T.Integer }), false],
    ['Map class does not fit a record', mapType(T.String, T.String), recordType({ a: T.String }), false],
    ['value fits its class', valueType(T.Integer, 5), T.Integer, true],
    ['value fits a wider class', valueType(T.Integer, 5), T.Long, true],
    ['equal value fits value', valueType(T.Integer, 5), valueType(T.Integer, 5), true],
    ['other value does not fit value', valueType(T.Integer, 6), valueType(T.Integer, 5), false],
    ['a class without a value fits a value (it could hold it)', T.Integer, valueType(T.Integer, 5), true],
    ['another class does not fit a value', T.String, valueType(T.Integer, 5), false],
    ['union fits when a member fits', unionType(T.String, T.Integer), T.Integer, true],
    ['union with no fitting member', unionType(T.String, T.Boolean), T.Integer, false],
    ['type fits a union containing it', T.Integer, unionType(T.String, T.Integer), true],
    ['type does not fit an unrelated union', T.Boolean, unionType(T.String, T.Integer), false],
    ['dict fits same dict', dictType('d', T.String), dictType('d', T.String), true],
    ['dict does not fit other dict', dictType('d', T.String), dictType('e', T.String), false],
    ['dict does not fit its value class', dictType('d', T.String), T.String, false],
    ['a class does not fit a dict', T.String, dictType('d', T.String), false],
    ['tagged fits same tag', taggedType(T.String, 't'), taggedType(T.String, 't'), true],
    ['tagged does not fit other tag', taggedType(T.String, 't'), taggedType(T.String, 'u'), false],
    ['untagged does not fit tagged', T.String, taggedType(T.String, 't'), false],
    ['tagged fits its class', taggedType(T.String, 't'), T.String, true],
    ['String literal that parses fits LocalDate', valueType(T.String, '2024-01-31'), T.LocalDate, true],
    ['String literal that does not parse', valueType(T.String, '2024-13-31'), T.LocalDate, false],
    ['String of unknown value does not fit LocalDate', T.String, T.LocalDate, false],
    ['String literal zone fits ZoneId', valueType(T.String, 'Europe/Warsaw'), T.ZoneId, true],
    ['bad zone literal', valueType(T.String, 'Mars/Base'), T.ZoneId, false],
    ['UUID literal', valueType(T.String, '123e4567-e89b-12d3-a456-426614174000'), T.UUID, true],
    ['bad UUID literal', valueType(T.String, 'not-a-uuid'), T.UUID, false],
    ['Locale literal', valueType(T.String, 'pl_PL'), T.Locale, true],
    ['Charset literal', valueType(T.String, 'utf-8'), T.Charset, true],
    ['Currency literal', valueType(T.String, 'EUR'), T.Currency, true],
    ['String does not fit Integer', valueType(T.String, '12'), T.Integer, false],
    ['ZoneOffset is a ZoneId', T.ZoneOffset, T.ZoneId, true],
    ['LocalDate is a Temporal', T.LocalDate, classType('java.time.temporal.Temporal'), true],
  ])('%s', (_name, given, expected, result) => {
    expect(canBeSubclassOf(given, expected)).toBe(result);
  });

  it('uses a registry hierarchy for model classes', () => {
    const registry = standardClassRegistry.extend([{ name: 'com.acme.Vip', superTypes: ['com.acme.Client'] }, { name: 'com.acme.Client' }]);
    expect(registry.canBeSubclassOf(classType('com.acme.Vip'), classType('com.acme.Client'))).toBe(true);
    expect(registry.canBeSubclassOf(classType('com.acme.Client'), classType('com.acme.Vip'))).toBe(false);
    expect(canBeSubclassOf(classType('com.acme.Vip'), classType('com.acme.Client'))).toBe(false);
  });
});
