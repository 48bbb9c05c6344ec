import { describe, expect, it } from 'vitest';
import { seededRandom } from '@scenaria/vitest-config/random';
import { compileExpression, typeExpression } from '../src/expression';
import { isExpressionEvaluationError } from '../src/errors';
import { parseExpression } from '../src/parser/parse-expression';
import { suggestExpression } from '../src/suggest/suggest';
import { bothEvaluators } from './evaluators';
import { fixedGlobals, variableTypes, variableValues } from './fixture-context';

// Fuzzing the whole pipeline: whatever the text, parsing/typing/compiling return values, evaluation either
// returns or throws an ExpressionEvaluationError, nothing takes long, and no JavaScript global changes.

const globals = fixedGlobals();
const closureGlobals = fixedGlobals();

const hostile: string[] = [
  '#x.__proto__', '#input.__proto__', "#input['__proto__']", '#input.constructor', "#input['constructor']",
  "'a'.constructor", "'a'.constructor.constructor('return process')()", "'a'['constructor']['constructor']('return 1')()",
  '#this.getClass()', "#root.getClass().forName('java.lang.Runtime')", "T(java.lang.Runtime).getRuntime().exec('ls')",
  'T(java.lang.System).getenv()', "T(java.lang.System).getProperty('user.home')", "new java.lang.ProcessBuilder({'ls'}).start()",
  '{a: 1}.constructor', "{a: 1}['constructor']", '{}.constructor.prototype', '{}.__proto__.polluted', "{:}['__proto__']",
  "#unknown['__proto__']['polluted'] = 1", '#COLLECTION.constructor', "#COLLECTION['constructor']", '#COLLECTION.__proto__',
  "#CONV.toJson('{\"__proto__\": {\"polluted\": 1}}')", "#CONV.toJson('{\"__proto__\": {\"polluted\": 1}}')['__proto__']['polluted']",
  "#CONV.toJson('{\"constructor\": {\"prototype\": {\"polluted\": 1}}}')['constructor']['prototype']",
  'T(java.lang.Math).constructor', 'T(java.lang.Math).__proto__', '#input.toString.call', "'a'.toString().constructor",
  "#this.hasOwnProperty('x')", '#input.valueOf()', "#input.get('__proto__')", 'process', '#process', "require('fs')",
  'globalThis', '#globalThis', 'this', "eval('1')", "Function('return 1')()", '#constructor', '#__proto__', '#toString',
  '#hasOwnProperty', '#valueOf', "#input.name.constructor", "#input.tags.constructor", "#input.tags['constructor']",
  "#input.tags.map", '#input.tags.push(1)', '#input.tags.length', "#input.items.set('x', 1)", '#input.items.clear()',
  "T(java.lang.Class).forName('java.lang.Runtime')", "T(java.lang.reflect.Method)", 'T(java.lang.Thread).sleep(100000)',
  "T(java.nio.file.Files).readAllLines(T(java.nio.file.Paths).get('/etc/passwd'))", "new java.io.File('/')",
  "new java.net.URL('http://x')", "new java.lang.Object()", "new java.util.ArrayList()", "T(java.lang.Object)",
  "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' matches '(a+)+$'", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' matches '(a|aa)*$'",
  "#UTIL.split('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '(a*)*b')", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.replaceAll('(a+)+b', 'x')",
  "'x'.matches('(x+x+)+y')", "'abc' matches '(?<=a)b'", "'abc' matches '['",
  'new java.math.BigInteger("10") ^ 99999999', '(new java.math.BigInteger("10") ^ 50000) ^ 50000',
  '#input.amount ^ 1000000', "new java.math.BigDecimal('1e999999999')", "'1e999999999'.toBigDecimal * 10",
  "'' + new java.math.BigDecimal('1e999999999')", "new java.math.BigDecimal('-1e-999999999').toString()",
  "new java.math.BigDecimal('1e999999999').toPlainString()", "new java.math.BigDecimal('1e999999999').longValue()",
  "new java.math.BigDecimal('1e999999999').toBigInteger()", "'1e999999999'.toBigDecimal.toLong", "'1e999999999'.toBigDecimal.canBeLong",
  "new java.math.BigDecimal('1e-999999999').setScale(999999999)", "new java.math.BigDecimal('1e-999999999').scale()",
  "#CONV.toJson(#CONV.toJsonString({a: new java.math.BigDecimal('1e999999999')}))",
  '#l * #l * #l * #l', '2 ^ 2 ^ 2', '1.0 / 0', '0.0 / 0.0', '#n / (#n - 7)', '#n % (#n - 7)', '#input.tags[99]', '#input.tags[-1]',
  '#x.length()', '#x.length', '#input.nullable.toUpperCase()', '#x[0]', '#x.?[true]', '#x.![#this]', "#COLLECTION.join(null, ',')",
  "'x'.to('Long')", "#unknown.to('List')", "#unknown['b'].to('Long')", "#CONV.toJson('nope')", "#BASE64.decode('!!!')",
  "#RANDOM.nextInt(0)", "#RANDOM.nextInt(5, 1)", "#DATE.zone('Nowhere/City')", "#DATE_FORMAT.parseLocalDate('x')",
  "#COLLECTION.slice({1,2}, 1, 5)", "#COLLECTION.max({1, 'a'})", "#COLLECTION.sortedAsc({1, 'a', 2L})",
  "T(java.time.LocalDate).of(2024, 13, 1)", "'abc'.substring(5)", "'abc'.charAt(10)", "#input.tags.get(10)",
  "#COLLECTION.sum({1, 'a'})", '#CONV.toNumber({1})', "#NUMERIC.divide(1, 0)", "#NUMERIC.remainder(1L, 0L)",
  '#input.clients.?[#this.age / 0 > 1]', '{1, 2, 3}.?[#this]', '{1, null}.?[#this > 0]', '{null}.![#this + 1]',
  'null + 1', '#x + 1', '#input.nullable > 1', 'true ? #x.length : 0', '#unknown["a"] ? 1 : 2', "#unknown['a'] && true",
];

function nested(depth: number, open: string, inner: string, close: string): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

function doubling(depth: number): string {
  let text = '{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}';
  for (let i = 0; i < depth; i++) text = `#COLLECTION.concat(${text}, ${text})`;
  return text;
}

function squaring(depth: number): string {
  let text = "new java.math.BigInteger('12345678901234567890')";
  for (let i = 0; i < depth; i++) text = `(${text}) * (${text})`;
  return text;
}

const hundred = `{${Array.from({ length: 100 }, (_, i) => i).join(', ')}}`;

const resourceHogs: string[] = [
  nested(5000, '(', '1', ')'),
  nested(3000, '{', '1', '}'),
  nested(2000, '-', '1', ''),
  nested(2000, '!', 'true', ''),
  nested(500, '#COLLECTION.reverse(', '{1}', ')'),
  Array.from({ length: 20000 }, () => '1').join(' + '),
  Array.from({ length: 5000 }, () => '#input.age').join(' * '),
  `#input${'.address'.repeat(1)}${'.city'.repeat(1)}${'.length()'.repeat(1)}`,
  doubling(12),
  `#COLLECTION.product(#COLLECTION.product(${hundred}.![{a: #this}], ${hundred}.![{b: #this}]), #COLLECTION.product(${hundred}.![{c: #this}], ${hundred}.![{d: #this}])).size()`,
  squaring(5),
  `${hundred}.![${hundred}.![${hundred}]]`,
  `${hundred}.![${hundred}.![${hundred}.![#this]]]`,
  `#COLLECTION.product(${hundred}.![{a: #this}], ${hundred}.![{b: #this}]).size()`,
  `#COLLECTION.product(${hundred}.![${hundred}.![{a: #this}]].![#this[0]], ${hundred}.![{b: #this}])`,
  `#COLLECTION.flatten(${hundred}.![${hundred}.![${hundred}]])`,
  `#COLLECTION.join(${hundred}.![${hundred}.![${hundred}]], ',')`,
  `${hundred}.?[${hundred}.?[${hundred}.?[true].size() > 0].size() > 0]`,
  `#COLLECTION.distinct(${hundred}.![${hundred}.![#this]])`,
  "'x' + 'x'".repeat(1),
  Array.from({ length: 40 }, () => "#COLLECTION.join({'aaaaaaaaaa','aaaaaaaaaa'}, 'b')").join(' + '),
  'x'.repeat(100_000),
  `'${'a'.repeat(200_000)}'`,
];

const vocabulary = [
  '#input', '#x', '#n', '#l', '#d', '#unknown', '#list', '#strings', '#this', '#root', '#COLLECTION', '#CONV', '#UTIL', '#BASE64',
  '#NUMERIC', '#DATE', '#GEO', '#RANDOM', '#DATE_FORMAT', '#meta', '#', '.', '?.', '.?[', '.^[', '.$[', '.![', '[', ']', '(', ')',
  '{', '}', ',', ':', '?', '?:', '+', '-', '*', '/', '%', '^', '==', '!=', '<', '>', '<=', '>=', '&&', '||', '!', 'and', 'or', 'not',
  'eq', 'lt', 'div', 'mod', 'matches', 'between', 'instanceof', 'T(', 'new', 'java.lang.Math', 'String', 'Integer', '=', '@b', '++',
  "'a'", '"b"', "''", '1', '0', '-1', '2147483647', '9223372036854775807L', '1.5', '0.0', '1e308', '2f', '0x1F', 'true', 'false', 'null',
  'name', 'tags', 'clients', 'age', 'size', 'length', 'toLong', 'toUpperCase', 'concat', 'join', 'sum', 'get', 'to', 'canBe',
  'constructor', '__proto__', 'prototype', 'getClass', 'toString', 'valueOf', 'call', 'apply', 'bind', 'eval',
];

function randomSoup(random: () => number): string {
  const length = 1 + Math.floor(random() * 14);
  let text = '';
  for (let i = 0; i < length; i++) text += vocabulary[Math.floor(random() * vocabulary.length)]! + (random() < 0.3 ? ' ' : '');
  return text;
}

const atoms = ['#input.age', '#input.name', '#input.score', '#input.amount', '#input.id', '#n', '#l', '#d', '#x', "'s'", '1', '2L', '2.5',
  '0', 'null', 'true', '#input.tags', '#list', '#input.clients', "#unknown['a']", '#unknown', '{1, 2}', '{a: 1}', '#input.items'];
const binary = ['+', '-', '*', '/', '%', '^', '==', '!=', '<', '>', '&&', '||', 'matches', '?:'];
const suffixes = ['.size()', '.length', '.toLong', '.toString()', '[0]', "['a']", '.?[#this != null]', '.![#this]', '.^[true]',
  '?.length', '.canBeLong', '.toUpperCase()', '.get(0)', '.contains(1)', '.name', '.constructor'];

function randomTree(random: () => number, depth: number): string {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  if (depth <= 0 || random() < 0.3) return pick(atoms) + (random() < 0.4 ? pick(suffixes) : '');
  switch (Math.floor(random() * 6)) {
    case 0:
      return `(${randomTree(random, depth - 1)} ${pick(binary)} ${randomTree(random, depth - 1)})`;
    case 1:
      return `(${randomTree(random, depth - 1)} ? ${randomTree(random, depth - 1)} : ${randomTree(random, depth - 1)})`;
    case 2:
      return `#COLLECTION.${pick(['concat', 'sum', 'max', 'join', 'distinct', 'reverse', 'flatten'])}(${randomTree(random, depth - 1)}${random() < 0.5 ? `, ${randomTree(random, depth - 1)}` : ''})`;
    case 3:
      return `{${randomTree(random, depth - 1)}, ${randomTree(random, depth - 1)}}${pick(suffixes)}`;
    case 4:
      return `${randomTree(random, depth - 1)}${pick(suffixes)}`;
    default:
      return `!${randomTree(random, depth - 1)}`;
  }
}

function snapshotGlobals() {
  const describe = (target: object) =>
    Object.getOwnPropertyNames(target)
      .concat(Object.getOwnPropertySymbols(target).map(String))
      .map((name) => {
        const descriptor = Object.getOwnPropertyDescriptor(target, name);
        return `${name}:${typeof descriptor?.value}:${descriptor?.writable}`;
      })
      .sort()
      .join('|');
  return {
    objectPrototype: describe(Object.prototype),
    functionPrototype: describe(Function.prototype),
    arrayPrototype: describe(Array.prototype),
    stringPrototype: describe(String.prototype),
    mapPrototype: describe(Map.prototype),
    globalKeys: Object.getOwnPropertyNames(globalThis).sort().join('|'),
  };
}

// Generous because CI machines are shared; a hang would take far longer than this.
const MAX_MILLIS_PER_EXPRESSION = 10_000;

function exercise(text: string): string {
  const started = Date.now();
  parseExpression(text);
  typeExpression(text, { variables: variableTypes, globals });
  suggestExpression(text, Math.floor(text.length / 2), variableTypes, { globals });
  const generated = compileExpression(text, { variables: variableTypes, globals });
  let outcome = 'rejected';
  if (generated.ok) {
    // Both evaluators run every expression the fuzzer reaches, and must agree on its value or error.
    const compiled = bothEvaluators(text, generated, compileExpression(text, { variables: variableTypes, globals: closureGlobals, evaluator: 'closures' }));
    try {
      compiled.evaluate(variableValues);
      outcome = 'value';
    } catch (error) {
      if (!isExpressionEvaluationError(error)) throw new Error(`${text.slice(0, 200)} threw a non-expression error: ${String(error)}`, { cause: error });
      outcome = `error:${error.code}`;
    }
  }
  const elapsed = Date.now() - started;
  if (elapsed > MAX_MILLIS_PER_EXPRESSION) throw new Error(`${text.slice(0, 200)} took ${elapsed} ms`);
  return outcome;
}

describe('fuzzing parse, type and evaluate', () => {
  const before = snapshotGlobals();

  it.each(hostile)('hostile: %s', (text) => {
    expect(() => exercise(text)).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(resourceHogs.map((text) => [text.slice(0, 80), text]))('resource hog: %s', (_label, text) => {
    const outcome = exercise(text);
    expect(outcome).toMatch(/^(rejected|value|error:)/);
  });

  it('budget errors are reported as BudgetExceeded', () => {
    const compiled = compileExpression(`${hundred}.![${hundred}.![${hundred}.![#this]]]`, { variables: variableTypes, globals });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const result = compiled.tryEvaluate(variableValues);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('BudgetExceeded');
  });

  it('survives thousands of random token sequences', () => {
    const random = seededRandom(20241120);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2500; i++) {
      const outcome = exercise(randomSoup(random));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes.get('rejected')).toBeGreaterThan(100);
  }, 240_000);

  it('survives thousands of random well-formed trees', () => {
    const random = seededRandom(42);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2500; i++) {
      const outcome = exercise(randomTree(random, 4));
      const key = outcome.split(':')[0]!;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    // The generator must reach evaluation often, or the test proves little.
    expect(outcomes.get('value') ?? 0).toBeGreaterThan(100);
    expect(outcomes.get('error') ?? 0).toBeGreaterThan(10);
  }, 240_000);

  it('leaves every JavaScript global untouched', () => {
    expect(snapshotGlobals()).toEqual(before);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
