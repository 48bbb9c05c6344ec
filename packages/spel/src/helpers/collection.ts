import { activeBudget } from '../evaluator/budget';
import type { ClassSpec } from '../internal/method-dsl';
import {
  chargeValueWalk, classType, displayType, isNumberType, isSubclassName, JavaClassNames, linearScan, listType, mapType, numberKindOfClassName, objTypeOf, recordType, Types, typesEqual, unionType,
  unknownType, withoutValue, type CostMeter, type NumberKind, type SingleTypingResult, type TypedClass, type TypingResult,
} from '@scenaria/typing';
import { castNumber, JavaDouble, javaToString, numberKindOf, spelEquals } from '@scenaria/typing/runtime';
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
const visitsFirst: Cost = (meter, _t, args) => meter.step(sizeOf(args[0]));

/**
 * A visit of the first argument's elements that builds nothing (`sum`): a linear scan, so a tree without loops
 * calls it without a budget, as it does `contains` (a Set is copied into an array first, a transient copy of
 * what the caller already holds).
 */
const scansFirst: Cost = linearScan((meter, _t, args) => meter.step(sizeOf(args[0])));

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

const UNKNOWN_MAP = mapType(unknownType, unknownType);
const isUnknownMap = (type: TypingResult) => typesEqual(type, UNKNOWN_MAP);

/** The list class of a list type, its known value dropped; undefined for anything else. */
function listClassOf(type: TypingResult): TypedClass | undefined {
  const cls = type.kind === 'value' ? type.underlying : type;
  return cls.kind === 'class' && cls.className === JavaClassNames.List && cls.params.length === 1 ? cls : undefined;
}

/**
 * `concat` typed as Nussknacker's ListAdditionTyping: the lists folded pairwise. Records whose common fields agree
 * merge into one record (values dropped); records that disagree give Unknown elements; a record with an untyped
 * map gives `Map[Unknown,Unknown]`; equal elements stay; numbers of different classes give Number; anything else
 * Unknown. A single list keeps its type.
 */
function concatType(args: readonly TypingResult[]): TypingResult {
  if (args.length === 1) return args[0] as TypingResult;
  const unknownList = listType(unknownType);
  return args.reduce((acc, next) => {
    const left = listClassOf(acc);
    const right = listClassOf(next);
    return left && right ? listType(concatElements(left.params[0] as TypingResult, right.params[0] as TypingResult)) : unknownList;
  });
}

function concatElements(first: TypingResult, second: TypingResult): TypingResult {
  if (first.kind === 'record' && second.kind === 'record') {
    for (const [name, type] of first.fields) {
      const other = second.fields.get(name);
      if (other !== undefined && !typesEqual(withoutValue(type), withoutValue(other))) return unknownType;
    }
    return recordType(new Map([...first.fields, ...second.fields].map(([name, type]) => [name, withoutValue(type)])));
  }
  if ((isUnknownMap(first) || first.kind === 'record') && (isUnknownMap(second) || second.kind === 'record')) return UNKNOWN_MAP;
  if (typesEqual(withoutValue(first), withoutValue(second))) return withoutValue(first);
  return isNumberType(first) && isNumberType(second) ? T.Number : unknownType;
}

/**
 * `merge` typed as Nussknacker's MapMergeTyping, folded pairwise: two records merge into one (later fields win,
 * known values kept); other maps meet in the more general map class with the generic parameters both agree on;
 * anything else is `Map[Unknown,Unknown]`.
 */
function mergeTypes(args: readonly TypingResult[]): TypingResult {
  if (args.length === 1) return args[0] as TypingResult;
  return args.reduce((first, second) => {
    if (first.kind === 'record' && second.kind === 'record') {
      const info = first.additionalInfo || second.additionalInfo ? { ...first.additionalInfo, ...second.additionalInfo } : undefined;
      return recordType(new Map([...first.fields, ...second.fields]), info ? { additionalInfo: info } : {});
    }
    if (!isSingle(first) || !isSingle(second)) return UNKNOWN_MAP;
    return mergedClass(objTypeOf(first), objTypeOf(second));
  });
}

const isSingle = (type: TypingResult): type is SingleTypingResult => type.kind !== 'unknown' && type.kind !== 'null' && type.kind !== 'union';
const asClass = (type: TypingResult | undefined): TypedClass | undefined => (type?.kind === 'class' ? type : undefined);
const assignable = (to: TypedClass, from: TypedClass) => to.className === from.className || isSubclassName(from.className, to.className);

function mergedClass(first: TypedClass, second: TypedClass): TypingResult {
  const [k1, v1] = first.params.map(withoutValue).map(asClass);
  const [k2, v2] = second.params.map(withoutValue).map(asClass);
  if (k1 && k2 && v1 && v2) return mergedWith(first, second, [mergedWith(k1, k2, mergedParams(k1, k2)), mergedWith(v1, v2, mergedParams(v1, v2))]);
  if (k1 && k2) return mergedWith(first, second, [mergedWith(k1, k2, mergedParams(k1, k2))]);
  return mergedWith(first, second, []);
}

/** The more general of two classes with the given parameters (missing ones Unknown); Unknown when unrelated. */
function mergedWith(first: TypedClass, second: TypedClass, params: readonly TypingResult[]): TypingResult {
  const target = assignable(first, second) ? first : assignable(second, first) ? second : undefined;
  if (target === undefined) return unknownType;
  if (params.length === 0) return classType(target.className);
  const expected = Math.max(params.length, classType(target.className).params.length);
  return classType(target.className, Array.from({ length: expected }, (_, i) => params[i] ?? unknownType));
}

function mergedParams(first: TypedClass, second: TypedClass): readonly TypingResult[] {
  const a = first.params.map(withoutValue);
  const b = second.params.map(withoutValue);
  if (a.length === b.length && a.every((param, i) => typesEqual(param, b[i] as TypingResult))) return a;
  if (a.length !== b.length) return [];
  const merged: TypingResult[] = [];
  for (let i = 0; i < a.length; i++) {
    const left = asClass(a[i]);
    const right = asClass(b[i]);
    if (!left || !right) return [];
    merged.push(mergedClass(left, right));
  }
  return merged;
}

/**
 * `sortedAscBy` typed as Nussknacker's RecordCollectionSortingTyping: a list of records and a literal field name
 * that names a comparable field of them; anything else is refused at compile time.
 */
function sortedByType(args: readonly TypingResult[]): TypingResult | { error: string } {
  const [list, field] = args;
  const listClass = list && listClassOf(list);
  const element = listClass?.params[0];
  const name = field?.kind === 'value' && field.underlying.className === JavaClassNames.String ? String(field.value) : undefined;
  if (!listClass || element?.kind !== 'record' || name === undefined) {
    return { error: `Mismatch parameter types. Found: sortedAscBy(${args.map(displayType).join(', ')}). Required: sortedAscBy(Collection[Map[String,Unknown]], String)` };
  }
  const fieldType = element.fields.get(name);
  const fieldClass = fieldType && withoutValue(fieldType);
  if (fieldClass?.kind === 'class' && isSubclassName(fieldClass.className, JavaClassNames.Comparable)) return listType(withoutValue(element));
  if (fieldClass?.kind === 'class' || fieldClass?.kind === 'unknown') {
    return { error: `Field: ${name} of the type: ${displayType(fieldClass)} isn't comparable (doesn't implement the Comparable interface) and cannot be used for sorting purposes.` };
  }
  return { error: `Type: ${displayType(element)} doesn't contain field: ${name}.` };
}

/** `flatten`: the element type of the outer collection (Nussknacker's ListElementTyping), as a list when it is a collection. */
function flattenType(args: readonly TypingResult[]): TypingResult {
  const element = elementType(args[0]);
  const cls = element.kind === 'class' ? element : undefined;
  if (cls && (cls.className === JavaClassNames.Set || cls.className === JavaClassNames.Collection)) return listType(cls.params[0] ?? unknownType);
  return element;
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


/**
 * The sum as Nussknacker's helper computes it: the runtime classes of the elements, promoted for large numbers
 * (Byte, Short, Integer and Long sum as Long; Float and Double as Double; BigInteger as BigInteger; any BigDecimal,
 * Doubles or Floats with integral numbers as Double), pick the class every element is converted to; an empty list
 * is Double 0.0 (its class cannot be known). Nulls are skipped. A list whose first element is an Integer, a Long
 * or a Double is summed in a loop of its own for that kind, so V8 specialises each on one kind of list; an
 * element of another kind sends the list to the general path.
 */
function sumNumbers(values: readonly unknown[]): unknown {
  const first = values[0];
  const total =
    typeof first === 'number' ? sumIntegers(values) : first instanceof JavaDouble ? sumDoubles(values) : typeof first === 'bigint' ? sumLongs(values) : undefined;
  return total ?? sumPromoting(values);
}

/** Integers summed exactly in a double while the total cannot pass 2^53 (2^22 elements of at most 2^31). */
const MAX_EXACT_INTEGER_SUM_LENGTH = 1 << 22;

/**
 * A sum of Integers as a Long, undefined at an element of another kind. `reduce` with the reducer written at the
 * call: V8 inlines both with the loop specialised on the array's element kind, about twice as fast as an indexed
 * loop here. A reducer defined apart is not inlined once a bundler turns its module-level `const` into a `var`
 * (esbuild does), which makes it ten times slower.
 */
function sumIntegers(values: readonly unknown[]): bigint | undefined {
  if (values.length > MAX_EXACT_INTEGER_SUM_LENGTH) return undefined;
  let other = false;
  const total = values.reduce<number>((sum, value) => {
    if (typeof value === 'number') return sum + value;
    if (value !== null) other = true;
    return sum;
  }, 0);
  return other ? undefined : BigInt(total);
}

/** A Long sum (Integers widened), undefined at an element of another kind. */
function sumLongs(values: readonly unknown[]): bigint | undefined {
  let total = 0n;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'bigint') total = BigInt.asIntN(64, total + value);
    else if (typeof value === 'number') total = BigInt.asIntN(64, total + BigInt(value));
    else if (value !== null) return undefined;
  }
  return total;
}

/**
 * A Double sum, undefined at an element that is not a Double (an Integer or Long among Doubles takes the general
 * path: testing for them here as well makes the loop of a Double list half as fast).
 */
function sumDoubles(values: readonly unknown[]): JavaDouble | undefined {
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null) continue;
    // The constructor rather than `instanceof`: a bundle may hold the class in a module-level `var`, which V8
    // cannot fold, and `instanceof` then walks the prototype chain every time.
    if (value === undefined || (value as object).constructor !== JavaDouble) return undefined;
    total += (value as JavaDouble).value;
  }
  return new JavaDouble(total);
}

/** The class a sum of two classes is computed in (Nussknacker's promotion for large numbers). */
function sumKind(a: NumberKind, b: NumberKind): NumberKind {
  if (a === 'BigDecimal' || b === 'BigDecimal') return 'BigDecimal';
  const floating = (kind: NumberKind) => kind === 'Double' || kind === 'Float';
  if (floating(a) || floating(b)) return 'Double';
  return a === 'BigInteger' || b === 'BigInteger' ? 'BigInteger' : 'Long';
}

/** The general sum: the target class of all elements first, then every element converted to it. */
function sumPromoting(values: readonly unknown[]): unknown {
  let kind: NumberKind | undefined;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null) continue;
    const valueKind = numberKindOf(value);
    if (!valueKind) throw new TypeError(`Not a number: ${describeValue(value)}`);
    kind = sumKind(kind ?? valueKind, valueKind);
  }
  let total: unknown = kind === undefined ? new JavaDouble(0) : castNumber(0, kind);
  for (let i = 0; kind !== undefined && i < values.length; i++) {
    if (values[i] !== null) total = addAs(kind, total, castNumber(values[i], kind));
  }
  return total;
}

/** The static type of `sum`: the element type promoted for large numbers, `Number` kept as it is. */
function sumType(element: TypingResult): TypingResult {
  if (element.kind === 'unknown' || element.kind === 'null') return unknownType;
  if (element.kind === 'union') return unionType(...element.types.map(sumType));
  if (!isNumberType(element)) return T.Number;
  const kind = numberKindOfClassName(objTypeOf(element).className);
  return kind === undefined ? T.Number : Types[sumKind(kind, kind)];
}

/**
 * `join`: each element's Java text between separators. A list of Strings (the usual case) is joined as it is;
 * null elements print as "null", as `String.valueOf` does, which is why `Array.join` cannot take them.
 */
function joinTexts(list: readonly unknown[], separator: string): string {
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'string') return list.map(javaToString).join(separator);
  }
  return list.join(separator);
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
      method('concat', [['list', L], ['lists...', L]], (_t, args) => concatType(args), (_t, args) => built(args.flatMap(items)), 'Concatenates lists', {
        cost: (meter, _t, args) => meter.checkSize(args.reduce<number>((total, list) => total + sizeOf(list), 0)),
      }),
      method('merge', [['map', T.Map()], ['maps...', T.Map()]], (_t, args) => mergeTypes(args), (_t, args) => mergeMaps(args), 'Merges maps; later maps override earlier keys', {
        cost: (meter, _t, args) => meter.checkSize(args.reduce<number>((total, map) => total + sizeOf(map), 0)),
      }),
      method('min', [['collection', C]], elementResult, (_t, [c]) => items(c).reduce((a, b) => (a === undefined || compareForSort(b, a) < 0 ? b : a), undefined) ?? null, 'The smallest element', { cost: visitsFirst }),
      method('max', [['collection', C]], elementResult, (_t, [c]) => items(c).reduce((a, b) => (a === undefined || compareForSort(b, a) > 0 ? b : a), undefined) ?? null, 'The largest element', { cost: visitsFirst }),
      method('slice', [['collection', C], ['start', T.Integer], ['stop', T.Integer]], sameList, (_t, [c, start, stop]) => {
        // Scala's `slice`, as Nussknacker's helper uses it: indexes clamped to the list, an empty list when stop <= start.
        const list = items(c);
        const from = Math.max(0, Number(start));
        const to = Math.min(list.length, Number(stop));
        return from < to ? built(list.slice(from, to)) : [];
      }, 'Elements from start (inclusive) to stop (exclusive), indexes clamped to the list', {
        // The clamped slice's size: a stop far beyond the list builds no more than the list.
        cost: (meter, _t, [c, start, stop]) => meter.checkSize(Math.max(0, Math.min(sizeOf(c), Number(stop)) - Math.max(0, Number(start)) || 0)),
      }),
      method('sum', [['numbers', T.Collection(T.Number)]], (_t, args) => sumType(elementType(args[0])), (_t, args) => sumNumbers(items(args[0])), 'Sum of the numbers (Long, Double, BigInteger or BigDecimal; Double 0.0 for an empty list)', { cost: scansFirst, budgetFree: true }),
      method('sortedAsc', [['collection', C]], sameList, (_t, [c]) => built([...items(c)].sort(compareForSort)), 'Sorted in natural ascending order', { cost: sorts }),
      method('sortedDesc', [['collection', C]], sameList, (_t, [c]) => built([...items(c)].sort((a, b) => compareForSort(b, a))), 'Sorted in natural descending order', { cost: sorts }),
      method('sortedAscBy', [['collection', T.Collection(T.Map(T.String, unknownType))], ['fieldName', T.String]], (_t, args) => sortedByType(args), (_t, [c, field]) => {
        const read = (record: unknown) => (record instanceof Map ? (record.get(field) ?? null) : null);
        return built([...items(c)].sort((a, b) => compareForSort(read(a), read(b))));
      }, 'Records sorted by a field (nulls first)', { cost: sorts }),
      method('reverse', [['list', L]], sameList, (_t, [c]) => built([...items(c)].reverse()), 'Reversed copy', { cost: copiesFirst }),
      method('take', [['list', L], ['max', T.Integer]], sameList, (_t, [c, n]) => built(items(c).slice(0, Math.max(0, Number(n)))), 'The first n elements', { cost: (meter, _t, [c, n]) => meter.checkSize(Math.min(sizeOf(c), Math.max(0, Number(n) || 0))) }),
      method('takeLast', [['list', L], ['max', T.Integer]], sameList, (_t, [c, n]) => {
        const list = items(c);
        return built(list.slice(Math.max(0, list.length - Math.max(0, Number(n)))));
      }, 'The last n elements', { cost: (meter, _t, [c, n]) => meter.checkSize(Math.min(sizeOf(c), Math.max(0, Number(n) || 0))) }),
      // Helpers on hot paths (sum, join) read `args[i]`: destructuring the argument array runs the iterator protocol.
      method('join', [['list', L], ['separator', T.String]], T.String, (_t, args) => activeBudget().checkString(joinTexts(items(args[0]), javaToString(args[1]))), 'Elements as text joined by the separator', {
        // Each element's text is built, then the whole: charged by the walk of the elements before.
        cost: (meter, _t, args) => {
          const separator = args[1];
          chargeValueWalk(meter, args[0]);
          meter.chargeString(typeof separator === 'string' ? separator.length * sizeOf(args[0]) : 0);
        },
      }),
      // Untyped in Nussknacker (no typing function): the signature's List[Map[Unknown,Unknown]].
      method('product', [['list1', T.List(T.Map())], ['list2', T.List(T.Map())]], listType(UNKNOWN_MAP), (_t, [a, b]) => {
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
      method('flatten', [['collection', T.Collection(T.Collection())]], (_t, args) => flattenType(args), (_t, [c]) => built(items(c).flatMap((inner) => items(inner))), 'Flattens one level of nested collections', {
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

