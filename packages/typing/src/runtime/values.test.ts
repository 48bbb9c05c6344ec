import { describe, expect, it } from 'vitest';
import {
  isJavaByte,
  isJavaDouble,
  isJavaInteger,
  isJavaNumber,
  javaBigDecimal,
  javaBigInteger,
  JavaByte,
  JavaCharacter,
  JavaCharset,
  JavaCurrency,
  JavaDouble,
  JavaFloat,
  javaInteger,
  JavaLocale,
  javaLong,
  JavaShort,
  JavaUuid,
} from './values';

describe('runtime value wrappers', () => {
  it('wrap narrow types like Java casts', () => {
    expect(new JavaShort(32768).value).toBe(-32768);
    expect(new JavaByte(255).value).toBe(-1);
    expect(new JavaFloat(0.1).value).toBe(Math.fround(0.1));
  });
  it('are immutable: frozen, except Double and Float whose value is readonly to TypeScript', () => {
    const short = new JavaShort(1);
    expect(Object.isFrozen(short)).toBe(true);
    expect(() => {
      (short as { value: number }).value = 2;
    }).toThrow();
    // Compiled by typecheck, never called: assigning the value of a Double or Float must not type-check.
    const assignments = (double: JavaDouble, float: JavaFloat) => {
      // @ts-expect-error the value of a Double is readonly
      double.value = 2;
      // @ts-expect-error the value of a Float is readonly
      float.value = 2;
    };
    expect(assignments).toBeTypeOf('function');
  });
  it('compare equal in tests only when kind and value are equal', () => {
    expect(new JavaDouble(1)).toEqual(new JavaDouble(1));
    expect(new JavaDouble(1)).not.toEqual(new JavaDouble(2));
    expect(new JavaFloat(1)).not.toEqual(new JavaDouble(1));
  });
  it('recognise their kinds', () => {
    expect(isJavaInteger(5)).toBe(true);
    expect(isJavaInteger(5.5)).toBe(false);
    expect(isJavaInteger(2147483648)).toBe(false);
    expect(isJavaDouble(new JavaDouble(1))).toBe(true);
    expect(isJavaDouble(new JavaFloat(1))).toBe(false);
    expect(isJavaByte(new JavaByte(1))).toBe(true);
    expect(isJavaNumber(javaBigDecimal('1.5'))).toBe(true);
    expect(isJavaNumber(javaBigInteger(5))).toBe(true);
    expect(isJavaNumber('5')).toBe(false);
    expect(isJavaNumber({ value: 1 })).toBe(false);
  });
  it('check ranges of Integer and Long', () => {
    expect(() => javaInteger(2 ** 31)).toThrow(RangeError);
    expect(javaLong(5)).toBe(5n);
    expect(() => javaLong(2n ** 63n)).toThrow(RangeError);
  });
  it('keep one UTF-16 unit in a Character', () => {
    expect(new JavaCharacter('a').toString()).toBe('a');
    expect(() => new JavaCharacter('ab')).toThrow();
  });
  it('parse UUIDs like UUID.fromString', () => {
    expect(JavaUuid.parse('1-2-3-4-5')?.value).toBe('00000001-0002-0003-0004-000000000005');
    expect(JavaUuid.parse('nope')).toBeUndefined();
  });
  it('parse locales, currencies and charsets', () => {
    expect(JavaLocale.parse('pl-PL')?.toString()).toBe('pl_PL');
    expect(JavaLocale.parse('en')?.toLanguageTag()).toBe('en');
    expect(JavaLocale.parse('en_US')?.toLanguageTag()).toBe('en-US');
    expect(JavaLocale.parse('')).toBeUndefined();
    expect(JavaCurrency.parse('usd')).toBeUndefined();
    expect(JavaCurrency.parse('USD')?.currencyCode).toBe('USD');
    expect(JavaCurrency.parse('XYQ')).toBeUndefined();
    expect(JavaCurrency.parse('JPY')?.defaultFractionDigits()).toBe(0);
    expect(JavaCurrency.parse('EUR')?.defaultFractionDigits()).toBe(2);
    expect(JavaCharset.parse('latin1')?.charsetName).toBe('ISO-8859-1');
    expect(JavaCharset.parse('klingon')).toBeUndefined();
  });
});
