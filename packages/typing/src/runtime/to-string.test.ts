import '@js-joda/timezone';
import { Decimal } from 'decimal.js';
import { Duration, LocalDate, LocalDateTime, LocalTime, Period, ZonedDateTime } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { formatJavaBigDecimal, formatJavaDouble, formatJavaFloat, javaToString } from './to-string';
import { JavaBigInteger, JavaByte, JavaCharacter, JavaDouble, JavaFloat, JavaLocale, JavaShort, JavaUuid } from './values';

describe('formatJavaDouble (Double.toString)', () => {
  it.each<[number, string]>([
    [3, '3.0'],
    [0.1, '0.1'],
    [-2.5, '-2.5'],
    [100, '100.0'],
    [1234567, '1234567.0'],
    [1e7, '1.0E7'],
    [12345678.9, '1.23456789E7'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
    [1.5e-10, '1.5E-10'],
    [1e21, '1.0E21'],
    [Number.MAX_VALUE, '1.7976931348623157E308'],
    [0, '0.0'],
    [-0, '-0.0'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
    [0.30000000000000004, '0.30000000000000004'],
  ])('%d -> %s', (value, expected) => {
    expect(formatJavaDouble(value)).toBe(expected);
  });
});

describe('formatJavaFloat (Float.toString)', () => {
  it.each<[number, string]>([
    [0.1, '0.1'],
    [1 / 3, '0.33333334'],
    [3, '3.0'],
    [1e10, '1.0E10'],
    [16777217, '1.6777216E7'],
    [3.4028234663852886e38, '3.4028235E38'],
  ])('%d -> %s', (value, expected) => {
    expect(formatJavaFloat(value)).toBe(expected);
  });
});

describe('formatJavaBigDecimal', () => {
  it.each<[string, string]>([
    ['1.5', '1.5'],
    ['100', '100'],
    ['-0.001', '-0.001'],
    ['0.000001', '0.000001'],
    ['0.0000001', '1E-7'],
    ['0.00000015', '1.5E-7'],
    ['12345678901234567890.5', '12345678901234567890.5'],
    ['0', '0'],
    ['-1.25e-300', '-1.25E-300'],
    ['1e999', `1${'0'.repeat(999)}`],
    ['1e1000', '1E+1000'],
    ['-2.5e999999999', '-2.5E+999999999'],
    ['1e-999999999', '1E-999999999'],
  ])('%s -> %s', (value, expected) => {
    expect(formatJavaBigDecimal(new Decimal(value))).toBe(expected);
  });
});

describe('javaToString', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['string', 'abc', 'abc'],
    ['boolean', true, 'true'],
    ['Integer', 42, '42'],
    ['Long', -9223372036854775808n, '-9223372036854775808'],
    ['Double', new JavaDouble(3), '3.0'],
    ['Float', new JavaFloat(2.5), '2.5'],
    ['Short', new JavaShort(7), '7'],
    ['Byte', new JavaByte(-1), '-1'],
    ['BigInteger', new JavaBigInteger(10n ** 25n), '10000000000000000000000000'],
    ['BigDecimal', new Decimal('2.50'), '2.5'],
    ['Character', new JavaCharacter('x'), 'x'],
    ['list', [1, 'a', null], '[1, a, null]'],
    ['nested list', [[1, 2], []], '[[1, 2], []]'],
    ['map', new Map<string, unknown>([['a', 1], ['b', 'x']]), '{a=1, b=x}'],
    ['empty map', new Map(), '{}'],
    ['set', new Set([1, 2]), '[1, 2]'],
    ['list of doubles', [new JavaDouble(1), new JavaDouble(2.5)], '[1.0, 2.5]'],
    ['LocalDate', LocalDate.of(2024, 1, 5), '2024-01-05'],
    ['LocalTime', LocalTime.of(10, 0), '10:00'],
    ['LocalDateTime', LocalDateTime.of(2024, 1, 5, 10, 30), '2024-01-05T10:30'],
    ['ZonedDateTime', ZonedDateTime.parse('2024-01-05T10:30+01:00[Europe/Warsaw]'), '2024-01-05T10:30+01:00[Europe/Warsaw]'],
    ['Duration', Duration.ofMinutes(90), 'PT1H30M'],
    ['Period', Period.of(1, 2, 3), 'P1Y2M3D'],
    ['UUID', JavaUuid.parse('123E4567-E89B-12D3-A456-426614174000'), '123e4567-e89b-12d3-a456-426614174000'],
    ['Locale', JavaLocale.parse('en-us'), 'en_US'],
  ])('%s', (_name, value, expected) => {
    expect(javaToString(value)).toBe(expected);
  });
});
