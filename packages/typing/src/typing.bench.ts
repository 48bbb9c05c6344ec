import { bench, describe } from 'vitest';
import { canBeSubclassOf, listType, mapType, recordType, standardClassRegistry, Types } from './index';
import { fromTypedJson, javaAdd, javaToString, JavaDouble, toTypedJson, typeOfValue } from './runtime/index';

const list = listType(Types.String);
const record = recordType({ a: Types.Integer, b: Types.Long, c: listType(Types.String) });
const map = mapType(Types.String, Types.Number);
const value = new Map<string, unknown>([['id', 9007199254740993n], ['items', [1, 2, 3]], ['price', new JavaDouble(9.99)], ['tags', ['a', 'b']]]);

describe('typing', () => {
  bench('registry.matchMethod List[String].get(Integer)', () => {
    standardClassRegistry.matchMethod(list, 'get', [Types.Integer]);
  });
  bench('canBeSubclassOf record -> Map[String,Number]', () => {
    canBeSubclassOf(record, map);
  });
  bench('typeOfValue of a small record', () => {
    typeOfValue(value);
  });
});

describe('runtime', () => {
  bench('javaAdd Integer + Integer', () => {
    javaAdd(123456, 654321);
  });
  bench('javaAdd Integer + Double', () => {
    javaAdd(1, new JavaDouble(2.5));
  });
  bench('javaToString of a small record', () => {
    javaToString(value);
  });
  bench('typed JSON round trip of a small record', () => {
    fromTypedJson(toTypedJson(value));
  });
});
