import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { JavaBigInteger, JavaDouble, JavaFloat, JavaShort, JavaByte, JavaCharacter } from '../runtime/values';
import { typingResultFromJson, typingResultToJson } from './json';
import { recordType } from './record';
import {
  arrayType,
  classType,
  dictType,
  displayType,
  listType,
  mapType,
  nullType,
  recordTypeWithObjType,
  setType,
  taggedType,
  Types,
  typesEqual,
  unionType,
  unknownType,
  valueType,
  type SingleTypingResult,
  type TypingResult,
} from './typing-result';

// Every type the API emits (nodeResults' variableTypes) comes back from the original's front end unchanged, in
// node validation and suggestions: encoding and decoding must be inverse on all of them. Classes typing does not
// know (model helper classes) are accepted through `isKnownClass`, as the API passes its model's registry.

const T = Types;
const MODEL_CLASSES = new Set(['pl.touk.nussknacker.engine.util.functions.collection', 'com.acme.Client']);
const isKnownClass = (name: string) => MODEL_CLASSES.has(name);

function roundTrip(type: TypingResult): TypingResult {
  // Through text, as on the wire.
  const json: unknown = JSON.parse(JSON.stringify(typingResultToJson(type)));
  const decoded = typingResultFromJson(json, { isKnownClass });
  if (!decoded.ok) throw new Error(`${displayType(type)}: ${decoded.errors.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ')}`);
  return decoded.value;
}

function expectRoundTrip(type: TypingResult): void {
  const back = roundTrip(type);
  expect(typesEqual(back, type), `${displayType(type)} came back as ${displayType(back)}`).toBe(true);
  expect(displayType(back)).toBe(displayType(type));
  expect(typingResultToJson(back)).toEqual(typingResultToJson(type));
}

const leaves: TypingResult[] = [
  T.String, T.Boolean, T.Integer, T.Long, T.Short, T.Byte, T.Float, T.Double, T.BigDecimal, T.BigInteger, T.Number, T.Character,
  T.LocalDate, T.LocalDateTime, T.Instant, T.ZonedDateTime, T.Duration, T.Period, T.UUID, T.Locale, T.ChronoUnit, T.ZoneOffset,
  unknownType, nullType,
  classType('pl.touk.nussknacker.engine.util.functions.collection'), classType('com.acme.Client'),
  valueType(T.Integer, 5), valueType(T.Integer, -2147483648), valueType(T.Long, 9007199254740993n), valueType(T.Long, -5n),
  valueType(T.String, 'text'), valueType(T.String, ''), valueType(T.Boolean, false),
  valueType(T.Double, new JavaDouble(1.5)), valueType(T.Double, new JavaDouble(2)), valueType(T.Float, new JavaFloat(0.5)),
  valueType(T.Short, new JavaShort(3)), valueType(T.Byte, new JavaByte(-1)), valueType(T.Character, new JavaCharacter('c')),
  valueType(T.BigDecimal, new Decimal('12.5')), valueType(T.BigDecimal, new Decimal('123456789012345678901234567890.5')),
  valueType(T.BigInteger, new JavaBigInteger(123456789012345678901234567890n)),
  valueType(listType(T.Integer), [1, 2]), valueType(listType(T.String), ['a', 'b']), valueType(listType(T.Double), [new JavaDouble(1), new JavaDouble(2.5)]),
  valueType(listType(T.Long), [1n, 2n]), valueType(listType(unknownType), []),
  valueType(listType(recordType({ k: T.String, n: T.Integer })), [new Map<string, unknown>([['k', 'a'], ['n', 1]])]),
];

/** A deterministic generator (so a failure names its seed) of nested types over the leaves. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const pick = <V>(items: readonly V[]): V => items[Math.floor(next() * items.length)] as V;
  const single = (type: TypingResult): SingleTypingResult => (type.kind === 'unknown' || type.kind === 'null' || type.kind === 'union' ? T.String : type);
  const make = (depth: number): TypingResult => {
    if (depth <= 0 || next() < 0.3) return pick(leaves);
    switch (pick(['list', 'set', 'map', 'array', 'record', 'record', 'union', 'dict', 'tagged', 'known'] as const)) {
      case 'list':
        return listType(make(depth - 1));
      case 'set':
        return setType(make(depth - 1));
      case 'map':
        return mapType(make(depth - 1), make(depth - 1));
      case 'array':
        return arrayType(make(depth - 1));
      case 'record': {
        const count = Math.floor(next() * 4);
        const fields = Array.from({ length: count }, (_, i) => [pick(['a', 'b', 'constructor', '__proto__', 'with space', 'ä']) + i, make(depth - 1)] as const);
        return next() < 0.8 ? recordType(fields) : recordTypeWithObjType(fields, mapType(T.String, unknownType), { source: 'kafka', version: 2, flag: true });
      }
      case 'union':
        return unionType(make(depth - 1), make(depth - 1), make(depth - 1));
      case 'dict':
        return dictType(pick(['rgb', 'bc']), single(pick(leaves.filter((leaf) => leaf.kind === 'class' || leaf.kind === 'value'))));
      case 'tagged':
        return taggedType(single(make(depth - 1)), pick(['dictValue:rgb', 'schema']));
      case 'known':
        return pick(leaves.filter((leaf) => leaf.kind === 'value'));
    }
  };
  return make;
}

describe('typing-result JSON round trip', () => {
  it.each(leaves.map((type) => [displayType(type), type] as const))('round-trips %s', (_display, type) => expectRoundTrip(type));

  it('round-trips records, lists, maps, unions, dicts and tags nested', () => {
    expectRoundTrip(recordType({ a: listType(recordType({ b: mapType(T.String, unionType(T.Integer, T.String)) })), c: nullType, d: unknownType }));
    expectRoundTrip(recordType({}));
    expectRoundTrip(taggedType(recordType({ a: T.Integer }), 'schema'));
    expectRoundTrip(taggedType(valueType(T.String, 'x'), 'dictValue:rgb'));
    expectRoundTrip(dictType('rgb', taggedType(T.String, 'dictValue:rgb')));
    expectRoundTrip(unionType(recordType({ a: T.Integer }), listType(T.String), valueType(T.Integer, 1)));
    expectRoundTrip(arrayType(arrayType(T.Integer)));
  });

  it.each(Array.from({ length: 200 }, (_, seed) => seed + 1))('round-trips generated type #%i', (seed) => {
    expectRoundTrip(generator(seed)(4));
  });
});
