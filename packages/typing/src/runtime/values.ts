import { Decimal } from 'decimal.js';

/**
 * Runtime representation of Java values (see README "Runtime values").
 *
 * Integer is a JS number, Long a bigint, String a string, Boolean a boolean, null is null. Every other Java
 * scalar gets its own tiny immutable wrapper so that an Integer 3, a Long 3L, a Double 3.0 and a Float 3.0f
 * stay distinguishable at runtime, exactly as they are in Java.
 *
 * Wrappers carry a brand under a registered symbol instead of relying on `instanceof` alone, so two copies
 * of this package in one application still recognise each other's values.
 */
const brand: unique symbol = Symbol.for('@scenaria/typing.javaValue') as never;

type Brand = 'Double' | 'Float' | 'Short' | 'Byte' | 'Character' | 'BigInteger' | 'UUID' | 'Locale' | 'Currency' | 'Charset';

function brandOf(value: unknown): Brand | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { [brand]?: Brand })[brand];
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

/**
 * Java `double` / `java.lang.Double`.
 *
 * Double and Float are created by every floating-point operation, so unlike the other wrappers they are not
 * frozen (freezing made each allocation about four times slower): `value` is readonly to TypeScript, and
 * nothing in the engine writes to a value it did not just create.
 */
export class JavaDouble {
  readonly [brand] = 'Double' as const;
  constructor(readonly value: number) {}
  valueOf(): number {
    return this.value;
  }
}

/** Java `float` / `java.lang.Float`: the value is always rounded to single precision (not frozen, as Double). */
export class JavaFloat {
  readonly [brand] = 'Float' as const;
  readonly value: number;
  constructor(value: number) {
    this.value = Math.fround(value);
  }
  valueOf(): number {
    return this.value;
  }
}

/** Java `short` / `java.lang.Short`: the value wraps into the signed 16-bit range like a Java cast. */
export class JavaShort {
  readonly [brand] = 'Short' as const;
  readonly value: number;
  constructor(value: number) {
    this.value = (value << 16) >> 16;
    Object.freeze(this);
  }
  valueOf(): number {
    return this.value;
  }
}

/** Java `byte` / `java.lang.Byte`: the value wraps into the signed 8-bit range like a Java cast. */
export class JavaByte {
  readonly [brand] = 'Byte' as const;
  readonly value: number;
  constructor(value: number) {
    this.value = (value << 24) >> 24;
    Object.freeze(this);
  }
  valueOf(): number {
    return this.value;
  }
}

/** Java `char` / `java.lang.Character`: one UTF-16 code unit. */
export class JavaCharacter {
  readonly [brand] = 'Character' as const;
  constructor(readonly value: string) {
    if (value.length !== 1) throw new Error(`A Character holds exactly one UTF-16 code unit, got ${JSON.stringify(value)}`);
    Object.freeze(this);
  }
  toString(): string {
    return this.value;
  }
}

/** `java.math.BigInteger`: arbitrary precision integer. */
export class JavaBigInteger {
  readonly [brand] = 'BigInteger' as const;
  constructor(readonly value: bigint) {
    Object.freeze(this);
  }
  toString(): string {
    return this.value.toString();
  }
}

const UUID_PATTERN = /^[0-9a-f]{1,8}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,12}$/i;

/** `java.util.UUID`, held in its canonical lower-case 8-4-4-4-12 form. */
export class JavaUuid {
  readonly [brand] = 'UUID' as const;
  readonly value: string;
  private constructor(value: string) {
    this.value = value;
    Object.freeze(this);
  }
  /** Parses like `UUID.fromString`; returns undefined for text that is not a UUID. */
  static parse(text: string): JavaUuid | undefined {
    if (!UUID_PATTERN.test(text)) return undefined;
    // Java accepts shortened groups and pads them with leading zeros.
    const widths = [8, 4, 4, 4, 12];
    const groups = text.toLowerCase().split('-').map((group, i) => group.padStart(widths[i] ?? 0, '0'));
    return new JavaUuid(groups.join('-'));
  }
  toString(): string {
    return this.value;
  }
}

/** `java.util.Locale`: language, optional country and variant; prints like Java (`en_US`). */
export class JavaLocale {
  readonly [brand] = 'Locale' as const;
  constructor(
    readonly language: string,
    readonly country: string = '',
    readonly variant: string = '',
  ) {
    this.language = language.toLowerCase();
    this.country = country.toUpperCase();
    Object.freeze(this);
  }
  /** Reads `en`, `en_US`, `en-US`, `pl_PL_x`; returns undefined for malformed text. */
  static parse(text: string): JavaLocale | undefined {
    const parts = text.split(/[_-]/);
    const [language = '', country = '', ...rest] = parts;
    if (!/^[a-zA-Z]{0,8}$/.test(language) || !/^([a-zA-Z]{2}|[0-9]{3})?$/.test(country)) return undefined;
    if (language === '' && country === '') return undefined;
    return new JavaLocale(language, country, rest.join('_'));
  }
  /** The BCP 47 tag (`en-US`), as `Locale.toLanguageTag`. */
  toLanguageTag(): string {
    return [this.language || 'und', this.country, this.variant].filter((part) => part !== '').join('-');
  }
  toString(): string {
    if (this.variant !== '') return `${this.language}_${this.country}_${this.variant}`;
    return this.country === '' ? this.language : `${this.language}_${this.country}`;
  }
}

let knownCurrencies: ReadonlySet<string> | undefined;

/** ISO 4217 codes the platform knows (Intl), or undefined where Intl cannot list them. */
function isoCurrencyCodes(): ReadonlySet<string> | undefined {
  if (knownCurrencies === undefined) {
    const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
    if (typeof intl.supportedValuesOf !== 'function') return undefined;
    knownCurrencies = new Set(intl.supportedValuesOf('currency'));
  }
  return knownCurrencies;
}

/** `java.util.Currency`, identified by its ISO 4217 code. */
export class JavaCurrency {
  readonly [brand] = 'Currency' as const;
  private constructor(readonly currencyCode: string) {
    Object.freeze(this);
  }
  /**
   * As `Currency.getInstance(code)`: an upper-case ISO 4217 code known to the platform's Intl data (any three
   * upper-case letters where Intl cannot list currencies); returns undefined otherwise.
   */
  static parse(text: string): JavaCurrency | undefined {
    if (!/^[A-Z]{3}$/.test(text)) return undefined;
    const known = isoCurrencyCodes();
    return known === undefined || known.has(text) ? new JavaCurrency(text) : undefined;
  }
  /** `getDefaultFractionDigits()`: 2 for EUR, 0 for JPY (from the platform's Intl data). */
  defaultFractionDigits(): number {
    try {
      return new Intl.NumberFormat('en', { style: 'currency', currency: this.currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      return -1;
    }
  }
  toString(): string {
    return this.currencyCode;
  }
}

const KNOWN_CHARSETS: Readonly<Record<string, string>> = {
  'utf-8': 'UTF-8',
  utf8: 'UTF-8',
  'utf-16': 'UTF-16',
  utf16: 'UTF-16',
  'utf-16be': 'UTF-16BE',
  'utf-16le': 'UTF-16LE',
  'us-ascii': 'US-ASCII',
  ascii: 'US-ASCII',
  'iso-8859-1': 'ISO-8859-1',
  'iso8859-1': 'ISO-8859-1',
  latin1: 'ISO-8859-1',
  'iso-8859-2': 'ISO-8859-2',
  'windows-1250': 'windows-1250',
  cp1250: 'windows-1250',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

/** `java.nio.charset.Charset`, limited to the charsets every JVM ships (canonical names). */
export class JavaCharset {
  readonly [brand] = 'Charset' as const;
  private constructor(readonly charsetName: string) {
    Object.freeze(this);
  }
  /** As `Charset.forName(name)` (aliases accepted, case-insensitive); undefined for an unknown charset. */
  static parse(text: string): JavaCharset | undefined {
    const canonical = KNOWN_CHARSETS[text.toLowerCase()];
    return canonical === undefined ? undefined : new JavaCharset(canonical);
  }
  toString(): string {
    return this.charsetName;
  }
}

/** True for a Java Integer (an int32 JS number). */
export function isJavaInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX && !Object.is(value, -0);
}
/** True for a Java Long (a bigint). */
export function isJavaLong(value: unknown): value is bigint {
  return typeof value === 'bigint';
}
/** True for a Java Double wrapper. */
export function isJavaDouble(value: unknown): value is JavaDouble {
  return brandOf(value) === 'Double';
}
/** True for a Java Float wrapper. */
export function isJavaFloat(value: unknown): value is JavaFloat {
  return brandOf(value) === 'Float';
}
/** True for a Java Short wrapper. */
export function isJavaShort(value: unknown): value is JavaShort {
  return brandOf(value) === 'Short';
}
/** True for a Java Byte wrapper. */
export function isJavaByte(value: unknown): value is JavaByte {
  return brandOf(value) === 'Byte';
}
/** True for a Java Character wrapper. */
export function isJavaCharacter(value: unknown): value is JavaCharacter {
  return brandOf(value) === 'Character';
}
/** True for a Java BigInteger wrapper. */
export function isJavaBigInteger(value: unknown): value is JavaBigInteger {
  return brandOf(value) === 'BigInteger';
}
/** True for a Java BigDecimal (a decimal.js Decimal). */
export function isJavaBigDecimal(value: unknown): value is Decimal {
  return Decimal.isDecimal(value);
}
/** True for a Java UUID wrapper. */
export function isJavaUuid(value: unknown): value is JavaUuid {
  return brandOf(value) === 'UUID';
}
/** True for a Java Locale wrapper. */
export function isJavaLocale(value: unknown): value is JavaLocale {
  return brandOf(value) === 'Locale';
}
/** True for a Java Currency wrapper. */
export function isJavaCurrency(value: unknown): value is JavaCurrency {
  return brandOf(value) === 'Currency';
}
/** True for a Java Charset wrapper. */
export function isJavaCharset(value: unknown): value is JavaCharset {
  return brandOf(value) === 'Charset';
}

/** True for any Java number (`java.lang.Number` subclass) in its runtime representation. */
export function isJavaNumber(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  const kind = brandOf(value);
  return kind === 'Double' || kind === 'Float' || kind === 'Short' || kind === 'Byte' || kind === 'BigInteger' || Decimal.isDecimal(value);
}

/** A Java Integer; throws for a value that is not an int32 (a bug in the caller). */
export function javaInteger(value: number): number {
  if (!isJavaInteger(value)) throw new RangeError(`Not a Java int: ${value}`);
  return value;
}
/** A Java Long from a bigint or a safe integer; throws outside the signed 64-bit range. */
export function javaLong(value: bigint | number): bigint {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  if (big < LONG_MIN || big > LONG_MAX) throw new RangeError(`Not a Java long: ${big}`);
  return big;
}
/** A Java Double. */
export function javaDouble(value: number): JavaDouble {
  return new JavaDouble(value);
}
/** A Java Float (rounded to single precision). */
export function javaFloat(value: number): JavaFloat {
  return new JavaFloat(value);
}
/** A Java Short (wrapped to 16 bits). */
export function javaShort(value: number): JavaShort {
  return new JavaShort(value);
}
/** A Java Byte (wrapped to 8 bits). */
export function javaByte(value: number): JavaByte {
  return new JavaByte(value);
}
/** A Java Character. */
export function javaCharacter(value: string): JavaCharacter {
  return new JavaCharacter(value);
}
/** A Java BigInteger. */
export function javaBigInteger(value: bigint | number | string): JavaBigInteger {
  return new JavaBigInteger(BigInt(value));
}
/** A Java BigDecimal (decimal.js Decimal), parsed exactly from text or converted from a number/bigint. */
export function javaBigDecimal(value: string | number | bigint): Decimal {
  return new Decimal(typeof value === 'bigint' ? value.toString() : value);
}

/** The bounds of Java's integral types, for range checks in conversions. */
export const JAVA_LIMITS = { INT_MIN, INT_MAX, LONG_MIN, LONG_MAX } as const;
