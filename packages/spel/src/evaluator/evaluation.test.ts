import type { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { bothEvaluators } from '../../test/evaluators';
import { describeValue, fixedGlobals, variableTypes, variableValues } from '../../test/fixture-context';
import { isExpressionEvaluationError } from '../errors';
import { compileExpression, typeExpression } from '../expression';
import { displayType, listType, recordType, Types, unknownType, valueType } from '@scenaria/typing';
import { JavaDouble } from '@scenaria/typing/runtime';

const globals = fixedGlobals();
const closureGlobals = fixedGlobals();

/** Compiles both ways; every evaluation checks that the generated evaluator and the closure tree agree. */
function compile(text: string, extra: Parameters<typeof compileExpression>[1] = {}) {
  const compiled = compileExpression(text, { variables: variableTypes, globals, ...extra });
  if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('; '));
  return bothEvaluators(text, compiled, compileExpression(text, { variables: variableTypes, globals: closureGlobals, ...extra, evaluator: 'closures' }));
}

// [expression, evaluation error code, the text the error range points at]
const runtimeErrors: Array<[string, string, string]> = [
  ['#n / (#n - 7)', 'DivisionByZero', '/'],
  ['#n % (#n - 7)', 'DivisionByZero', '%'],
  ['#l / (#l - #l)', 'DivisionByZero', '/'],
  // Integer with Long divides in Long: a zero of either kind fails, as does `%`
  ['#l / (#n - 7)', 'DivisionByZero', '/'],
  ['#l % (#n - 7)', 'DivisionByZero', '%'],
  ['#n / (#l - #l)', 'DivisionByZero', '/'],
  ['#input.id % (#l - #l)', 'DivisionByZero', '%'],
  ["#input.id * 2L / (#n - 7)", 'DivisionByZero', '/'],
  // a leaf of Double arithmetic that holds no number fails at its operator
  ["#l * 1.5 + #unknown['b'].toLongOrNull", 'TypeMismatch', '+'],
  ['#input.amount / (#input.amount - #input.amount)', 'DivisionByZero', '/'],
  ['#x.length()', 'NullNavigation', 'length'],
  ['#x.length', 'NullNavigation', 'length'],
  ['#input.nullable.toUpperCase()', 'NullNavigation', 'toUpperCase'],
  ["#unknown['zz'][0]", 'NullNavigation', "#unknown['zz'][0]"],
  ["#unknown['zz'].?[true]", 'NullNavigation', "#unknown['zz'].?[true]"],
  ['#input.tags[5]', 'IndexOutOfRange', '#input.tags[5]'],
  ['#input.tags[-1]', 'IndexOutOfRange', '#input.tags[-1]'],
  ['#input.tags.get(7)', 'IndexOutOfRange', '#input.tags.get(7)'],
  ["'abc'.substring(9)", 'IndexOutOfRange', "'abc'.substring(9)"],
  ["#unknown['b'].to('Long')", 'ConversionFailed', "#unknown['b'].to('Long')"],
  ["#unknown['b'].toLong", 'ConversionFailed', 'toLong'],
  ["#x + 'a' == 'nulla' ? 'x'.toLong : 1L", 'ConversionFailed', 'toLong'],
  ["T(java.lang.Integer).parseInt('x')", 'ConversionFailed', "T(java.lang.Integer).parseInt('x')"],
  ["#CONV.toJson('{oops')", 'MethodFailed', "#CONV.toJson('{oops')"],
  ["#BASE64.decode('*')", 'MethodFailed', "#BASE64.decode('*')"],
  ["#unknown['b'] > 1 ? 1 : 2", 'TypeMismatch', '>'],
  ["#unknown['a'] ? 1 : 2", 'TypeMismatch', "#unknown['a']"],
  ["#unknown['a'] && true", 'TypeMismatch', "#unknown['a']"],
  ['{1, 2}.?[#this > 1 ? null : true]', 'TypeMismatch', '#this > 1 ? null : true'],
  // Patterns run on a linear-time engine: `(a+)+b` is accepted (and fast); what it cannot run is refused.
  ["'aaaa' matches '(a)\\1'", 'IllegalAccess', "'(a)\\1'"],
  ["#unknown['b'].toDoubleOrNull * 2.0 + 1", 'TypeMismatch', '*'],
  ["1.5 + #unknown['b'].toDoubleOrNull / 2", 'TypeMismatch', '/'],
  ["new java.math.BigDecimal('1') / (#n - 7)", 'DivisionByZero', '/'],
  ["new java.math.BigDecimal('1.5').setScale(0)", 'ArithmeticError', "new java.math.BigDecimal('1.5').setScale(0)"],
];

describe('runtime errors', () => {
  it.each(runtimeErrors)('%s fails with %s', (text, code, at) => {
    const compiled = compile(text);
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(text.slice(result.error.range.start, result.error.range.end)).toBe(at);
    expect(() => compiled.evaluate(variableValues)).toThrow(result.error.message);
    try {
      compiled.evaluate(variableValues);
    } catch (error) {
      expect(isExpressionEvaluationError(error)).toBe(true);
    }
  });
});

describe('operators specialised by static kinds', () => {
  // Values whose runtime kind is not their declared one (a model declaring Long and sending an Integer) leave the
  // specialised path; both evaluators must still agree, and Integer with Long still meets in Long.
  const variables = { a: Types.Long, b: Types.Integer, d: Types.Double };
  const values = { a: 5, b: 2n, d: new JavaDouble(0.5) };
  it.each([
    ['#a + #b', 'Long:7'],
    ['#a * #b', 'Long:10'],
    ['#a / #b', 'Long:2'],
    ['#a % #b', 'Long:1'],
    ['#a * 1.5 + #b', 'Double:9.5'],
    ['#a > #b', 'Boolean:true'],
    ['#b <= #d', 'Boolean:false'],
  ])('%s', (text, expected) => {
    expect(describeValue(compile(text, { variables }).evaluate(values))).toBe(expected);
  });
});

describe('budget', () => {
  it('stops long loops with BudgetExceeded', () => {
    const compiled = compile('#input.numbers.![#input.numbers.![#input.numbers]]', { limits: { maxSteps: 10 } });
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok ? 'ok' : result.error.code).toBe('BudgetExceeded');
  });
  it('limits collection sizes built by helpers', () => {
    const compiled = compile('#COLLECTION.concat(#input.numbers, #input.numbers)', { limits: { maxCollectionSize: 5 } });
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok ? 'ok' : result.error.code).toBe('BudgetExceeded');
  });
  it('charges #COLLECTION.sum and join once per call, by the size of the list, before they run', () => {
    // One step for the call and one per element of the four: five steps pass, four do not.
    expect(compile('#COLLECTION.sum(#input.numbers)', { limits: { maxSteps: 5 } }).evaluate(variableValues)).toBe(17n);
    const sum = compile('#COLLECTION.sum(#input.numbers)', { limits: { maxSteps: 4 } }).tryEvaluate(variableValues);
    expect(sum.ok ? 'ok' : sum.error.code).toBe('BudgetExceeded');
    // join walks the list (itself and three short Strings: one step each and one per block of text) and its separators.
    const join = compile("#COLLECTION.join(#input.tags, ',')", { limits: { maxSteps: 8 } }).tryEvaluate(variableValues);
    expect(join.ok ? 'ok' : join.error.code).toBe('BudgetExceeded');
    expect(compile("#COLLECTION.join(#input.tags, ',')", { limits: { maxSteps: 9 } }).evaluate(variableValues)).toBe('a,b,c');
  });
  it('resets the budget on every evaluation', () => {
    const compiled = compile('#input.numbers.![#this]', { limits: { maxSteps: 30 } });
    for (let i = 0; i < 10; i++) expect(compiled.evaluate(variableValues)).toEqual([5, 3, 8, 1]);
  });
});

describe('expressionConfig', () => {
  const unknownMember = "#unknown.foo";
  it('rejects property access on Unknown by default and allows it with methodExecutionForUnknownAllowed', () => {
    expect(typeExpression(unknownMember, { variables: variableTypes, globals }).errors.map((e) => e.code)).toEqual(['IllegalPropertyAccessError']);
    const compiled = compile("#unknown.a", { config: { methodExecutionForUnknownAllowed: true } });
    expect(displayType(compiled.type)).toBe('Unknown');
    expect(compiled.evaluate(variableValues)).toBe(1);
  });
  it('allows method calls on Unknown with methodExecutionForUnknownAllowed, resolved at runtime', () => {
    const compiled = compile("#unknown['b'].toUpperCase()", { config: { methodExecutionForUnknownAllowed: true } });
    expect(compiled.evaluate(variableValues)).toBe('X');
    const missing = compile("#unknown['b'].nope()", { config: { methodExecutionForUnknownAllowed: true } }).tryEvaluate(variableValues);
    expect(missing.ok ? 'ok' : missing.error.code).toBe('IllegalAccess');
  });
  it('types unknown methods as Unknown when strictMethodsChecking is off, and fails at runtime', () => {
    expect(typeExpression("'a'.nope()", { variables: variableTypes, globals }).errors.map((e) => e.code)).toEqual(['UnknownMethodError']);
    const compiled = compile("'a'.nope()", { config: { strictMethodsChecking: false } });
    expect(displayType(compiled.type)).toBe('Unknown');
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok ? 'ok' : result.error.code).toBe('IllegalAccess');
  });
  it('lets unknown static methods through when staticMethodInvocationsChecking is off', () => {
    expect(typeExpression('T(java.lang.Math).nope()', { variables: variableTypes, globals, config: { staticMethodInvocationsChecking: false } }).errors).toEqual([]);
    expect(typeExpression('T(java.lang.Math).nope()', { variables: variableTypes, globals }).errors.map((e) => e.code)).toEqual(['UnknownMethodError']);
  });
  it('types unknown classes in T(...) as Unknown when staticMethodInvocationsChecking is off, and fails safely at runtime', () => {
    const options = { variables: variableTypes, globals, config: { staticMethodInvocationsChecking: false, methodExecutionForUnknownAllowed: true } };
    expect(typeExpression('T(java.lang.Runtime).getRuntime()', options).errors).toEqual([]);
    const compiled = compile('T(java.lang.Runtime).getRuntime()', { config: options.config });
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok ? 'ok' : result.error.code).toBe('IllegalAccess');
  });

  it('allows dynamic record access with dynamicPropertyAccessAllowed', () => {
    expect(typeExpression('#input[#x]', { variables: variableTypes, globals }).errors.map((e) => e.code)).toEqual(['DynamicPropertyAccessError']);
    const compiled = compile("#input['na' + #input.name.substring(3)]", { config: { dynamicPropertyAccessAllowed: true } });
    expect(displayType(compiled.type)).toBe('Unknown');
    const missing = compile("#input['nope']", { config: { dynamicPropertyAccessAllowed: true } });
    expect(displayType(missing.type)).toBe('Unknown');
    expect(missing.evaluate(variableValues)).toBeNull();
  });
});

describe('expected type', () => {
  it.each([
    ['1', Types.Long, true],
    ["'a'", Types.Long, false],
    ['#input.tags', listType(Types.String), true],
    ['#input.numbers', listType(Types.Number), true],
    ['#input.tags', listType(Types.Integer), false],
    ['{a: 1}', recordType({ a: Types.Integer }), true],
    ['null', Types.String, true],
    ['#unknown', Types.Boolean, true],
    ['1 > 2', Types.Boolean, true],
    ['1 + 2', Types.String, false],
  ])('%s fits %o: %s', (text, expected, fits) => {
    const result = compileExpression(text as string, { variables: variableTypes, globals, expectedType: expected });
    expect(result.ok).toBe(fits);
    if (!result.ok) expect(result.errors[0]!.code).toBe('ExpressionTypeError');
  });
});

describe('Java kinds of results', () => {
  it.each([
    ['#n + #n', 'Integer:14'],
    ['#n + 0L', 'Long:7'],
    ['#n * 1.0', 'Double:7.0'],
    ['#d * 2 + #n / 2', 'Double:3.2'],
    ['(#d + #d) * (#n - 0.5) % 1', 'Double:0.30000000000000004'],
    ['#d * 2 + #n / 2 > 3', 'Boolean:true'],
    ['#n * 1.0f', 'Float:7.0'],
    ['#n.toBigDecimal', 'BigDecimal:7'],
    ["#n.to('BigInteger')", 'BigInteger:7'],
    ["#n.to('Short')", 'Short:7'],
    ["#n.to('Byte')", 'Byte:7'],
    ["'x'.charAt(0)", 'Character:x'],
    ['#input.born', 'LocalDate:1990-05-17'],
    ['#input.items.keySet()', 'Set:[apples, pears]'],
    ['#strings', 'List:[x, y]'],
  ])('%s gives %s', (text, expected) => {
    expect(describeValue(compile(text).evaluate(variableValues))).toBe(expected);
  });

  it('keeps Long precision beyond 2^53 through arithmetic and comparison', () => {
    const compiled = compile('#l - 1 > #l - 2 && (#l - 1) % 10 == 6');
    expect(compiled.evaluate(variableValues)).toBe(true);
  });

  it('keeps BigDecimal exact', () => {
    const value = compile("'0.1'.toBigDecimal * 3 == '0.3'.toBigDecimal").evaluate(variableValues);
    expect(value).toBe(true);
    const sum = compile('#input.amount + #input.amount + #input.amount').evaluate(variableValues) as Decimal;
    expect(sum.toString()).toBe('30.75');
  });

  it('accepts caller values of every kind for Unknown variables', () => {
    const compiled = compileExpression("#v == null ? 'null' : #v.toString()", { variables: { v: unknownType }, globals });
    if (!compiled.ok) throw new Error('unexpected');
    expect(compiled.evaluate({ v: new JavaDouble(1) })).toBe('1.0');
    expect(compiled.evaluate({ v: 5n })).toBe('5');
    expect(compiled.evaluate({ v: null })).toBe('null');
    expect(compiled.evaluate({})).toBe('null');
  });

  it('reads variables as own properties only', () => {
    const compiled = compileExpression('#constructor', { variables: { constructor: unknownType }, globals });
    if (!compiled.ok) throw new Error('unexpected');
    expect(compiled.evaluate({})).toBeNull();
    expect(compiled.evaluate({ constructor: 3 })).toBe(3);
  });

  it('lets caller variables override helper globals', () => {
    const compiled = compileExpression('#UTIL', { variables: { UTIL: Types.String }, globals });
    if (!compiled.ok) throw new Error('unexpected');
    expect(compiled.evaluate({ UTIL: 'mine' })).toBe('mine');
  });
});

describe('typeExpression per-node types', () => {
  it('reports the type of every node with its range', () => {
    const text = '#input.age + 1';
    const { nodeTypes } = typeExpression(text, { variables: variableTypes, globals });
    const described = nodeTypes.map((info) => `${text.slice(info.range.start, info.range.end)}: ${displayType(info.type)}`);
    expect(described).toEqual(expect.arrayContaining(['#input: Record{address: Record{city: String, zip: String}, age: Integer, amount: BigDecimal, born: LocalDate, clients: List[Record{age: Integer, name: String, vip: Boolean}], id: Long, items: Map[String,Integer], name: String, nullable: String, numbers: List[Integer], score: Double, tags: List[String], vip: Boolean}', '#input.age: Integer', '1: Integer(1)', '#input.age + 1: Integer']));
  });
});

describe('templates', () => {
  it('reports errors inside inserts with positions in the whole text', () => {
    const text = 'Hi #{#nope}!';
    const { errors } = typeExpression(text, { variables: variableTypes, globals, language: 'spelTemplate' });
    expect(errors.map((e) => e.code)).toEqual(['UnresolvedReferenceError']);
    expect(text.slice(errors[0]!.range.start, errors[0]!.range.end)).toBe('#nope');
  });
  it('reports an unclosed insert', () => {
    const { errors } = typeExpression('Hi #{#input.name', { variables: variableTypes, globals, language: 'spelTemplate' });
    expect(errors.some((e) => e.message.includes("No ending suffix '}'"))).toBe(true);
  });
  it('reports an empty insert', () => {
    const { errors } = typeExpression('Hi #{ }', { variables: variableTypes, globals, language: 'spelTemplate' });
    expect(errors.some((e) => e.message.includes('No expression defined'))).toBe(true);
  });
});

describe('registries of @scenaria/typing', () => {
  it('accepts standardClassRegistry.extend(...) with model classes and keeps helpers and conversions', async () => {
    const typing = await import('@scenaria/typing');
    const customer = typing.classType('com.example.Customer');
    const registry = typing.standardClassRegistry.extend([
      {
        name: 'com.example.Customer',
        methods: [
          typing.method('getName', [], typing.Types.String, (target: Map<string, unknown>) => target.get('name'), { description: 'The name' }),
          typing.method('greet', [typing.param('greetings', typing.Types.String)], typing.Types.String, (target: Map<string, unknown>, args: readonly (readonly string[])[]) => `${args[0]!.join(' ')} ${String(target.get('name'))}`, { varArgs: true }),
        ],
      },
    ]);
    const compiled = compileExpression("#c.name + ': ' + #c.greet('hi', 'there') + ' ' + #COLLECTION.sum({1, 2}) + ' ' + '7'.toLong", { variables: { c: customer }, globals, registry });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(compiled.evaluate({ c: new Map([['name', 'Ann']]) })).toBe('Ann: hi there Ann 3 7');
    const { errors } = typeExpression('#c.nope', { variables: { c: customer }, globals, registry });
    expect(errors.map((e) => e.code)).toEqual(['NoPropertyError']);
  });
});

describe('known values of variables', () => {
  // A generator's literal record types #input with known values; the records that arrive at runtime (test
  // records, for one) differ, so only literal-only subtrees may be folded into constants.
  const variables = { input: recordType({ amount: valueType(Types.Integer, 7), name: valueType(Types.String, 'x') }) };

  it('types with the known values but evaluates the runtime record', () => {
    const doubled = compileExpression('#input.amount * 2', { variables, globals });
    if (!doubled.ok) throw new Error(doubled.errors.map((e) => e.message).join('; '));
    expect(displayType(doubled.type)).toBe('Integer(14)');
    expect(doubled.evaluate({ input: new Map<string, unknown>([['amount', 21], ['name', 'y']]) })).toBe(42);
  });

  it('still folds literal-only subtrees', () => {
    const shout = compileExpression("#input.name + ('!' + '!')", { variables, globals });
    if (!shout.ok) throw new Error(shout.errors.map((e) => e.message).join('; '));
    expect(shout.evaluate({ input: new Map<string, unknown>([['amount', 1], ['name', 'hey']]) })).toBe('hey!!');
    expect(compile('1 + 2 * 3').evaluate({})).toBe(7);
  });
});
