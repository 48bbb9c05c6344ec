import { describe, expect, it } from 'vitest';
import { displayType, listType, mapType, recordType, Types, valueType, standardClassRegistry, javaAdd, javaToString, JavaDouble, typeOfValue, typingResultToJson, toTypedJson, fromTypedJson } from './index';

describe('smoke', () => {
  it('works', () => {
    expect(displayType(listType(Types.Integer))).toBe('List[Integer]');
    expect(displayType(mapType(Types.String, Types.Integer))).toBe('Map[String,Integer]');
    expect(displayType(recordType({ b: Types.String, a: valueType(Types.Integer, 5) }))).toBe('Record{a: Integer(5), b: String}');
    const m = standardClassRegistry.matchMethod(listType(Types.String), 'get', [Types.Integer]);
    expect(m.ok && displayType(m.type)).toBe('String');
    expect(javaAdd(2147483647, 1)).toBe(-2147483648);
    expect(javaToString(new JavaDouble(3))).toBe('3.0');
    expect(displayType(typeOfValue(new Map([['a', 1]])))).toBe('Record{a: Integer(1)}');
    expect(typingResultToJson(valueType(Types.Integer, 1))).toEqual({ type: 'TypedObjectWithValue', refClazzName: 'java.lang.Integer', params: [], value: 1, display: 'Integer(1)' });
    const v = new Map<unknown, unknown>([['x', 9007199254740993n]]);
    expect(fromTypedJson(JSON.parse(JSON.stringify(toTypedJson(v))))).toEqual({ ok: true, value: v });
    const s = standardClassRegistry.matchMethod(Types.String, 'substring', [Types.Integer]);
    expect(s.ok && s.method.invoke('hello', [2])).toBe('llo');
  });
});
