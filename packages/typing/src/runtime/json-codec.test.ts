import { Decimal } from 'decimal.js';
import { ChronoUnit, DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, Period, ZonedDateTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@scenaria/vitest-config/random';
import { javaEquals } from './compare';
import { decodeValueForClass, fromJsonText, fromPlainJson, fromTypedJson, toJsonText, toPlainJson, toTypedJson } from './json-codec';
import { numberKindOf } from './numbers';
import { JavaBigInteger, JavaByte, JavaCharacter, JavaCharset, JavaCurrency, JavaDouble, JavaFloat, JavaLocale, JavaShort, JavaUuid } from './values';

function roundTrip(value: unknown): unknown {
  const text = JSON.stringify(toTypedJson(value));
  const decoded = fromTypedJson(JSON.parse(text));
  if (!decoded.ok) throw new Error(decoded.errors[0]?.message);
  return decoded.value;
}

describe('typed JSON round trips', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['string', 'text with "quotes"'],
    ['boolean', true],
    ['Integer', 42],
    ['Integer min', -2147483648],
    ['Long small', 3n],
    ['Long beyond 2^53', 9007199254740993n],
    ['Long min', -9223372036854775808n],
    ['Double', new JavaDouble(3)],
    ['Double fraction', new JavaDouble(0.1)],
    ['Double NaN', new JavaDouble(NaN)],
    ['Double -Infinity', new JavaDouble(-Infinity)],
    ['Double -0.0', new JavaDouble(-0)],
    ['Float', new JavaFloat(0.1)],
    ['Short', new JavaShort(-5)],
    ['Byte', new JavaByte(7)],
    ['Character', new JavaCharacter('x')],
    ['BigInteger', new JavaBigInteger(10n ** 40n)],
    ['BigDecimal', new Decimal('12345678901234567890.12345678901234567890')],
    ['BigDecimal tiny', new Decimal('0.00000001')],
    ['list', [1, 'a', null, [2n]]],
    ['record', new Map<string, unknown>([['a', 1], ['b', [new JavaDouble(1.5)]]])],
    ['map with a $type key', new Map<string, unknown>([['$type', 'x']])],
    ['map with non-string keys', new Map<unknown, unknown>([[1, 'a'], [2n, 'b']])],
    ['set', new Set([1, 2, 3])],
    ['LocalDate', LocalDate.of(2024, 2, 29)],
    ['LocalTime', LocalTime.of(23, 59, 1, 5)],
    ['LocalDateTime', LocalDateTime.of(2024, 2, 29, 10, 30)],
    ['Instant', Instant.ofEpochMilli(1700000000123)],
    ['ZonedDateTime', ZonedDateTime.parse('2024-01-05T10:30+01:00[Europe/Warsaw]')],
    ['OffsetDateTime', OffsetDateTime.parse('2024-01-05T10:30+02:00')],
    ['Duration', Duration.ofMillis(90061001)],
    ['Period', Period.of(1, 2, 3)],
    ['DayOfWeek', DayOfWeek.FRIDAY],
    ['Month', Month.DECEMBER],
    ['ChronoUnit', ChronoUnit.DAYS],
    ['ZoneId', ZoneId.of('America/New_York')],
    ['ZoneOffset', ZoneOffset.ofHoursMinutes(5, 30)],
    ['UUID', JavaUuid.parse('123e4567-e89b-12d3-a456-426614174000')],
    ['Locale', new JavaLocale('pl', 'PL')],
    ['Currency', JavaCurrency.parse('EUR')],
    ['Charset', JavaCharset.parse('UTF-8')],
  ])('%s', (_name, value) => {
    const decoded = roundTrip(value);
    expect(javaEquals(decoded, value) || (numberKindOf(value) === 'Double' && Number.isNaN((decoded as JavaDouble).value))).toBe(true);
    expect(numberKindOf(decoded)).toBe(numberKindOf(value));
  });

  it('writes the documented shapes', () => {
    expect(toTypedJson(3n)).toEqual({ $type: 'Long', value: '3' });
    expect(toTypedJson(new JavaDouble(3))).toEqual({ $type: 'Double', value: 3 });
    expect(toTypedJson(LocalDate.of(2024, 1, 31))).toEqual({ $type: 'LocalDate', value: '2024-01-31' });
    expect(toTypedJson(new Map([['a', 1]]))).toEqual({ a: 1 });
    expect(toTypedJson(new Map([[1, 'a']]))).toEqual({ $type: 'Map', entries: [[1, 'a']] });
  });

  it('keeps the runtime kind of every number', () => {
    const decoded = roundTrip([1, 1n, new JavaDouble(1), new JavaFloat(1), new Decimal(1)]) as unknown[];
    expect(decoded.map(numberKindOf)).toEqual(['Integer', 'Long', 'Double', 'Float', 'BigDecimal']);
  });

  it('reports malformed typed JSON as issues with a path', () => {
    const result = fromTypedJson({ a: [{ $type: 'Long', value: 'x' }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ code: 'InvalidTypedJson', path: ['a', 0, 'value'] });
    expect(fromTypedJson({ $type: 'Nope', value: 1 }).ok).toBe(false);
    expect(fromTypedJson({ $type: 'Long', value: '99999999999999999999' }).ok).toBe(false);
    expect(fromTypedJson({ $type: 'LocalDate', value: '2024-13-01' }).ok).toBe(false);
    expect(fromTypedJson({ $type: 'Map', entries: [[1]] }).ok).toBe(false);
  });

  it('refuses values outside the runtime representation', () => {
    expect(() => toTypedJson({ a: 1 })).toThrow(TypeError);
  });
});

describe('plain JSON', () => {
  it('decodes objects to Maps and numbers by kind', () => {
    const value = fromPlainJson({ a: 1, b: 2.5, c: 3000000000, d: [true, null], e: 'x' }) as Map<string, unknown>;
    expect(value).toBeInstanceOf(Map);
    expect(value.get('a')).toBe(1);
    expect(numberKindOf(value.get('b'))).toBe('Double');
    expect(value.get('c')).toBe(3000000000n);
    expect(value.get('d')).toEqual([true, null]);
    expect(value.get('e')).toBe('x');
  });
  it('keeps __proto__ as a plain key', () => {
    const value = fromPlainJson(JSON.parse('{"__proto__": 1}')) as Map<string, unknown>;
    expect(value.get('__proto__')).toBe(1);
  });
  it('decodes huge integral numbers as Double', () => {
    expect(numberKindOf(fromPlainJson(1e30))).toBe('Double');
  });
  it('encodes runtime values as plain JSON', () => {
    expect(toPlainJson(new Map<string, unknown>([['a', 1n], ['b', new JavaDouble(1.5)], ['c', [LocalDate.of(2024, 1, 1)]], ['d', new Decimal('2.5')]]))).toEqual({ a: 1, b: 1.5, c: ['2024-01-01'], d: 2.5 });
    expect(toPlainJson(new JavaDouble(NaN))).toBeNull();
    expect(toPlainJson(new Set(['x']))).toEqual(['x']);
    expect(toPlainJson(new Map([[1, 'a']]))).toEqual({ 1: 'a' });
  });
});

describe('JSON text', () => {
  it('writes exact numbers', () => {
    expect(toJsonText(new Map<string, unknown>([['id', 9007199254740993n], ['amount', new Decimal('0.10000000000000000001')]]))).toBe('{"id":9007199254740993,"amount":0.10000000000000000001}');
    expect(toJsonText([1, 'a', null, true])).toBe('[1,"a",null,true]');
  });
  it('reads exact integers', () => {
    const result = fromJsonText('{"id": 9007199254740993, "n": 1, "x": 1.5, "big": 1e400, "s": "a\\u0041", "l": [], "o": {}}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as Map<string, unknown>;
    expect(value.get('id')).toBe(9007199254740993n);
    expect(value.get('n')).toBe(1);
    expect(numberKindOf(value.get('x'))).toBe('Double');
    expect((value.get('big') as JavaDouble).value).toBe(Infinity);
    expect(value.get('s')).toBe('aA');
    expect(value.get('l')).toEqual([]);
    expect(value.get('o')).toEqual(new Map());
  });
  it.each(['{', '[1,]', '{"a" 1}', 'tru', '"abc', '1 2', '{"a":1,}', ''])('rejects %j', (text) => {
    const result = fromJsonText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.code).toBe('InvalidJsonText');
  });
});

describe('dates, times and instants in their plain ISO shapes', () => {
  // The plain shapes are read without js-joda's formatter; every text must decode exactly as js-joda parses it.
  const random = seededRandom(1518);
  const digits = (value: number, width: number) => String(value).padStart(width, '0');
  const pick = (max: number) => Math.floor(random() * max);
  const fraction = () => (random() < 0.3 ? '' : `.${digits(pick(1e9), 9).slice(0, 1 + pick(9))}`);
  const date = () => `${digits(pick(10_000), 4)}-${digits(pick(14), 2)}-${digits(pick(33), 2)}`;
  const time = () => `${digits(pick(26), 2)}:${digits(pick(62), 2)}${random() < 0.2 ? '' : `:${digits(pick(62), 2)}${fraction()}`}`;
  const cases: Array<[className: string, texts: string[], parse: (text: string) => { equals(other: unknown): boolean }]> = [
    ['java.time.LocalDate', [...Array.from({ length: 300 }, date), '2024-02-29', '2023-02-29', '0000-01-01', '+12024-01-01', '2024-1-01', ' 2024-01-01'], (text) => LocalDate.parse(text)],
    ['java.time.LocalTime', [...Array.from({ length: 300 }, time), '23:59:59.999999999', '24:00', '10:00:00.', '10:00:00.1234567890', '1:00'], (text) => LocalTime.parse(text)],
    [
      'java.time.Instant',
      [...Array.from({ length: 300 }, () => `${date()}T${time()}Z`), '2026-01-01T00:00:00.000000Z', '1969-12-31T23:59:59.5Z', '2016-12-31T23:59:60Z', '2026-01-01T00:00:00+01:00', '2026-01-01T00:00Z'],
      (text) => Instant.parse(text),
    ],
  ];
  it.each(cases)('%s: the same values and the same refusals as js-joda', (className, texts, parse) => {
    let accepted = 0;
    for (const text of texts) {
      let expected: { equals(other: unknown): boolean } | undefined;
      try {
        expected = parse(text);
      } catch {
        expected = undefined;
      }
      const decoded = decodeValueForClass(className, text);
      expect(decoded.ok, text).toBe(expected !== undefined);
      if (decoded.ok && expected) {
        accepted++;
        expect(expected.equals(decoded.value), text).toBe(true);
        expect(String(decoded.value), text).toBe(String(expected));
      }
    }
    // The generated texts hold valid values as well as refused ones.
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThan(texts.length - 20);
  });
});
