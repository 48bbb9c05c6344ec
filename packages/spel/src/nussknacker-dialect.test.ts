import { describe, expect, it } from 'vitest';
import { displayType, mapType, recordType, Types, unknownType, valueType, type TypingResult } from '@scenaria/typing';
import { ExactDecimal, JavaBigInteger, JavaByte, JavaDouble, JavaFloat, JavaShort } from '@scenaria/typing/runtime';
import { bothEvaluators } from '../test/evaluators';
import { describeValue, fixedGlobals } from '../test/fixture-context';
import { compileExpression } from './expression';
import type { ExpressionConfig } from './typer/config';

// The dialect where Nussknacker 1.18's own test suites assert it (CollectionUtilsSpec, UtilSpelTest,
// Base64UtilsSpec, ConversionUtilsSpec, NumericUtilsSpec, TyperSpec, SpelExpressionSpec, TypingResultSpec): the
// expected types and values below are theirs, display strings included.

const globals = fixedGlobals();
const closureGlobals = fixedGlobals();

const T = Types;
const numberTypes: Record<string, TypingResult> = {
  byte: T.Byte, short: T.Short, int: T.Integer, long: T.Long, bigInt: T.BigInteger, float: T.Float, double: T.Double, bigDec: T.BigDecimal,
};
const numberValues: Record<string, unknown> = {
  byte: new JavaByte(1), short: new JavaShort(1), int: 1, long: 1n, bigInt: new JavaBigInteger(1n), float: new JavaFloat(1), double: new JavaDouble(1), bigDec: new ExactDecimal(1),
};
// CollectionUtilsSpec's `types`: an untyped map, a map of String keys and `Typed.fromInstance(Map("key" -> 20))`.
const mapTypes: Record<string, TypingResult> = {
  unknownMap: mapType(unknownType, unknownType),
  stringMap: mapType(T.String, unknownType),
  typedMap: recordType({ key: valueType(T.Integer, 20) }),
};

type Options = { types?: Record<string, TypingResult>; values?: Record<string, unknown>; config?: Partial<ExpressionConfig> };

function compile(text: string, options: Options = {}) {
  const common = { variables: options.types ?? {}, ...(options.config ? { config: options.config } : {}) };
  return { generated: compileExpression(text, { ...common, globals }), closures: compileExpression(text, { ...common, globals: closureGlobals, evaluator: 'closures' }) };
}

/** The display of the expression's type and the `Kind:value` of its result. */
function run(text: string, options: Options = {}): { type: string; value: string } {
  const { generated, closures } = compile(text, options);
  if (!generated.ok) throw new Error(`${text}: ${generated.errors.map((e) => e.message).join('; ')}`);
  const compiled = bothEvaluators(text, generated, closures);
  return { type: displayType(compiled.type), value: describeValue(compiled.evaluate(options.values ?? {})) };
}

const typeOf = (text: string, options: Options = {}) => run(text, options).type;
const valueOf = (text: string, options: Options = {}) => run(text, options).value;

function errorsOf(text: string, options: Options = {}): string[] {
  const { generated } = compile(text, options);
  return generated.ok ? [] : generated.errors.map((error) => error.message);
}

describe('#COLLECTION.sum (CollectionUtilsSpec)', () => {
  const numbers = { types: numberTypes, values: numberValues };
  it.each<[string, string, string]>([
    ['#COLLECTION.sum({#byte})', 'Long', 'Long:1'],
    ['#COLLECTION.sum({#short})', 'Long', 'Long:1'],
    ['#COLLECTION.sum({#int})', 'Long', 'Long:1'],
    ['#COLLECTION.sum({#long})', 'Long', 'Long:1'],
    ['#COLLECTION.sum({#bigInt})', 'BigInteger', 'BigInteger:1'],
    ['#COLLECTION.sum({#float})', 'Double', 'Double:1.0'],
    ['#COLLECTION.sum({#double})', 'Double', 'Double:1.0'],
    ['#COLLECTION.sum({#bigDec})', 'BigDecimal', 'BigDecimal:1'],
    // "There is no other way to type mixed content than as a Number"; the value takes the widest runtime class.
    ['#COLLECTION.sum({#int, #long})', 'Number', 'Long:2'],
    ['#COLLECTION.sum({#byte, #short})', 'Number', 'Long:2'],
    ['#COLLECTION.sum({#byte, #short, #int})', 'Number', 'Long:3'],
    ['#COLLECTION.sum({#byte, #short, #int, #long})', 'Number', 'Long:4'],
    ['#COLLECTION.sum({#byte, #short, #int, #long, #bigInt})', 'Number', 'BigInteger:5'],
    ['#COLLECTION.sum({#byte, #short, #int, #long, #bigInt, #float})', 'Number', 'Double:6.0'],
    ['#COLLECTION.sum({#byte, #short, #int, #long, #bigInt, #float, #double})', 'Number', 'Double:7.0'],
    ['#COLLECTION.sum({#byte, #short, #int, #long, #bigInt, #float, #double, #bigDec})', 'Number', 'BigDecimal:8.0'],
    // "We are not able to determine the expected type for an empty list": 0.0, a Double, typed Unknown.
    ['#COLLECTION.sum({})', 'Unknown', 'Double:0.0'],
  ])('%s is %s, %s', (text, type, value) => {
    expect(run(text, numbers)).toEqual({ type, value });
  });
});

describe('#COLLECTION.concat, merge, product, flatten typing (CollectionUtilsSpec)', () => {
  it.each<[string, string]>([
    ['#COLLECTION.concat({1}, {2})', 'List[Integer]'],
    ['#COLLECTION.concat({1}, {2.1})', 'List[Number]'],
    ['#COLLECTION.concat({1.0}, {2.1})', 'List[Double]'],
    ["#COLLECTION.concat({1}, {'a'})", 'List[Unknown]'],
    ["#COLLECTION.concat({1}, {'a'}, {true})", 'List[Unknown]'],
    ['#COLLECTION.concat({{:}}, {{:}})', 'List[Record{}]'],
    ['#COLLECTION.concat({{key: 1}}, {{key: 2}})', 'List[Record{key: Integer}]'],
    ['#COLLECTION.concat({{key: 1}}, {{key: 2}}, {{key: 3}})', 'List[Record{key: Integer}]'],
    ["#COLLECTION.concat({{key: 1}}, {{key: 'a'}})", 'List[Unknown]'],
    ["#COLLECTION.concat({{key: 1}}, {{key: 2}}, {{key: 'a'}})", 'List[Unknown]'],
    ["#COLLECTION.concat({{key1: 1}}, {{key2: 'a'}})", 'List[Record{key1: Integer, key2: String}]'],
    ['#COLLECTION.concat({#unknownMap},{#unknownMap})', 'List[Map[Unknown,Unknown]]'],
    ['#COLLECTION.concat({#unknownMap},{#unknownMap},{#unknownMap})', 'List[Map[Unknown,Unknown]]'],
    ['#COLLECTION.concat({{key:1}},{#unknownMap})', 'List[Map[Unknown,Unknown]]'],
    ["#COLLECTION.merge({a:4,c:2,b:3,d:1},{f:'rr',e:'5'})", 'Record{a: Integer(4), b: Integer(3), c: Integer(2), d: Integer(1), e: String(5), f: String(rr)}'],
    ["#COLLECTION.merge({a:4},{e:'5',f:'rr'})", 'Record{a: Integer(4), e: String(5), f: String(rr)}'],
    ['#COLLECTION.merge({a:{innerA:10}},{b:{innerB:10}})', 'Record{a: Record{innerA: Integer(10)}, b: Record{innerB: Integer(10)}}'],
    ['#COLLECTION.merge({a:{innerA:{10,20}}},{b:{innerB:{20}}})', 'Record{a: Record{innerA: List[Integer]({10, 20})}, b: Record{innerB: List[Integer]({20})}}'],
    ["#COLLECTION.merge({a:4,b:3},{a:'5'})", 'Record{a: String(5), b: Integer(3)}'],
    ["#COLLECTION.merge(#unknownMap,{a:'5'})", 'Map[Unknown,Unknown]'],
    ['#COLLECTION.merge(#unknownMap,#unknownMap)', 'Map[Unknown,Unknown]'],
    ["#COLLECTION.merge({a:'5'},#unknownMap)", 'Map[Unknown,Unknown]'],
    ["#COLLECTION.merge(#stringMap,{a:'5'})", 'Map[String,Unknown]'],
    ["#COLLECTION.merge(#typedMap,{a:'5'})", 'Record{a: String(5), key: Integer(20)}'],
    ["#COLLECTION.merge({b:'50'}, #typedMap)", 'Record{b: String(50), key: Integer(20)}'],
    ['#COLLECTION.merge({a: 100}, {b: 200}).![#this]', 'List[Record{key: String, value: Integer}]'],
    ["#COLLECTION.merge({a: {1, 2}}, {b: {'a', 'b'}}).![#this]", 'List[Record{key: String, value: List[Unknown]}]'],
    ["#COLLECTION.merge({a: {'c', 'd'}}, {b: {'a', 'b'}}).![#this]", 'List[Record{key: String, value: List[String]}]'],
    ["#COLLECTION.merge({a: {{c: {1, 2}, d: {'a', 'b'}}}}, {b: {'a', 'b'}})", 'Record{a: List[Record{c: List[Integer], d: List[String]}]({{c=[1, 2], ...), b: List[String]({a, b})}'],
    ["#COLLECTION.merge({a:4,b:3},{a:'5'},{c:true},{d:{'a','b'}})", 'Record{a: String(5), b: Integer(3), c: Boolean(true), d: List[String]({a, b})}'],
    ["#COLLECTION.product({{a: 'a'},{b: 'b'}}, {{c: 'c'},{d: 'd'}})", 'List[Map[Unknown,Unknown]]'],
    ["#COLLECTION.flatten({{'1'},{'2', '3'},{'3'}})", 'List[String]'],
    ['#COLLECTION.flatten({{1},{2},{3}})', 'List[Integer]'],
    ['#COLLECTION.flatten({{{a:1},{b:2}},{{c:3},{d:4}}})', 'List[Record{a: Integer, b: Integer, c: Integer, d: Integer}]'],
  ])('%s is typed %s', (text, type) => {
    expect(typeOf(text, { types: mapTypes, values: { unknownMap: new Map(), stringMap: new Map(), typedMap: new Map([['key', 20]]) } })).toBe(type);
  });

  it.each<[string, string]>([
    ['#COLLECTION.concat({},{})', 'List:[]'],
    ['#COLLECTION.concat({1,2,3},{2,3,4})', 'List:[1, 2, 3, 2, 3, 4]'],
    ['#COLLECTION.concat({1,2,3},{2,3,4},{5,6})', 'List:[1, 2, 3, 2, 3, 4, 5, 6]'],
    ["#COLLECTION.concat({'a'},{2},{true})", 'List:[a, 2, true]'],
    ['#COLLECTION.merge({a: 1, b: 1}, {a: 2, c: 2})', 'Map:{a=2, b=1, c=2}'],
    ['#COLLECTION.merge({a: {x: 1}}, {a: {y: 1}})', 'Map:{a={y=1}}'],
    ["#COLLECTION.product({{a: 'a'},{b: 'b'}}, {{c: 'c'},{d: 'd'}})", 'List:[{a=a, c=c}, {a=a, d=d}, {b=b, c=c}, {b=b, d=d}]'],
    ['#COLLECTION.flatten({{{a:1},{b:2}},{{c:3},{d:4}}})', 'List:[{a=1}, {b=2}, {c=3}, {d=4}]'],
  ])('%s evaluates to %s', (text, value) => {
    expect(valueOf(text)).toBe(value);
  });
});

describe('#COLLECTION.slice clamps its indexes (CollectionUtilsSpec)', () => {
  it.each<[string, string]>([
    ['#COLLECTION.slice({1, 2, 3}, 0, 2)', 'List:[1, 2]'],
    ['#COLLECTION.slice({1, 2, 3}, 0, 10)', 'List:[1, 2, 3]'],
    ['#COLLECTION.slice({1, 2, 3}, 2, 0)', 'List:[]'],
    ['#COLLECTION.slice({1, 2, 3}, -2, 0)', 'List:[]'],
    ['#COLLECTION.slice({1, 2, 3}, -2, 1)', 'List:[1]'],
  ])('%s is %s', (text, value) => {
    expect(valueOf(text)).toBe(value);
  });
  it('keeps the element type', () => {
    expect(typeOf('#COLLECTION.slice({{a: 1}}, -2, 1)')).toBe('List[Record{a: Integer}]');
  });
});

describe('#COLLECTION.sortedAscBy checks the field at compile time (CollectionUtilsSpec)', () => {
  it('refuses a field the records lack', () => {
    expect(errorsOf("#COLLECTION.sortedAscBy({{a: 'a'}, {a: 'b'}}, 'missing_field')")).toEqual(['Type: Record{a: String} doesn\'t contain field: missing_field.']);
  });
  it('refuses a field that is not comparable', () => {
    expect(errorsOf("#COLLECTION.sortedAscBy({{a: 'a'}, {a: #NUMERIC.toNumber('42')}}, 'a')")).toEqual([
      "Field: a of the type: Unknown isn't comparable (doesn't implement the Comparable interface) and cannot be used for sorting purposes.",
    ]);
  });
  it('refuses a null field name', () => {
    expect(errorsOf("#COLLECTION.sortedAscBy({{k: 'a'}, {k: 'b'}}, null)")).toEqual([
      'Mismatch parameter types. Found: sortedAscBy(List[Record{k: String}]({{k=a}, {k=b}}), Null). Required: sortedAscBy(Collection[Map[String,Unknown]], String)',
    ]);
  });
  it('sorts by a literal or a known field name, nulls first', () => {
    expect(valueOf("#COLLECTION.sortedAscBy({{k: 'v2'}, {k: 'v1'}}, 'k')")).toBe('List:[{k=v1}, {k=v2}]');
    expect(valueOf('#COLLECTION.sortedAscBy({{k: "v2"}, {k: null}, {k: "v1"}}, #fieldName)', { types: { fieldName: valueType(T.String, 'k') }, values: { fieldName: 'k' } })).toBe(
      'List:[{k=null}, {k=v1}, {k=v2}]',
    );
  });
});

describe('helpers of #UTIL, #BASE64, #CONV and #NUMERIC', () => {
  it.each<[string, string]>([
    // UtilSpelTest: trailing empty strings are kept.
    ["#UTIL.split('', ',')", 'List:[]'],
    ["#UTIL.split('1,2,,3', ',')", 'List:[1, 2, , 3]'],
    ["#UTIL.split('1,2,,3,', ',')", 'List:[1, 2, , 3, ]'],
    // Base64UtilsSpec: URL-safe without padding.
    ["#BASE64.urlSafeEncode('{\"foo\": 1}')", 'String:eyJmb28iOiAxfQ'],
    ["#BASE64.urlSafeEncode('')", 'String:'],
    ["#BASE64.urlSafeDecode('eyJmb28iOiAxfQ')", 'String:{"foo": 1}'],
    // ConversionUtilsSpec: JSON numbers are the narrowest integer, else a BigDecimal.
    ["#CONV.toJson('1')", 'Integer:1'],
    ["#CONV.toJson('1.234')", 'BigDecimal:1.234'],
    ["#CONV.toJson('1.230')", 'BigDecimal:1.230'],
    ["#CONV.toJson('[1, \"str\", true]')", 'List:[1, str, true]'],
    ["#CONV.toJson('12345678901')", 'Long:12345678901'],
    // NumericUtilsSpec: Integer, Long, then Double (so a huge integer is a Double).
    ["#NUMERIC.toNumber('42')", 'Integer:42'],
    ["#NUMERIC.toNumber('21355252552')", 'Long:21355252552'],
    ["#NUMERIC.toNumber('53.32')", 'Double:53.32'],
    ["#NUMERIC.toNumber('12345678901234567890.12345678901234567890')", 'Double:1.2345678901234567E19'],
    ["#NUMERIC.toNumber('12345678901234567890')", 'Double:1.2345678901234567E19'],
  ])('%s is %s', (text, value) => {
    expect(valueOf(text)).toBe(value);
  });
  it('types split as a list of Strings and toNumber as Number', () => {
    expect(typeOf("#UTIL.split('a,b', ',')")).toBe('List[String]');
    expect(typeOf("#NUMERIC.toNumber('12345678901234567890')")).toBe('Number');
    expect(typeOf("#CONV.toJson('1.234')")).toBe('Unknown');
  });
});

describe('typing of lists, records, ternaries and operators', () => {
  it('displays list values in braces (TypedObjectWithValue), records with known fields included', () => {
    expect(typeOf('{1, 2}')).toBe('List[Integer]({1, 2})');
    expect(typeOf("{{k: 'a'}, {k: 'b'}}")).toBe('List[Record{k: String}]({{k=a}, {k=b}})');
    expect(typeOf("{{k: #x}}", { types: { x: T.String } })).toBe('List[Record{k: String}]');
    expect(typeOf("{'a', 'b'}")).toBe('List[String]({a, b})');
  });

  it('types a ternary as the common supertype of its branches (SpelExpressionSpec)', () => {
    expect(typeOf('1 > 2 ? 12 : 23')).toBe('Integer');
    expect(typeOf('1 > 2 ? 12 : 23.0')).toBe('Number');
    expect(typeOf("1 > 2 ? 'ss' : 'dd'")).toBe('String');
    expect(typeOf("1 > 2 ? '123' : 123")).toBe('Unknown');
    expect(typeOf('1 > 2 ? {foo: 1} : {bar: 1}')).toBe('Record{bar: Integer(1), foo: Integer(1)}');
    expect(typeOf('1 > 2 ? {foo: 1} : #stringMap', { types: mapTypes })).toBe('Map[String,Unknown]');
  });

  it('indexes a record by a String expression: its field when known, else Unknown with dynamic access (TyperSpec)', () => {
    const record = "{int: 1, string: 'stringVal', nestedRecord: {nestedRecordKey: 2}}";
    expect(run(`${record}[#var]`, { types: { var: valueType(T.String, 'string') }, values: { var: 'string' } })).toEqual({ type: 'String(stringVal)', value: 'String:stringVal' });
    expect(run(`${record}['str' + 'ing']`)).toEqual({ type: 'String(stringVal)', value: 'String:stringVal' });
    expect(errorsOf('{a: 5}[#key]', { types: { key: T.String } })).toEqual(['Dynamic property access is not allowed']);
    const dynamic = { config: { dynamicPropertyAccessAllowed: true }, types: { key: T.String } };
    expect(run('{a: 5}[#key]', { ...dynamic, values: { key: 'a' } })).toEqual({ type: 'Unknown', value: 'Integer:5' });
    expect(run('{a: 5}[#key]', { ...dynamic, values: { key: 'b' } })).toEqual({ type: 'Unknown', value: 'null' });
  });

  it('indexes a map made by toMap with its value type', () => {
    expect(run("{{key: 'a', value: 1}}.toMap[#key]", { types: { key: T.String }, values: { key: 'a' } })).toEqual({ type: 'Integer', value: 'Integer:1' });
    expect(run("{{key: 1, value: 'x'}}.toMap[1]")).toEqual({ type: 'String', value: 'String:x' });
  });

  it("refuses ordering operators on anything but numbers ('b' > 'a')", () => {
    expect(errorsOf("'b' > 'a'")).toEqual(['Wrong part types']);
    expect(errorsOf('true > false')).toEqual(['Wrong part types']);
    expect(run('2 > 1.5')).toEqual({ type: 'Boolean(true)', value: 'Boolean:true' });
  });

  it("divides BigDecimals at the larger of their scales, as Java's SpEL does", () => {
    expect(valueOf("new java.math.BigDecimal('1.00') / new java.math.BigDecimal('3')")).toBe('BigDecimal:0.33');
    expect(valueOf("new java.math.BigDecimal('1') / new java.math.BigDecimal('3')")).toBe('BigDecimal:0');
    expect(valueOf("new java.math.BigDecimal('2.50') / 2")).toBe('BigDecimal:1.25');
    expect(valueOf("new java.math.BigDecimal('1.0') / 4")).toBe('BigDecimal:0.2');
  });
});

describe('costs of the changed helpers', () => {
  it('builds a list of records afresh on every evaluation (its known value is for display only)', () => {
    const compiled = compileExpression("{{k: 'a'}}", { globals });
    expect(compiled.ok && compiled.evaluate({})).not.toBe(compiled.ok && compiled.evaluate({}));
  });
  it('charges a clamped slice by what it builds, not by its stop index', () => {
    const compiled = compileExpression('#COLLECTION.slice({1, 2, 3}, 0, 2000000000)', { globals, limits: { maxCollectionSize: 10 } });
    expect(compiled.ok && describeValue(compiled.evaluate({}))).toBe('List:[1, 2, 3]');
  });
});
