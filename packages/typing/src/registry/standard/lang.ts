import type { Decimal } from 'decimal.js';
import { javaCompare, javaEquals } from '../../runtime/compare';
import { JavaRuntimeError } from '../../runtime/errors';
import { javaScaleOf } from '../../runtime/decimal-scale';
import {
  bigDecimalDivideToScale,
  bigDecimalSetScale,
  castNumber,
  decimalParts,
  doubleToInt,
  doubleToLong,
  ExactDecimal,
  expandDecimal,
  javaAbs,
  ROUNDING_MODES,
  toBigDecimalValue,
  toBigIntegerValue,
  toDoubleValue,
  toIntValue,
  toLongValue,
  type JavaRoundingMode,
} from '../../runtime/numbers';
import { countMatches, isLiteralReplacement, javaMatches, javaReplaceAll, javaReplaceFirst, javaSplit } from '../../runtime/regex';
import { formatJavaBigDecimal, formatJavaDouble, javaToString } from '../../runtime/to-string';
import { JavaBigInteger, JavaCharacter, JavaDouble, JavaFloat, JAVA_LIMITS } from '../../runtime/values';
import { JavaClassNames } from '../../types/java-classes';
import { arrayType, listType, Types, unknownType, type TypingResult } from '../../types/typing-result';
import type { ClassDefinitionInput, MethodDefinition } from '../class-registry';
import { CHARS_PER_STEP, chargeLiteralReplace, chargeMatch, chargeSplit, chargeValueWalk, linearScan, regexScanSteps, STEPS_PER_REGEX_MATCH, textSteps, type CostMeter, type MethodCost } from '../cost';
import { doubleArg, intArg, listArg, longArg, method, param, requireArg, staticField, staticMethod, stringArg } from '../define';

const N = JavaClassNames;
const T = Types;
const anyType = unknownType;

function checkIndex(index: number, length: number): void {
  if (index < 0 || index >= length) throw new JavaRuntimeError('IndexOutOfBoundsException', `Index ${index} out of bounds for length ${length}`);
}

function checkRange(begin: number, end: number, length: number): void {
  if (begin < 0 || end > length || begin > end) throw new JavaRuntimeError('IndexOutOfBoundsException', `begin ${begin}, end ${end}, length ${length}`);
}

/** Parses text as Java's `Integer.parseInt` does (optional sign, decimal digits, int range). */
export function parseJavaInt(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
  const value = Number(text);
  if (value < JAVA_LIMITS.INT_MIN || value > JAVA_LIMITS.INT_MAX) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
  return value;
}

/** Parses text as Java's `Long.parseLong` does. */
export function parseJavaLong(text: string): bigint {
  if (!/^[+-]?\d+$/.test(text)) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
  const value = BigInt(text);
  if (value < JAVA_LIMITS.LONG_MIN || value > JAVA_LIMITS.LONG_MAX) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
  return value;
}

/** Parses text as Java's `Double.parseDouble` does (surrounding whitespace allowed, `NaN`, `Infinity`, `1d`/`1f` suffixes). */
export function parseJavaDouble(text: string): number {
  const trimmed = text.trim();
  if (/^[+-]?NaN$/.test(trimmed)) return NaN;
  if (/^[+-]?Infinity$/.test(trimmed)) return trimmed.startsWith('-') ? -Infinity : Infinity;
  const match = /^([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?$/.exec(trimmed);
  if (!match) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
  return Number(match[1]);
}

/** Parses text as `new BigDecimal(text)`. */
export function parseJavaBigDecimal(text: string): Decimal {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new JavaRuntimeError('NumberFormatException', `Character array is missing "exponent" mark 'e' or 'E'. For input string: "${text}"`);
  return new ExactDecimal(text);
}

function stringOf(target: unknown): string {
  return target as string;
}

// Costs of the String methods, charged before they run (see MethodDefinition.cost). Arguments are read
// leniently here: a wrong argument fails in `invoke` with its proper Java exception, so a cost only has to
// stay bounded for it.

function textLength(value: unknown): number {
  return typeof value === 'string' ? value.length : 0;
}

/** Scanning the receiver (search, comparison): one step per block of characters. */
const scansTarget: MethodCost = linearScan((meter, target) => meter.step(textSteps(textLength(target))));

/** A new String as long as the receiver (case mapping, trimming copies). */
const copiesTarget: MethodCost = (meter, target) => meter.chargeString(textLength(target));

/** Java `split`, charged as `chargeSplit` says. */
const splitCost: MethodCost = (meter, target, args) => chargeSplit(meter, target, args[0], typeof args[1] === 'number' ? args[1] : 0);

/**
 * Steps a match of a regex replacement costs: the engine's work (`STEPS_PER_REGEX_MATCH`), four times that when
 * the replacement reads groups (`$`), which matches the text of each match again.
 */
function stepsPerReplacedMatch(replacement: string): number {
  return replacement.includes('$') ? 4 * STEPS_PER_REGEX_MATCH : STEPS_PER_REGEX_MATCH;
}

/**
 * `replaceAll`/`replaceFirst`: the result holds the text plus, per match, the replacement's literal part and the
 * groups it copies (each group reference copies at most all the matched text). The match count is only
 * computed when the cheap bound (one match per character) could exceed the limit. A plain substitution
 * (`isLiteralReplacement`) is charged as `replace` is. Otherwise each match costs `stepsPerReplacedMatch`:
 * `replaceFirst`'s one is charged here, `replaceAll`'s by the call, to the meter it is given, as the engine finds
 * each (counting them here would take a second pass over the text, as long as the call itself).
 */
function replaceCost(all: boolean): MethodCost {
  return (meter, target, args) => {
    const [pattern, replacement] = args;
    if (typeof target === 'string' && typeof pattern === 'string' && typeof replacement === 'string' && isLiteralReplacement(pattern, replacement)) {
      if (all) chargeLiteralReplace(meter, target, pattern, replacement);
      else {
        meter.step(textSteps(target.length));
        meter.chargeString(target.length + replacement.length);
      }
      return;
    }
    chargeMatch(meter, target, pattern);
    if (typeof target !== 'string' || typeof pattern !== 'string' || typeof replacement !== 'string') return;
    let references = 0;
    for (let at = replacement.indexOf('$'); at >= 0; at = replacement.indexOf('$', at + 1)) references++;
    const perMatch = stepsPerReplacedMatch(replacement);
    const literal = replacement.length;
    const fixed = target.length * (1 + references);
    let length = fixed + literal * (all ? target.length + 1 : 1);
    if (length > meter.limits.maxStringLength && all && literal > 0) {
      // Counted only as far as it matters: past this many matches the result is too long anyway. This pass is
      // charged as it goes, as the call is.
      meter.step(regexScanSteps(target.length));
      const enough = Math.max(0, Math.ceil((meter.limits.maxStringLength - fixed) / literal)) + 1;
      length = fixed + literal * countMatches(target, pattern, enough, () => meter.step(perMatch));
    }
    meter.chargeString(length);
    if (!all) meter.step(perMatch);
  };
}

/** `replace(target, replacement)` on literal text. */
const literalReplaceCost: MethodCost = (meter, target, args) => chargeLiteralReplace(meter, target, args[0], args[1]);

/** Joining elements: each element's text is built, then the whole. */
function joinCost(delimiterIndex: number, elementsIndex: number): MethodCost {
  return (meter, _target, args) => {
    const elements = args[elementsIndex];
    const delimiter = textLength(args[delimiterIndex]);
    if (!Array.isArray(elements)) return;
    let length = delimiter * Math.max(0, elements.length - 1);
    meter.step(elements.length);
    for (const element of elements) {
      if (typeof element === 'string') length += element.length;
      else chargeValueWalk(meter, element);
      if (length > meter.limits.maxStringLength) break;
    }
    meter.chargeString(length);
  };
}

const objectClass: ClassDefinitionInput = {
  name: N.Object,
  methods: [
    // Both walk nested lists and maps (a list of shared lists prints each share again): charged by that walk.
    method('toString', [], T.String, (target: unknown) => javaToString(target), { description: 'The text form of the value', cost: (meter, target) => chargeValueWalk(meter, target) }),
    method('equals', [param('other', anyType)], T.Boolean, (target: unknown, args: readonly unknown[]) => javaEquals(target, args[0]), {
      cost: linearScan((meter, target, args) => {
        chargeValueWalk(meter, target);
        chargeValueWalk(meter, args[0]);
      }),
    }),
  ],
};

const compareToResult = T.Integer;

const stringClass: ClassDefinitionInput = {
  name: N.String,
  methods: [
    method('length', [], T.Integer, (s: string) => s.length),
    method('isEmpty', [], T.Boolean, (s: string) => s.length === 0),
    method('isBlank', [], T.Boolean, (s: string) => s.trim().length === 0, { cost: scansTarget }),
    method('charAt', [param('index', T.Integer)], T.Character, (s: string, args: readonly unknown[]) => {
      const index = intArg(args, 0);
      checkIndex(index, s.length);
      return new JavaCharacter(s[index] as string);
    }),
    method('substring', [param('beginIndex', T.Integer)], T.String, (s: string, args: readonly unknown[]) => {
      const begin = intArg(args, 0);
      checkRange(begin, s.length, s.length);
      return s.slice(begin);
    }),
    method('substring', [param('beginIndex', T.Integer), param('endIndex', T.Integer)], T.String, (s: string, args: readonly unknown[]) => {
      const begin = intArg(args, 0);
      const end = intArg(args, 1);
      checkRange(begin, end, s.length);
      return s.slice(begin, end);
    }),
    method('indexOf', [param('str', T.String)], T.Integer, (s: string, args: readonly unknown[]) => s.indexOf(stringArg(args, 0)), { cost: scansTarget }),
    method('indexOf', [param('str', T.String), param('fromIndex', T.Integer)], T.Integer, (s: string, args: readonly unknown[]) => s.indexOf(stringArg(args, 0), Math.max(0, intArg(args, 1))), { cost: scansTarget }),
    method('lastIndexOf', [param('str', T.String)], T.Integer, (s: string, args: readonly unknown[]) => s.lastIndexOf(stringArg(args, 0)), { cost: scansTarget }),
    method('contains', [param('s', T.String)], T.Boolean, (s: string, args: readonly unknown[]) => s.includes(stringArg(args, 0)), { cost: scansTarget }),
    method('startsWith', [param('prefix', T.String)], T.Boolean, (s: string, args: readonly unknown[]) => s.startsWith(stringArg(args, 0)), { cost: scansTarget }),
    method('startsWith', [param('prefix', T.String), param('offset', T.Integer)], T.Boolean, (s: string, args: readonly unknown[]) => {
      const offset = intArg(args, 1);
      return offset >= 0 && s.startsWith(stringArg(args, 0), offset);
    }, { cost: scansTarget }),
    method('endsWith', [param('suffix', T.String)], T.Boolean, (s: string, args: readonly unknown[]) => s.endsWith(stringArg(args, 0)), { cost: scansTarget }),
    // Charged as a copy of the receiver. Case mapping can lengthen a String ('ß' becomes 'SS', three times at
    // most), so a result may reach three times the String limit: still bounded, and this is the hot path of a
    // common call, where one charge instead of two shows.
    method('toUpperCase', [], T.String, (s: string) => s.toUpperCase(), { cost: copiesTarget }),
    method('toLowerCase', [], T.String, (s: string) => s.toLowerCase(), { cost: copiesTarget }),
    // Java's trim removes code units <= U+0020; strip removes Unicode whitespace (like JS trim).
    method('trim', [], T.String, (s: string) => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, ''), { cost: copiesTarget }),
    method('strip', [], T.String, (s: string) => s.trim(), { cost: copiesTarget }),
    method('stripLeading', [], T.String, (s: string) => s.trimStart(), { cost: copiesTarget }),
    method('stripTrailing', [], T.String, (s: string) => s.trimEnd(), { cost: copiesTarget }),
    method('replace', [param('target', T.String), param('replacement', T.String)], T.String, (s: string, args: readonly unknown[]) => s.split(stringArg(args, 0)).join(stringArg(args, 1)), { cost: literalReplaceCost }),
    method('replaceAll', [param('regex', T.String), param('replacement', T.String)], T.String, (s: string, args: readonly unknown[], meter?: CostMeter) => {
      const replacement = stringArg(args, 1);
      return javaReplaceAll(s, stringArg(args, 0), replacement, meter, stepsPerReplacedMatch(replacement));
    }, { cost: replaceCost(true) }),
    method('replaceFirst', [param('regex', T.String), param('replacement', T.String)], T.String, (s: string, args: readonly unknown[]) => javaReplaceFirst(s, stringArg(args, 0), stringArg(args, 1)), { cost: replaceCost(false) }),
    method('split', [param('regex', T.String)], arrayType(T.String), (s: string, args: readonly unknown[]) => javaSplit(s, stringArg(args, 0)), { cost: splitCost }),
    method('split', [param('regex', T.String), param('limit', T.Integer)], arrayType(T.String), (s: string, args: readonly unknown[]) => javaSplit(s, stringArg(args, 0), intArg(args, 1)), { cost: splitCost }),
    method('matches', [param('regex', T.String)], T.Boolean, (s: string, args: readonly unknown[]) => javaMatches(s, stringArg(args, 0)), { cost: linearScan((meter, target, args) => chargeMatch(meter, target, args[0])) }),
    method('concat', [param('str', T.String)], T.String, (s: string, args: readonly unknown[]) => s + stringArg(args, 0), { cost: (meter, target, args) => meter.chargeString(textLength(target) + textLength(args[0])) }),
    method('repeat', [param('count', T.Integer)], T.String, (s: string, args: readonly unknown[]) => {
      const count = intArg(args, 0);
      if (count < 0) throw new JavaRuntimeError('IllegalArgumentException', `count is negative: ${count}`);
      return s.repeat(count);
    }, { cost: (meter, target, args) => meter.chargeString(textLength(target) * Math.max(0, typeof args[0] === 'number' ? args[0] : 0)) }),
    method('equalsIgnoreCase', [param('anotherString', T.String)], T.Boolean, (s: string, args: readonly unknown[]) => {
      const other = args[0];
      return typeof other === 'string' && other.length === s.length && (other.toUpperCase() === s.toUpperCase() || other.toLowerCase() === s.toLowerCase());
    }, { cost: linearScan((meter, target) => meter.step(textSteps(textLength(target)) * 4)) }),
    method('compareTo', [param('anotherString', T.String)], compareToResult, (s: string, args: readonly unknown[]) => compareStringsJava(s, stringArg(args, 0)), { cost: scansTarget }),
    method('compareToIgnoreCase', [param('str', T.String)], compareToResult, (s: string, args: readonly unknown[]) => compareStringsJava(s.toUpperCase().toLowerCase(), stringArg(args, 0).toUpperCase().toLowerCase()), {
      cost: linearScan((meter, target, args) => meter.step(textSteps(textLength(target) + textLength(args[0])) * 4)),
    }),
    method('toCharArray', [], arrayType(T.Character), (s: string) => [...s].flatMap((char) => char.split('')).map((unit) => new JavaCharacter(unit)), { cost: (meter, target) => meter.checkSize(textLength(target)) }),
    method('chars', [], listType(T.Integer), (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)), { cost: (meter, target) => meter.checkSize(textLength(target)) }),
    method('toString', [], T.String, stringOf),
  ],
  staticMethods: [
    staticMethod('valueOf', [param('obj', anyType)], T.String, (args: readonly unknown[]) => javaToString(args[0]), { cost: (meter, _target, args) => chargeValueWalk(meter, args[0]) }),
    staticMethod('join', [param('delimiter', T.String), param('elements', T.String)], T.String, (args: readonly unknown[]) => (listArg(args, 1) as unknown[]).map(javaToString).join(stringArg(args, 0)), { varArgs: true, cost: joinCost(0, 1) }),
    staticMethod('join', [param('delimiter', T.String), param('elements', listType(T.String))], T.String, (args: readonly unknown[]) => listArg(args, 1).map(javaToString).join(stringArg(args, 0)), { cost: joinCost(0, 1) }),
  ],
};

/** String.compareTo: the difference of the first differing code units, else of the lengths (as Java). */
function compareStringsJava(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = a.charCodeAt(i) - b.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function compareToMethod(type: TypingResult): MethodDefinition {
  return method('compareTo', [param('other', type)], T.Integer, (target: unknown, args: readonly unknown[]) => javaCompare(target, requireArg(args, 0)));
}

const booleanClass: ClassDefinitionInput = {
  name: N.Boolean,
  methods: [method('booleanValue', [], T.Boolean, (b: boolean) => b), compareToMethod(T.Boolean)],
  staticMethods: [
    staticMethod('parseBoolean', [param('s', T.String)], T.Boolean, (args: readonly unknown[]) => typeof args[0] === 'string' && args[0].toLowerCase() === 'true'),
    staticMethod('valueOf', [param('s', T.String)], T.Boolean, (args: readonly unknown[]) => typeof args[0] === 'string' && args[0].toLowerCase() === 'true'),
    staticMethod('logicalAnd', [param('a', T.Boolean), param('b', T.Boolean)], T.Boolean, (args: readonly unknown[]) => args[0] === true && args[1] === true),
    staticMethod('logicalOr', [param('a', T.Boolean), param('b', T.Boolean)], T.Boolean, (args: readonly unknown[]) => args[0] === true || args[1] === true),
    staticMethod('logicalXor', [param('a', T.Boolean), param('b', T.Boolean)], T.Boolean, (args: readonly unknown[]) => (args[0] === true) !== (args[1] === true)),
  ],
  staticFields: [staticField('TRUE', T.Boolean, true), staticField('FALSE', T.Boolean, false)],
};

const numberClass: ClassDefinitionInput = {
  name: N.Number,
  methods: [
    method('intValue', [], T.Integer, (n: unknown) => toIntValue(n)),
    method('longValue', [], T.Long, (n: unknown) => toLongValue(n)),
    method('doubleValue', [], T.Double, (n: unknown) => new JavaDouble(toDoubleValue(n))),
    method('floatValue', [], T.Float, (n: unknown) => new JavaFloat(toDoubleValue(n))),
    method('shortValue', [], T.Short, (n: unknown) => castNumber(n, 'Short')),
    method('byteValue', [], T.Byte, (n: unknown) => castNumber(n, 'Byte')),
  ],
};

const integerClass: ClassDefinitionInput = {
  name: N.Integer,
  methods: [compareToMethod(T.Integer)],
  staticMethods: [
    staticMethod('valueOf', [param('i', T.Integer)], T.Integer, (args: readonly unknown[]) => intArg(args, 0)),
    staticMethod('valueOf', [param('s', T.String)], T.Integer, (args: readonly unknown[]) => parseJavaInt(stringArg(args, 0))),
    staticMethod('parseInt', [param('s', T.String)], T.Integer, (args: readonly unknown[]) => parseJavaInt(stringArg(args, 0))),
    staticMethod('toString', [param('i', T.Integer)], T.String, (args: readonly unknown[]) => String(intArg(args, 0))),
    staticMethod('max', [param('a', T.Integer), param('b', T.Integer)], T.Integer, (args: readonly unknown[]) => Math.max(intArg(args, 0), intArg(args, 1))),
    staticMethod('min', [param('a', T.Integer), param('b', T.Integer)], T.Integer, (args: readonly unknown[]) => Math.min(intArg(args, 0), intArg(args, 1))),
    staticMethod('sum', [param('a', T.Integer), param('b', T.Integer)], T.Integer, (args: readonly unknown[]) => (intArg(args, 0) + intArg(args, 1)) | 0),
    staticMethod('compare', [param('x', T.Integer), param('y', T.Integer)], T.Integer, (args: readonly unknown[]) => Math.sign(intArg(args, 0) - intArg(args, 1))),
  ],
  staticFields: [staticField('MAX_VALUE', T.Integer, JAVA_LIMITS.INT_MAX), staticField('MIN_VALUE', T.Integer, JAVA_LIMITS.INT_MIN)],
};

const longClass: ClassDefinitionInput = {
  name: N.Long,
  methods: [compareToMethod(T.Long)],
  staticMethods: [
    staticMethod('valueOf', [param('l', T.Long)], T.Long, (args: readonly unknown[]) => longArg(args, 0)),
    staticMethod('valueOf', [param('s', T.String)], T.Long, (args: readonly unknown[]) => parseJavaLong(stringArg(args, 0))),
    staticMethod('parseLong', [param('s', T.String)], T.Long, (args: readonly unknown[]) => parseJavaLong(stringArg(args, 0))),
    staticMethod('toString', [param('l', T.Long)], T.String, (args: readonly unknown[]) => longArg(args, 0).toString()),
    staticMethod('max', [param('a', T.Long), param('b', T.Long)], T.Long, (args: readonly unknown[]) => (longArg(args, 0) > longArg(args, 1) ? longArg(args, 0) : longArg(args, 1))),
    staticMethod('min', [param('a', T.Long), param('b', T.Long)], T.Long, (args: readonly unknown[]) => (longArg(args, 0) < longArg(args, 1) ? longArg(args, 0) : longArg(args, 1))),
    staticMethod('sum', [param('a', T.Long), param('b', T.Long)], T.Long, (args: readonly unknown[]) => BigInt.asIntN(64, longArg(args, 0) + longArg(args, 1))),
    staticMethod('compare', [param('x', T.Long), param('y', T.Long)], T.Integer, (args: readonly unknown[]) => javaCompare(longArg(args, 0), longArg(args, 1))),
  ],
  staticFields: [staticField('MAX_VALUE', T.Long, JAVA_LIMITS.LONG_MAX), staticField('MIN_VALUE', T.Long, JAVA_LIMITS.LONG_MIN)],
};

function floatingClass(name: string, type: TypingResult, make: (value: number) => unknown, max: number, min: number): ClassDefinitionInput {
  const simple = name.slice(name.lastIndexOf('.') + 1);
  return {
    name,
    methods: [
      compareToMethod(type),
      method('isNaN', [], T.Boolean, (n: unknown) => Number.isNaN(toDoubleValue(n))),
      method('isInfinite', [], T.Boolean, (n: unknown) => Math.abs(toDoubleValue(n)) === Infinity),
    ],
    staticMethods: [
      staticMethod('valueOf', [param('d', type)], type, (args: readonly unknown[]) => make(doubleArg(args, 0))),
      staticMethod('valueOf', [param('s', T.String)], type, (args: readonly unknown[]) => make(parseJavaDouble(stringArg(args, 0)))),
      staticMethod(`parse${simple}`, [param('s', T.String)], type, (args: readonly unknown[]) => make(parseJavaDouble(stringArg(args, 0)))),
      staticMethod('isNaN', [param('v', type)], T.Boolean, (args: readonly unknown[]) => Number.isNaN(doubleArg(args, 0))),
      staticMethod('isInfinite', [param('v', type)], T.Boolean, (args: readonly unknown[]) => Math.abs(doubleArg(args, 0)) === Infinity),
      staticMethod('isFinite', [param('v', type)], T.Boolean, (args: readonly unknown[]) => Number.isFinite(doubleArg(args, 0))),
      staticMethod('toString', [param('d', type)], T.String, (args: readonly unknown[]) => javaToString(make(doubleArg(args, 0)))),
      staticMethod('compare', [param('a', type), param('b', type)], T.Integer, (args: readonly unknown[]) => javaCompare(make(doubleArg(args, 0)), make(doubleArg(args, 1)))),
      staticMethod('max', [param('a', type), param('b', type)], type, (args: readonly unknown[]) => make(Math.max(doubleArg(args, 0), doubleArg(args, 1)))),
      staticMethod('min', [param('a', type), param('b', type)], type, (args: readonly unknown[]) => make(Math.min(doubleArg(args, 0), doubleArg(args, 1)))),
      staticMethod('sum', [param('a', type), param('b', type)], type, (args: readonly unknown[]) => make(doubleArg(args, 0) + doubleArg(args, 1))),
    ],
    staticFields: [
      staticField('MAX_VALUE', type, make(max)),
      staticField('MIN_VALUE', type, make(min)),
      staticField('POSITIVE_INFINITY', type, make(Infinity)),
      staticField('NEGATIVE_INFINITY', type, make(-Infinity)),
      staticField('NaN', type, make(NaN)),
    ],
  };
}

const doubleClass = floatingClass(N.Double, T.Double, (value) => new JavaDouble(value), Number.MAX_VALUE, Number.MIN_VALUE);
const floatClass = floatingClass(N.Float, T.Float, (value) => new JavaFloat(value), 3.4028234663852886e38, 1.401298464324817e-45);

function smallIntegralClass(name: string, type: TypingResult, bits: number): ClassDefinitionInput {
  const max = 2 ** (bits - 1) - 1;
  const min = -(2 ** (bits - 1));
  const make = (value: number) => castNumber(value, bits === 16 ? 'Short' : 'Byte');
  const simple = name.slice(name.lastIndexOf('.') + 1);
  const parse = (text: string) => {
    const value = parseJavaInt(text);
    if (value < min || value > max) throw new JavaRuntimeError('NumberFormatException', `Value out of range. Value:"${text}" Radix:10`);
    return make(value);
  };
  return {
    name,
    methods: [compareToMethod(type)],
    staticMethods: [
      staticMethod('valueOf', [param('s', T.String)], type, (args: readonly unknown[]) => parse(stringArg(args, 0))),
      staticMethod(`parse${simple}`, [param('s', T.String)], type, (args: readonly unknown[]) => parse(stringArg(args, 0))),
    ],
    staticFields: [staticField('MAX_VALUE', type, make(max)), staticField('MIN_VALUE', type, make(min))],
  };
}

function bigDecimalArg(args: readonly unknown[], index: number): Decimal {
  return toBigDecimalValue(requireArg(args, index));
}

function roundingModeArg(args: readonly unknown[], index: number): JavaRoundingMode {
  const mode = ROUNDING_MODES[intArg(args, index)];
  if (mode === undefined) throw new JavaRuntimeError('IllegalArgumentException', 'Invalid rounding mode');
  return mode;
}

/** BigDecimal.divide(divisor) without a scale: exact, or an ArithmeticException for a non-terminating result. */
function exactDivide(dividend: Decimal, divisor: Decimal): Decimal {
  if (divisor.isZero()) throw new JavaRuntimeError('ArithmeticException', dividend.isZero() ? 'Division undefined' : 'Division by zero');
  const a = decimalParts(dividend);
  const b = decimalParts(divisor);
  // The quotient terminates iff the reduced denominator has only factors 2 and 5.
  let denominator = b.unscaled < 0n ? -b.unscaled : b.unscaled;
  const numerator = a.unscaled < 0n ? -a.unscaled : a.unscaled;
  const gcd = greatestCommonDivisor(numerator, denominator);
  denominator /= gcd === 0n ? 1n : gcd;
  while (denominator % 2n === 0n) denominator /= 2n;
  while (denominator % 5n === 0n) denominator /= 5n;
  if (denominator !== 1n) throw new JavaRuntimeError('ArithmeticException', 'Non-terminating decimal expansion; no exact representable decimal result.');
  // decimal.js stops dividing once the remainder is zero, so a terminating quotient is computed exactly.
  return new ExactDecimal(dividend).div(divisor);
}

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

const bigDecimalClass: ClassDefinitionInput = {
  name: N.BigDecimal,
  methods: [
    method('add', [param('augend', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => new ExactDecimal(d).plus(bigDecimalArg(args, 0))),
    method('subtract', [param('subtrahend', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => new ExactDecimal(d).minus(bigDecimalArg(args, 0))),
    method('multiply', [param('multiplicand', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => new ExactDecimal(d).times(bigDecimalArg(args, 0))),
    method('divide', [param('divisor', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => exactDivide(d, bigDecimalArg(args, 0)), {
      description: 'Exact quotient; fails for a non-terminating result (use divide(divisor, scale, roundingMode))',
    }),
    method('divide', [param('divisor', T.BigDecimal), param('scale', T.Integer), param('roundingMode', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) =>
      bigDecimalDivideToScale(d, bigDecimalArg(args, 0), intArg(args, 1), roundingModeArg(args, 2)),
    ),
    method('remainder', [param('divisor', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => {
      const divisor = bigDecimalArg(args, 0);
      if (divisor.isZero()) throw new JavaRuntimeError('ArithmeticException', 'Division by zero');
      return new ExactDecimal(d).mod(divisor);
    }),
    method('pow', [param('n', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => {
      const n = intArg(args, 0);
      if (n < 0 || n > 999999999) throw new JavaRuntimeError('ArithmeticException', 'Invalid operation');
      return new ExactDecimal(d).pow(n);
    }),
    method('negate', [], T.BigDecimal, (d: Decimal) => new ExactDecimal(d).neg()),
    method('abs', [], T.BigDecimal, (d: Decimal) => javaAbs(d)),
    method('signum', [], T.Integer, (d: Decimal) => (d.isZero() ? 0 : d.isNegative() ? -1 : 1)),
    method('scale', [], T.Integer, (d: Decimal) => javaScaleOf(d)),
    method('precision', [], T.Integer, (d: Decimal) => (d.isZero() ? 1 : d.precision(true))),
    method('unscaledValue', [], T.BigInteger, (d: Decimal) => new JavaBigInteger(decimalParts(d).unscaled)),
    method('setScale', [param('newScale', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => bigDecimalSetScale(d, intArg(args, 0), 'UNNECESSARY')),
    method('setScale', [param('newScale', T.Integer), param('roundingMode', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => bigDecimalSetScale(d, intArg(args, 0), roundingModeArg(args, 1))),
    method('stripTrailingZeros', [], T.BigDecimal, (d: Decimal) => new ExactDecimal(d)),
    method('toBigInteger', [], T.BigInteger, (d: Decimal) => new JavaBigInteger(toBigIntegerValue(d))),
    method('toPlainString', [], T.String, (d: Decimal) => expandDecimal(d)),
    method('toEngineeringString', [], T.String, (d: Decimal) => formatJavaBigDecimal(d)),
    method('max', [param('val', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => (d.comparedTo(bigDecimalArg(args, 0)) >= 0 ? d : bigDecimalArg(args, 0))),
    method('min', [param('val', T.BigDecimal)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => (d.comparedTo(bigDecimalArg(args, 0)) <= 0 ? d : bigDecimalArg(args, 0))),
    method('movePointLeft', [param('n', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => new ExactDecimal(d).times(new ExactDecimal(10).pow(-intArg(args, 0)))),
    method('movePointRight', [param('n', T.Integer)], T.BigDecimal, (d: Decimal, args: readonly unknown[]) => new ExactDecimal(d).times(new ExactDecimal(10).pow(intArg(args, 0)))),
    compareToMethod(T.BigDecimal),
  ],
  staticMethods: [
    staticMethod('valueOf', [param('val', T.Long)], T.BigDecimal, (args: readonly unknown[]) => new ExactDecimal(longArg(args, 0).toString())),
    staticMethod('valueOf', [param('val', T.Double)], T.BigDecimal, (args: readonly unknown[]) => parseJavaBigDecimal(formatJavaDouble(doubleArg(args, 0)))),
    staticMethod('valueOf', [param('unscaledVal', T.Long), param('scale', T.Integer)], T.BigDecimal, (args: readonly unknown[]) => new ExactDecimal(`${longArg(args, 0)}e${-intArg(args, 1)}`)),
  ],
  staticFields: [
    staticField('ZERO', T.BigDecimal, new ExactDecimal(0)),
    staticField('ONE', T.BigDecimal, new ExactDecimal(1)),
    staticField('TEN', T.BigDecimal, new ExactDecimal(10)),
    ...['ROUND_UP', 'ROUND_DOWN', 'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_HALF_UP', 'ROUND_HALF_DOWN', 'ROUND_HALF_EVEN', 'ROUND_UNNECESSARY'].map((name, code) => staticField(name, T.Integer, code)),
  ],
  constructors: [
    method('BigDecimal', [param('val', T.String)], T.BigDecimal, (_: unknown, args: readonly unknown[]) => parseJavaBigDecimal(stringArg(args, 0))),
    method('BigDecimal', [param('val', T.Integer)], T.BigDecimal, (_: unknown, args: readonly unknown[]) => new ExactDecimal(intArg(args, 0))),
    method('BigDecimal', [param('val', T.Long)], T.BigDecimal, (_: unknown, args: readonly unknown[]) => new ExactDecimal(longArg(args, 0).toString())),
    // new BigDecimal(double) takes the exact binary value of the double, unlike valueOf(double).
    method('BigDecimal', [param('val', T.Double)], T.BigDecimal, (_: unknown, args: readonly unknown[]) => exactBinaryValue(doubleArg(args, 0))),
  ],
};

/** The exact decimal expansion of a double (what `new BigDecimal(0.1)` gives in Java). */
function exactBinaryValue(value: number): Decimal {
  if (!Number.isFinite(value)) throw new JavaRuntimeError('NumberFormatException', 'Infinite or NaN');
  if (value === 0) return new ExactDecimal(0);
  const buffer = new DataView(new ArrayBuffer(8));
  buffer.setFloat64(0, value);
  const bits = buffer.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponentBits === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075;
  const magnitude = exponent >= 0 ? new ExactDecimal((mantissa << BigInt(exponent)).toString()) : new ExactDecimal(mantissa.toString()).times(new ExactDecimal(5).pow(-exponent)).div(new ExactDecimal(10).pow(-exponent));
  return value < 0 ? magnitude.neg() : magnitude;
}

function bigIntegerArg(args: readonly unknown[], index: number): bigint {
  return toBigIntegerValue(requireArg(args, index));
}

function bigIntegerOf(target: unknown): bigint {
  return (target as JavaBigInteger).value;
}

function bigIntegerDivisor(args: readonly unknown[]): bigint {
  const divisor = bigIntegerArg(args, 0);
  if (divisor === 0n) throw new JavaRuntimeError('ArithmeticException', 'BigInteger divide by zero');
  return divisor;
}

/** Digits accepted by `new BigInteger(text)`: the limit of BigInteger arithmetic in numbers.ts. */
const MAX_BIG_INTEGER_TEXT = 100_001;

const bigIntegerClass: ClassDefinitionInput = {
  name: N.BigInteger,
  methods: [
    method('add', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => new JavaBigInteger(bigIntegerOf(b) + bigIntegerArg(args, 0))),
    method('subtract', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => new JavaBigInteger(bigIntegerOf(b) - bigIntegerArg(args, 0))),
    method('multiply', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => new JavaBigInteger(bigIntegerOf(b) * bigIntegerArg(args, 0))),
    method('divide', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => new JavaBigInteger(bigIntegerOf(b) / bigIntegerDivisor(args))),
    method('remainder', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => new JavaBigInteger(bigIntegerOf(b) % bigIntegerDivisor(args))),
    method('mod', [param('m', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => {
      const modulus = bigIntegerArg(args, 0);
      if (modulus <= 0n) throw new JavaRuntimeError('ArithmeticException', 'BigInteger: modulus not positive');
      return new JavaBigInteger(((bigIntegerOf(b) % modulus) + modulus) % modulus);
    }),
    method('pow', [param('exponent', T.Integer)], T.BigInteger, (b: unknown, args: readonly unknown[]) => {
      const exponent = intArg(args, 0);
      if (exponent < 0) throw new JavaRuntimeError('ArithmeticException', 'Negative exponent');
      return new JavaBigInteger(bigIntegerOf(b) ** BigInt(exponent));
    }),
    method('negate', [], T.BigInteger, (b: unknown) => new JavaBigInteger(-bigIntegerOf(b))),
    method('abs', [], T.BigInteger, (b: unknown) => new JavaBigInteger(bigIntegerOf(b) < 0n ? -bigIntegerOf(b) : bigIntegerOf(b))),
    method('signum', [], T.Integer, (b: unknown) => (bigIntegerOf(b) === 0n ? 0 : bigIntegerOf(b) < 0n ? -1 : 1)),
    method('gcd', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => {
      const abs = (x: bigint) => (x < 0n ? -x : x);
      return new JavaBigInteger(greatestCommonDivisor(abs(bigIntegerOf(b)), abs(bigIntegerArg(args, 0))));
    }),
    method('max', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => (bigIntegerOf(b) >= bigIntegerArg(args, 0) ? b : new JavaBigInteger(bigIntegerArg(args, 0)))),
    method('min', [param('val', T.BigInteger)], T.BigInteger, (b: unknown, args: readonly unknown[]) => (bigIntegerOf(b) <= bigIntegerArg(args, 0) ? b : new JavaBigInteger(bigIntegerArg(args, 0)))),
    compareToMethod(T.BigInteger),
  ],
  staticMethods: [staticMethod('valueOf', [param('val', T.Long)], T.BigInteger, (args: readonly unknown[]) => new JavaBigInteger(longArg(args, 0)))],
  staticFields: [staticField('ZERO', T.BigInteger, new JavaBigInteger(0n)), staticField('ONE', T.BigInteger, new JavaBigInteger(1n)), staticField('TWO', T.BigInteger, new JavaBigInteger(2n)), staticField('TEN', T.BigInteger, new JavaBigInteger(10n))],
  constructors: [
    method('BigInteger', [param('val', T.String)], T.BigInteger, (_: unknown, args: readonly unknown[]) => {
      const text = stringArg(args, 0);
      if (!/^[+-]?\d+$/.test(text)) throw new JavaRuntimeError('NumberFormatException', `For input string: "${text}"`);
      // Decimal parsing is quadratic in the digits; arithmetic refuses results past this size anyway.
      if (text.length > MAX_BIG_INTEGER_TEXT) throw new JavaRuntimeError('NumberFormatException', `BigInteger of more than ${MAX_BIG_INTEGER_TEXT} digits`);
      return new JavaBigInteger(BigInt(text));
    }),
  ],
};

function charArg(args: readonly unknown[]): string {
  const value = requireArg(args, 0);
  if (value instanceof JavaCharacter) return value.value;
  if (typeof value === 'string' && value.length === 1) return value;
  throw new JavaRuntimeError('ClassCastException', `${javaToString(value)} is not a Character`);
}

const characterClass: ClassDefinitionInput = {
  name: N.Character,
  methods: [method('charValue', [], T.Character, (c: unknown) => c), compareToMethod(T.Character)],
  staticMethods: [
    staticMethod('isDigit', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^\p{Nd}$/u.test(charArg(args))),
    staticMethod('isLetter', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^\p{L}$/u.test(charArg(args))),
    staticMethod('isLetterOrDigit', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^[\p{L}\p{Nd}]$/u.test(charArg(args))),
    staticMethod('isWhitespace', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^[\t\n\u000b\f\r\u001c-\u001f\p{Zs}\u2028\u2029]$/u.test(charArg(args)) && !/^[\u00a0\u2007\u202f]$/.test(charArg(args))),
    staticMethod('isUpperCase', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^\p{Lu}$/u.test(charArg(args))),
    staticMethod('isLowerCase', [param('ch', T.Character)], T.Boolean, (args: readonly unknown[]) => /^\p{Ll}$/u.test(charArg(args))),
    staticMethod('toUpperCase', [param('ch', T.Character)], T.Character, (args: readonly unknown[]) => {
      const upper = charArg(args).toUpperCase();
      return new JavaCharacter(upper.length === 1 ? upper : charArg(args));
    }),
    staticMethod('toLowerCase', [param('ch', T.Character)], T.Character, (args: readonly unknown[]) => {
      const lower = charArg(args).toLowerCase();
      return new JavaCharacter(lower.length === 1 ? lower : charArg(args));
    }),
    staticMethod('valueOf', [param('c', T.Character)], T.Character, (args: readonly unknown[]) => new JavaCharacter(charArg(args))),
  ],
  staticFields: [staticField('MIN_VALUE', T.Character, new JavaCharacter('\u0000')), staticField('MAX_VALUE', T.Character, new JavaCharacter('\uffff'))],
};

/** Overloads in Java's resolution order: the narrowest matching primitive wins (`max(1, 2)` is int). */
function numericOverloads(name: string, arity: 1 | 2, kinds: readonly ('Integer' | 'Long' | 'Float' | 'Double')[], compute: (values: readonly number[]) => number, computeLong?: (values: readonly bigint[]) => bigint): MethodDefinition[] {
  return kinds.map((kind) => {
    const type = T[kind];
    const params = arity === 1 ? [param('a', type)] : [param('a', type), param('b', type)];
    return staticMethod(name, params, type, (args: readonly unknown[]) => {
      switch (kind) {
        case 'Integer':
          return compute(args.map((_, i) => intArg(args, i))) | 0;
        case 'Long':
          return computeLong ? computeLong(args.map((_, i) => longArg(args, i))) : doubleToLong(compute(args.map((_, i) => doubleArg(args, i))));
        case 'Float':
          return new JavaFloat(compute(args.map((_, i) => Math.fround(doubleArg(args, i)))));
        case 'Double':
          return new JavaDouble(compute(args.map((_, i) => doubleArg(args, i))));
      }
    });
  });
}

function doubleFunction(name: string, compute: (value: number) => number): MethodDefinition {
  return staticMethod(name, [param('a', T.Double)], T.Double, (args: readonly unknown[]) => new JavaDouble(compute(doubleArg(args, 0))));
}

function exactIntOp(name: string, compute: (a: bigint, b: bigint) => bigint): MethodDefinition[] {
  return [
    staticMethod(name, [param('x', T.Integer), param('y', T.Integer)], T.Integer, (args: readonly unknown[]) => {
      const result = compute(BigInt(intArg(args, 0)), BigInt(intArg(args, 1)));
      if (result < BigInt(JAVA_LIMITS.INT_MIN) || result > BigInt(JAVA_LIMITS.INT_MAX)) throw new JavaRuntimeError('ArithmeticException', 'integer overflow');
      return Number(result);
    }),
    staticMethod(name, [param('x', T.Long), param('y', T.Long)], T.Long, (args: readonly unknown[]) => {
      const result = compute(longArg(args, 0), longArg(args, 1));
      if (result < JAVA_LIMITS.LONG_MIN || result > JAVA_LIMITS.LONG_MAX) throw new JavaRuntimeError('ArithmeticException', 'long overflow');
      return result;
    }),
  ];
}

/** Java's Math.round: floor(x + 0.5), with Java's care for values just below 0.5. */
function javaRound(value: number): number {
  if (Number.isNaN(value)) return 0;
  const floor = Math.floor(value);
  return value - floor >= 0.5 ? floor + 1 : floor;
}

const mathClass: ClassDefinitionInput = {
  name: N.Math,
  staticMethods: [
    ...numericOverloads('max', 2, ['Integer', 'Long', 'Float', 'Double'], (v) => (Number.isNaN(v[0]!) || Number.isNaN(v[1]!) ? NaN : Math.max(v[0]!, v[1]!)), (v) => (v[0]! > v[1]! ? v[0]! : v[1]!)),
    ...numericOverloads('min', 2, ['Integer', 'Long', 'Float', 'Double'], (v) => (Number.isNaN(v[0]!) || Number.isNaN(v[1]!) ? NaN : Math.min(v[0]!, v[1]!)), (v) => (v[0]! < v[1]! ? v[0]! : v[1]!)),
    ...numericOverloads('abs', 1, ['Integer', 'Long', 'Float', 'Double'], (v) => Math.abs(v[0]!), (v) => BigInt.asIntN(64, v[0]! < 0n ? -v[0]! : v[0]!)),
    staticMethod('pow', [param('a', T.Double), param('b', T.Double)], T.Double, (args: readonly unknown[]) => new JavaDouble(Math.pow(doubleArg(args, 0), doubleArg(args, 1)))),
    doubleFunction('sqrt', Math.sqrt),
    doubleFunction('cbrt', Math.cbrt),
    doubleFunction('floor', Math.floor),
    doubleFunction('ceil', Math.ceil),
    doubleFunction('rint', (x) => {
      const floor = Math.floor(x);
      const difference = x - floor;
      return difference > 0.5 || (difference === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
    }),
    doubleFunction('exp', Math.exp),
    doubleFunction('log', Math.log),
    doubleFunction('log10', Math.log10),
    doubleFunction('sin', Math.sin),
    doubleFunction('cos', Math.cos),
    doubleFunction('tan', Math.tan),
    doubleFunction('asin', Math.asin),
    doubleFunction('acos', Math.acos),
    doubleFunction('atan', Math.atan),
    doubleFunction('toRadians', (x) => (x / 180) * Math.PI),
    doubleFunction('toDegrees', (x) => (x * 180) / Math.PI),
    doubleFunction('signum', (x) => (Number.isNaN(x) || x === 0 ? x : Math.sign(x))),
    staticMethod('atan2', [param('y', T.Double), param('x', T.Double)], T.Double, (args: readonly unknown[]) => new JavaDouble(Math.atan2(doubleArg(args, 0), doubleArg(args, 1)))),
    staticMethod('hypot', [param('x', T.Double), param('y', T.Double)], T.Double, (args: readonly unknown[]) => new JavaDouble(Math.hypot(doubleArg(args, 0), doubleArg(args, 1)))),
    staticMethod('round', [param('a', T.Float)], T.Integer, (args: readonly unknown[]) => doubleToInt(javaRound(Math.fround(doubleArg(args, 0))))),
    staticMethod('round', [param('a', T.Double)], T.Long, (args: readonly unknown[]) => doubleToLong(javaRound(doubleArg(args, 0)))),
    staticMethod('floorDiv', [param('x', T.Integer), param('y', T.Integer)], T.Integer, (args: readonly unknown[]) => {
      const y = intArg(args, 1);
      if (y === 0) throw new JavaRuntimeError('ArithmeticException', '/ by zero');
      return Math.floor(intArg(args, 0) / y) | 0;
    }),
    staticMethod('floorMod', [param('x', T.Integer), param('y', T.Integer)], T.Integer, (args: readonly unknown[]) => {
      const x = intArg(args, 0);
      const y = intArg(args, 1);
      if (y === 0) throw new JavaRuntimeError('ArithmeticException', '/ by zero');
      return (((x % y) + y) % y) | 0;
    }),
    ...exactIntOp('addExact', (a, b) => a + b),
    ...exactIntOp('subtractExact', (a, b) => a - b),
    ...exactIntOp('multiplyExact', (a, b) => a * b),
    staticMethod('random', [], T.Double, () => new JavaDouble(Math.random())),
  ],
  staticFields: [staticField('PI', T.Double, new JavaDouble(Math.PI)), staticField('E', T.Double, new JavaDouble(Math.E))],
};

// Costs of BigInteger and BigDecimal: their work grows with the digits of the operands and of the result (a
// power, a scale, a plain-text expansion of 1E+999999999). One step per digit; numbers.ts bounds the digits of
// arithmetic operators the same way.

/** Decimal digits of a BigInteger (from its hex length: no quadratic decimal conversion). */
function bigIntegerDigits(value: unknown): number {
  const big = value instanceof JavaBigInteger ? value.value : typeof value === 'bigint' ? value : 0n;
  return Math.ceil(big.toString(16).length * 1.21);
}

function isDecimal(value: unknown): value is Decimal {
  return typeof value === 'object' && value !== null && typeof (value as Decimal).sd === 'function' && typeof (value as Decimal).e === 'number';
}

/** Significant digits of a BigDecimal (what arithmetic on its coefficient costs). */
function significantDigits(value: unknown): number {
  return isDecimal(value) ? value.sd() : 0;
}

/** Digits of a BigDecimal written out in full (`toPlainString`): significant digits plus the zeros the exponent adds. */
function plainDigits(value: unknown): number {
  return isDecimal(value) ? value.sd() + Math.abs(value.e) + 1 : 0;
}

function intOf(value: unknown): number {
  return typeof value === 'number' ? Math.abs(value) : 0;
}

const bigIntegerOperands: MethodCost = (meter, target, args) => meter.step(bigIntegerDigits(target) + bigIntegerDigits(args[0]));

const bigIntegerCosts: Readonly<Record<string, MethodCost>> = {
  add: bigIntegerOperands,
  subtract: bigIntegerOperands,
  multiply: bigIntegerOperands,
  divide: bigIntegerOperands,
  remainder: bigIntegerOperands,
  mod: bigIntegerOperands,
  gcd: bigIntegerOperands,
  max: bigIntegerOperands,
  min: bigIntegerOperands,
  compareTo: linearScan((meter, target, args) => bigIntegerOperands(meter, target, args)),
  negate: bigIntegerOperands,
  abs: bigIntegerOperands,
  // The result has about digits × exponent digits.
  pow: (meter, target, args) => meter.step(bigIntegerDigits(target) * Math.max(1, intOf(args[0]))),
  BigInteger: (meter, _target, args) => meter.step(textSteps(typeof args[0] === 'string' ? args[0].length : 0) * CHARS_PER_STEP),
};

/** Aligning two decimals costs their significant digits plus the distance of their exponents. */
const decimalOperands: MethodCost = (meter, target, args) => {
  const other = args[0];
  const spread = isDecimal(target) && isDecimal(other) ? Math.abs(target.e - other.e) : 0;
  meter.step(significantDigits(target) + significantDigits(other) + spread);
};

const bigDecimalCosts: Readonly<Record<string, MethodCost>> = {
  add: decimalOperands,
  subtract: decimalOperands,
  multiply: decimalOperands,
  remainder: decimalOperands,
  max: decimalOperands,
  min: decimalOperands,
  compareTo: linearScan((meter, target, args) => decimalOperands(meter, target, args)),
  // divide(divisor, scale, mode) computes `scale` digits; the exact divide at most the operands' digits.
  divide: (meter, target, args) => {
    decimalOperands(meter, target, args);
    meter.step(intOf(args[1]));
  },
  pow: (meter, target, args) => meter.step(Math.max(1, significantDigits(target)) * Math.max(1, intOf(args[0]))),
  setScale: (meter, target, args) => meter.step(significantDigits(target) + intOf(args[0])),
  movePointLeft: (meter, target) => meter.step(significantDigits(target)),
  movePointRight: (meter, target) => meter.step(significantDigits(target)),
  negate: (meter, target) => meter.step(significantDigits(target)),
  abs: (meter, target) => meter.step(significantDigits(target)),
  stripTrailingZeros: (meter, target) => meter.step(significantDigits(target)),
  unscaledValue: (meter, target) => meter.step(plainDigits(target)),
  toBigInteger: (meter, target) => meter.step(plainDigits(target)),
  toPlainString: (meter, target) => meter.chargeString(plainDigits(target) + 2),
  toEngineeringString: (meter, target) => meter.step(significantDigits(target)),
  BigDecimal: (meter, _target, args) => meter.step(typeof args[0] === 'string' ? textSteps(args[0].length) : 1),
};

/** The class with the named costs added to its methods and constructors (every overload of a name). */
function withCosts(definition: ClassDefinitionInput, costs: Readonly<Record<string, MethodCost>>): ClassDefinitionInput {
  const costed = (methods: readonly MethodDefinition[] | undefined) =>
    methods?.map((m) => {
      const cost = Object.hasOwn(costs, m.name) ? costs[m.name] : undefined;
      return cost === undefined || m.cost !== undefined ? m : Object.freeze({ ...m, cost });
    });
  return { ...definition, methods: costed(definition.methods), constructors: costed(definition.constructors), staticMethods: costed(definition.staticMethods) };
}

/** java.lang: Object, String, Boolean, the number classes, Character and Math. */
export const langClasses: readonly ClassDefinitionInput[] = [
  objectClass,
  stringClass,
  booleanClass,
  numberClass,
  integerClass,
  longClass,
  doubleClass,
  floatClass,
  smallIntegralClass(N.Short, T.Short, 16),
  smallIntegralClass(N.Byte, T.Byte, 8),
  withCosts(bigDecimalClass, bigDecimalCosts),
  withCosts(bigIntegerClass, bigIntegerCosts),
  characterClass,
  mathClass,
  { name: N.Comparable },
  { name: N.CharSequence },
];
