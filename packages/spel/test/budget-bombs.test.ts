import { describe, expect, it } from 'vitest';
import { listType, mapType, Types, type TypingResult } from '@scenaria/typing';
import { compileExpression, type CompileOptions } from '../src/expression';
import { isExpressionEvaluationError } from '../src/errors';
import { bothEvaluators } from './evaluators';
import { fixedGlobals, variableTypes, variableValues } from './fixture-context';

// Hostile expressions against the evaluation budget: allocation bombs through every allocating registry method
// and helper, and regular expressions that backtrack catastrophically on a backtracking engine. Every bomb must
// end with BudgetExceeded under the default limits, charged before the allocation that would exhaust the
// process; every regex must finish within a step budget computed from its text and pattern (the engine is
// linear, so charged steps bound its work) or be refused with an error naming the construct. Both evaluators
// run every case and must agree.

const globals = fixedGlobals();
const closureGlobals = fixedGlobals();

/** Inputs as a request would bring them: large, but within the limits on their own. */
const BIG = 90_000;
const bigTypes: Record<string, TypingResult> = {
  ...variableTypes,
  big: listType(Types.String),
  numbers: listType(Types.Integer),
  text: Types.String,
  records: listType(mapType(Types.String, Types.Integer)),
  bigMap: mapType(Types.String, Types.Integer),
  attack: Types.String,
  json: Types.String,
};
const bigValues: Record<string, unknown> = {
  ...variableValues,
  big: Array.from({ length: BIG }, (_, i) => `e${i % 1000}`),
  numbers: Array.from({ length: BIG }, (_, i) => BIG - i),
  text: 'x'.repeat(5_000_000),
  records: Array.from({ length: 1000 }, (_, i) => new Map([['a', i]])),
  bigMap: new Map(Array.from({ length: BIG }, (_, i) => [`k${i}`, i])),
  attack: `${'a'.repeat(100_000)}!`,
  json: `[${'1,'.repeat(300_000)}1]`,
};

function compiled(text: string, options: CompileOptions = {}) {
  const generated = compileExpression(text, { variables: bigTypes, globals, ...options });
  if (!generated.ok) throw new Error(`${text}: ${generated.errors.map((e) => e.message).join('; ')}`);
  return bothEvaluators(text, generated, compileExpression(text, { variables: bigTypes, globals: closureGlobals, evaluator: 'closures', ...options }));
}

function outcome(text: string, options: CompileOptions = {}): { value: unknown } | { code: string; message: string } {
  try {
    return { value: compiled(text, options).evaluate(bigValues) };
  } catch (error) {
    if (!isExpressionEvaluationError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** `count` copies of an expression in one inline list: each copy allowed alone, together too much. */
function copies(expression: string, count = 12): string {
  return `{${Array.from({ length: count }, () => expression).join(', ')}}.size()`;
}

const unbounded = (expression: string) => expression.replace('N', '60000000');

/** Allocation bombs: [label, expression]. Each ends with BudgetExceeded. */
const bombs: Array<[string, string]> = [
  // The expression, and what String methods build from a count or a repeated input.
  ['issue: repeat then split', "{#input.name.repeat(60000000).split(''), #input.name.repeat(60000000).split('')}.size()"],
  ['repeat', unbounded('#input.name.repeat(N)')],
  ['repeat of a big text', '#text.repeat(3)'],
  ['repeat in a projection', "#input.tags.![#input.name.repeat(4000000)].size()"],
  ['split into characters', "#input.name.repeat(3000000).split('')"],
  ['split with a limit', "#input.name.repeat(3000000).split('', 2000000)"],
  ['split by a regex', "#input.name.repeat(3000000).split('[BOb]')"],
  ['split copies', copies("#text.substring(0, 80000).split('')")],
  ['toCharArray', '#text.toCharArray()'],
  ['toCharArray copies', copies('#text.substring(0, 90000).toCharArray()')],
  ['chars', '#text.chars()'],
  ['chars copies', copies('#text.substring(0, 90000).chars()')],
  ['toUpperCase copies', copies('#text.toUpperCase()')],
  ['toLowerCase copies', copies('#text.toLowerCase()')],
  ['trim copies', copies('#text.trim()')],
  ['strip copies', copies('#text.strip()')],
  ['stripLeading copies', copies('#text.stripLeading()')],
  ['stripTrailing copies', copies('#text.stripTrailing()')],
  ['concat', '#text.concat(#text).concat(#text)'],
  ['concat copies', copies('#text.concat(#input.name)')],
  ['replace with an empty target', "#text.substring(0, 10000).replace('', #text.substring(0, 10000))"],
  ['replace growing every character', "#text.replace('x', 'yyy')"],
  ['replaceAll with an empty pattern', "#text.substring(0, 10000).replaceAll('', #text.substring(0, 10000))"],
  ['replaceAll with group references', "#text.substring(0, 3000000).replaceAll('(x)', '$1$1$1$1')"],
  ['replaceFirst with a huge replacement', "#input.name.replaceFirst('B', #text.concat(#text.substring(0, 4000000)))"],
  ['String.join of a repeated delimiter', "T(String).join(#text, {'a', 'b', 'c'})"],
  ['String.join varargs', "T(String).join(#text, 'a', 'b', 'c')"],
  ['String.join copies', copies("T(String).join(',', #big)")],
  ['String.valueOf of shared lists', "T(String).valueOf(#big.![#input.clients])"],
  ['toString of shared lists', '#big.![#input.clients].toString()'],
  ['equals of shared lists', '#big.![#input.clients].equals(#big.![#input.clients])'],
  ['concatenation with shared lists', "'' + #big.![#input.clients]"],
  ['template-like concatenation in a loop', "#input.tags.![#this + #big.![#input.clients]].size()"],
  ['contains in a loop', "#big.![#text.contains('y')].size()"],
  ['indexOf in a loop', "#big.![#text.indexOf('y')].size()"],
  ['matches in a loop', "#big.![#text matches 'x*y'].size()"],
  ['String.matches in a loop', "#big.![#text.matches('x*y')].size()"],
  ['equalsIgnoreCase in a loop', '#big.![#text.equalsIgnoreCase(#text)].size()'],
  ['compareTo in a loop', '#big.![#text.compareTo(#text)].size()'],
  ['parseBoolean in a loop', '#big.![T(Boolean).parseBoolean(#text)].size()'],
  // Collections: copies, searches and cross products.
  ['toArray copies', copies('#big.toArray()')],
  ['subList copies', copies('#big.subList(0, 90000)')],
  ['contains of a list in a loop', "#big.![#big.contains('nope')].size()"],
  ['indexOf of a list in a loop', "#big.![#big.indexOf('nope')].size()"],
  ['lastIndexOf of a list in a loop', "#big.![#big.lastIndexOf('nope')].size()"],
  ['containsAll', '#big.containsAll(#big.![#this + "?"])'],
  ['keySet copies', copies('#bigMap.keySet()')],
  ['values copies', copies('#bigMap.values()')],
  ['containsValue in a loop', '#big.![#bigMap.containsValue(-1)].size()'],
  ['List.of of a list', copies('T(java.util.List).of(#big.toArray())')],
  ['projection of a projection', '#big.![#big.![#this]].size()'],
  ['selection of a selection', '#big.?[#big.?[true].size() > 0].size()'],
  ['large inline lists in a loop', `#big.![{${Array.from({ length: 40 }, () => '#this').join(', ')}}].size()`],
  ['large inline maps in a loop', `#big.![{${Array.from({ length: 20 }, (_, i) => `k${i}: #this`).join(', ')}}].size()`],
  ['toList of a map', copies('#bigMap.toList')],
  ['toMap of records', copies("#big.![{key: #this, value: 1}].toMap")],
  // #COLLECTION
  ['#COLLECTION.concat', '#COLLECTION.concat(#big, #big)'],
  ['#COLLECTION.merge', copies('#COLLECTION.merge(#bigMap, #bigMap)')],
  ['#COLLECTION.slice', copies('#COLLECTION.slice(#big, 0, 90000)')],
  ['#COLLECTION.sortedAsc', copies('#COLLECTION.sortedAsc(#numbers)', 4)],
  ['#COLLECTION.sortedDesc', copies('#COLLECTION.sortedDesc(#numbers)', 4)],
  ['#COLLECTION.sortedAscBy', copies("#COLLECTION.sortedAscBy(#big.![{a: #this}], 'a')", 4)],
  ['#COLLECTION.reverse', copies('#COLLECTION.reverse(#big)')],
  ['#COLLECTION.take', copies('#COLLECTION.take(#big, 90000)')],
  ['#COLLECTION.takeLast', copies('#COLLECTION.takeLast(#big, 90000)')],
  ['#COLLECTION.join', copies("#COLLECTION.join(#big, ',')")],
  ['#COLLECTION.join of shared lists', "#COLLECTION.join(#big.![#input.clients], ',')"],
  ['#COLLECTION.product', '#COLLECTION.product(#records, #records).size()'],
  ['#COLLECTION.diff', '#COLLECTION.diff(#big, #big).size()'],
  ['#COLLECTION.intersect', '#COLLECTION.intersect(#big, #big).size()'],
  ['#COLLECTION.distinct', '#COLLECTION.distinct(#big).size()'],
  ['#COLLECTION.shuffle', copies('#COLLECTION.shuffle(#big)')],
  ['#COLLECTION.flatten', '#COLLECTION.flatten(#input.tags.![#big]).size()'],
  ['#COLLECTION.min in a loop', '#big.![#COLLECTION.min(#numbers)].size()'],
  ['#COLLECTION.max in a loop', '#big.![#COLLECTION.max(#numbers)].size()'],
  ['#COLLECTION.sum in a loop', '#big.![#COLLECTION.sum(#numbers)].size()'],
  // #CONV, #UTIL, #BASE64, #DATE_FORMAT
  ['#CONV.toJsonString of shared lists', '#CONV.toJsonString(#big.![#input.clients])'],
  ['#CONV.toJson of a big document', copies('#CONV.toJson(#json)', 4)],
  ['#CONV.toJsonOrNull keeps the budget error', "#CONV.toJsonOrNull('[' + #COLLECTION.join(#big.![1], ',') + ']' + #CONV.toJsonString(#big.![#input.clients]))"],
  ['#UTIL.split into characters', "#UTIL.split(#text, '')"],
  ['#UTIL.split copies', copies("#UTIL.split(#text.substring(0, 90000), '')")],
  ['#BASE64.encode', copies('#BASE64.encode(#text)')],
  ['#BASE64.urlSafeEncode', copies('#BASE64.urlSafeEncode(#text)')],
  ['#BASE64.decode', copies("#BASE64.decode(#text.replace('x', 'QUFB'))")],
  ['conversion to String of shared lists', "#big.![#input.clients].to('String')"],
  // Numbers built from digits.
  ['BigInteger.pow', "new java.math.BigInteger('10').pow(99999999)"],
  ['BigInteger.multiply of squares', "#input.tags.![new java.math.BigInteger('9'.repeat(90000))].![#this.multiply(#this).multiply(#this.multiply(#this))].size()"],
  ['BigDecimal.toPlainString', "new java.math.BigDecimal('1e999999999').toPlainString()"],
  ['BigDecimal.setScale', "new java.math.BigDecimal('1').setScale(999999999)"],
  ['BigDecimal.pow', "new java.math.BigDecimal('1.5').pow(999999999)"],
];

/** Catastrophic patterns for a backtracking engine; they must run in linear time here. */
const catastrophic: string[] = [
  '((a+))+', 'a*a*a*a*b', '(a|a)*b', '(a|aa)+b', '(.*a){20}', '(a+)+b', '(a*)*b', '(a?){30}a{30}', '(x+x+)+y', '^(\\w+\\s?)*$',
  '(a|b|ab)*c', '([a-z]+)*[0-9]', '(.*)*b', '(a+){10}b', '.*.*.*.*.*b', '(?:a|a?)+b', '(a|a?)+$', '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '(a{1,10}){1,100}b', '(\\w|\\d)+!x', '(a|a|a|a)+b',
];

/** Patterns the linear-time engine cannot run: refused with an error naming the construct. */
const refused: Array<[string, string]> = [
  ['(a)\\1', 'back-reference'],
  ['^(a+)\\1+$', 'back-reference'],
  ['(\\w)\\1{10}', 'back-reference'],
  ['(?<x>a)\\k<x>', 'back-reference'],
  ['(?=a)a+b', 'lookahead'],
  ['(?!b)a+b', 'lookahead'],
  ['(?<=a)b', 'lookbehind'],
  ['(?>a+)b', 'atomic group'],
  ['(a+)++b', 'possessive'],
];

/** Every way a pattern reaches the engine: the operator, String methods and #UTIL.split. */
const regexForms: Array<[string, (pattern: string) => string]> = [
  ['matches operator', (p) => `#attack matches '${p}'`],
  ['String.matches', (p) => `#attack.matches('${p}')`],
  ['String.replaceAll', (p) => `#attack.replaceAll('${p}', 'x')`],
  ['String.replaceFirst', (p) => `#attack.replaceFirst('${p}', 'x')`],
  ['String.split', (p) => `#attack.split('${p}')`],
  ['#UTIL.split', (p) => `#UTIL.split(#attack, '${p}')`],
];

/** Steps a regex call may charge on `#attack`: the scan, the compilation and a replacement as long as the text. */
const REGEX_STEP_BOUND = 3 * Math.ceil(100_001 / 16) + 64 * 200 + 100;

describe('allocation bombs end with BudgetExceeded', () => {
  it('has enough bombs to cover every allocating method', () => {
    expect(bombs.length).toBeGreaterThanOrEqual(60);
  });

  it('the inputs alone are within budget (the bombs are what exceeds it)', () => {
    expect(outcome(copies('#big'))).toEqual({ value: 12 });
    expect(outcome(copies('#text'))).toEqual({ value: 12 });
    expect(outcome('#input.tags.![#big].size()')).toEqual({ value: 3 });
  });

  it('charges trees without loops without installing a budget, afresh on every evaluation', () => {
    // Loop-free: the budget is not installed, yet toUpperCase's copies are charged to the expression's own.
    const twice = compiled(copies('#text.toUpperCase()', 2));
    for (let i = 0; i < 5; i++) expect(twice.evaluate(bigValues)).toBe(2);
    expect(outcome(copies('#text.toUpperCase()', 4))).toMatchObject({ code: 'BudgetExceeded' });
  });

  it.each(bombs)('%s', (_label, text) => {
    const result = outcome(text);
    expect(result).toMatchObject({ code: 'BudgetExceeded' });
  });
});

describe('catastrophic regular expressions run in linear time', () => {
  it('has enough patterns', () => {
    expect(catastrophic.length + refused.length).toBeGreaterThanOrEqual(20);
  });

  const cases = catastrophic.flatMap((pattern) => regexForms.map(([form, build]) => [`${form}: ${pattern}`, build(pattern.replaceAll("'", "''"))] as const));
  it.each(cases)('%s', (_label, text) => {
    // The step budget is computed from the structure (text length, pattern length), not from timing: a call
    // that needed more work than the scan would exceed it.
    const result = outcome(text, { limits: { maxSteps: REGEX_STEP_BOUND } });
    expect(result).toHaveProperty('value');
  });

  it('a matches that a backtracking engine never finishes answers false', () => {
    expect(outcome("#attack matches '((a+))+'")).toEqual({ value: false });
    expect(outcome("#input.name.repeat(320) matches 'a*a*a*a*b'")).toEqual({ value: false });
    expect(outcome("'aaaaaaaaaaaaaaaaaaaaaaaaa!' matches '((a+))+'")).toEqual({ value: false });
    expect(outcome("'aaaa' matches '(a+)+'")).toEqual({ value: true });
  });

  const refusedCases = refused.flatMap(([pattern, construct]) => regexForms.map(([form, build]) => [`${form}: ${pattern}`, build(pattern), construct] as const));
  it.each(refusedCases)('%s is refused', (_label, text, construct) => {
    const result = outcome(text);
    expect(result).toMatchObject({ code: 'IllegalAccess' });
    expect((result as { message: string }).message).toContain(construct);
  });

  it('charges patterns compiled at runtime even in a tree without loops', () => {
    // Twenty distinct 900-character patterns, one per node: compiling costs far more than matching.
    const nodes = Array.from({ length: 20 }, (_, i) => `#input.name matches (#input.name + '${'(x|y)z?'.repeat(128)}${i}')`);
    expect(outcome(`{${nodes.join(', ')}}.size()`)).toMatchObject({ code: 'BudgetExceeded' });
    expect(outcome(`{${nodes.slice(0, 2).join(', ')}}.size()`)).toEqual({ value: 2 });
  });

  it('charges patterns compiled at runtime, so a loop of distinct patterns ends', () => {
    const result = outcome("#big.![#attack.substring(0, 10) matches ('a{1,' + #this.length() + '}(b|c|d|e|f|g|h)*x*y*z*' + #this)].size()");
    expect(result).toMatchObject({ code: 'BudgetExceeded' });
  });
});
