import '@js-joda/timezone';
import { Decimal } from 'decimal.js';
import { Duration, LocalDate, ZoneId, ZoneOffset } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { displayType } from '../types/typing-result';
import { javaClassOf, typeOfValue } from './type-of-value';
import { JavaBigInteger, JavaCharacter, JavaCharset, JavaCurrency, JavaDouble, JavaFloat, JavaLocale, JavaShort, JavaUuid } from './values';

describe('typeOfValue', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'Null'],
    ['string', 'abc', 'String(abc)'],
    ['boolean', false, 'Boolean(false)'],
    ['Integer', 5, 'Integer(5)'],
    ['Long', 5n, 'Long(5)'],
    ['Double', new JavaDouble(2.5), 'Double(2.5)'],
    ['Float', new JavaFloat(2.5), 'Float(2.5)'],
    ['Short', new JavaShort(2), 'Short(2)'],
    ['BigDecimal', new Decimal('1.25'), 'BigDecimal(1.25)'],
    ['BigInteger', new JavaBigInteger(7n), 'BigInteger(7)'],
    ['Character has no known value', new JavaCharacter('c'), 'Character'],
    ['long string is cut in display', 'a fairly long text value', 'String(a fairly lon...)'],
    ['list of ints', [1, 2, 3], 'List[Integer]'],
    ['list of mixed numbers', [1, 2n], 'List[Number]'],
    ['list of mixed kinds', [1, 'a'], 'List[Unknown]'],
    ['empty list', [], 'List[Unknown]'],
    ['map with string keys is a record', new Map<string, unknown>([['b', 'x'], ['a', 1]]), 'Record{a: Integer(1), b: String(x)}'],
    ['empty map is an empty record', new Map(), 'Record{}'],
    ['map with non-string keys is a Map', new Map([[1, 'a'], [2, 'b']]), 'Map[Integer,String]'],
    ['nested record and list', new Map<string, unknown>([['items', [new Map([['id', 1]])]]]), 'Record{items: List[Record{id: Integer}]}'],
    ['set', new Set(['a']), 'Set[String]'],
    ['LocalDate has no known value', LocalDate.of(2024, 1, 1), 'LocalDate'],
    ['Duration', Duration.ofHours(1), 'Duration'],
    ['ZoneId', ZoneId.of('Europe/Warsaw'), 'ZoneId'],
    ['ZoneOffset is not just a ZoneId', ZoneOffset.ofHours(2), 'ZoneOffset'],
    ['UUID', JavaUuid.parse('123e4567-e89b-12d3-a456-426614174000'), 'UUID'],
    ['Locale', new JavaLocale('pl', 'PL'), 'Locale'],
    ['Currency', JavaCurrency.parse('PLN'), 'Currency'],
    ['Charset', JavaCharset.parse('utf8'), 'Charset'],
    ['a plain JS object is not a runtime value', { a: 1 }, 'Unknown'],
    ['a function is not a runtime value', () => 1, 'Unknown'],
  ])('%s', (_name, value, expected) => {
    expect(displayType(typeOfValue(value))).toBe(expected);
  });
});

describe('javaClassOf', () => {
  it.each<[unknown, string | undefined]>([
    ['x', 'java.lang.String'],
    [1, 'java.lang.Integer'],
    [1.5, undefined],
    [1n, 'java.lang.Long'],
    [true, 'java.lang.Boolean'],
    [new JavaDouble(1), 'java.lang.Double'],
    [new Decimal(1), 'java.math.BigDecimal'],
    [[1], 'java.util.ArrayList'],
    [new Map(), 'java.util.HashMap'],
    [new Set(), 'java.util.HashSet'],
    [LocalDate.of(2024, 1, 1), 'java.time.LocalDate'],
    [null, undefined],
    [{}, undefined],
  ])('%s -> %s', (value, expected) => {
    expect(javaClassOf(value)).toBe(expected);
  });
});
