import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { JavaDouble, JavaFloat } from '../runtime/values';
import {
  arrayType,
  classType,
  dictType,
  displayType,
  knownValueOf,
  listType,
  mapType,
  nullType,
  setType,
  taggedType,
  Types,
  typesEqual,
  unionType,
  unknownType,
  valueType,
  withoutValue,
  type TypingResult,
} from './typing-result';
import { recordType } from './record';

const T = Types;

describe('displayType', () => {
  it.each<[string, TypingResult, string]>([
    ['simple class', T.Integer, 'Integer'],
    ['String', T.String, 'String'],
    ['BigDecimal', T.BigDecimal, 'BigDecimal'],
    ['list', listType(T.Integer), 'List[Integer]'],
    ['raw list gets Unknown', classType('java.util.List'), 'List[Unknown]'],
    ['map without space', mapType(T.String, T.Integer), 'Map[String,Integer]'],
    ['nested generics', mapType(T.String, listType(T.Long)), 'Map[String,List[Long]]'],
    ['set', setType(T.String), 'Set[String]'],
    ['array', arrayType(T.String), 'Array[String]'],
    ['java.time class', T.LocalDate, 'LocalDate'],
    ['class unknown to typing', classType('com.acme.Client'), 'Client'],
    ['scala object suffix dropped', classType('com.acme.Helper$'), 'Helper'],
    ['nested class', classType('com.acme.Outer$Inner'), 'Inner'],
    ['Integer value', valueType(T.Integer, 5), 'Integer(5)'],
    ['String value without quotes', valueType(T.String, 'abc'), 'String(abc)'],
    ['Long value', valueType(T.Long, 5n), 'Long(5)'],
    ['Double value as Java prints', valueType(T.Double, new JavaDouble(3)), 'Double(3.0)'],
    ['Float value', valueType(T.Float, new JavaFloat(0.1)), 'Float(0.1)'],
    ['BigDecimal value', valueType(T.BigDecimal, new Decimal('1.5')), 'BigDecimal(1.5)'],
    ['Boolean value', valueType(T.Boolean, true), 'Boolean(true)'],
    ['value exactly 15 chars kept', valueType(T.String, 'abcdefghijklmno'), 'String(abcdefghijklmno)'],
    ['value over 15 chars cut to 12 + ...', valueType(T.String, 'abcdefghijklmnop'), 'String(abcdefghijkl...)'],
    // Nussknacker's TypedObjectWithValue prints a list in braces (CollectionUtilsSpec: `List[String]({a, b})`), nested lists as Java does.
    ['list value', valueType(listType(T.Integer), [1, 2]), 'List[Integer]({1, 2})'],
    ['list value cut at 15 characters', valueType(listType(unknownType), [new Map<string, unknown>([['c', [1, 2]], ['d', ['a', 'b']]])]), 'List[Unknown]({{c=[1, 2], ...)'],
    ['record sorted by field', recordType({ b: T.String, a: T.Integer }), 'Record{a: Integer, b: String}'],
    ['empty record', recordType({}), 'Record{}'],
    ['record with value field', recordType({ key: valueType(T.Integer, 1) }), 'Record{key: Integer(1)}'],
    ['nested record', recordType({ x: recordType({ y: T.Boolean }) }), 'Record{x: Record{y: Boolean}}'],
    ['union sorted', unionType(T.String, T.Integer), 'Integer | String'],
    ['three-way union', unionType(T.Long, T.String, T.Integer), 'Integer | Long | String'],
    ['dict', dictType('rates', T.String), 'Dict(id=rates)'],
    ['tagged', taggedType(T.String, 'avro'), 'String @ avro'],
    ['Unknown', unknownType, 'Unknown'],
    ['Null', nullType, 'Null'],
    ['list of records', listType(recordType({ vip: T.Boolean, name: T.String })), 'List[Record{name: String, vip: Boolean}]'],
    ['field names sort by code units', recordType({ b: T.Integer, B: T.Integer }), 'Record{B: Integer, b: Integer}'],
  ])('%s', (_name, type, expected) => {
    expect(displayType(type)).toBe(expected);
  });
});

describe('unionType', () => {
  it('flattens nested unions and drops duplicates', () => {
    const union = unionType(unionType(T.String, T.Integer), T.Integer, T.Long);
    expect(union.kind === 'union' && union.types.length).toBe(3);
  });
  it('drops Null when another type is present', () => {
    expect(unionType(nullType, T.String)).toEqual(T.String);
  });
  it('is Null when only Null is given', () => {
    expect(unionType(nullType, nullType)).toEqual(nullType);
  });
  it('is absorbed by Unknown', () => {
    expect(unionType(T.String, unknownType)).toEqual(unknownType);
  });
  it('returns a single type as itself', () => {
    expect(unionType(T.String, T.String)).toEqual(T.String);
  });
  it('of nothing is Unknown', () => {
    expect(unionType()).toEqual(unknownType);
  });
});

describe('withoutValue', () => {
  it('drops a known value', () => {
    expect(withoutValue(valueType(T.Integer, 5))).toEqual(T.Integer);
  });
  it('drops values inside record fields', () => {
    expect(displayType(withoutValue(recordType({ a: valueType(T.Integer, 1) })))).toBe('Record{a: Integer}');
  });
  it('drops values inside unions', () => {
    expect(displayType(withoutValue(unionType(valueType(T.Integer, 1), T.String)))).toBe('Integer | String');
  });
  it('keeps tags and dicts', () => {
    expect(displayType(withoutValue(taggedType(valueType(T.String, 'x'), 't')))).toBe('String @ t');
    expect(withoutValue(dictType('d', T.String))).toEqual(dictType('d', T.String));
  });
  it('leaves Unknown, Null and classes alone', () => {
    expect(withoutValue(unknownType)).toBe(unknownType);
    expect(withoutValue(nullType)).toBe(nullType);
    expect(withoutValue(T.String)).toEqual(T.String);
  });
});

describe('recordType', () => {
  it('keeps insertion order of fields', () => {
    const record = recordType([['z', T.String], ['a', T.Integer]]);
    expect([...record.fields.keys()]).toEqual(['z', 'a']);
  });
  it('treats constructor and __proto__ as ordinary fields', () => {
    const record = recordType(new Map([['constructor', T.String], ['__proto__', T.Integer]]));
    expect(record.fields.get('constructor')).toEqual(T.String);
    expect(record.fields.get('__proto__')).toEqual(T.Integer);
    expect(record.fields.get('toString')).toBeUndefined();
  });
  it('has a HashMap[String, common value type] runtime class', () => {
    expect(displayType(recordType({ a: T.Integer, b: valueType(T.Integer, 2) }).objType)).toBe('HashMap[String,Integer]');
    expect(displayType(recordType({ a: T.Integer, b: T.String }).objType)).toBe('HashMap[String,Unknown]');
    expect(displayType(recordType({ a: T.Integer, b: T.Long }).objType)).toBe('HashMap[String,Number]');
    expect(displayType(recordType({}).objType)).toBe('HashMap[String,Unknown]');
  });
});

describe('typesEqual and knownValueOf', () => {
  it('compares unions regardless of order', () => {
    expect(typesEqual(unionType(T.String, T.Integer), unionType(T.Integer, T.String))).toBe(true);
  });
  it('distinguishes known values', () => {
    expect(typesEqual(valueType(T.Integer, 1), valueType(T.Integer, 2))).toBe(false);
    expect(typesEqual(valueType(T.Integer, 1), valueType(T.Integer, 1))).toBe(true);
  });
  it('compares records by fields in any order', () => {
    expect(typesEqual(recordType({ a: T.Integer, b: T.String }), recordType({ b: T.String, a: T.Integer }))).toBe(true);
  });
  it('reads known values, including null', () => {
    expect(knownValueOf(valueType(T.Integer, 3))).toEqual({ value: 3 });
    expect(knownValueOf(nullType)).toEqual({ value: null });
    expect(knownValueOf(T.Integer)).toBeUndefined();
  });
});
