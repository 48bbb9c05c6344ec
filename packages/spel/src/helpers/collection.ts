import { activeBudget } from '../evaluator/budget';
import type { ClassSpec } from '../internal/method-dsl';
import { chargeValueWalk, commonSupertype, isNumberType, listType, mapType, recordType, unknownType, withoutValue, type CostMeter, type TypingResult } from '@scenaria/typing';
import { javaToString, numberKindOf, promoteNumberKinds, spelEquals } from '@scenaria/typing/runtime';
import { addAs } from '../internal/kind-arithmetic';
import { compareIfComparable, describeValue } from '../internal/spel-values';
import { T, method } from '../internal/method-dsl';
import { classOf } from '../internal/types';

/** Class name of the `#COLLECTION` helper. */
export const COLLECTION_CLASS = 'pl.touk.nussknacker.engine.util.functions.collection';

const items = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  if (value === null || value === undefined) throw new TypeError('Collection argument must not be null');
  throw new TypeError(`Expected a collection, got ${describeValue(value)}`);
};

function built<T>(list: T[]): T[] {
  activeBudget().checkSize(list.length);
  return list;
}

// Costs, charged before each helper runs (see typing's MethodDefinition.cost): the size of what it builds
// (checked against the collection limit), or the elements it visits. `built` still checks results as a second
// line for helpers whose result size is only known at the end.

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  return 0;
}

type Cost = (meter: CostMeter, target: unknown, args: unknown[]) => void;

/** A copy of the first argument's elements. */
const copiesFirst: Cost = (meter, _t, [c]) => meter.checkSize(sizeOf(c));

/** A visit of the first argument's elements. */
const visitsFirst: Cost = (meter, _t, [c]) => meter.step(sizeOf(c));

/** Sorting: the copy, then about n log n comparisons. */
const sorts: Cost = (meter, _t, [c]) => {
  const n = sizeOf(c);
  meter.checkSize(n);
  meter.step(Math.ceil(n * Math.log2(n + 1)));
};

/** Comparing every element of one list with every element of the other. */
const comparesPairs: Cost = (meter, _t, [a, b]) => {
  meter.checkSize(sizeOf(a));
  meter.step(sizeOf(a) * sizeOf(b));
};

/** Element type of a collection type (known values dropped, as Nussknacker's generic typing does). */
function elementType(type: TypingResult | undefined): TypingResult {
  if (!type) return unknownType;
  const cls = classOf(withoutValue(type));
  return withoutValue(cls?.params[0] ?? unknownType);
}

function listOfCommonElement(args: TypingResult[]): TypingResult {
  const elements = args.map(elementType);
  const first = elements[0] ?? unknownType;
  return listType(elements.slice(1).reduce((acc, element) => commonSupertype(acc, element), first));
}

const sameList = (target: TypingResult, args: TypingResult[]) => listType(elementType(args[0]));
const elementResult = (target: TypingResult, args: TypingResult[]) => elementType(args[0]);

function compareForSort(a: unknown, b: unknown): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  const result = compareIfComparable(a, b);
  if (result === undefined) throw new TypeError(`Elements are not comparable: ${describeValue(a)} and ${describeValue(b)}`);
  return result;
}

function mergeMaps(maps: unknown[]): Map<unknown, unknown> {
  const result = new Map<unknown, unknown>();
  for (const map of maps) {
    if (!(map instanceof Map)) throw new TypeError('merge expects maps');
    for (const [key, value] of map) result.set(key, value);
  }
  return built([...result.keys()]) && result;
}

function mergeTypes(args: TypingResult[]): TypingResult {
  if (args.every((arg) => arg.kind === 'record')) {
    const fields = new Map<string, TypingResult>();
    for (const arg of args) if (arg.kind === 'record') for (const [name, type] of arg.fields) fields.set(name, withoutValue(type));
    return recordType(fields);
  }
  const keys = args.map((arg) => (arg.kind === 'record' ? T.String : (classOf(arg)?.params[0] ?? unknownType)));
  const values = args.map((arg) => (arg.kind === 'record' ? (arg.objType.params[1] ?? unknownType) : (classOf(arg)?.params[1] ?? unknownType)));
  return mapType(keys.reduce((a, b) => commonSupertype(a, b)), values.reduce((a, b) => commonSupertype(a, b)));
}

function sumNumbers(values: unknown[]): unknown {
  // Fast path: all Integers (the common case) add with int32 wrap-around like Java.
  let intTotal = 0;
  let allIntegers = true;
  for (const value of values) {
    if (typeof value !== 'number') {
      allIntegers = false;
      break;
    }
    intTotal = (intTotal + value) | 0;
  }
  if (allIntegers) return intTotal;
  let total: unknown = 0;
  let kind: ReturnType<typeof numberKindOf> = 'Integer';
  for (const value of values) {
    if (value === null) continue;
    const valueKind = numberKindOf(value);
    if (!valueKind) throw new TypeError(`Not a number: ${describeValue(value)}`);
    kind = promoteNumberKinds(kind!, valueKind);
    total = addAs(kind, total, value);
  }
  return total;
}

/** The `#COLLECTION` helper (reference §4), defined once for typing, evaluation and completion. */
export function collectionHelper(random: () => number): ClassSpec {
  const L = T.List();
  const C = T.Collection();
  return {
    name: COLLECTION_CLASS,
    simpleName: 'collection',
    superTypes: ['java.lang.Object'],
    description: 'Operations on lists and maps',
    staticMethods: [],
    methods: [
      method('concat', [['list', L], ['lists...', L]], (_t, args) => listOfCommonElement(args), (_t, args) => built(args.flatMap(items)), 'Concatenates lists', {
        cost: (meter, _t, args) => meter.checkSize(args.reduce<number>((total, list) => total + sizeOf(list), 0)),
      }),
      method('merge', [['map', T.Map()], ['maps...', T.Map()]], (_t, args) => mergeTypes(args), (_t, args) => mergeMaps(args), 'Merges maps; later maps override earlier keys', {
        cost: (meter, _t, args) => meter.checkSize(args.reduce<number>((total, map) => total + sizeOf(map), 0)),
      }),
      method('min', [['collection', C]], elementResult, (_t, [c]) => items(c).reduce((a, b) => (a === undefined || compareForSort(b, a) < 0 ? b : a), undefined) ?? null, 'The smallest element', { cost: visitsFirst }),
      method('max', [['collection', C]], elementResult, (_t, [c]) => items(c).reduce((a, b) => (a === undefined || compareForSort(b, a) > 0 ? b : a), undefined) ?? null, 'The largest element', { cost: visitsFirst }),
      method('slice', [['collection', C], ['start', T.Integer], ['stop', T.Integer]], sameList, (_t, [c, start, stop]) => {
        const list = items(c);
        const from = Number(start);
        const to = Number(stop);
        if (from < 0 || to > list.length || from > to) throw new RangeError(`fromIndex: ${from}, toIndex: ${to}, size: ${list.length}`);
        return built(list.slice(from, to));
      }, 'Elements from start (inclusive) to stop (exclusive)', { cost: (meter, _t, [, start, stop]) => meter.checkSize(Math.max(0, Number(stop) - Math.max(0, Number(start)) || 0)) }),
      method('sum', [['numbers', T.Collection(T.Number)]], (_t, args) => {
        const element = elementType(args[0]);
        return isNumberType(element) ? element : T.Number;
      }, (_t, [c]) => sumNumbers(items(c)), 'Sum of the numbers', { cost: visitsFirst }),
      method('sortedAsc', [['collection', C]], sameList, (_t, [c]) => built([...items(c)].sort(compareForSort)), 'Sorted in natural ascending order', { cost: sorts }),
      method('sortedDesc', [['collection', C]], sameList, (_t, [c]) => built([...items(c)].sort((a, b) => compareForSort(b, a))), 'Sorted in natural descending order', { cost: sorts }),
      method('sortedAscBy', [['collection', T.Collection(T.Map(T.String, unknownType))], ['fieldName', T.String]], sameList, (_t, [c, field]) => {
        const read = (record: unknown) => (record instanceof Map ? (record.get(field) ?? null) : null);
        return built([...items(c)].sort((a, b) => compareForSort(read(a), read(b))));
      }, 'Records sorted by a field (nulls first)', { cost: sorts }),
      method('reverse', [['list', L]], sameList, (_t, [c]) => built([...items(c)].reverse()), 'Reversed copy', { cost: copiesFirst }),
      method('take', [['list', L], ['max', T.Integer]], sameList, (_t, [c, n]) => built(items(c).slice(0, Math.max(0, Number(n)))), 'The first n elements', { cost: (meter, _t, [c, n]) => meter.checkSize(Math.min(sizeOf(c), Math.max(0, Number(n) || 0))) }),
      method('takeLast', [['list', L], ['max', T.Integer]], sameList, (_t, [c, n]) => {
        const list = items(c);
        return built(list.slice(Math.max(0, list.length - Math.max(0, Number(n)))));
      }, 'The last n elements', { cost: (meter, _t, [c, n]) => meter.checkSize(Math.min(sizeOf(c), Math.max(0, Number(n) || 0))) }),
      method('join', [['list', L], ['separator', T.String]], T.String, (_t, [c, separator]) => activeBudget().checkString(items(c).map(javaToString).join(javaToString(separator))), 'Elements as text joined by the separator', {
        // Each element's text is built, then the whole: charged by the walk of the elements before.
        cost: (meter, _t, [c, separator]) => {
          chargeValueWalk(meter, c);
          meter.chargeString(typeof separator === 'string' ? separator.length * sizeOf(c) : 0);
        },
      }),
      method('product', [['list1', T.List(T.Map())], ['list2', T.List(T.Map())]], (_t, args) => listType(mergeTypes([elementType(args[0]), elementType(args[1])])), (_t, [a, b]) => {
        const left = items(a);
        const right = items(b);
        activeBudget().checkSize(left.length * right.length);
        return left.flatMap((x) => right.map((y) => mergeMaps([x, y])));
      }, 'Cross join of two lists of records (merged maps)', {
        // Every pair becomes a merged map of both records' keys.
        cost: (meter, _t, [a, b]) => {
          const pairs = sizeOf(a) * sizeOf(b);
          meter.checkSize(pairs);
          meter.step(pairs);
        },
      }),
      method('diff', [['list1', L], ['list2', L]], sameList, (_t, [a, b]) => {
        const other = items(b);
        return built(items(a).filter((x) => !other.some((y) => spelEquals(x, y))));
      }, 'Elements of the first list not present in the second', { cost: comparesPairs }),
      method('intersect', [['list1', L], ['list2', L]], sameList, (_t, [a, b]) => {
        const other = items(b);
        return built(items(a).filter((x) => other.some((y) => spelEquals(x, y))));
      }, 'Elements present in both lists', { cost: comparesPairs }),
      method('distinct', [['list', L]], sameList, (_t, [c]) => {
        const result: unknown[] = [];
        for (const item of items(c)) {
          activeBudget().step(result.length);
          if (!result.some((seen) => spelEquals(seen, item))) result.push(item);
        }
        return result;
      }, 'Unique elements, first occurrence order kept', { cost: copiesFirst }),
      method('shuffle', [['collection', C]], sameList, (_t, [c]) => {
        const result = built([...items(c)]);
        for (let i = result.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [result[i], result[j]] = [result[j], result[i]];
        }
        return result;
      }, 'Elements in random order', { cost: copiesFirst }),
      method('flatten', [['collection', T.Collection(T.Collection())]], (_t, args) => listType(elementType(elementType(args[0]))), (_t, [c]) => built(items(c).flatMap((inner) => items(inner))), 'Flattens one level of nested collections', {
        cost: (meter, _t, [c]) => {
          meter.step(sizeOf(c));
          let total = 0;
          for (const inner of Array.isArray(c) ? c : c instanceof Set ? c : []) total += sizeOf(inner);
          meter.checkSize(total);
        },
      }),
    ],
  };
}

