import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isJavaRuntimeError } from './errors';
import {
  bigDecimalDivide,
  bigDecimalDivideToScale,
  bigDecimalSetScale,
  castNumber,
  divideRounded,
  ExactDecimal,
  doubleToInt,
  doubleToLong,
  javaAbs,
  javaAdd,
  javaDivide,
  javaMultiply,
  javaNegate,
  javaPower,
  javaRemainder,
  javaSubtract,
  numberKindOf,
  toIntValue,
  toLongValue,
} from './numbers';
import { javaScaleOf, withJavaScale } from './decimal-scale';
import { javaToString } from './to-string';
import { JavaBigInteger, JavaByte, JavaDouble, JavaFloat, JavaShort } from './values';

const d = (value: number) => new JavaDouble(value);
const f = (value: number) => new JavaFloat(value);
const bd = (value: string) => new Decimal(value);
const show = (value: unknown) => `${numberKindOf(value)} ${javaToString(value)}`;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('arithmetic with promotion', () => {
  it.each<[string, () => unknown, string]>([
    ['1 + 2', () => javaAdd(1, 2), 'Integer 3'],
    ['1 + 2L', () => javaAdd(1, 2n), 'Long 3'],
    ['1 + 2.0', () => javaAdd(1, d(2)), 'Double 3.0'],
    ['1 + 2.0f', () => javaAdd(1, f(2)), 'Float 3.0'],
    ['1.5f + 2.0 (Double wins over Float)', () => javaAdd(f(1.5), d(2)), 'Double 3.5'],
    ['1.5 + BigDecimal 1.25', () => javaAdd(d(1.5), bd('1.25')), 'BigDecimal 2.75'],
    ['0.1 + BigDecimal 0.2 is exact via the decimal string', () => javaAdd(d(0.1), bd('0.2')), 'BigDecimal 0.3'],
    ['0.1 + 0.2 as Double', () => javaAdd(d(0.1), d(0.2)), 'Double 0.30000000000000004'],
    ['BigInteger + Long', () => javaAdd(new JavaBigInteger(10n ** 30n), 1n), 'BigInteger 1000000000000000000000000000001'],
    ['Short + Short is Integer', () => javaAdd(new JavaShort(1), new JavaShort(2)), 'Integer 3'],
    ['Byte + Integer is Integer', () => javaAdd(new JavaByte(100), 100), 'Integer 200'],
    ['Integer overflow wraps', () => javaAdd(2147483647, 1), 'Integer -2147483648'],
    ['Integer underflow wraps', () => javaSubtract(-2147483648, 1), 'Integer 2147483647'],
    ['Integer multiply wraps', () => javaMultiply(65536, 65536), 'Integer 0'],
    ['Integer multiply large', () => javaMultiply(123456789, 987654321), 'Integer -67153019'],
    ['Long overflow wraps', () => javaAdd(9223372036854775807n, 1n), 'Long -9223372036854775808'],
    ['Long multiply wraps', () => javaMultiply(9223372036854775807n, 2n), 'Long -2'],
    ['Long beyond 2^53 is exact', () => javaAdd(9007199254740992n, 1n), 'Long 9007199254740993'],
    ['Integer division truncates', () => javaDivide(7, 2), 'Integer 3'],
    ['negative Integer division truncates toward zero', () => javaDivide(-7, 2), 'Integer -3'],
    ['MIN_VALUE / -1 overflows to MIN_VALUE', () => javaDivide(-2147483648, -1), 'Integer -2147483648'],
    ['Long division', () => javaDivide(-7n, 2n), 'Long -3'],
    ['Long MIN / -1', () => javaDivide(-9223372036854775808n, -1n), 'Long -9223372036854775808'],
    ['remainder has the sign of the dividend', () => javaRemainder(-7, 2), 'Integer -1'],
    ['remainder of negative divisor', () => javaRemainder(7, -2), 'Integer 1'],
    ['even remainder is 0 (not -0)', () => javaRemainder(-4, 2), 'Integer 0'],
    ['Long remainder', () => javaRemainder(-7n, 3n), 'Long -1'],
    ['Double division', () => javaDivide(d(1), d(3)), 'Double 0.3333333333333333'],
    ['Double division by zero is Infinity', () => javaDivide(d(1), 0), 'Double Infinity'],
    ['Double 0/0 is NaN', () => javaDivide(d(0), d(0)), 'Double NaN'],
    ['Double remainder', () => javaRemainder(d(5.5), 2), 'Double 1.5'],
    ['Float keeps single precision', () => javaAdd(f(0.1), f(0.2)), 'Float 0.3'],
    ['Float multiply', () => javaMultiply(f(1.1), f(1.1)), 'Float 1.21'],
    ['Float division', () => javaDivide(f(1), f(3)), 'Float 0.33333334'],
    ['BigDecimal add exact beyond double', () => javaAdd(bd('12345678901234567890.123'), bd('0.877')), 'BigDecimal 12345678901234567891.000'], // Java keeps the scale (3)
    ['BigDecimal multiply exact', () => javaMultiply(bd('1.1'), bd('1.1')), 'BigDecimal 1.21'],
    ['BigDecimal multiply many digits', () => javaMultiply(bd('123456789.123456789'), bd('987654321.987654321')), 'BigDecimal 121932631356500531.347203169112635269'],
    ['BigDecimal 1.0 / 3: trailing zeros are not kept, so the scale is 0', () => javaDivide(bd('1.0'), 3), 'BigDecimal 0'],
    ['BigDecimal 10 / 4 with scale 0 rounds half-even', () => javaDivide(bd('10'), bd('4')), 'BigDecimal 2'],
    ['BigDecimal 14 / 4 with scale 0 rounds half-even up', () => javaDivide(bd('14'), bd('4')), 'BigDecimal 4'],
    ['BigDecimal 1.00 / 3 with scale 2', () => javaDivide(bd('1.25'), 3), 'BigDecimal 0.42'],
    ['BigDecimal remainder', () => javaRemainder(bd('10.5'), bd('3')), 'BigDecimal 1.5'],
    ['BigDecimal subtract', () => javaSubtract(bd('0.3'), d(0.1)), 'BigDecimal 0.2'],
    ['Integer + BigInteger', () => javaAdd(1, new JavaBigInteger(2n)), 'BigInteger 3'],
    ['BigInteger division truncates', () => javaDivide(new JavaBigInteger(-7n), new JavaBigInteger(2n)), 'BigInteger -3'],
  ])('%s', (_name, run, expected) => {
    expect(show(run())).toBe(expected);
  });
});

describe('division by zero', () => {
  it.each<[string, () => unknown, string]>([
    ['Integer /', () => javaDivide(1, 0), '/ by zero'],
    ['Integer %', () => javaRemainder(1, 0), '/ by zero'],
    ['Long /', () => javaDivide(1n, 0n), '/ by zero'],
    ['Long % with Integer zero', () => javaRemainder(1n, 0), '/ by zero'],
    ['BigDecimal /', () => javaDivide(bd('1'), bd('0')), 'Division by zero'],
    ['BigDecimal 0/0', () => javaDivide(bd('0'), 0), 'Division undefined'],
    ['BigInteger /', () => javaDivide(new JavaBigInteger(1n), 0), 'BigInteger divide by zero'],
  ])('%s throws ArithmeticException', (_name, run, message) => {
    const error = thrown(run);
    expect(isJavaRuntimeError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ArithmeticException', message });
  });
  it('non-numbers throw ClassCastException', () => {
    expect(thrown(() => javaAdd('a', 1))).toMatchObject({ code: 'ClassCastException' });
  });
});

describe('power', () => {
  it.each<[string, () => unknown, string]>([
    ['2 ^ 10', () => javaPower(2, 10), 'Integer 1024'],
    ['2 ^ 31 becomes Long', () => javaPower(2, 31), 'Long 2147483648'],
    ['2L ^ 3', () => javaPower(2n, 3), 'Long 8'],
    ['2 ^ 0.5 is Double', () => javaPower(2, d(0.5)), 'Double 1.4142135623730951'],
    ['2f ^ 2 is Double', () => javaPower(f(2), 2), 'Double 4.0'],
    ['2 ^ -1 truncates to Integer 0', () => javaPower(2, -1), 'Integer 0'],
    ['BigDecimal ^ 2 exact', () => javaPower(bd('1.1'), 2), 'BigDecimal 1.21'],
    ['BigInteger ^ 100 exact', () => javaPower(new JavaBigInteger(2n), 100), 'BigInteger 1267650600228229401496703205376'],
    ['Long power saturates', () => javaPower(10n, 30), 'Long 9223372036854775807'],
  ])('%s', (_name, run, expected) => {
    expect(show(run())).toBe(expected);
  });
  it('BigDecimal with a negative exponent throws', () => {
    expect(thrown(() => javaPower(bd('2'), -1))).toMatchObject({ code: 'ArithmeticException' });
  });
});

describe('negate, abs, casts', () => {
  it('negate keeps the class and wraps', () => {
    expect(javaNegate(-2147483648)).toBe(-2147483648);
    expect(javaNegate(-9223372036854775808n)).toBe(-9223372036854775808n);
    expect(show(javaNegate(d(0)))).toBe('Double -0.0');
    expect(show(javaNegate(new JavaShort(5)))).toBe('Short -5');
    expect(show(javaNegate(bd('1.5')))).toBe('BigDecimal -1.5');
    expect(javaNegate(5)).toBe(-5);
    expect(javaNegate(0)).toBe(0);
  });
  it('abs keeps the class', () => {
    expect(javaAbs(-3)).toBe(3);
    expect(javaAbs(-2147483648)).toBe(-2147483648);
    expect(show(javaAbs(d(-2.5)))).toBe('Double 2.5');
    expect(javaAbs(-7n)).toBe(7n);
  });
  it('casts narrow like Java', () => {
    expect(toIntValue(d(3.99))).toBe(3);
    expect(toIntValue(d(-3.99))).toBe(-3);
    expect(toIntValue(d(NaN))).toBe(0);
    expect(toIntValue(d(1e20))).toBe(2147483647);
    expect(toIntValue(4294967297n)).toBe(1);
    expect(toLongValue(d(1e30))).toBe(9223372036854775807n);
    expect(show(castNumber(70000, 'Short'))).toBe('Short 4464');
    expect(show(castNumber(200, 'Byte'))).toBe('Byte -56');
    expect(show(castNumber(d(0.1), 'BigDecimal'))).toBe('BigDecimal 0.1');
    expect(show(castNumber(d(2.5), 'Float'))).toBe('Float 2.5');
    expect(doubleToInt(-1e20)).toBe(-2147483648);
    expect(doubleToLong(NaN)).toBe(0n);
  });
});

describe('BigDecimal division helpers', () => {
  it('rounds with each rounding mode', () => {
    expect(divideRounded(5n, 2n, 'HALF_EVEN')).toBe(2n);
    expect(divideRounded(7n, 2n, 'HALF_EVEN')).toBe(4n);
    expect(divideRounded(5n, 2n, 'HALF_UP')).toBe(3n);
    expect(divideRounded(5n, 2n, 'HALF_DOWN')).toBe(2n);
    expect(divideRounded(-5n, 2n, 'HALF_UP')).toBe(-3n);
    expect(divideRounded(-5n, 2n, 'CEILING')).toBe(-2n);
    expect(divideRounded(-5n, 2n, 'FLOOR')).toBe(-3n);
    expect(divideRounded(5n, 3n, 'UP')).toBe(2n);
    expect(divideRounded(5n, 3n, 'DOWN')).toBe(1n);
    expect(thrown(() => divideRounded(5n, 3n, 'UNNECESSARY'))).toMatchObject({ code: 'ArithmeticException' });
    expect(divideRounded(6n, 3n, 'UNNECESSARY')).toBe(2n);
  });
  it('divides to a scale', () => {
    expect(bigDecimalDivideToScale(bd('1'), bd('3'), 5, 'HALF_UP').toFixed()).toBe('0.33333');
    expect(bigDecimalDivideToScale(bd('2'), bd('3'), 2, 'HALF_UP').toFixed()).toBe('0.67');
    expect(bigDecimalDivideToScale(bd('-2'), bd('3'), 2, 'DOWN').toFixed()).toBe('-0.66');
    expect(bigDecimalDivide(bd('1.5'), bd('0.25')).toFixed()).toBe('6');
  });
  it('sets the scale', () => {
    expect(bigDecimalSetScale(bd('1.005'), 2, 'HALF_UP').toFixed()).toBe('1.01');
    expect(bigDecimalSetScale(bd('1234'), -2, 'HALF_UP').toFixed()).toBe('1200');
    expect(thrown(() => bigDecimalSetScale(bd('1.005'), 2, 'UNNECESSARY'))).toMatchObject({ code: 'ArithmeticException' });
  });
});

describe('BigDecimal products of many digits', () => {
  // Operands of a few hundred digits with every scale sign: above BIGINT_PRODUCT_DIGITS the product is computed on
  // bigints, and it must be decimal.js's exact product under Java's scale rule (the scales added up), as below it.
  const digitsOf = (seed: number, count: number) => Array.from({ length: count }, (_, i) => String((seed * 7919 + i * 104729) % 10)).join('');
  const cases: Array<[string, string]> = [
    [`1${digitsOf(1, 600)}`, `9${digitsOf(2, 500)}`],
    [`-${digitsOf(3, 300)}.${digitsOf(4, 400)}`, `${digitsOf(5, 450)}.5`],
    [`0.000${digitsOf(6, 700)}`, `-1${digitsOf(7, 399)}e-20`],
    [`${digitsOf(8, 520)}00000`, `3.${digitsOf(9, 600)}`],
  ];

  it.each(cases)('%#: agrees with the exact product and its scale', (a, b) => {
    const expected = withJavaScale(new ExactDecimal(a).times(new ExactDecimal(b)), javaScaleOf(bd(a)) + javaScaleOf(bd(b)));
    const product = javaMultiply(bd(a), bd(b));
    expect(numberKindOf(product)).toBe('BigDecimal');
    expect(javaToString(product)).toBe(javaToString(expected));
  });

  it('refuses a product that must exceed 100,000 digits before computing it', () => {
    const error = thrown(() => javaMultiply(bd(`1.${'3'.repeat(80_000)}`), bd(`1.${'7'.repeat(80_000)}`)));
    expect(isJavaRuntimeError(error) && error.message).toBe('BigDecimal result exceeds 100000 digits');
  });

  it('computes a product just within the limit', () => {
    const factor = `1${'0'.repeat(49_998)}1`;
    const product = javaMultiply(bd(factor), bd(factor)) as Decimal;
    expect(product.eq(new ExactDecimal(factor).times(new ExactDecimal(factor)))).toBe(true);
    expect(product.sd()).toBe(99_999);
  });
});
