import '@js-joda/timezone';
import { Decimal } from 'decimal.js';
import { LocalDate } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { convertValueTo, parseNarrowestNumber } from './conversions';
import { numberKindOf } from './numbers';
import { javaToString } from './to-string';
import { JavaDouble } from './values';

function converted(value: unknown, className: string): string {
  const result = convertValueTo(value, className);
  return result.ok ? `${numberKindOf(result.value) ?? typeof result.value} ${javaToString(result.value)}` : 'failed';
}

describe('parseNarrowestNumber', () => {
  // NumericUtilsSpec (Nussknacker 1.18): '42' -> 42, '21355252552' -> 21355252552L, '53.32' -> 53.32d, and both
  // '12345678901234567890' and '12345678901234567890.12345678901234567890' -> 1.2345678901234567e19 (a Double).
  it.each<[string, string]>([
    ['42', 'Integer 42'],
    ['-2147483648', 'Integer -2147483648'],
    ['21355252552', 'Long 21355252552'],
    ['53.32', 'Double 53.32'],
    ['12345678901234567890', 'Double 1.2345678901234567E19'],
    ['12345678901234567890.12345678901234567890', 'Double 1.2345678901234567E19'],
    ['1e3', 'Double 1000.0'],
    ['1e400', 'Double Infinity'],
    ['-Infinity', 'Double -Infinity'],
    ['NaN', 'Double NaN'],
    ['2.5f', 'Double 2.5'],
    [' 12 ', 'Double 12.0'],
  ])('%s -> %s', (text, expected) => {
    const value = parseNarrowestNumber(text);
    expect(`${numberKindOf(value)} ${javaToString(value)}`).toBe(expected);
  });
  it('is undefined for non-numbers', () => {
    expect(parseNarrowestNumber('abc')).toBeUndefined();
    expect(parseNarrowestNumber('')).toBeUndefined();
    expect(parseNarrowestNumber('1_000')).toBeUndefined();
  });
});

describe('convertValueTo', () => {
  it.each<[string, unknown, string, string]>([
    ["'12'.toLong", '12', 'java.lang.Long', 'Long 12'],
    ["'1.5'.toLong truncates", '1.5', 'java.lang.Long', 'Long 1'],
    ["'x'.toLong fails", 'x', 'java.lang.Long', 'failed'],
    ['Long to Integer in range', 5n, 'java.lang.Integer', 'Integer 5'],
    ['Long to Integer overflow fails', 3000000000n, 'java.lang.Integer', 'failed'],
    ['Double to Integer truncates', new JavaDouble(2.9), 'java.lang.Integer', 'Integer 2'],
    ['NaN to Long fails', new JavaDouble(NaN), 'java.lang.Long', 'failed'],
    ['Integer to Double', 3, 'java.lang.Double', 'Double 3.0'],
    ['String to BigDecimal', '0.1', 'java.math.BigDecimal', 'BigDecimal 0.1'],
    ['Integer to BigInteger', 3, 'java.math.BigInteger', 'BigInteger 3'],
    ['Integer to Short overflow fails', 70000, 'java.lang.Short', 'failed'],
    ["'TRUE' to Boolean", 'TRUE', 'java.lang.Boolean', 'boolean true'],
    ["'false' to Boolean", 'false', 'java.lang.Boolean', 'boolean false'],
    ["'yes' to Boolean fails", 'yes', 'java.lang.Boolean', 'failed'],
    ['number to Boolean fails', 1, 'java.lang.Boolean', 'failed'],
    ['anything to String', new JavaDouble(1), 'java.lang.String', 'string 1.0'],
    ['String to LocalDate', '2024-01-31', 'java.time.LocalDate', 'object 2024-01-31'],
    ['bad String to LocalDate fails', '31.01.2024', 'java.time.LocalDate', 'failed'],
    ['String to UUID', '123e4567-e89b-12d3-a456-426614174000', 'java.util.UUID', 'object 123e4567-e89b-12d3-a456-426614174000'],
    ['String to ZoneId', 'Europe/Warsaw', 'java.time.ZoneId', 'object Europe/Warsaw'],
    ['String to Currency', 'EUR', 'java.util.Currency', 'object EUR'],
    ['list to List', [1, 2], 'java.util.List', 'object [1, 2]'],
    ['set to List', new Set([1]), 'java.util.List', 'object [1]'],
    ['map to List of key/value records', new Map([['a', 1]]), 'java.util.List', 'object [{key=a, value=1}]'],
    ['list of key/value records to Map', [new Map<string, unknown>([['key', 'a'], ['value', 1]])], 'java.util.Map', 'object {a=1}'],
    ['list of other records to Map fails', [new Map([['k', 'a']])], 'java.util.Map', 'failed'],
    ['string to Map fails', 'a', 'java.util.Map', 'failed'],
    ['a value of the class passes', LocalDate.of(2024, 1, 1), 'java.time.LocalDate', 'object 2024-01-01'],
    ['a subclass value passes', 5, 'java.lang.Number', 'Integer 5'],
    ['BigDecimal to Integer', new Decimal('42.9'), 'java.lang.Integer', 'Integer 42'],
    ['null converts to null', null, 'java.lang.Long', 'object null'],
  ])('%s', (_name, value, className, expected) => {
    expect(converted(value, className)).toBe(expected);
  });
});
