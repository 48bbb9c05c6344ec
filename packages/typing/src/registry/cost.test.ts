import { describe, expect, it } from 'vitest';
import { JavaBigInteger } from '../runtime/values';
import { ExactDecimal } from '../runtime/numbers';
import { invokeMethod, type MethodDefinition } from './class-registry';
import { CHARS_PER_STEP, isLinearScan, measureValue, regexScanSteps, STEPS_PER_REGEX_MATCH, type CostMeter } from './cost';
import { standardClassRegistry } from './standard-registry';

/**
 * Every method of the standard registry without a cost, with the reason it needs none. A method that is not
 * listed here must declare a cost: adding a method to the registry without deciding is a test failure.
 * `*` covers every member of a class.
 */
const CONSTANT_COST: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'java.lang.String': {
    length: 'reads a property',
    isEmpty: 'reads a property',
    charAt: 'one character',
    substring: 'V8 slices share the receiver’s characters; a short slice copies fewer than 13',
    toString: 'returns the receiver',
  },
  'java.lang.Boolean': { '*': 'fixed-size values; methods taking Strings scan them (default cost)' },
  'java.lang.Number': { '*': 'fixed-size numbers' },
  'java.lang.Integer': { '*': 'fixed-size numbers; parse methods scan their String (default cost)' },
  'java.lang.Long': { '*': 'fixed-size numbers; parse methods scan their String (default cost)' },
  'java.lang.Double': { '*': 'fixed-size numbers; parse methods scan their String (default cost)' },
  'java.lang.Float': { '*': 'fixed-size numbers; parse methods scan their String (default cost)' },
  'java.lang.Short': { '*': 'fixed-size numbers' },
  'java.lang.Byte': { '*': 'fixed-size numbers' },
  'java.math.BigDecimal': { signum: 'compares with zero', scale: 'reads the exponent', precision: 'reads the digit count', valueOf: 'from a Long or a Double: at most 20 digits' },
  'java.math.BigInteger': { signum: 'compares with zero', valueOf: 'from a Long: at most 20 digits' },
  'java.lang.Character': { '*': 'single characters' },
  'java.lang.Math': { '*': 'fixed-size numbers' },
  'java.util.Collection': { size: 'reads the length', isEmpty: 'reads the length' },
  'java.util.List': { get: 'one element' },
  'java.util.Map': { size: 'reads the size', isEmpty: 'reads the size' },
  '[Ljava.lang.Object;': { length: 'reads the length', size: 'reads the length', isEmpty: 'reads the length', get: 'one element' },
  'java.time.format.DateTimeFormatter': { format: 'writes about as much text as the pattern, which ofPattern limits to 1000 characters' },
  'java.time.LocalDate': { '*': 'fixed-size values; methods taking Strings scan them (default cost)' },
  'java.time.LocalTime': { '*': 'fixed-size values' },
  'java.time.LocalDateTime': { '*': 'fixed-size values' },
  'java.time.Instant': { '*': 'fixed-size values' },
  'java.time.ZonedDateTime': { '*': 'fixed-size values' },
  'java.time.OffsetDateTime': { '*': 'fixed-size values' },
  'java.time.Duration': { '*': 'fixed-size values' },
  'java.time.Period': { '*': 'fixed-size values' },
  'java.time.DayOfWeek': { '*': 'an enum' },
  'java.time.Month': { '*': 'an enum' },
  'java.time.temporal.ChronoUnit': { '*': 'an enum' },
  'java.time.ZoneId': { '*': 'zone ids are short; of(String) scans it (default cost)' },
  'java.time.ZoneOffset': { '*': 'fixed-size values' },
  'java.util.UUID': { '*': 'fixed-size values' },
  'java.util.Locale': { '*': 'short tags; methods taking Strings scan them (default cost)' },
  'java.util.Currency': { '*': 'fixed-size values' },
  'java.nio.charset.Charset': { '*': 'fixed-size values' },
};

function members(): Array<{ className: string; method: MethodDefinition }> {
  const found: Array<{ className: string; method: MethodDefinition }> = [];
  for (const definition of standardClassRegistry.classes()) {
    for (const method of [...definition.methods, ...definition.staticMethods, ...definition.constructors]) found.push({ className: definition.name, method });
  }
  return found;
}

/** A meter that records what is charged and enforces the limits as the evaluator's budget does. */
function recordingMeter(limits = { maxSteps: 1_000_000, maxCollectionSize: 100_000, maxStringLength: 10_000_000 }) {
  const charged = { steps: 0, sizes: [] as number[], strings: [] as number[] };
  const meter: CostMeter = {
    limits,
    step(count = 1) {
      charged.steps += count;
      if (charged.steps > limits.maxSteps) throw new Error('BudgetExceeded: steps');
    },
    checkSize(size) {
      charged.sizes.push(size);
      if (size > limits.maxCollectionSize) throw new Error('BudgetExceeded: size');
      this.step(size);
    },
    chargeString(length) {
      charged.strings.push(length);
      if (length > limits.maxStringLength) throw new Error('BudgetExceeded: string');
      this.step(Math.ceil(length / 16));
    },
    chargeOnce(key, count) {
      if (once.has(key)) return;
      once.add(key);
      this.step(count);
    },
  };
  const once = new Set<string>();
  return { meter, charged };
}

function find(className: string, name: string, arity: number, where: 'methods' | 'staticMethods' | 'constructors' = 'methods', varArgs = false): MethodDefinition {
  const definition = standardClassRegistry.getClass(className);
  const method = definition?.[where].find((m) => m.name === name && m.params.length === arity && m.varArgs === varArgs);
  if (!method) throw new Error(`No ${className}.${name}/${arity}`);
  return method;
}

/** Charges the method's cost, then (only if that passed) calls it, as the evaluator does. */
function charged(method: MethodDefinition, target: unknown, args: readonly unknown[], meter: CostMeter): unknown {
  const packed = method.varArgs ? [...args.slice(0, method.params.length - 1), args.slice(method.params.length - 1)] : args;
  method.cost?.(meter, target, packed);
  // As the evaluator does: the call gets the meter its cost went to.
  return invokeMethod(method, target, args, { meter });
}

describe('method costs', () => {
  it('every standard method declares a cost or is listed as constant with a reason', () => {
    const missing = members()
      .filter(({ className, method }) => method.cost === undefined && !(CONSTANT_COST[className]?.['*'] ?? CONSTANT_COST[className]?.[method.name]))
      .map(({ className, method }) => `${className}.${method.name}/${method.params.length}`);
    expect(missing).toEqual([]);
  });

  it('lists no method as constant that declares a cost (the list stays honest)', () => {
    const stale = Object.entries(CONSTANT_COST).flatMap(([className, names]) =>
      Object.keys(names)
        .filter((name) => name !== '*')
        .filter((name) => members().some((m) => m.className === className && m.method.name === name && m.method.cost !== undefined))
        .map((name) => `${className}.${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('methods returning a String, collection or array declare a cost unless listed by name', () => {
    const growing = /^(java\.lang\.String|java\.util\.(List|Set|Map|Collection)|\[Ljava\.lang\.Object;)$/;
    const unlisted = members()
      .filter(({ method }) => typeof method.result !== 'function' && method.result.kind === 'class' && growing.test(method.result.className))
      .filter(({ className, method }) => method.cost === undefined && CONSTANT_COST[className]?.[method.name] === undefined)
      .filter(({ className }) => !/^java\.(time|util\.(Locale|UUID|Currency)|nio)/.test(className))
      .map(({ className, method }) => `${className}.${method.name}`);
    expect(unlisted).toEqual([]);
  });

  it('repeat is refused before it allocates', () => {
    const { meter } = recordingMeter();
    expect(() => charged(find('java.lang.String', 'repeat', 1), 'abcdef', [60_000_000], meter)).toThrow('BudgetExceeded: string');
    const small = recordingMeter();
    expect(charged(find('java.lang.String', 'repeat', 1), 'ab', [3], small.meter)).toBe('ababab');
    expect(small.charged.strings).toEqual([6]);
  });

  it('split counts its parts before building them', () => {
    const { meter, charged: seen } = recordingMeter({ maxSteps: 1_000_000, maxCollectionSize: 10, maxStringLength: 1000 });
    expect(() => charged(find('java.lang.String', 'split', 1), 'a'.repeat(50), [''], meter)).toThrow('BudgetExceeded: size');
    expect(seen.sizes).toEqual([11]);
    expect(charged(find('java.lang.String', 'split', 1), 'a,b,c', [','], recordingMeter().meter)).toEqual(['a', 'b', 'c']);
    expect(charged(find('java.lang.String', 'split', 2), 'a,b,c', [',', 2], recordingMeter().meter)).toEqual(['a', 'b,c']);
  });

  it('toCharArray, chars, replace, replaceAll, String.join and case mapping charge their results', () => {
    const limits = { maxSteps: 1_000_000, maxCollectionSize: 100, maxStringLength: 1000 };
    const long = 'x'.repeat(500);
    expect(() => charged(find('java.lang.String', 'toCharArray', 0), long, [], recordingMeter(limits).meter)).toThrow('size');
    expect(() => charged(find('java.lang.String', 'chars', 0), long, [], recordingMeter(limits).meter)).toThrow('size');
    expect(() => charged(find('java.lang.String', 'replace', 2), long, ['x', 'yyy'], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.lang.String', 'replaceAll', 2), long, ['x', 'yyy'], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.lang.String', 'replace', 2), long, ['', 'y'], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.lang.String', 'join', 2, 'staticMethods'), null, [',', [long, long, long]], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.lang.String', 'join', 2, 'staticMethods', true), null, [',', long, long, long], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.lang.String', 'toUpperCase', 0), long + long + long, [], recordingMeter(limits).meter)).toThrow('string');
    expect(charged(find('java.lang.String', 'replace', 2), 'a-b', ['-', '+'], recordingMeter(limits).meter)).toBe('a+b');
  });

  it('regex calls are charged per match the engine finds, and a count stops when the budget is spent', () => {
    const text = 'a'.repeat(1000);
    // A plain substitution is done with indexOf and charged as replace is: the scan and the result.
    const literal = recordingMeter();
    expect(charged(find('java.lang.String', 'replaceAll', 2), text, ['a', 'b'], literal.meter)).toBe('b'.repeat(1000));
    expect(literal.charged.steps).toBe(Math.ceil(1000 / CHARS_PER_STEP) * 2);
    // The same substitution as a pattern: the scan, each match as the call finds it, and the result's bound.
    const regex = recordingMeter();
    expect(charged(find('java.lang.String', 'replaceAll', 2), text, ['[a]', 'b'], regex.meter)).toBe('b'.repeat(1000));
    const compile = 3 * 64 + 1;
    // The result is charged at its bound: the text, and the replacement's characters once per possible match.
    expect(regex.charged.steps).toBe(compile + regexScanSteps(1000) + 1000 * STEPS_PER_REGEX_MATCH + Math.ceil((1000 + 1001) / CHARS_PER_STEP));
    // A replacement that reads groups costs four times as much per match.
    const groups = recordingMeter();
    expect(charged(find('java.lang.String', 'replaceAll', 2), text, ['(a)', '$1'], groups.meter)).toBe(text);
    expect(groups.charged.steps).toBe(compile + regexScanSteps(1000) + 1000 * 4 * STEPS_PER_REGEX_MATCH + Math.ceil((2 * 1000 + 2 * 1001) / CHARS_PER_STEP));
    // A call whose matches exceed the budget stops at the match that exceeds it, not at the end of the text.
    const small = recordingMeter({ maxSteps: 5000, maxCollectionSize: 100_000, maxStringLength: 10_000_000 });
    let found = 0;
    const counting: CostMeter = { ...small.meter, step: (count = 1) => { if (count === STEPS_PER_REGEX_MATCH) found++; small.meter.step(count); } };
    expect(() => charged(find('java.lang.String', 'replaceAll', 2), 'a'.repeat(1_000_000), ['[a]', ''], counting)).toThrow('BudgetExceeded: steps');
    expect(found).toBeLessThanOrEqual(5000 / STEPS_PER_REGEX_MATCH + 1);
    // The charge goes to the meter the call is given: one given none charges no earlier call's budget.
    const before = found;
    expect(invokeMethod(find('java.lang.String', 'replaceAll', 2), 'aaa', ['[a]', 'b'])).toBe('bbb');
    expect(found).toBe(before);
    // A plain separator is counted and split with indexOf: two plain scans and the parts, nothing per match.
    const plainParts = recordingMeter();
    expect(charged(find('java.lang.String', 'split', 1), 'a,b,c', [','], plainParts.meter)).toEqual(['a', 'b', 'c']);
    expect(plainParts.charged.steps).toBe(2 * Math.ceil(5 / CHARS_PER_STEP) + 3);
    // A pattern: each part after the first is a match, charged as counted and again for the split.
    const parts = recordingMeter();
    expect(charged(find('java.lang.String', 'split', 1), 'a1b2c', ['[0-9]'], parts.meter)).toEqual(['a', 'b', 'c']);
    expect(parts.charged.steps).toBe(5 * 64 + 1 + 2 * regexScanSteps(5) + 3 + 2 * 2 * STEPS_PER_REGEX_MATCH);
    // A match scan is charged at the regex engine's rate.
    const scan = recordingMeter();
    expect(charged(find('java.lang.String', 'matches', 1), text, ['a*'], scan.meter)).toBe(true);
    expect(scan.charged.steps).toBe(2 * 64 + 1 + regexScanSteps(1000));
  });

  it('collection copies and searches are charged by size', () => {
    const limits = { maxSteps: 1000, maxCollectionSize: 10, maxStringLength: 1000 };
    const list = Array.from({ length: 50 }, (_, i) => i);
    expect(() => charged(find('java.util.Collection', 'toArray', 0), list, [], recordingMeter(limits).meter)).toThrow('size');
    expect(() => charged(find('java.util.List', 'subList', 2), list, [0, 50], recordingMeter(limits).meter)).toThrow('size');
    expect(() => charged(find('java.util.Collection', 'containsAll', 1), list, [list], recordingMeter(limits).meter)).toThrow('steps');
    const { meter, charged: seen } = recordingMeter(limits);
    expect(charged(find('java.util.Collection', 'contains', 1), list, [49], meter)).toBe(true);
    // One step per element compared; a number argument has nothing to walk.
    expect(seen.steps).toBe(50);
  });

  it('BigInteger and BigDecimal charge by digits', () => {
    const limits = { maxSteps: 10_000, maxCollectionSize: 10, maxStringLength: 100_000 };
    expect(() => charged(find('java.math.BigInteger', 'pow', 1), new JavaBigInteger(10n), [99_999_999], recordingMeter(limits).meter)).toThrow('steps');
    expect(() => charged(find('java.math.BigDecimal', 'toPlainString', 0), new ExactDecimal('1e999999999'), [], recordingMeter(limits).meter)).toThrow('string');
    expect(() => charged(find('java.math.BigDecimal', 'setScale', 1), new ExactDecimal('1'), [999_999_999], recordingMeter(limits).meter)).toThrow('steps');
  });

  it('walks of shared values are measured without walking them fully', () => {
    let value: unknown[] = [1, 2];
    for (let i = 0; i < 40; i++) value = [value, value];
    expect(measureValue(value, 1000)).toBe(1001);
    const { meter } = recordingMeter();
    expect(() => charged(find('java.lang.Object', 'toString', 0), value, [], meter)).toThrow('steps');
  });

  it('measures a flat list as the walk does: one per element and per list, text in blocks', () => {
    const list = ['abc', 1, null, 'x'.repeat(40), 5n];
    // The list, five elements, 1 + 3 steps of text.
    expect(measureValue(list, 1000)).toBe(10);
    // Wrapped in a Set, the same list takes the general walk: one more for the Set.
    expect(measureValue(new Set([list]), 1000)).toBe(11);
    expect(measureValue(list, 9)).toBe(10);
    expect(measureValue(list, 4)).toBe(5);
    expect(measureValue([[1], 'a'], 1000)).toBe(5);
  });

  it('marks searches as linear scans and builders as not', () => {
    expect(isLinearScan(find('java.lang.String', 'contains', 1).cost!)).toBe(true);
    expect(isLinearScan(find('java.lang.String', 'matches', 1).cost!)).toBe(true);
    expect(isLinearScan(find('java.lang.Integer', 'parseInt', 1, 'staticMethods').cost!)).toBe(true);
    expect(isLinearScan(find('java.lang.String', 'repeat', 1).cost!)).toBe(false);
    expect(isLinearScan(find('java.lang.String', 'split', 1).cost!)).toBe(false);
  });
});
