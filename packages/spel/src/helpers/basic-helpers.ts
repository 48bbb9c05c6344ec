import { chargeSplit, chargeValueWalk, recordType, textSteps, unknownType, withoutValue, writeUtf8, type MethodDefinition, type NumberKind } from '@scenaria/typing';
import {
  castNumber, JavaDouble, javaNegate, javaSplit, numberKindOf, parseNarrowestNumber, promoteNumberKinds,
  toDoubleValue,
} from '@scenaria/typing/runtime';
import { addAs, divideAs, multiplyAs, remainderAs, subtractAs } from '../internal/kind-arithmetic';
import { compareIfComparable, describeValue } from '../internal/spel-values';
import type { ClassSpec } from '../internal/method-dsl';
import { T, method } from '../internal/method-dsl';
import { numberKindOfType, promoteNumberTypes } from '../internal/types';
import { parseJson, toJsonString } from './json';

const PACKAGE = 'pl.touk.nussknacker.engine.util.functions';

function helper(simpleName: string, description: string, methods: MethodDefinition[]): ClassSpec {
  return { name: `${PACKAGE}.${simpleName}`, simpleName, superTypes: ['java.lang.Object'], description, methods, staticMethods: [] };
}

function toNumberValue(value: unknown): unknown {
  if (numberKindOf(value) !== undefined) return value;
  if (typeof value !== 'string') throw new TypeError(`Cannot convert ${describeValue(value)} to a number`);
  const parsed = parseNarrowestNumber(value);
  if (parsed === undefined) throw new TypeError(`Cannot convert '${value}' to a number`);
  return parsed;
}

/** `#CONV` (reference §4). */
export function convHelper(): ClassSpec {
  return helper('conversion', 'Conversions between text, JSON and numbers', [
    method('toNumber', [['stringOrNumber', T.Unknown]], T.Number, (_t, [value]) => toNumberValue(value), 'Parses text as the narrowest number (deprecated)'),
    // Parsing charges a step per value as it goes (json.ts); the scan of the text is charged before.
    method('toJson', [['text', T.String]], T.Unknown, (_t, [text]) => parseJson(String(text)), 'Parses JSON text into maps, lists and values; fails on invalid JSON'),
    method('toJsonOrNull', [['text', T.String]], T.Unknown, (_t, [text]) => {
      try {
        return parseJson(String(text));
      } catch (error) {
        // An exhausted budget is not invalid JSON: it must still end the evaluation.
        if (error instanceof Error && error.name === 'BudgetExceededError') throw error;
        return null;
      }
    }, 'Parses JSON text, or null when invalid'),
    // The JSON text is as long as the walk of the value (every element, every character, shares again).
    method('toJsonString', [['value', T.Unknown]], T.String, (_t, [value]) => toJsonString(value), 'Serialises a value as JSON text', { cost: (meter, _t, [value]) => chargeValueWalk(meter, value) }),
    method('toAny', [['value', T.Unknown]], T.Unknown, (_t, [value]) => value, 'The same value typed as Unknown'),
  ]);
}

const UUID_STEPS = 12;

/** `#UTIL`. */
export function utilHelper(random: () => number): ClassSpec {
  return helper('util', 'General utilities', [
    // Charged what a call takes in a projection, keeping its results: about 0.7 µs (the formatting alone 0.2 µs).
    method('uuid', [], T.String, () => randomUuid(random), 'A random UUID', { cost: (meter) => meter.step(UUID_STEPS) }),
    // Java's String.split with limit -1, as Nussknacker's helper calls it (trailing empty strings kept), on the
    // linear-time engine; charged as the String method is (the parts are counted, and refused past the limit, first).
    method('split', [['text', T.String], ['regexp', T.String]], T.List(T.String), (_t, [text, regexp]) => javaSplit(String(text), String(regexp), -1), 'Splits text around matches of a regular expression; trailing empty strings are kept', {
      cost: (meter, _t, [text, regexp]) => chargeSplit(meter, text, regexp, -1),
    }),
  ]);
}

// Two hex digits for each byte value: a UUID is formatted from 16 random bytes through this table. A digit a draw,
// each written with `toString(16)` and joined from an array, took 2 µs a UUID, fifty times what an expression's step
// stands for; this takes about 0.2 µs.
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

// Eight hex digits from one draw (a draw of `random` holds more than 32 bits).
function randomHex8(random: () => number): string {
  const word = Math.floor(random() * 0x1_0000_0000);
  return HEX_BYTES[word >>> 24]! + HEX_BYTES[(word >>> 16) & 0xff]! + HEX_BYTES[(word >>> 8) & 0xff]! + HEX_BYTES[word & 0xff]!;
}

function randomUuid(random: () => number): string {
  const a = randomHex8(random);
  const b = randomHex8(random);
  const c = randomHex8(random);
  const d = randomHex8(random);
  // Version 4 in the thirteenth digit, the variant (8, 9, a or b) in the seventeenth.
  const variant = '89ab'[parseInt(c[0]!, 16) & 0x3]!;
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

// ----- base64 over UTF-8, without Buffer/TextEncoder so the package runs anywhere -----

function utf8Encode(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 3);
  return bytes.subarray(0, writeUtf8(text, bytes, 0));
}

function utf8Decode(bytes: number[]): string {
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const byte = bytes[i]!;
    let code: number;
    let extra: number;
    if (byte < 0x80) [code, extra] = [byte, 0];
    else if (byte >= 0xc0 && byte < 0xe0) [code, extra] = [byte & 31, 1];
    else if (byte >= 0xe0 && byte < 0xf0) [code, extra] = [byte & 15, 2];
    else if (byte >= 0xf0 && byte < 0xf8) [code, extra] = [byte & 7, 3];
    else [code, extra] = [0xfffd, 0];
    let valid = i + extra < bytes.length;
    for (let k = 1; k <= extra && valid; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) valid = false;
      else code = (code << 6) | (next & 63);
    }
    if (!valid) {
      text += '\ufffd';
      i += 1;
      continue;
    }
    text += String.fromCodePoint(code);
    i += extra + 1;
  }
  return text;
}

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64 of the UTF-8 bytes of a text, with `=` padding unless `padding` is false. */
export function base64Encode(text: string, alphabet = STANDARD, padding = true): string {
  const bytes = utf8Encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const chunk = (a << 16) | (b << 8) | c;
    out += alphabet[(chunk >> 18) & 63]! + alphabet[(chunk >> 12) & 63]!;
    out += i + 1 < bytes.length ? alphabet[(chunk >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? alphabet[chunk & 63]! : '=';
  }
  return padding ? out : out.replace(/=+$/, '');
}

/** Decodes base64 to UTF-8 text; fails on characters outside the alphabet. */
export function base64Decode(encoded: string, alphabet = STANDARD): string {
  const clean = encoded.replace(/=+$/, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new TypeError(`Illegal base64 character '${char}'`);
    buffer = (buffer << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  if (clean.length % 4 === 1) throw new TypeError('Last unit does not have enough valid bits');
  return utf8Decode(bytes);
}

type HelperCost = NonNullable<Parameters<typeof method>[5]>['cost'];

/**
 * Encoding builds the UTF-8 bytes (up to three per character) and text four thirds of them long: the result is
 * charged at four characters per input character, its bytes as steps.
 */
const encodeCost: HelperCost = (meter, _t, [text]) => {
  const length = typeof text === 'string' ? text.length : 0;
  meter.chargeString(length * 4);
  meter.step(textSteps(length * 3));
};

/** Decoding builds at most three bytes per four characters and text no longer than the bytes. */
const decodeCost: HelperCost = (meter, _t, [text]) => {
  const length = typeof text === 'string' ? text.length : 0;
  meter.chargeString(length);
  meter.step(textSteps(length));
};

/** `#BASE64`. */
export function base64Helper(): ClassSpec {
  return helper('base64', 'Base64 of UTF-8 text', [
    method('encode', [['text', T.String]], T.String, (_t, [text]) => base64Encode(String(text)), 'Base64 of the UTF-8 bytes', { cost: encodeCost }),
    method('decode', [['base64', T.String]], T.String, (_t, [text]) => base64Decode(String(text)), 'UTF-8 text of base64', { cost: decodeCost }),
    method('urlSafeEncode', [['text', T.String]], T.String, (_t, [text]) => base64Encode(String(text), URL_SAFE, false), 'URL-safe base64 of the UTF-8 bytes, without padding', { cost: encodeCost }),
    method('urlSafeDecode', [['base64', T.String]], T.String, (_t, [text]) => base64Decode(String(text), URL_SAFE), 'UTF-8 text of URL-safe base64', { cost: decodeCost }),
  ]);
}

/** `#RANDOM`: every function draws from the injected source (Math.random by default). */
export function randomHelper(random: () => number): ClassSpec {
  const between = (from: number, to: number) => {
    if (!(from < to)) throw new RangeError('bound must be greater than origin');
    return from + random() * (to - from);
  };
  const integral = (from: bigint, to: bigint): bigint => {
    if (!(from < to)) throw new RangeError('bound must be greater than origin');
    return from + BigInt(Math.floor(random() * Number(to - from)));
  };
  return helper('random', 'Random numbers', [
    method('nextDouble', [], T.Double, () => new JavaDouble(random()), 'A Double in [0, 1)'),
    method('nextDouble', [['toExclusive', T.Double]], T.Double, (_t, [to]) => new JavaDouble(between(0, toDoubleValue(to))), 'A Double in [0, toExclusive)'),
    method('nextDouble', [['fromInclusive', T.Double], ['toExclusive', T.Double]], T.Double, (_t, [from, to]) => new JavaDouble(between(toDoubleValue(from), toDoubleValue(to))), 'A Double in [from, to)'),
    method('nextLong', [['toExclusive', T.Long]], T.Long, (_t, [to]) => integral(0n, BigInt(Number(to))), 'A Long in [0, toExclusive)'),
    method('nextLong', [['fromInclusive', T.Long], ['toExclusive', T.Long]], T.Long, (_t, [from, to]) => integral(BigInt(Number(from)), BigInt(Number(to))), 'A Long in [from, to)'),
    method('nextInt', [['toExclusive', T.Integer]], T.Integer, (_t, [to]) => Number(integral(0n, BigInt(Number(to)))), 'An Integer in [0, toExclusive)'),
    method('nextInt', [['fromInclusive', T.Integer], ['toExclusive', T.Integer]], T.Integer, (_t, [from, to]) => Number(integral(BigInt(Number(from)), BigInt(Number(to)))), 'An Integer in [from, to)'),
    method('nextBoolean', [], T.Boolean, () => random() < 0.5, 'true or false with equal chance'),
    method('nextBooleanWithSuccessRate', [['successRate', T.Double]], T.Boolean, (_t, [rate]) => random() < toDoubleValue(rate), 'true with the given probability'),
  ]);
}

function requireNumber(value: unknown): NumberKind {
  const kind = numberKindOf(value);
  if (kind === undefined) throw new TypeError(`Not a number: ${describeValue(value)}`);
  return kind;
}

function binaryNumeric(name: string, description: string, operation: (kind: NumberKind, a: unknown, b: unknown) => unknown): MethodDefinition {
  return method(name, [['n1', T.Number], ['n2', T.Number]], (_t, [a, b]) => promoteNumberTypes(withoutValue(a ?? unknownType), withoutValue(b ?? unknownType)), (_t, [a, b]) => operation(promoteNumberKinds(requireNumber(a), requireNumber(b)), a, b), description);
}

const widen: Partial<Record<NumberKind, NumberKind>> = { Byte: 'Long', Short: 'Long', Integer: 'Long', Long: 'BigInteger', Float: 'Double', Double: 'Double' };

/** `#NUMERIC`. */
export function numericHelper(): ClassSpec {
  return helper('numeric', 'Number operations', [
    method('min', [['n1', T.Number], ['n2', T.Number]], (_t, [a, b]) => promoteNumberTypes(withoutValue(a!), withoutValue(b!)), (_t, [a, b]) => {
      const kind = promoteNumberKinds(requireNumber(a), requireNumber(b));
      return castNumber((compareIfComparable(a, b) ?? 0) <= 0 ? a : b, kind);
    }, 'The smaller number'),
    method('max', [['n1', T.Number], ['n2', T.Number]], (_t, [a, b]) => promoteNumberTypes(withoutValue(a!), withoutValue(b!)), (_t, [a, b]) => {
      const kind = promoteNumberKinds(requireNumber(a), requireNumber(b));
      return castNumber((compareIfComparable(a, b) ?? 0) >= 0 ? a : b, kind);
    }, 'The larger number'),
    binaryNumeric('sum', 'Sum of two numbers', addAs),
    method('largeSum', [['n1', T.Number], ['n2', T.Number]], (_t, [a, b]) => {
      const kind = numberKindOfType(promoteNumberTypes(withoutValue(a!), withoutValue(b!)));
      const wide = kind ? (widen[kind] ?? kind) : undefined;
      return wide ? T[wide] : T.Number;
    }, (_t, [a, b]) => {
      const kind = promoteNumberKinds(requireNumber(a), requireNumber(b));
      return addAs(widen[kind] ?? kind, a, b);
    }, 'Sum of two numbers in a wider type (no overflow)'),
    binaryNumeric('plus', 'n1 + n2', addAs),
    binaryNumeric('minus', 'n1 - n2', subtractAs),
    binaryNumeric('multiply', 'n1 * n2', multiplyAs),
    binaryNumeric('divide', 'n1 / n2', divideAs),
    binaryNumeric('remainder', 'n1 % n2', remainderAs),
    method('negate', [['n', T.Number]], (_t, [n]) => withoutValue(n!), (_t, [n]) => javaNegate(n), '-n'),
    method('toNumber', [['stringOrNumber', T.Unknown]], T.Number, (_t, [value]) => toNumberValue(value), 'Parses text as the narrowest number'),
    method('pow', [['base', T.Double], ['exponent', T.Double]], T.Double, (_t, [a, b]) => new JavaDouble(Math.pow(toDoubleValue(a), toDoubleValue(b))), 'base raised to exponent'),
    method('abs', [['n', T.Number]], (_t, [n]) => withoutValue(n!), (_t, [n]) => {
      const kind = requireNumber(n);
      const isNegative = (compareIfComparable(n, castNumber(0, kind)) ?? 0) < 0;
      return isNegative ? javaNegate(n) : n;
    }, 'Absolute value, same type'),
    method('floor', [['n', T.Double]], T.Double, (_t, [n]) => new JavaDouble(Math.floor(toDoubleValue(n))), 'Rounded down'),
    method('round', [['n', T.Double]], T.Double, (_t, [n]) => new JavaDouble(Math.round(toDoubleValue(n))), 'Rounded to the nearest integer (half up)'),
    method('ceil', [['n', T.Double]], T.Double, (_t, [n]) => new JavaDouble(Math.ceil(toDoubleValue(n))), 'Rounded up'),
  ]);
}

const POINT = recordType({ lat: T.Double, lon: T.Double });

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const radians = Math.PI / 180;
  const dLat = (lat2 - lat1) * radians;
  const dLon = (lon2 - lon1) * radians;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

function pointCoordinates(point: unknown): [number, number] {
  if (!(point instanceof Map)) throw new TypeError('A point must be a record {lat, lon}');
  return [toDoubleValue(point.get('lat')), toDoubleValue(point.get('lon'))];
}

/** `#GEO`. */
export function geoHelper(): ClassSpec {
  return helper('geo', 'Geographic distances', [
    method('distanceInKm', [['lat1', T.Double], ['lon1', T.Double], ['lat2', T.Double], ['lon2', T.Double]], T.Double,
      (_t, [a, b, c, d]) => new JavaDouble(haversineKm(toDoubleValue(a), toDoubleValue(b), toDoubleValue(c), toDoubleValue(d))), 'Great-circle distance in kilometres (haversine)'),
    method('distanceInKm', [['point1', POINT], ['point2', POINT]], T.Double, (_t, [p1, p2]) => {
      const [lat1, lon1] = pointCoordinates(p1);
      const [lat2, lon2] = pointCoordinates(p2);
      return new JavaDouble(haversineKm(lat1, lon1, lat2, lon2));
    }, 'Great-circle distance between two points in kilometres'),
    method('toPoint', [['lat', T.Double], ['lon', T.Double]], POINT, (_t, [lat, lon]) => new Map<string, unknown>([['lat', castNumber(lat, 'Double')], ['lon', castNumber(lon, 'Double')]]), 'A point {lat, lon}'),
  ]);
}

