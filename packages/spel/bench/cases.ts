// The spel benchmark's cases: each expression with its variables, values and the same logic hand-written in
// JavaScript (and in spel2js where it can). `run-bench.ts` measures them; `test/bench-cases.test.ts` checks in every
// test run that the engine and the hand-written code still agree, so the bench cannot silently stop at its own check.
import { Decimal } from 'decimal.js';
import { listType, recordType, Types, type TypingResult } from '@scenaria/typing';
import { JavaDouble, javaScaleOf, javaToString, withJavaScale } from '@scenaria/typing/runtime';

export interface BenchCase {
  name: string;
  expression: string;
  variables: Record<string, TypingResult>;
  values: Record<string, unknown>;
  handWritten: (vars: Record<string, unknown>) => unknown;
  /** spel2js text and plain-JS locals, when spel2js supports the construct. */
  spel2js?: { expression: string; locals: Record<string, unknown> };
}

/**
 * Why the engine's result (`evaluate` of the case's values) and the hand-written one are not the same Java value,
 * or undefined when they are: a case whose runners compute different things measures nothing.
 */
export function disagreement(benchCase: BenchCase, evaluate: (values: Record<string, unknown>) => unknown): string | undefined {
  const ours = javaToString(evaluate(benchCase.values));
  const handWritten = javaToString(benchCase.handWritten(benchCase.values));
  return ours === handWritten ? undefined : `${benchCase.name}: ours gives ${ours}, hand-written JS ${handWritten}`;
}

// 1..100 rather than 0..99: spel2js mis-evaluates `#this` when the element is 0 (a falsy current object).
const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
const clientRecords = hundred.map((i) => new Map<string, unknown>([['vip', i % 3 === 0], ['name', `client${i}`], ['age', 20 + (i % 50)]]));
const clientObjects = hundred.map((i) => ({ vip: i % 3 === 0, name: `client${i}`, age: 20 + (i % 50) }));
const hundredDoubles = hundred.map((i) => new JavaDouble(i + 0.25));
const hundredLongs = hundred.map((i) => BigInt(i) * 4294967296n);
const client = recordType({ vip: Types.Boolean, name: Types.String, age: Types.Integer });
const input = new Map<string, unknown>([['name', 'Alice'], ['age', 42], ['vip', true], ['address', new Map([['city', 'Warsaw']])]]);
const inputObject = { name: 'Alice', age: 42, vip: true, address: { city: 'Warsaw' } };
const inputType = recordType({ name: Types.String, age: Types.Integer, vip: Types.Boolean, address: recordType({ city: Types.String }) });

export const cases: BenchCase[] = [
  {
    name: 'Integer arithmetic',
    expression: '#a * 2 + #b - 3',
    variables: { a: Types.Integer, b: Types.Integer },
    values: { a: 20, b: 5 },
    handWritten: (v) => ((((v.a as number) * 2) | 0) + (v.b as number) - 3) | 0,
    spel2js: { expression: '#a * 2 + #b - 3', locals: { a: 20, b: 5 } },
  },
  {
    name: 'Long arithmetic beyond 2^53',
    expression: '#id * 31 + 7',
    variables: { id: Types.Long },
    values: { id: 9007199254740993n },
    handWritten: (v) => BigInt.asIntN(64, (v.id as bigint) * 31n + 7n),
  },
  {
    name: 'Double arithmetic',
    expression: '#price * 1.2 + #fee',
    variables: { price: Types.Double, fee: Types.Double },
    values: { price: new JavaDouble(10.5), fee: new JavaDouble(0.99) },
    handWritten: (v) => new JavaDouble((v.price as JavaDouble).value * 1.2 + (v.fee as JavaDouble).value),
    spel2js: { expression: '#price * 1.2 + #fee', locals: { price: 10.5, fee: 0.99 } },
  },
  {
    name: 'BigDecimal arithmetic',
    expression: '#amount * 2 + 1',
    variables: { amount: Types.BigDecimal },
    values: { amount: new Decimal('10.25') },
    // Java keeps the scale: 10.25 * 2 + 1 is 21.50 (a product's scale is the sum of its factors', a sum's the larger).
    handWritten: (v) => withJavaScale((v.amount as Decimal).times(2).plus(1), javaScaleOf(v.amount as Decimal)),
  },
  {
    name: 'String concatenation',
    expression: "'Hello ' + #name + '!'",
    variables: { name: Types.String },
    values: { name: 'Bob' },
    handWritten: (v) => `Hello ${v.name as string}!`,
    spel2js: { expression: "'Hello ' + #name + '!'", locals: { name: 'Bob' } },
  },
  {
    name: 'Record navigation',
    expression: '#input.address.city',
    variables: { input: inputType },
    values: { input },
    handWritten: (v) => ((v.input as Map<string, unknown>).get('address') as Map<string, unknown>).get('city'),
    spel2js: { expression: '#input.address.city', locals: { input: inputObject } },
  },
  {
    name: 'Comparison and logic',
    expression: '#input.age > 18 && #input.vip',
    variables: { input: inputType },
    values: { input },
    handWritten: (v) => ((v.input as Map<string, unknown>).get('age') as number) > 18 && (v.input as Map<string, unknown>).get('vip') === true,
    spel2js: { expression: '#input.age > 18 && #input.vip', locals: { input: inputObject } },
  },
  {
    name: 'Ternary chain',
    expression: "#a < 10 ? 'low' : #a < 100 ? 'mid' : 'high'",
    variables: { a: Types.Integer },
    values: { a: 50 },
    handWritten: (v) => ((v.a as number) < 10 ? 'low' : (v.a as number) < 100 ? 'mid' : 'high'),
    spel2js: { expression: "#a < 10 ? 'low' : (#a < 100 ? 'mid' : 'high')", locals: { a: 50 } },
  },
  {
    name: 'Selection over 100 elements',
    expression: '#list.?[#this > 50]',
    variables: { list: listType(Types.Integer) },
    values: { list: hundred },
    handWritten: (v) => (v.list as number[]).filter((x) => x > 50),
    spel2js: { expression: '#list.?[#this > 50]', locals: { list: hundred } },
  },
  {
    name: 'Projection over 100 elements',
    expression: '#list.![#this * 2]',
    variables: { list: listType(Types.Integer) },
    values: { list: hundred },
    handWritten: (v) => (v.list as number[]).map((x) => (x * 2) | 0),
    spel2js: { expression: '#list.![#this * 2]', locals: { list: hundred } },
  },
  {
    name: 'Selection + projection of 100 records',
    expression: '#clients.?[vip].![name]',
    variables: { clients: listType(client) },
    values: { clients: clientRecords },
    handWritten: (v) => (v.clients as Map<string, unknown>[]).filter((c) => c.get('vip') === true).map((c) => c.get('name')),
    spel2js: { expression: '#clients.?[vip].![name]', locals: { clients: clientObjects } },
  },
  {
    name: '#COLLECTION.sum over 100',
    expression: '#COLLECTION.sum(#list)',
    variables: { list: listType(Types.Integer) },
    values: { list: hundred },
    handWritten: (v) => BigInt((v.list as number[]).reduce((a, b) => a + b, 0)),
  },
  {
    name: '#COLLECTION.sum over 100 Doubles',
    expression: '#COLLECTION.sum(#doubles)',
    variables: { doubles: listType(Types.Double) },
    values: { doubles: hundredDoubles },
    handWritten: (v) => {
      let total = 0;
      for (const x of v.doubles as JavaDouble[]) total += x.value;
      return new JavaDouble(total);
    },
  },
  {
    name: '#COLLECTION.sum over 100 Longs',
    expression: '#COLLECTION.sum(#longs)',
    variables: { longs: listType(Types.Long) },
    values: { longs: hundredLongs },
    handWritten: (v) => {
      let total = 0n;
      for (const x of v.longs as bigint[]) total = BigInt.asIntN(64, total + x);
      return total;
    },
  },
  {
    name: '#COLLECTION.join',
    expression: "#COLLECTION.join(#tags, ',')",
    variables: { tags: listType(Types.String) },
    values: { tags: ['a', 'b', 'c', 'd'] },
    handWritten: (v) => (v.tags as string[]).join(','),
  },
  // Mixed kinds, promoted as Java does (Integer with Long -> Long, anything with Double -> Double, anything with
  // BigDecimal -> BigDecimal); the hand-written rows convert exactly where Java would.
  {
    name: 'mixed: Integer / Double + Long * Long',
    expression: '#x / 3.0 + #y * 2L',
    variables: { x: Types.Integer, y: Types.Long },
    values: { x: 7, y: 5n },
    handWritten: (v) => new JavaDouble((v.x as number) / 3 + Number(BigInt.asIntN(64, (v.y as bigint) * 2n))),
  },
  {
    name: 'mixed: Integer + Long',
    expression: '#i + #l',
    variables: { i: Types.Integer, l: Types.Long },
    values: { i: 7, l: 9007199254740993n },
    handWritten: (v) => BigInt.asIntN(64, BigInt(v.i as number) + (v.l as bigint)),
  },
  {
    name: 'mixed: Long * Double',
    expression: '#l * 1.5',
    variables: { l: Types.Long },
    values: { l: 123456789n },
    handWritten: (v) => new JavaDouble(Number(v.l as bigint) * 1.5),
  },
  {
    name: 'mixed: Double - Integer * Integer',
    expression: '#d - #i * 2',
    variables: { d: Types.Double, i: Types.Integer },
    values: { d: new JavaDouble(10.5), i: 3 },
    handWritten: (v) => new JavaDouble((v.d as JavaDouble).value - Math.imul(v.i as number, 2)),
  },
  {
    name: 'mixed: Long / Integer',
    expression: '#l / #i',
    variables: { l: Types.Long, i: Types.Integer },
    values: { l: 9007199254740993n, i: 7 },
    handWritten: (v) => {
      if ((v.i as number) === 0) throw new Error('/ by zero');
      return BigInt.asIntN(64, (v.l as bigint) / BigInt(v.i as number));
    },
  },
  {
    name: 'mixed: Integer > Long',
    expression: '#a > #l',
    variables: { a: Types.Integer, l: Types.Long },
    values: { a: 42, l: 41n },
    handWritten: (v) => (v.a as number) > (v.l as bigint),
  },
  {
    name: 'mixed: Long <= Double',
    expression: '#l <= #d',
    variables: { l: Types.Long, d: Types.Double },
    values: { l: 10n, d: new JavaDouble(10.5) },
    handWritten: (v) => Number(v.l as bigint) <= (v.d as JavaDouble).value,
  },
  {
    name: 'mixed: BigDecimal * Integer + Long',
    expression: '#amount * #i + #l',
    variables: { amount: Types.BigDecimal, i: Types.Integer, l: Types.Long },
    values: { amount: new Decimal('10.25'), i: 3, l: 100n },
    handWritten: (v) => (v.amount as Decimal).times(v.i as number).plus((v.l as bigint).toString()),
  },
  {
    name: 'Method call',
    expression: '#name.toUpperCase()',
    variables: { name: Types.String },
    values: { name: 'Bob' },
    handWritten: (v) => (v.name as string).toUpperCase(),
    spel2js: { expression: '#name.toUpperCase()', locals: { name: 'Bob' } },
  },
  {
    name: 'Property as method (length)',
    expression: '#name.length > 2',
    variables: { name: Types.String },
    values: { name: 'Bob' },
    handWritten: (v) => (v.name as string).length > 2,
    spel2js: { expression: '#name.length() > 2', locals: { name: 'Bob' } },
  },
  {
    name: 'Safe navigation + elvis',
    expression: '#missing?.length ?: 0',
    variables: { missing: Types.String },
    values: { missing: null },
    handWritten: (v) => {
      const value = v.missing === null ? null : (v.missing as string).length;
      return value === null ? 0 : value;
    },
    spel2js: { expression: '#missing?.length() ?: 0', locals: { missing: null } },
  },
  {
    name: 'Inline list contains',
    expression: "{'a', 'b', 'c'}.contains(#code)",
    variables: { code: Types.String },
    values: { code: 'b' },
    handWritten: (v) => ['a', 'b', 'c'].includes(v.code as string),
    spel2js: { expression: "{'a', 'b', 'c'}.contains(#code)", locals: { code: 'b' } },
  },
  {
    name: 'List indexer',
    expression: '#list[42] + 1',
    variables: { list: listType(Types.Integer) },
    values: { list: hundred },
    handWritten: (v) => ((v.list as number[])[42]! + 1) | 0,
    spel2js: { expression: '#list[42] + 1', locals: { list: hundred } },
  },
  {
    name: 'Regex matches',
    expression: "#email matches '[a-z]+@[a-z]+\\.com'",
    variables: { email: Types.String },
    values: { email: 'bob@example.com' },
    handWritten: (v) => /^(?:[a-z]+@[a-z]+\.com)$/.test(v.email as string),
    spel2js: { expression: "#email matches '[a-z]+@[a-z]+\\.com'", locals: { email: 'bob@example.com' } },
  },
  // Regular expressions run on re2js (linear time); hand-written JS uses the backtracking RegExp, so these rows
  // show what the safe engine costs.
  {
    name: 'Regex matches, alternation in a sentence',
    expression: "#line matches '.*(error|warning|critical).*'",
    variables: { line: Types.String },
    values: { line: 'The system encountered a critical failure in module seven' },
    handWritten: (v) => /^(?:.*(error|warning|critical).*)$/.test(v.line as string),
  },
  {
    name: 'Regex replaceAll with groups',
    expression: "#phone.replaceAll('(\\d{3})(\\d{3})(\\d{3})', '$1-$2-$3')",
    variables: { phone: Types.String },
    values: { phone: '123456789' },
    handWritten: (v) => (v.phone as string).replace(/(\d{3})(\d{3})(\d{3})/g, '$1-$2-$3'),
  },
  {
    // A backtracking engine needs exponential time for `(a+)+b` on a run of a's; the hand-written row uses the
    // equivalent `a+b`, which RegExp runs in linear time.
    name: 'Regex matches, nested quantifier on 1,000 characters',
    expression: "#run matches '(a+)+b'",
    variables: { run: Types.String },
    values: { run: 'a'.repeat(1000) },
    handWritten: (v) => /^a+b$/.test(v.run as string),
  },
  {
    name: 'Conversion toLong',
    expression: "#text.toLong + 1",
    variables: { text: Types.String },
    values: { text: '12345' },
    handWritten: (v) => BigInt(v.text as string) + 1n,
  },
];

// Expressions as scenarios write them: every computing expression that occurs at least twice in the corpus
// (../shared/corpus/scenarios), one per shape (of six `#input.requestType == '...'` tests, one is kept).
// Constants, `T(...)` lookups, bare field reads and helpers that read the clock or random numbers are left out.
const history = hundred.slice(0, 24).map((i) => new Map<string, unknown>([['daysNegative', i % 9], ['month', i]]));
const historyObjects = hundred.slice(0, 24).map((i) => ({ daysNegative: i % 9, month: i }));
const historyType = listType(recordType({ daysNegative: Types.Integer, month: Types.Integer }));
const loanInput = new Map<string, unknown>([['clientId', 'C-1042'], ['requestedAmount', 1800], ['requestType', 'loan'], ['finHistory', history]]);
const loanInputObject = { clientId: 'C-1042', requestedAmount: 1800, requestType: 'loan', finHistory: historyObjects };
const loanInputType = recordType({ clientId: Types.String, requestedAmount: Types.Integer, requestType: Types.String, finHistory: historyType });
const amountRow = new Map<string, unknown>([['amountFrom', 1000], ['amountTo', 5000]]);
const offer = (price: number) => new Map<string, unknown>([['price', price], ['name', `offer${price}`]]);
const offers = [offer(30), offer(12), offer(25), offer(12), offer(40)];
const offerType = recordType({ price: Types.Integer, name: Types.String });
const offerContext = new Map<string, unknown>([['offer', new Map<string, unknown>([['price', new JavaDouble(49.9)]])], ['specialDiscountPercentage', new JavaDouble(0.15)]]);
const offerContextObject = { offer: { price: 49.9 }, specialDiscountPercentage: 0.15 };
const offerContextType = recordType({ offer: recordType({ price: Types.Double }), specialDiscountPercentage: Types.Double });
const discounts = [new Map<string, unknown>([['DiscountPercentage', 15]])];
const discountType = listType(recordType({ DiscountPercentage: Types.Integer }));
const get = (record: unknown, field: string) => (record as Map<string, unknown>).get(field);

export const corpusCases: BenchCase[] = [
  {
    name: 'corpus: alert message',
    expression: "'Client: ' + #input.clientId + ' has exceeded limit, total amount: ' + #aggregated",
    variables: { input: loanInputType, aggregated: Types.Integer },
    values: { input: loanInput, aggregated: 23150 },
    handWritten: (v) => `Client: ${get(v.input, 'clientId') as string} has exceeded limit, total amount: ${v.aggregated as number}`,
    spel2js: { expression: "'Client: ' + #input.clientId + ' has exceeded limit, total amount: ' + #aggregated", locals: { input: loanInputObject, aggregated: 23150 } },
  },
  {
    name: 'corpus: amount within a row',
    expression: '#input.requestedAmount > #ROW.amountFrom && #input.requestedAmount <= #ROW.amountTo',
    variables: { input: loanInputType, ROW: recordType({ amountFrom: Types.Integer, amountTo: Types.Integer }) },
    values: { input: loanInput, ROW: amountRow },
    handWritten: (v) => {
      const amount = get(v.input, 'requestedAmount') as number;
      return amount > (get(v.ROW, 'amountFrom') as number) && amount <= (get(v.ROW, 'amountTo') as number);
    },
    spel2js: { expression: '#input.requestedAmount > #ROW.amountFrom && #input.requestedAmount <= #ROW.amountTo', locals: { input: loanInputObject, ROW: { amountFrom: 1000, amountTo: 5000 } } },
  },
  {
    name: 'corpus: discounted price',
    expression: '#context.offer.price - #context.specialDiscountPercentage * #context.offer.price',
    variables: { context: offerContextType },
    values: { context: offerContext },
    handWritten: (v) => {
      const price = (get(get(v.context, 'offer'), 'price') as JavaDouble).value;
      return new JavaDouble(price - (get(v.context, 'specialDiscountPercentage') as JavaDouble).value * price);
    },
    spel2js: { expression: '#context.offer.price - #context.specialDiscountPercentage * #context.offer.price', locals: { context: offerContextObject } },
  },
  {
    name: 'corpus: first discount or 0',
    expression: '#specialDiscountPercentages.isEmpty ? 0 : #specialDiscountPercentages[0].DiscountPercentage',
    variables: { specialDiscountPercentages: discountType },
    values: { specialDiscountPercentages: discounts },
    handWritten: (v) => {
      const list = v.specialDiscountPercentages as unknown[];
      return list.length === 0 ? 0 : get(list[0], 'DiscountPercentage');
    },
    spel2js: { expression: '#specialDiscountPercentages.isEmpty() ? 0 : #specialDiscountPercentages[0].DiscountPercentage', locals: { specialDiscountPercentages: [{ DiscountPercentage: 15 }] } },
  },
  {
    name: 'corpus: cheapest offer',
    expression: '#offers.?[price == #COLLECTION.min(#offers.![price])][0]',
    variables: { offers: listType(offerType) },
    values: { offers },
    handWritten: (v) => {
      const list = v.offers as Map<string, unknown>[];
      let min = Infinity;
      for (const item of list) min = Math.min(min, item.get('price') as number);
      return list.filter((item) => item.get('price') === min)[0];
    },
  },
  {
    name: 'corpus: months in the red',
    expression: '#input.finHistory.?[#this.daysNegative > 5].size',
    variables: { input: loanInputType },
    values: { input: loanInput },
    handWritten: (v) => (get(v.input, 'finHistory') as Map<string, unknown>[]).filter((month) => (month.get('daysNegative') as number) > 5).length,
    spel2js: { expression: '#input.finHistory.?[#this.daysNegative > 5].length', locals: { input: loanInputObject } },
  },
  {
    name: 'corpus: share of days in the red',
    expression: '#daysInRed / (#input.finHistory.size * 30)',
    variables: { input: loanInputType, daysInRed: Types.Integer },
    values: { input: loanInput, daysInRed: 95 },
    handWritten: (v) => ((v.daysInRed as number) / Math.imul((get(v.input, 'finHistory') as unknown[]).length, 30)) | 0,
    spel2js: { expression: '#daysInRed / (#input.finHistory.length * 30)', locals: { input: loanInputObject, daysInRed: 95 } },
  },
  {
    name: 'corpus: capped amount',
    expression: '#NUMERIC.min(50, #input.requestedAmount)',
    variables: { input: loanInputType },
    values: { input: loanInput },
    handWritten: (v) => Math.min(50, get(v.input, 'requestedAmount') as number),
  },
  {
    name: 'corpus: request type test',
    expression: "#input.requestType == 'mortgage'",
    variables: { input: loanInputType },
    values: { input: loanInput },
    handWritten: (v) => get(v.input, 'requestType') === 'mortgage',
    spel2js: { expression: "#input.requestType == 'mortgage'", locals: { input: loanInputObject } },
  },
  {
    name: 'corpus: adult customer',
    expression: '#profile.customerAge > 18',
    variables: { profile: recordType({ customerAge: Types.Integer }) },
    values: { profile: new Map<string, unknown>([['customerAge', 34]]) },
    handWritten: (v) => (get(v.profile, 'customerAge') as number) > 18,
    spel2js: { expression: '#profile.customerAge > 18', locals: { profile: { customerAge: 34 } } },
  },
  {
    name: 'corpus: customer data present',
    expression: '#customerData != null',
    variables: { customerData: recordType({ category: Types.String }) },
    values: { customerData: new Map<string, unknown>([['category', 'GOLD']]) },
    handWritten: (v) => v.customerData !== null && v.customerData !== undefined,
    spel2js: { expression: '#customerData != null', locals: { customerData: { category: 'GOLD' } } },
  },
];
