import { listType, mapType, Types, type TypingResult } from '@scenaria/typing';
import { variableTypes, variableValues } from './fixture-context';

// Hostile expressions, shared by the evaluator's budget tests (budget-bombs.test.ts) and the API's server-level
// suite (apps/api/test/hostile-server.test.ts), so both attack with the same list: allocation bombs through
// every allocating registry method and helper, and regular expressions that backtrack catastrophically on a
// backtracking engine. The expressions use the variables of `bigTypes`/`bigValues`.

/** Inputs as a request would bring them: large, but within the limits on their own. */
export const BIG = 90_000;
export const bigTypes: Record<string, TypingResult> = {
  ...variableTypes,
  big: listType(Types.String),
  numbers: listType(Types.Integer),
  text: Types.String,
  records: listType(mapType(Types.String, Types.Integer)),
  bigMap: mapType(Types.String, Types.Integer),
  attack: Types.String,
  json: Types.String,
};
export const bigValues: Record<string, unknown> = {
  ...variableValues,
  big: Array.from({ length: BIG }, (_, i) => `e${i % 1000}`),
  numbers: Array.from({ length: BIG }, (_, i) => BIG - i),
  text: 'x'.repeat(5_000_000),
  records: Array.from({ length: 1000 }, (_, i) => new Map([['a', i]])),
  bigMap: new Map(Array.from({ length: BIG }, (_, i) => [`k${i}`, i])),
  attack: `${'a'.repeat(100_000)}!`,
  json: `[${'1,'.repeat(300_000)}1]`,
};

/** `count` copies of an expression in one inline list: each copy allowed alone, together too much. */
export function copies(expression: string, count = 12): string {
  return `{${Array.from({ length: count }, () => expression).join(', ')}}.size()`;
}

export const unbounded = (expression: string) => expression.replace('N', '60000000');

/** Allocation bombs: [label, expression]. Each ends with BudgetExceeded. */
export const bombs: Array<[string, string]> = [
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
  // Work per match rather than allocation: each match costs the regex engine about half a microsecond.
  ['replaceAll matching every character', "#attack.replaceAll('[a]', '')"],
  ['replaceAll reading a group at every character', "#attack.replaceAll('(a)', '$1')"],
  ['replaceAll matching every character in a loop', "{1}.![#attack.replaceAll('[a]', '')].size()"],
  ['split by a regex matching every character', "#attack.substring(0, 90000).split('[a]')"],
  ['matches scanning in a loop', "{1, 2}.![#text.substring(0, 1500000).matches('(x|z)*y')].size()"],
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
  // Small literals cost a loop several times an iteration each (`stepsPerElement`): charged a step an element, these
  // three ran within the budget for ten times the time it stands for.
  ['small inline maps and lists in chained projections', '#big.![{a: #this, b: {#this, #this}}].![{c: #this, d: {#this, #this}}].![{e: #this, f: {#this, #this}}].size()'],
  // A UUID costs a call about 0.7 µs: charged a step, five projections of them ran within the budget for 1 s.
  ['#UTIL.uuid in chained projections', `#big${'.![#UTIL.uuid()]'.repeat(5)}.size()`],
  // BigDecimal operations take decimal.js 200-450 ns each: charged the loop's step alone, these ran for 100 ms and more.
  ['BigDecimal arithmetic in chained projections', '#numbers.![new java.math.BigDecimal(#this) * 3].![#this * 2 + 1].![#this / 3].size()'],
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
export const catastrophic: string[] = [
  '((a+))+', 'a*a*a*a*b', '(a|a)*b', '(a|aa)+b', '(.*a){20}', '(a+)+b', '(a*)*b', '(a?){30}a{30}', '(x+x+)+y', '^(\\w+\\s?)*$',
  '(a|b|ab)*c', '([a-z]+)*[0-9]', '(.*)*b', '(a+){10}b', '.*.*.*.*.*b', '(?:a|a?)+b', '(a|a?)+$', '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '(a{1,10}){1,100}b', '(\\w|\\d)+!x', '(a|a|a|a)+b',
];

/** Patterns the linear-time engine cannot run: refused with an error naming the construct. */
export const refused: Array<[string, string]> = [
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
export const regexForms: Array<[string, (pattern: string) => string]> = [
  ['matches operator', (p) => `#attack matches '${p}'`],
  ['String.matches', (p) => `#attack.matches('${p}')`],
  ['String.replaceAll', (p) => `#attack.replaceAll('${p}', 'x')`],
  ['String.replaceFirst', (p) => `#attack.replaceFirst('${p}', 'x')`],
  ['String.split', (p) => `#attack.split('${p}')`],
  ['#UTIL.split', (p) => `#UTIL.split(#attack, '${p}')`],
];
