import '@js-joda/timezone';
import { Decimal } from 'decimal.js';
import { DayOfWeek, Duration, LocalDate, LocalTime, ZonedDateTime } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { javaCompare, javaEquals, javaMapGet, spelEquals, isJavaComparable, compareDoubles } from './compare';
import { JavaBigInteger, JavaCharacter, JavaDouble, JavaFloat, JavaShort, JavaUuid } from './values';

const d = (value: number) => new JavaDouble(value);

describe('javaCompare', () => {
  it.each<[string, unknown, unknown, number]>([
    ['ints', 1, 2, -1],
    ['int and long', 3, 2n, 1],
    ['int and double', 1, d(1), 0],
    ['long beyond 2^53', 9007199254740993n, 9007199254740992n, 1],
    ['BigDecimal and double', new Decimal('0.1'), d(0.1), 0],
    ['BigInteger and int', new JavaBigInteger(10n ** 20n), 5, 1],
    ['Float and Double', new JavaFloat(0.5), d(0.5), 0],
    ['Short and Integer', new JavaShort(3), 3, 0],
    ['NaN is greater than infinity', d(NaN), d(Infinity), 1],
    ['strings by code units', 'B', 'a', -1],
    ['strings prefix', 'ab', 'abc', -1],
    ['surrogates sort by code unit, not code point', '\uffff', '\ud83d\ude00', 1],
    ['booleans', false, true, -1],
    ['null is smallest', null, 1, -1],
    ['null vs null', null, null, 0],
    ['value vs null', 'a', null, 1],
    ['characters', new JavaCharacter('a'), new JavaCharacter('b'), -1],
    ['dates', LocalDate.of(2024, 1, 1), LocalDate.of(2023, 12, 31), 1],
    ['times', LocalTime.of(10, 0), LocalTime.of(10, 0), 0],
    ['durations', Duration.ofMinutes(1), Duration.ofSeconds(61), -1],
    ['days of week', DayOfWeek.MONDAY, DayOfWeek.SUNDAY, -1],
  ])('%s', (_name, left, right, expected) => {
    expect(Math.sign(javaCompare(left, right))).toBe(expected);
  });
  it('compares UUIDs as Java does (signed halves)', () => {
    const low = JavaUuid.parse('00000000-0000-0000-0000-000000000001')!;
    const high = JavaUuid.parse('ffffffff-0000-0000-0000-000000000000')!;
    expect(javaCompare(high, low)).toBe(-1);
  });
  it('throws NotComparable for mixed kinds', () => {
    expect(() => javaCompare('a', 1)).toThrow(expect.objectContaining({ code: 'NotComparable' }));
    expect(() => javaCompare(LocalDate.of(2024, 1, 1), LocalTime.of(1, 0))).toThrow();
    expect(isJavaComparable([1], [2])).toBe(false);
    expect(isJavaComparable(1, 2n)).toBe(true);
  });
  it('orders doubles like Double.compare', () => {
    expect(compareDoubles(-0, 0)).toBe(-1);
    expect(compareDoubles(NaN, NaN)).toBe(0);
  });
});

describe('javaEquals (Java equals)', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['Integer 1 vs Long 1L', 1, 1n, false],
    ['Integer 1 vs Double 1.0', 1, d(1), false],
    ['Long 1 vs Long 1', 1n, 1n, true],
    ['Double NaN equals NaN', d(NaN), d(NaN), true],
    ['Double 0.0 vs -0.0', d(0), d(-0), false],
    ['BigDecimal same value', new Decimal('1.5'), new Decimal('1.50'), true],
    ['strings', 'a', 'a', true],
    ['lists element-wise', [1, 'a'], [1, 'a'], true],
    ['lists with Integer vs Long', [1], [1n], false],
    ['maps regardless of order', new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]]), true],
    ['maps with different values', new Map([['a', 1]]), new Map([['a', 2]]), false],
    ['sets', new Set([1, 2]), new Set([2, 1]), true],
    ['dates', LocalDate.of(2024, 1, 1), LocalDate.parse('2024-01-01'), true],
    ['zoned date times', ZonedDateTime.parse('2024-01-01T10:00+01:00[Europe/Warsaw]'), ZonedDateTime.parse('2024-01-01T10:00+01:00[Europe/Warsaw]'), true],
    ['UUIDs by value', JavaUuid.parse('123e4567-e89b-12d3-a456-426614174000'), JavaUuid.parse('123E4567-E89B-12D3-A456-426614174000'), true],
    ['null vs null', null, null, true],
    ['null vs value', null, 0, false],
    ['characters', new JavaCharacter('a'), new JavaCharacter('a'), true],
    ['character vs string', new JavaCharacter('a'), 'a', false],
  ])('%s', (_name, left, right, expected) => {
    expect(javaEquals(left, right)).toBe(expected);
  });
});

describe('spelEquals (SpEL ==)', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['1 == 1L', 1, 1n, true],
    ['1 == 1.0', 1, d(1), true],
    ['1.0 == BigDecimal 1.00', d(1), new Decimal('1.00'), true],
    ['0.1f == 0.1 (float widened differs)', new JavaFloat(0.1), d(0.1), false],
    ['NaN == NaN is false', d(NaN), d(NaN), false],
    ['BigInteger == Long', new JavaBigInteger(5n), 5n, true],
    ['2 == 3', 2, 3, false],
    ["'a' == 'a'", 'a', 'a', true],
    ["'a' == 1", 'a', 1, false],
    ['null == null', null, null, true],
    ['null == 0', null, 0, false],
    ['lists', [1, 2], [1, 2], true],
    ['maps', new Map([['a', 1]]), new Map([['a', 1]]), true],
    ['booleans', true, true, true],
    ['dates', LocalDate.of(2024, 2, 29), LocalDate.of(2024, 2, 29), true],
  ])('%s', (_name, left, right, expected) => {
    expect(spelEquals(left, right)).toBe(expected);
  });
});

describe('javaMapGet', () => {
  it('finds string and number keys directly', () => {
    const map = new Map<unknown, unknown>([['a', 1], [2, 'two'], [3n, 'three']]);
    expect(javaMapGet(map, 'a')).toEqual({ value: 1 });
    expect(javaMapGet(map, 3n)).toEqual({ value: 'three' });
    expect(javaMapGet(map, 3)).toBeUndefined();
  });
  it('finds object keys by Java equality', () => {
    const map = new Map<unknown, unknown>([[LocalDate.of(2024, 1, 1), 'new year'], [d(1.5), 'x']]);
    expect(javaMapGet(map, LocalDate.parse('2024-01-01'))).toEqual({ value: 'new year' });
    expect(javaMapGet(map, d(1.5))).toEqual({ value: 'x' });
  });
  it('distinguishes a present null from absence', () => {
    expect(javaMapGet(new Map([['a', null]]), 'a')).toEqual({ value: null });
    expect(javaMapGet(new Map(), 'a')).toBeUndefined();
  });
});
