import { chargeLiteralReplace, chargeValueWalk, isNumberType, knownValueOf, STEPS_PER_DECIMAL_OPERATION, textSteps, unknownType, withoutValue, type CostMeter, type MethodDefinition, type NumberKind, type TypingResult } from '@scenaria/typing';
import { convertValueTo, ExactDecimal, JavaBigInteger, javaToString, scaleOfDecimalText, spelEquals, toBigDecimalValue, toDoubleValue, withJavaScale } from '@scenaria/typing/runtime';
import { conversionResultType, resolveConversionTarget } from './conversions';
import { method, T, type ClassSpec } from './method-dsl';
import { describeValue } from './spel-values';
import { classOf } from './types';

// What this package adds to @scenaria/typing's standard registry (layered ahead of it, see registry.ts):
// the 1.18 conversion extension methods on every value, the CharSequence forms of String.contains/replace,
// Map.get typed by a record's field, and the BigDecimal/BigInteger constructors and valueOf. Everything else
// (the members of String, numbers, collections, java.time...) is typing's.

/** Thrown by `to(...)` when a value cannot be converted; the evaluator reports it with a position. */
export class ConversionError extends Error {
  override readonly name = 'ConversionError';
}

function mapValueOf(target: TypingResult, keyType?: TypingResult): TypingResult {
  const plain = withoutValue(target);
  if (plain.kind === 'record') {
    const key = keyType ? knownValueOf(keyType) : undefined;
    if (key && typeof key.value === 'string') return plain.fields.get(key.value) ?? unknownType;
    return unknownType;
  }
  return classOf(plain)?.params[1] ?? unknownType;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : javaToString(value));

// ----- the conversion extension methods of every value (reference §5) -----

type Applicability = (target: TypingResult) => boolean;

const isUnknownLike = (type: TypingResult): boolean => type.kind === 'unknown' || type.kind === 'union';
const isStringType = (type: TypingResult): boolean => classOf(type)?.className === 'java.lang.String';
const numericApplies: Applicability = (type) => isUnknownLike(type) || isNumberType(type) || isStringType(type);
const booleanApplies: Applicability = (type) => isUnknownLike(type) || isStringType(type) || classOf(type)?.className === 'java.lang.Boolean';
const listApplies: Applicability = (type) => {
  const cls = classOf(type);
  return isUnknownLike(type) || type.kind === 'record' || (cls !== undefined && ['java.util.List', 'java.util.Set', 'java.util.Collection', '[Ljava.lang.Object;', 'java.util.Map', 'java.util.HashMap'].includes(cls.className));
};
const mapApplies: Applicability = (type) => {
  const cls = classOf(type);
  if (isUnknownLike(type) || type.kind === 'record') return true;
  if (cls?.className === 'java.util.Map' || cls?.className === 'java.util.HashMap') return true;
  if (cls?.className === 'java.util.List' || cls?.className === '[Ljava.lang.Object;') {
    const element = cls.params[0];
    return element === undefined || element.kind === 'unknown' || (element.kind === 'record' && element.fields.has('key') && element.fields.has('value'));
  }
  return false;
};

/**
 * A conversion reads the whole value at most (a map's entries into a list, a list of entries into a map, a
 * value's text), so it costs the walk of the value; on a scalar that is one step.
 */
const walksValue = (meter: CostMeter, value: unknown): void => chargeValueWalk(meter, value);

function conversionTriple(shortName: string, target: string, applies: Applicability): MethodDefinition[] {
  const resultOf = (source: TypingResult) => conversionResultType(source, target);
  return [
    method(`canBe${shortName}`, [], T.Boolean, (value) => convertValueTo(value, target).ok, `Whether the value can be converted to ${shortName}`, { appliesTo: applies, cost: walksValue }),
    method(`to${shortName}`, [], (source) => resultOf(source), (value) => convertOrThrow(value, target), `Converts the value to ${shortName}; fails when it cannot be converted`, { appliesTo: applies, cost: walksValue }),
    method(`to${shortName}OrNull`, [], (source) => resultOf(source), (value) => {
      const converted = convertValueTo(value, target);
      return converted.ok ? converted.value : null;
    }, `Converts the value to ${shortName}, or null when it cannot be converted`, { appliesTo: applies, cost: walksValue }),
  ];
}

function convertOrThrow(value: unknown, target: string): unknown {
  const converted = convertValueTo(value, target);
  if (!converted.ok) throw new ConversionError(`Cannot convert: ${describeValue(value)} to: '${target.slice(target.lastIndexOf('.') + 1)}'`);
  return converted.value;
}

function targetFromArgument(args: TypingResult[]): string | { error: string } | undefined {
  const known = args[0] ? knownValueOf(args[0]) : undefined;
  if (!known || typeof known.value !== 'string') return undefined;
  return resolveConversionTarget(known.value) ?? { error: `Cannot cast or convert to: '${known.value}'` };
}

const conversionMethods: MethodDefinition[] = [
  method('canBe', [['className', T.String]], (_target, args) => {
    const target = targetFromArgument(args);
    return typeof target === 'object' ? target : T.Boolean;
  }, (value, [name]) => {
    const target = resolveConversionTarget(str(name));
    return target !== undefined && convertValueTo(value, target).ok;
  }, 'Whether the value can be cast or converted to the given class (simple or fully-qualified name)', { cost: walksValue }),
  method('to', [['className', T.String]], (source, args) => {
    const target = targetFromArgument(args);
    if (target === undefined) return unknownType;
    return typeof target === 'object' ? target : conversionResultType(source, target);
  }, (value, [name]) => {
    const target = resolveConversionTarget(str(name));
    if (target === undefined) throw new ConversionError(`Cannot cast or convert to: '${str(name)}'`);
    return convertOrThrow(value, target);
  }, 'Casts or converts the value to the given class; fails when impossible', { cost: walksValue }),
  method('toOrNull', [['className', T.String]], (source, args) => {
    const target = targetFromArgument(args);
    if (target === undefined) return unknownType;
    return typeof target === 'object' ? target : conversionResultType(source, target);
  }, (value, [name]) => {
    const target = resolveConversionTarget(str(name));
    if (target === undefined) return null;
    const converted = convertValueTo(value, target);
    return converted.ok ? converted.value : null;
  }, 'Casts or converts the value to the given class, or null when impossible', { cost: walksValue }),
  ...conversionTriple('Boolean', 'java.lang.Boolean', booleanApplies),
  ...conversionTriple('Long', 'java.lang.Long', numericApplies),
  ...conversionTriple('Integer', 'java.lang.Integer', numericApplies),
  ...conversionTriple('Double', 'java.lang.Double', numericApplies),
  ...conversionTriple('BigDecimal', 'java.math.BigDecimal', numericApplies),
  ...conversionTriple('List', 'java.util.List', listApplies),
  ...conversionTriple('Map', 'java.util.Map', mapApplies),
];

const objectClass: ClassSpec = {
  name: 'java.lang.Object',
  superTypes: [],
  methods: conversionMethods,
  staticMethods: [],
};

const stringClass: ClassSpec = {
  name: 'java.lang.String',
  superTypes: ['java.lang.CharSequence', 'java.lang.Comparable'],
  methods: [
    method('contains', [['text', T.CharSequence]], T.Boolean, (s, [part]) => str(s).includes(str(part)), 'Whether the text contains the given text', {
      cost: (meter, s) => meter.step(textSteps(typeof s === 'string' ? s.length : 0)),
    }),
    method('replace', [['target', T.CharSequence], ['replacement', T.CharSequence]], T.String, (s, [a, b]) => str(s).split(str(a)).join(str(b)), 'Replaces every occurrence of a text', {
      cost: (meter, s, [a, b]) => chargeLiteralReplace(meter, s, a, b),
    }),
  ],
  staticMethods: [],
};

function parseOrThrow(text: unknown, kind: NumberKind): unknown {
  const converted = convertValueTo(str(text), classNameOfKind(kind));
  if (!converted.ok || (kind !== 'Double' && kind !== 'Float' && kind !== 'BigDecimal' && /[.eE]/.test(str(text)))) {
    throw new ConversionError(`For input string: "${str(text)}"`);
  }
  return converted.value;
}

function classNameOfKind(kind: NumberKind): string {
  return kind === 'BigDecimal' || kind === 'BigInteger' ? `java.math.${kind}` : `java.lang.${kind}`;
}

// Reading a BigDecimal from text (checked against Java's syntax, its scale taken from the digits) took 1.6 µs for
// `valueOf('1.5')` in a projection: four decimal operations, besides the scan of the text.
const decimalParsed = {
  cost: (meter: CostMeter, _target: unknown, [text]: unknown[]) => meter.step(4 * STEPS_PER_DECIMAL_OPERATION + textSteps(typeof text === 'string' ? text.length : 0)),
};

function bigNumberClass(className: string, kind: NumberKind, constructors: MethodDefinition[]): ClassSpec {
  return {
    name: className,
    superTypes: ['java.lang.Number', 'java.lang.Comparable'],
    methods: [],
    staticMethods: [
      // BigInteger's keeps the default charge of a String argument (its scan).
      method('valueOf', [['text', T.String]], kind === 'BigDecimal' ? T.BigDecimal : T.BigInteger, (_t, [text]) => parseOrThrow(text, kind), `Parses a ${kind}`, kind === 'BigDecimal' ? decimalParsed : {}),
    ],
    constructors,
  };
}

// A BigDecimal built from a number costs an operation of decimal.js (`STEPS_PER_DECIMAL_OPERATION`).
const decimalBuilt = { cost: (meter: CostMeter) => meter.step(STEPS_PER_DECIMAL_OPERATION) };

const bigDecimalClass = bigNumberClass('java.math.BigDecimal', 'BigDecimal', [
  method('<init>', [['text', T.String]], T.BigDecimal, (_t, [text]) => {
    // Java's constructor reads the text exactly (unlike `toNumber`, which goes through a double first).
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(str(text))) throw new ConversionError(`Character array is missing "exponent" mark 'e' or 'E': ${str(text)}`);
    return withJavaScale(new ExactDecimal(str(text)), scaleOfDecimalText(str(text)));
  }, 'A BigDecimal from its text form', decimalParsed),
  method('<init>', [['value', T.Integer]], T.BigDecimal, (_t, [value]) => toBigDecimalValue(value), 'A BigDecimal from an integer', decimalBuilt),
  method('<init>', [['value', T.Long]], T.BigDecimal, (_t, [value]) => toBigDecimalValue(value), 'A BigDecimal from a long', decimalBuilt),
  method('<init>', [['value', T.Double]], T.BigDecimal, (_t, [value]) => new ExactDecimal(toDoubleValue(value)), 'A BigDecimal from a double', decimalBuilt),
]);

/** Digits accepted by `new BigInteger(text)` (typing's BigInteger arithmetic stops at 100,000 digits). */
const MAX_BIG_INTEGER_TEXT = 100_001;

const bigIntegerClass = bigNumberClass('java.math.BigInteger', 'BigInteger', [
  method('<init>', [['text', T.String]], T.BigInteger, (_t, [text]) => {
      if (!/^[+-]?\d+$/.test(str(text))) throw new ConversionError(`For input string: "${str(text)}"`);
      // Decimal parsing is quadratic in the digits; BigInteger arithmetic refuses results this long anyway.
      if (str(text).length > MAX_BIG_INTEGER_TEXT) throw new ConversionError(`BigInteger of more than ${MAX_BIG_INTEGER_TEXT} digits`);
      return new JavaBigInteger(BigInt(str(text)));
    }, 'A BigInteger from its decimal text', { cost: (meter, _t, [text]) => meter.step(typeof text === 'string' ? text.length : 1) }),
]);

/** A key that is not a primitive is compared with every key by equality, which walks both. */
function keyLookup(meter: CostMeter, map: unknown, [key]: unknown[]): void {
  if (typeof key !== 'object' || key === null) return;
  if (map instanceof Map) meter.step(map.size);
  chargeValueWalk(meter, key);
}

function mapGet(map: unknown, key: unknown): unknown {
  if (!(map instanceof Map)) return null;
  if (map.has(key)) return map.get(key);
  for (const [candidate, value] of map) if (spelEquals(candidate, key)) return value;
  return null;
}

const mapClass: ClassSpec = {
  name: 'java.util.Map',
  superTypes: ['java.lang.Object'],
  methods: [
    method('get', [['key', T.Unknown]], (target, [key]) => mapValueOf(target, key), (m, [key]) => mapGet(m, key), 'The value for the key, or null', { cost: keyLookup }),
    method('getOrDefault', [['key', T.Unknown], ['defaultValue', T.Unknown]], (target, [key]) => mapValueOf(target, key), (m, [key, fallback]) => {
      if (!(m instanceof Map)) return fallback;
      return [...m.keys()].some((candidate) => spelEquals(candidate, key)) ? mapGet(m, key) : fallback;
    }, 'The value for the key, or the default', { cost: keyLookup }),
  ],
  staticMethods: [],
};

/** This package's layer over typing's standard classes (reference §5 conversions and the members above). */
export const standardClasses: readonly ClassSpec[] = [objectClass, stringClass, bigDecimalClass, bigIntegerClass, mapClass];
