import { Duration, Instant, LocalDate, LocalDateTime, LocalTime, Period, ZoneId, ZoneOffset } from '@js-joda/core';
import { ExactDecimal } from './typing-bridge';
import type { MethodDefinition } from '@scenaria/typing';
import type { ClassSpec } from './method-dsl';
import { conversionResultType, resolveConversionTarget, tryConvert } from './conversions';
import { JavaRuntimeError } from '@scenaria/typing';
import { convertNumber, toBigInt, toDecimal, toDouble, type NumberKind } from './java-numbers';
import { javaCompare, javaEquals } from './java-values';
import { fields as staticFieldsOf, method, T } from './method-dsl';
import { checkedRegExp } from './regex';
import { isNumberType } from '@scenaria/typing';
import { classOf } from './types';
import { JavaBigInteger, JavaCharacter, JavaDouble, JavaUuid, classType, knownValueOf, listType, unknownType, valueType, withoutValue, javaToString, type TypingResult } from './typing-bridge';

/** Thrown by `to(...)` when a value cannot be converted; the evaluator reports it with a position. */
export class ConversionError extends Error {
  override readonly name = 'ConversionError';
}

function elementOf(target: TypingResult): TypingResult {
  const cls = classOf(withoutValue(target));
  return cls?.params[0] ?? unknownType;
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

function mapKeyOf(target: TypingResult): TypingResult {
  const plain = withoutValue(target);
  if (plain.kind === 'record') return T.String;
  return classOf(plain)?.params[0] ?? unknownType;
}

const asInt = (value: unknown): number => Number(toBigInt(value));
const str = (value: unknown): string => (typeof value === 'string' ? value : javaToString(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value instanceof Set ? [...value] : []);

function indexCheck(index: number, size: number): void {
  if (index < 0 || index >= size) throw new RangeError(`Index ${index} out of bounds for length ${size}`);
}

// ----- java.lang.Object: toString, equals and the conversion extension methods (reference §5) -----

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

function conversionTriple(shortName: string, target: string, applies: Applicability): MethodDefinition[] {
  const resultOf = (source: TypingResult) => conversionResultType(source, target);
  return [
    method(`canBe${shortName}`, [], T.Boolean, (value) => tryConvert(value, target).ok, `Whether the value can be converted to ${shortName}`, { appliesTo: applies }),
    method(`to${shortName}`, [], (source) => resultOf(source), (value) => convertOrThrow(value, target), `Converts the value to ${shortName}; fails when it cannot be converted`, { appliesTo: applies }),
    method(`to${shortName}OrNull`, [], (source) => resultOf(source), (value) => {
      const converted = tryConvert(value, target);
      return converted.ok ? converted.value : null;
    }, `Converts the value to ${shortName}, or null when it cannot be converted`, { appliesTo: applies }),
  ];
}

function convertOrThrow(value: unknown, target: string): unknown {
  const converted = tryConvert(value, target);
  if (!converted.ok) throw new ConversionError(`Cannot convert: ${javaToString(value)} to: '${target.slice(target.lastIndexOf('.') + 1)}'`);
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
    return target !== undefined && tryConvert(value, target).ok;
  }, 'Whether the value can be cast or converted to the given class (simple or fully-qualified name)'),
  method('to', [['className', T.String]], (source, args) => {
    const target = targetFromArgument(args);
    if (target === undefined) return unknownType;
    return typeof target === 'object' ? target : conversionResultType(source, target);
  }, (value, [name]) => {
    const target = resolveConversionTarget(str(name));
    if (target === undefined) throw new ConversionError(`Cannot cast or convert to: '${str(name)}'`);
    return convertOrThrow(value, target);
  }, 'Casts or converts the value to the given class; fails when impossible'),
  method('toOrNull', [['className', T.String]], (source, args) => {
    const target = targetFromArgument(args);
    if (target === undefined) return unknownType;
    return typeof target === 'object' ? target : conversionResultType(source, target);
  }, (value, [name]) => {
    const target = resolveConversionTarget(str(name));
    if (target === undefined) return null;
    const converted = tryConvert(value, target);
    return converted.ok ? converted.value : null;
  }, 'Casts or converts the value to the given class, or null when impossible'),
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
  methods: [
    method('toString', [], T.String, (value) => javaToString(value), 'The text form of the value'),
    method('equals', [['other', T.Unknown]], T.Boolean, (value, [other]) => javaEquals(value, other), 'Java equality'),
    ...conversionMethods,
  ],
  staticMethods: [],
};

// ----- String -----

const stringClass: ClassSpec = {
  name: 'java.lang.String',
  superTypes: ['java.lang.CharSequence', 'java.lang.Comparable'],
  methods: [
    method('length', [], T.Integer, (s) => str(s).length, 'Number of UTF-16 characters'),
    method('isEmpty', [], T.Boolean, (s) => str(s).length === 0, 'Whether the text is empty'),
    method('isBlank', [], T.Boolean, (s) => str(s).trim() === '', 'Whether the text is empty or only whitespace'),
    method('toUpperCase', [], T.String, (s) => str(s).toUpperCase(), 'Upper-case copy'),
    method('toLowerCase', [], T.String, (s) => str(s).toLowerCase(), 'Lower-case copy'),
    method('trim', [], T.String, (s) => str(s).replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, ''), 'Copy without leading and trailing whitespace'),
    method('strip', [], T.String, (s) => str(s).trim(), 'Copy without leading and trailing Unicode whitespace'),
    method('substring', [['beginIndex', T.Integer]], T.String, (s, [begin]) => {
      const text = str(s);
      const from = asInt(begin);
      if (from < 0 || from > text.length) throw new RangeError(`begin ${from}, length ${text.length}`);
      return text.slice(from);
    }, 'The text from beginIndex to the end'),
    method('substring', [['beginIndex', T.Integer], ['endIndex', T.Integer]], T.String, (s, [begin, end]) => {
      const text = str(s);
      const from = asInt(begin);
      const to = asInt(end);
      if (from < 0 || to > text.length || from > to) throw new RangeError(`begin ${from}, end ${to}, length ${text.length}`);
      return text.slice(from, to);
    }, 'The text from beginIndex (inclusive) to endIndex (exclusive)'),
    method('contains', [['text', T.CharSequence]], T.Boolean, (s, [part]) => str(s).includes(str(part)), 'Whether the text contains the given text'),
    method('startsWith', [['prefix', T.String]], T.Boolean, (s, [part]) => str(s).startsWith(str(part)), 'Whether the text starts with the prefix'),
    method('endsWith', [['suffix', T.String]], T.Boolean, (s, [part]) => str(s).endsWith(str(part)), 'Whether the text ends with the suffix'),
    method('indexOf', [['text', T.String]], T.Integer, (s, [part]) => str(s).indexOf(str(part)), 'First position of the text, or -1'),
    method('lastIndexOf', [['text', T.String]], T.Integer, (s, [part]) => str(s).lastIndexOf(str(part)), 'Last position of the text, or -1'),
    method('charAt', [['index', T.Integer]], T.Character, (s, [index]) => {
      const text = str(s);
      const i = asInt(index);
      indexCheck(i, text.length);
      return new JavaCharacter(text[i]!);
    }, 'The character at the index'),
    method('concat', [['text', T.String]], T.String, (s, [other]) => str(s) + str(other), 'The text followed by the other text'),
    method('replace', [['target', T.CharSequence], ['replacement', T.CharSequence]], T.String, (s, [a, b]) => str(s).split(str(a)).join(str(b)), 'Replaces every occurrence of a text'),
    method('replaceAll', [['regex', T.String], ['replacement', T.String]], T.String, (s, [regex, replacement]) => str(s).replace(checkedRegExp(str(regex), 'g'), str(replacement).replace(/\$(\d)/g, '$$$1')), 'Replaces every match of a regular expression'),
    method('matches', [['regex', T.String]], T.Boolean, (s, [regex]) => checkedRegExp(`^(?:${str(regex)})$`).test(str(s)), 'Whether the whole text matches the regular expression'),
    method('split', [['regex', T.String]], T.Array(T.String), (s, [regex]) => {
      const parts = str(s).split(checkedRegExp(str(regex)));
      while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
      return parts;
    }, 'Splits around matches of the regular expression'),
    method('equalsIgnoreCase', [['other', T.String]], T.Boolean, (s, [other]) => typeof other === 'string' && str(s).toLowerCase() === other.toLowerCase(), 'Equality ignoring case'),
    method('compareTo', [['other', T.String]], T.Integer, (s, [other]) => javaCompare(s, other) ?? 0, 'Lexicographic comparison'),
  ],
  staticMethods: [
    method('valueOf', [['value', T.Unknown]], T.String, (_t, [value]) => javaToString(value), 'Text form of a value'),
  ],
};

// ----- numbers -----

function numberClass(className: string, kind: NumberKind, statics: MethodDefinition[] = [], fields: Parameters<typeof staticFieldsOf>[0] = {}): ClassSpec {
  const self = classType(className);
  return {
    name: className,
    superTypes: ['java.lang.Number', 'java.lang.Comparable'],
    methods: [
      method('compareTo', [['other', self]], T.Integer, (a, [b]) => javaCompare(a, b) ?? 0, 'Numeric comparison'),
    ],
    staticMethods: [
      method('valueOf', [['text', T.String]], self, (_t, [text]) => parseOrThrow(text, kind), `Parses a ${kind}`),
      ...statics,
    ],
    staticFields: staticFieldsOf(fields),
    constructors: [],
  };
}

function parseOrThrow(text: unknown, kind: NumberKind): unknown {
  const converted = tryConvert(str(text), classNameOfKind(kind));
  if (!converted.ok || (kind !== 'Double' && kind !== 'Float' && kind !== 'BigDecimal' && /[.eE]/.test(str(text)))) {
    throw new ConversionError(`For input string: "${str(text)}"`);
  }
  return converted.value;
}

function classNameOfKind(kind: NumberKind): string {
  return kind === 'BigDecimal' || kind === 'BigInteger' ? `java.math.${kind}` : `java.lang.${kind}`;
}

const numberBase: ClassSpec = {
  name: 'java.lang.Number',
  superTypes: ['java.lang.Object'],
  methods: [
    method('intValue', [], T.Integer, (n) => convertNumber(n, 'Integer'), 'The value as an Integer (narrowing)'),
    method('longValue', [], T.Long, (n) => convertNumber(n, 'Long'), 'The value as a Long (narrowing)'),
    method('doubleValue', [], T.Double, (n) => convertNumber(n, 'Double'), 'The value as a Double'),
    method('floatValue', [], T.Float, (n) => convertNumber(n, 'Float'), 'The value as a Float'),
    method('shortValue', [], T.Short, (n) => convertNumber(n, 'Short'), 'The value as a Short (narrowing)'),
    method('byteValue', [], T.Byte, (n) => convertNumber(n, 'Byte'), 'The value as a Byte (narrowing)'),
  ],
  staticMethods: [],
};

const integerClass = numberClass('java.lang.Integer', 'Integer', [
  method('parseInt', [['text', T.String]], T.Integer, (_t, [text]) => parseOrThrow(text, 'Integer'), 'Parses an Integer'),
  method('max', [['a', T.Integer], ['b', T.Integer]], T.Integer, (_t, [a, b]) => Math.max(a as number, b as number), 'The larger of two Integers'),
  method('min', [['a', T.Integer], ['b', T.Integer]], T.Integer, (_t, [a, b]) => Math.min(a as number, b as number), 'The smaller of two Integers'),
], {
  MAX_VALUE: { type: valueType(T.Integer, 2147483647), value: 2147483647 },
  MIN_VALUE: { type: valueType(T.Integer, -2147483648), value: -2147483648 },
});

const longClass = numberClass('java.lang.Long', 'Long', [
  method('parseLong', [['text', T.String]], T.Long, (_t, [text]) => parseOrThrow(text, 'Long'), 'Parses a Long'),
], {
  MAX_VALUE: { type: valueType(T.Long, (1n << 63n) - 1n), value: (1n << 63n) - 1n },
  MIN_VALUE: { type: valueType(T.Long, -(1n << 63n)), value: -(1n << 63n) },
});

const doubleClass = numberClass('java.lang.Double', 'Double', [
  method('parseDouble', [['text', T.String]], T.Double, (_t, [text]) => parseOrThrow(text, 'Double'), 'Parses a Double'),
  method('isNaN', [['value', T.Double]], T.Boolean, (_t, [value]) => Number.isNaN(toDouble(value)), 'Whether the value is NaN'),
]);
doubleClass.methods.push(method('isNaN', [], T.Boolean, (value) => Number.isNaN(toDouble(value)), 'Whether the value is NaN'));

const bigDecimalClass: ClassSpec = {
  ...numberClass('java.math.BigDecimal', 'BigDecimal'),
  constructors: [
    method('<init>', [['text', T.String]], T.BigDecimal, (_t, [text]) => {
      const converted = tryConvert(str(text), 'java.math.BigDecimal');
      if (!converted.ok) throw new ConversionError(`Character array is missing "exponent" mark 'e' or 'E': ${str(text)}`);
      return converted.value;
    }, 'A BigDecimal from its text form'),
    method('<init>', [['value', T.Integer]], T.BigDecimal, (_t, [value]) => toDecimal(value), 'A BigDecimal from an integer'),
    method('<init>', [['value', T.Long]], T.BigDecimal, (_t, [value]) => toDecimal(value), 'A BigDecimal from a long'),
    method('<init>', [['value', T.Double]], T.BigDecimal, (_t, [value]) => new ExactDecimal(toDouble(value)), 'A BigDecimal from a double'),
  ],
};
bigDecimalClass.methods.push(
  method('add', [['other', T.BigDecimal]], T.BigDecimal, (a, [b]) => toDecimal(a).plus(toDecimal(b)), 'Exact sum'),
  method('subtract', [['other', T.BigDecimal]], T.BigDecimal, (a, [b]) => toDecimal(a).minus(toDecimal(b)), 'Exact difference'),
  method('multiply', [['other', T.BigDecimal]], T.BigDecimal, (a, [b]) => toDecimal(a).times(toDecimal(b)), 'Exact product'),
  method('negate', [], T.BigDecimal, (a) => toDecimal(a).negated(), 'Negated value'),
  method('abs', [], T.BigDecimal, (a) => toDecimal(a).abs(), 'Absolute value'),
  method('scale', [], T.Integer, (a) => toDecimal(a).decimalPlaces(), 'Number of digits after the decimal point'),
  method('signum', [], T.Integer, (a) => toDecimal(a).comparedTo(0), 'Sign: -1, 0 or 1'),
  method('setScale', [['newScale', T.Integer]], T.BigDecimal, (a, [scale]) => {
    const value = toDecimal(a);
    const rounded = value.toDecimalPlaces(asInt(scale));
    if (!rounded.equals(value)) throw new JavaRuntimeError('ArithmeticException', 'Rounding necessary');
    return new ExactDecimal(rounded.toFixed(asInt(scale)));
  }, 'The same value with the given scale (fails when rounding would be needed)'),
  method('toPlainString', [], T.String, (a) => toDecimal(a).toFixed(), 'Text without exponent'),
  method('stripTrailingZeros', [], T.BigDecimal, (a) => new ExactDecimal(toDecimal(a).toString()), 'Same value without trailing zeros'),
);
bigDecimalClass.staticFields = staticFieldsOf({
  ZERO: { type: T.BigDecimal, value: new ExactDecimal(0) },
  ONE: { type: T.BigDecimal, value: new ExactDecimal(1) },
  TEN: { type: T.BigDecimal, value: new ExactDecimal(10) },
});

const bigIntegerClass: ClassSpec = {
  ...numberClass('java.math.BigInteger', 'BigInteger'),
  constructors: [
    method('<init>', [['text', T.String]], T.BigInteger, (_t, [text]) => {
      if (!/^[+-]?\d+$/.test(str(text))) throw new ConversionError(`For input string: "${str(text)}"`);
      return new JavaBigInteger(BigInt(str(text)));
    }, 'A BigInteger from its decimal text'),
  ],
};

const floatClass = numberClass('java.lang.Float', 'Float');
const shortClass = numberClass('java.lang.Short', 'Short');
const byteClass = numberClass('java.lang.Byte', 'Byte');

function mathOverloads(name: string, description: string, fn: (a: number, b: number) => number): MethodDefinition[] {
  return [
    method(name, [['a', T.Integer], ['b', T.Integer]], T.Integer, (_t, [a, b]) => fn(a as number, b as number), description),
    method(name, [['a', T.Long], ['b', T.Long]], T.Long, (_t, [a, b]) => {
      const x = toBigInt(a);
      const y = toBigInt(b);
      return fn(1, 2) === 2 ? (x > y ? x : y) : x < y ? x : y;
    }, description),
    method(name, [['a', T.Double], ['b', T.Double]], T.Double, (_t, [a, b]) => new JavaDouble(fn(toDouble(a), toDouble(b))), description),
  ];
}

const mathClass: ClassSpec = {
  name: 'java.lang.Math',
  superTypes: ['java.lang.Object'],
  methods: [],
  staticMethods: [
    ...mathOverloads('max', 'The larger of two numbers', Math.max),
    ...mathOverloads('min', 'The smaller of two numbers', Math.min),
    method('abs', [['a', T.Integer]], T.Integer, (_t, [a]) => Math.abs(a as number) | 0, 'Absolute value'),
    method('abs', [['a', T.Long]], T.Long, (_t, [a]) => BigInt.asIntN(64, toBigInt(a) < 0n ? -toBigInt(a) : toBigInt(a)), 'Absolute value'),
    method('abs', [['a', T.Double]], T.Double, (_t, [a]) => new JavaDouble(Math.abs(toDouble(a))), 'Absolute value'),
    method('pow', [['a', T.Double], ['b', T.Double]], T.Double, (_t, [a, b]) => new JavaDouble(Math.pow(toDouble(a), toDouble(b))), 'a raised to b'),
    method('sqrt', [['a', T.Double]], T.Double, (_t, [a]) => new JavaDouble(Math.sqrt(toDouble(a))), 'Square root'),
    method('floor', [['a', T.Double]], T.Double, (_t, [a]) => new JavaDouble(Math.floor(toDouble(a))), 'Largest integral value not above'),
    method('ceil', [['a', T.Double]], T.Double, (_t, [a]) => new JavaDouble(Math.ceil(toDouble(a))), 'Smallest integral value not below'),
    method('round', [['a', T.Double]], T.Long, (_t, [a]) => BigInt(Math.floor(toDouble(a) + 0.5)), 'Nearest Long (half up)'),
    method('signum', [['a', T.Double]], T.Double, (_t, [a]) => new JavaDouble(Math.sign(toDouble(a))), 'Sign of the value'),
  ],
  staticFields: staticFieldsOf({
    PI: { type: valueType(T.Double, new JavaDouble(Math.PI)), value: new JavaDouble(Math.PI) },
    E: { type: valueType(T.Double, new JavaDouble(Math.E)), value: new JavaDouble(Math.E) },
  }),
};

const booleanClass: ClassSpec = {
  name: 'java.lang.Boolean',
  superTypes: ['java.lang.Comparable'],
  methods: [method('booleanValue', [], T.Boolean, (b) => b, 'The primitive value')],
  staticMethods: [
    method('parseBoolean', [['text', T.String]], T.Boolean, (_t, [text]) => str(text).toLowerCase() === 'true', 'True only for "true" (any case)'),
  ],
};

const characterClass: ClassSpec = {
  name: 'java.lang.Character',
  superTypes: ['java.lang.Comparable'],
  methods: [],
  staticMethods: [
    method('isDigit', [['c', T.Character]], T.Boolean, (_t, [c]) => /^\d$/.test(str(c)), 'Whether the character is a digit'),
    method('isLetter', [['c', T.Character]], T.Boolean, (_t, [c]) => /^\p{L}$/u.test(str(c)), 'Whether the character is a letter'),
  ],
};

// ----- collections -----

const collectionClass: ClassSpec = {
  name: 'java.util.Collection',
  superTypes: ['java.lang.Iterable'],
  methods: [
    method('size', [], T.Integer, (c) => (c instanceof Set ? c.size : list(c).length), 'Number of elements'),
    method('isEmpty', [], T.Boolean, (c) => (c instanceof Set ? c.size : list(c).length) === 0, 'Whether there are no elements'),
    method('contains', [['element', T.Unknown]], T.Boolean, (c, [element]) => {
      // Strings and booleans equal only themselves, so the native search gives Java's answer directly.
      if (typeof element === 'string' || typeof element === 'boolean') return list(c).includes(element);
      return list(c).some((item) => javaEquals(item, element));
    }, 'Whether the element is present'),
    method('containsAll', [['elements', T.Collection()]], T.Boolean, (c, [elements]) => list(elements).every((element) => list(c).some((item) => javaEquals(item, element))), 'Whether every element is present'),
  ],
  staticMethods: [],
};

const listClass: ClassSpec = {
  name: 'java.util.List',
  superTypes: ['java.util.Collection'],
  methods: [
    method('get', [['index', T.Integer]], (target) => elementOf(target), (c, [index]) => {
      const items = list(c);
      const i = asInt(index);
      indexCheck(i, items.length);
      return items[i];
    }, 'The element at the index'),
    method('indexOf', [['element', T.Unknown]], T.Integer, (c, [element]) => list(c).findIndex((item) => javaEquals(item, element)), 'First index of the element, or -1'),
    method('lastIndexOf', [['element', T.Unknown]], T.Integer, (c, [element]) => {
      const items = list(c);
      for (let i = items.length - 1; i >= 0; i--) if (javaEquals(items[i], element)) return i;
      return -1;
    }, 'Last index of the element, or -1'),
    method('subList', [['fromIndex', T.Integer], ['toIndex', T.Integer]], (target) => listType(withoutValue(elementOf(target))), (c, [from, to]) => {
      const items = list(c);
      const a = asInt(from);
      const b = asInt(to);
      if (a < 0 || b > items.length || a > b) throw new RangeError(`fromIndex ${a}, toIndex ${b}, size ${items.length}`);
      return items.slice(a, b);
    }, 'The elements from fromIndex (inclusive) to toIndex (exclusive)'),
  ],
  staticMethods: [],
};

const arrayClass: ClassSpec = {
  name: '[Ljava.lang.Object;',
  simpleName: 'Array',
  superTypes: ['java.util.List'],
  methods: [method('length', [], T.Integer, (c) => list(c).length, 'Number of elements')],
  staticMethods: [],
};

const setClass: ClassSpec = { name: 'java.util.Set', superTypes: ['java.util.Collection'], methods: [], staticMethods: [] };

function mapGet(map: unknown, key: unknown): unknown {
  if (!(map instanceof Map)) return null;
  if (map.has(key)) return map.get(key);
  for (const [candidate, value] of map) if (javaEquals(candidate, key)) return value;
  return null;
}

const mapClass: ClassSpec = {
  name: 'java.util.Map',
  superTypes: ['java.lang.Object'],
  methods: [
    method('get', [['key', T.Unknown]], (target, [key]) => mapValueOf(target, key), (m, [key]) => mapGet(m, key), 'The value for the key, or null'),
    method('getOrDefault', [['key', T.Unknown], ['defaultValue', T.Unknown]], (target, [key]) => mapValueOf(target, key), (m, [key, fallback]) => {
      if (!(m instanceof Map)) return fallback;
      return [...m.keys()].some((candidate) => javaEquals(candidate, key)) ? mapGet(m, key) : fallback;
    }, 'The value for the key, or the default'),
    method('containsKey', [['key', T.Unknown]], T.Boolean, (m, [key]) => m instanceof Map && [...m.keys()].some((candidate) => javaEquals(candidate, key)), 'Whether the key is present'),
    method('containsValue', [['value', T.Unknown]], T.Boolean, (m, [value]) => m instanceof Map && [...m.values()].some((candidate) => javaEquals(candidate, value)), 'Whether the value is present'),
    method('keySet', [], (target) => T.Set(mapKeyOf(target)), (m) => new Set(m instanceof Map ? m.keys() : []), 'The keys'),
    method('values', [], (target) => T.List(withoutValue(mapValueOf(target))), (m) => (m instanceof Map ? [...m.values()] : []), 'The values'),
    method('size', [], T.Integer, (m) => (m instanceof Map ? m.size : 0), 'Number of entries'),
    method('isEmpty', [], T.Boolean, (m) => !(m instanceof Map) || m.size === 0, 'Whether there are no entries'),
  ],
  staticMethods: [],
};

// ----- java.time and friends -----

function jodaCall(name: string, args: unknown[]): (target: unknown) => unknown {
  return (target) => (target as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
}

function temporalMethods(self: TypingResult): MethodDefinition[] {
  const amount = (name: string, unit: string) =>
    method(name, [[unit, T.Long]], self, (t, [n]) => (t as Record<string, (x: number) => unknown>)[name]!(Number(toBigInt(n))), `${name} by the given number of ${unit}`);
  return [
    method('isBefore', [['other', self]], T.Boolean, (t, [o]) => jodaCall('isBefore', [o])(t), 'Whether it is before the other'),
    method('isAfter', [['other', self]], T.Boolean, (t, [o]) => jodaCall('isAfter', [o])(t), 'Whether it is after the other'),
    method('compareTo', [['other', self]], T.Integer, (t, [o]) => javaCompare(t, o) ?? 0, 'Chronological comparison'),
    amount('plusDays', 'days'), amount('minusDays', 'days'), amount('plusHours', 'hours'), amount('minusHours', 'hours'),
    amount('plusMinutes', 'minutes'), amount('plusSeconds', 'seconds'), amount('plusWeeks', 'weeks'), amount('plusMonths', 'months'),
    amount('minusMonths', 'months'), amount('plusYears', 'years'), amount('minusYears', 'years'),
  ];
}

const getter = (name: string, type: TypingResult, jodaName = name) =>
  method(name, [], type, (t) => {
    const result = (t as Record<string, () => unknown>)[jodaName]!();
    return typeof result === 'number' && type === T.Long ? BigInt(result) : result;
  }, `${name.replace(/^get/, '')}`);

function timeClass(name: string, self: TypingResult, methods: MethodDefinition[], statics: MethodDefinition[]): ClassSpec {
  const filtered = temporalMethods(self).filter((candidate) => typeof (probe[name] as Record<string, unknown> | undefined)?.[candidate.name] === 'function');
  return { name, superTypes: ['java.time.temporal.Temporal', 'java.lang.Comparable'], methods: [...filtered, ...methods], staticMethods: statics };
}

const probe: Record<string, unknown> = {
  'java.time.LocalDate': LocalDate.of(2000, 1, 1),
  'java.time.LocalDateTime': LocalDateTime.of(2000, 1, 1, 0, 0),
  'java.time.LocalTime': LocalTime.of(0, 0),
  'java.time.Instant': Instant.ofEpochMilli(0),
};

const parseStatic = (self: TypingResult, parse: (text: string) => unknown) =>
  method('parse', [['text', T.String]], self, (_t, [text]) => parse(str(text)), 'Parses the ISO text form');

const localDateClass = timeClass('java.time.LocalDate', T.LocalDate, [
  getter('getYear', T.Integer, 'year'), getter('getMonthValue', T.Integer, 'monthValue'), getter('getDayOfMonth', T.Integer, 'dayOfMonth'),
  getter('getDayOfYear', T.Integer, 'dayOfYear'), getter('getDayOfWeek', T.DayOfWeek, 'dayOfWeek'), getter('getMonth', T.Month, 'month'),
  getter('lengthOfMonth', T.Integer), getter('isLeapYear', T.Boolean), getter('atStartOfDay', T.LocalDateTime),
  method('atTime', [['time', T.LocalTime]], T.LocalDateTime, (d, [time]) => (d as LocalDate).atTime(time as LocalTime), 'The date at the given time'),
], [
  parseStatic(T.LocalDate, (text) => LocalDate.parse(text)),
  method('of', [['year', T.Integer], ['month', T.Integer], ['dayOfMonth', T.Integer]], T.LocalDate, (_t, [y, m, d]) => LocalDate.of(asInt(y), asInt(m), asInt(d)), 'The date of year, month and day'),
]);

const localDateTimeClass = timeClass('java.time.LocalDateTime', T.LocalDateTime, [
  getter('getYear', T.Integer, 'year'), getter('getMonthValue', T.Integer, 'monthValue'), getter('getDayOfMonth', T.Integer, 'dayOfMonth'),
  getter('getHour', T.Integer, 'hour'), getter('getMinute', T.Integer, 'minute'), getter('getSecond', T.Integer, 'second'),
  getter('getDayOfWeek', T.DayOfWeek, 'dayOfWeek'), getter('toLocalDate', T.LocalDate), getter('toLocalTime', T.LocalTime),
], [
  parseStatic(T.LocalDateTime, (text) => LocalDateTime.parse(text)),
  method('of', [['year', T.Integer], ['month', T.Integer], ['dayOfMonth', T.Integer], ['hour', T.Integer], ['minute', T.Integer]], T.LocalDateTime,
    (_t, [y, mo, d, h, mi]) => LocalDateTime.of(asInt(y), asInt(mo), asInt(d), asInt(h), asInt(mi)), 'The date-time of its fields'),
]);

const localTimeClass = timeClass('java.time.LocalTime', T.LocalTime, [
  getter('getHour', T.Integer, 'hour'), getter('getMinute', T.Integer, 'minute'), getter('getSecond', T.Integer, 'second'),
], [
  parseStatic(T.LocalTime, (text) => LocalTime.parse(text)),
  method('of', [['hour', T.Integer], ['minute', T.Integer]], T.LocalTime, (_t, [h, m]) => LocalTime.of(asInt(h), asInt(m)), 'The time of hour and minute'),
]);

const instantClass = timeClass('java.time.Instant', T.Instant, [
  getter('toEpochMilli', T.Long), getter('getEpochSecond', T.Long, 'epochSecond'),
], [
  parseStatic(T.Instant, (text) => Instant.parse(text)),
  method('ofEpochMilli', [['millis', T.Long]], T.Instant, (_t, [ms]) => Instant.ofEpochMilli(Number(toBigInt(ms))), 'The instant at epoch milliseconds'),
]);

const simpleTime = (name: string, methods: MethodDefinition[], statics: MethodDefinition[] = [], superTypes = ['java.lang.Object']): ClassSpec => ({
  name, superTypes, methods, staticMethods: statics,
});

const zonedDateTimeClass = simpleTime('java.time.ZonedDateTime', [
  getter('toInstant', T.Instant), getter('toLocalDate', T.LocalDate), getter('toLocalDateTime', T.LocalDateTime),
  getter('getYear', T.Integer, 'year'), getter('getHour', T.Integer, 'hour'), getter('getZone', T.ZoneId, 'zone'),
], [], ['java.time.temporal.Temporal', 'java.lang.Comparable']);
const offsetDateTimeClass = simpleTime('java.time.OffsetDateTime', [
  getter('toInstant', T.Instant), getter('toLocalDate', T.LocalDate), getter('toLocalDateTime', T.LocalDateTime),
  getter('getOffset', T.ZoneOffset, 'offset'),
], [], ['java.time.temporal.Temporal', 'java.lang.Comparable']);
const durationClass = simpleTime('java.time.Duration', [
  getter('toMillis', T.Long), getter('toSeconds', T.Long, 'seconds'), getter('toMinutes', T.Long), getter('toHours', T.Long), getter('toDays', T.Long),
  getter('getSeconds', T.Long, 'seconds'), getter('isNegative', T.Boolean),
], [
  method('ofSeconds', [['seconds', T.Long]], T.Duration, (_t, [s]) => Duration.ofSeconds(Number(toBigInt(s))), 'A duration of seconds'),
  method('ofMinutes', [['minutes', T.Long]], T.Duration, (_t, [s]) => Duration.ofMinutes(Number(toBigInt(s))), 'A duration of minutes'),
  method('parse', [['text', T.String]], T.Duration, (_t, [text]) => Duration.parse(str(text)), 'Parses ISO-8601 (PT1H)'),
], ['java.time.temporal.TemporalAmount', 'java.lang.Comparable']);
const periodClass = simpleTime('java.time.Period', [
  getter('getYears', T.Integer, 'years'), getter('getMonths', T.Integer, 'months'), getter('getDays', T.Integer, 'days'),
], [
  method('ofDays', [['days', T.Integer]], T.Period, (_t, [d]) => Period.ofDays(asInt(d)), 'A period of days'),
  method('parse', [['text', T.String]], T.Period, (_t, [text]) => Period.parse(str(text)), 'Parses ISO-8601 (P1D)'),
], ['java.time.temporal.TemporalAmount']);
const enumMethods = [getter('getValue', T.Integer, 'value'), method('name', [], T.String, (v) => (v as { name(): string }).name(), 'The constant name')];
const dayOfWeekClass = simpleTime('java.time.DayOfWeek', enumMethods, [], ['java.lang.Enum']);
const monthClass = simpleTime('java.time.Month', enumMethods, [], ['java.lang.Enum']);
const zoneIdClass = simpleTime('java.time.ZoneId', [getter('getId', T.String, 'id')], [
  method('of', [['zoneId', T.String]], T.ZoneId, (_t, [id]) => ZoneId.of(str(id)), 'The zone of the id (Europe/Warsaw, +01:00, UTC)'),
]);
const zoneOffsetClass = simpleTime('java.time.ZoneOffset', [getter('getTotalSeconds', T.Integer, 'totalSeconds')], [
  method('of', [['offsetId', T.String]], T.ZoneOffset, (_t, [id]) => ZoneOffset.of(str(id)), 'The offset of the id (+01:00)'),
], ['java.time.ZoneId', 'java.lang.Comparable']);
const uuidClass = simpleTime('java.util.UUID', [], [
  method('fromString', [['text', T.String]], T.UUID, (_t, [text]) => {
    const parsed = JavaUuid.parse(str(text));
    if (!parsed) throw new ConversionError(`Invalid UUID string: ${str(text)}`);
    return parsed;
  }, 'Parses a UUID'),
], ['java.lang.Comparable']);
const localeClass = simpleTime('java.util.Locale', [
  method('getLanguage', [], T.String, (l) => (l as { language: string }).language, 'Language code'),
  method('getCountry', [], T.String, (l) => (l as { country: string }).country, 'Country code'),
]);
const currencyClass = simpleTime('java.util.Currency', [method('getCurrencyCode', [], T.String, (c) => str(c), 'ISO 4217 code')]);
const charsetClass = simpleTime('java.nio.charset.Charset', [method('name', [], T.String, (c) => str(c), 'Canonical name')], [], ['java.lang.Comparable']);

const plain = (name: string, superTypes: string[]): ClassSpec => ({ name, superTypes, methods: [], staticMethods: [] });

/** The classes every model exposes (reference §3: the default whitelist, without reflection or I/O). */
export const standardClasses: readonly ClassSpec[] = [
  objectClass, stringClass, numberBase, integerClass, longClass, doubleClass, floatClass, shortClass, byteClass,
  bigDecimalClass, bigIntegerClass, mathClass, booleanClass, characterClass,
  plain('java.lang.CharSequence', ['java.lang.Object']), plain('java.lang.Comparable', ['java.lang.Object']),
  plain('java.lang.Iterable', ['java.lang.Object']), collectionClass, listClass, arrayClass, setClass, mapClass,
  plain('java.util.ArrayList', ['java.util.List']), plain('java.util.HashMap', ['java.util.Map']),
  plain('java.util.LinkedHashMap', ['java.util.HashMap']), plain('java.util.HashSet', ['java.util.Set']),
  plain('java.lang.Enum', ['java.lang.Comparable']), plain('java.time.temporal.Temporal', ['java.lang.Object']),
  plain('java.time.temporal.TemporalAmount', ['java.lang.Object']),
  localDateClass, localDateTimeClass, localTimeClass, instantClass, zonedDateTimeClass, offsetDateTimeClass, durationClass,
  periodClass, dayOfWeekClass, monthClass, zoneIdClass, zoneOffsetClass, uuidClass, localeClass, currencyClass, charsetClass,
  plain('java.time.format.DateTimeFormatter', ['java.lang.Object']),
];

