import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { JavaDouble } from '../runtime/values';
import { typingResultFromJson, typingResultToJson, TypingResultJsonSchema } from './json';
import { arrayType, classType, dictType, displayType, listType, mapType, nullType, taggedType, Types, typesEqual, unionType, unknownType, valueType, type TypingResult } from './typing-result';
import { recordType } from './record';

const T = Types;

describe('typingResultToJson', () => {
  it('encodes a class with params as in the reference', () => {
    expect(typingResultToJson(listType(T.Integer))).toEqual({
      type: 'TypedClass',
      refClazzName: 'java.util.List',
      params: [{ type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [], display: 'Integer' }],
      display: 'List[Integer]',
    });
  });
  it('encodes a literal as TypedObjectWithValue', () => {
    expect(typingResultToJson(valueType(T.Integer, 1))).toEqual({ type: 'TypedObjectWithValue', refClazzName: 'java.lang.Integer', params: [], value: 1, display: 'Integer(1)' });
  });
  it('encodes a record with fields, HashMap class and params', () => {
    const json = typingResultToJson(recordType({ a: T.Integer }));
    expect(json.type).toBe('TypedObjectTypingResult');
    expect(json.refClazzName).toBe('java.util.HashMap');
    expect(json.params?.map((p) => p.display)).toEqual(['String', 'Integer']);
    expect(json.fields?.a?.display).toBe('Integer');
    expect(json.display).toBe('Record{a: Integer}');
  });
  it('encodes Unknown and Null with java.lang.Object', () => {
    expect(typingResultToJson(unknownType)).toEqual({ type: 'Unknown', refClazzName: 'java.lang.Object', params: [], display: 'Unknown' });
    expect(typingResultToJson(nullType)).toEqual({ type: 'TypedNull', refClazzName: 'java.lang.Object', params: [], display: 'Null' });
  });
  it('encodes unions, dicts and tags', () => {
    expect(typingResultToJson(unionType(T.String, T.Integer)).union).toHaveLength(2);
    expect(typingResultToJson(dictType('d1', T.String))).toMatchObject({ type: 'TypedDict', dict: { id: 'd1', valueType: { display: 'String' } }, display: 'Dict(id=d1)' });
    expect(typingResultToJson(taggedType(T.String, 'tag1'))).toMatchObject({ type: 'TypedTaggedValue', refClazzName: 'java.lang.String', tag: 'tag1', display: 'String @ tag1' });
  });
  it('encodes arrays with the Object[] class name', () => {
    expect(typingResultToJson(arrayType(T.String))).toMatchObject({ refClazzName: '[Ljava.lang.Object;', display: 'Array[String]' });
  });
  it('keeps Long values exact: numbers when safe, text beyond 2^53', () => {
    expect(typingResultToJson(valueType(T.Long, 5n)).value).toBe(5);
    expect(typingResultToJson(valueType(T.Long, 9007199254740993n)).value).toBe('9007199254740993');
  });
  it('sends a type without its value when the value has no JSON form', () => {
    expect(typingResultToJson(valueType(T.Double, new JavaDouble(NaN)))).toEqual(typingResultToJson(T.Double));
  });
});

describe('typingResultFromJson', () => {
  const roundTrips: [string, TypingResult][] = [
    ['class', T.String],
    ['generic class', mapType(T.String, listType(T.Long))],
    ['value', valueType(T.Integer, 42)],
    ['string value', valueType(T.String, 'hello')],
    ['long value beyond 2^53', valueType(T.Long, 9007199254740993n)],
    ['BigDecimal value', valueType(T.BigDecimal, new Decimal('12.5'))],
    ['record', recordType({ a: T.Integer, b: listType(T.String) })],
    ['union', unionType(T.String, T.Integer)],
    ['dict', dictType('d', T.Long)],
    ['tagged', taggedType(T.String, 't')],
    ['tagged record', taggedType(recordType({ a: T.String }), 't')],
    ['Unknown', unknownType],
    ['Null', nullType],
    ['array', arrayType(T.Integer)],
  ];
  it.each(roundTrips)('round-trips %s', (_name, type) => {
    const decoded = typingResultFromJson(JSON.parse(JSON.stringify(typingResultToJson(type))));
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(typesEqual(decoded.value, type)).toBe(true);
      expect(displayType(decoded.value)).toBe(displayType(type));
    }
  });
  it.each(roundTrips)('the JSON of %s satisfies TypingResultJsonSchema', (_name, type) => {
    expect(TypingResultJsonSchema.safeParse(typingResultToJson(type)).success).toBe(true);
  });
  it('ignores display', () => {
    const decoded = typingResultFromJson({ type: 'TypedClass', refClazzName: 'java.lang.Long', params: [], display: 'whatever' });
    expect(decoded.ok && displayType(decoded.value)).toBe('Long');
  });
  it('maps java.lang.Object to Unknown', () => {
    const decoded = typingResultFromJson({ type: 'TypedClass', refClazzName: 'java.lang.Object', params: [] });
    expect(decoded.ok && decoded.value).toEqual(unknownType);
  });
  it('accepts primitive names and array descriptors', () => {
    const int = typingResultFromJson({ type: 'TypedClass', refClazzName: 'int', params: [] });
    expect(int.ok && displayType(int.value)).toBe('Integer');
    const strings = typingResultFromJson({ type: 'TypedClass', refClazzName: '[Ljava.lang.String;', params: [] });
    expect(strings.ok && displayType(strings.value)).toBe('Array[String]');
  });
  it('rejects unknown classes with UnknownClass', () => {
    const decoded = typingResultFromJson({ type: 'TypedClass', refClazzName: 'com.acme.Missing', params: [] });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.errors[0]).toMatchObject({ code: 'UnknownClass', path: ['refClazzName'] });
  });
  it('accepts classes the caller knows', () => {
    const decoded = typingResultFromJson({ type: 'TypedClass', refClazzName: 'com.acme.Client', params: [] }, { isKnownClass: (name) => name === 'com.acme.Client' });
    expect(decoded.ok && decoded.value).toEqual(classType('com.acme.Client'));
  });
  it('reports malformed input with a path', () => {
    const decoded = typingResultFromJson({ type: 'TypedObjectTypingResult', fields: { a: { type: 'Nope' } }, refClazzName: 'java.util.HashMap', params: [] });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.errors[0]).toMatchObject({ code: 'InvalidTypingResult', path: ['fields', 'a', 'type'] });
    expect(typingResultFromJson('nope').ok).toBe(false);
    expect(typingResultFromJson({ type: 'TypedObjectWithValue', refClazzName: 'java.lang.Integer', params: [], value: 'x' }).ok).toBe(false);
  });
});
