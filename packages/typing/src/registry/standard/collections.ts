import { javaEquals, javaMapGet } from '../../runtime/compare';
import { JavaRuntimeError } from '../../runtime/errors';
import { JavaClassNames } from '../../types/java-classes';
import { arrayType, classType, listType, setType, Types, typesEqual, unknownType, withoutValue, type TypingResult } from '../../types/typing-result';
import type { ClassDefinitionInput, MethodDefinition, MethodResultFunction } from '../class-registry';
import { chargeValueWalk, linearScan, type MethodCost } from '../cost';
import { intArg, listArg, method, param, staticMethod, typeParameter } from '../define';

const N = JavaClassNames;
const T = Types;
const anyType = unknownType;

/** The element type `T` of a List/Set/Collection/array target. */
const elementType: MethodResultFunction = (target) => typeParameter(target, 0);

function elements(target: unknown): readonly unknown[] {
  if (Array.isArray(target)) return target;
  if (target instanceof Set) return [...target];
  throw new JavaRuntimeError('ClassCastException', 'Not a collection');
}

function indexOf(items: readonly unknown[], value: unknown): number {
  // Java equals of a String, Boolean, Integer, Long or null is identity: the engine's own search is exact.
  if (typeof value !== 'object' || value === null) return items.indexOf(value);
  for (let i = 0; i < items.length; i++) if (javaEquals(items[i], value)) return i;
  return -1;
}

// Costs (charged before the call, see MethodDefinition.cost). Searching compares the argument with each
// element, and Java equality walks nested values: a search costs the elements plus the walk of the argument.

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  return 0;
}

const searchesElements: MethodCost = linearScan((meter, target, args) => {
  meter.step(sizeOf(target));
  chargeValueWalk(meter, args[0]);
});

/** A copy of all the receiver's elements. */
const copiesElements: MethodCost = (meter, target) => meter.checkSize(sizeOf(target));

/** Methods of java.util.Collection (also offered on arrays, which Nussknacker unifies with lists). */
const collectionMethods: readonly MethodDefinition[] = [
  method('size', [], T.Integer, (c: unknown) => elements(c).length),
  method('isEmpty', [], T.Boolean, (c: unknown) => elements(c).length === 0),
  method('contains', [param('o', anyType)], T.Boolean, (c: unknown, args: readonly unknown[]) => indexOf(elements(c), args[0]) >= 0, { cost: searchesElements }),
  method('containsAll', [param('c', classType(N.Collection))], T.Boolean, (c: unknown, args: readonly unknown[]) => {
    const items = elements(c);
    return listArg(args, 0).every((item) => indexOf(items, item) >= 0);
  }, {
    // Every element of the argument is searched for among the receiver's.
    cost: (meter, target, args) => {
      meter.step(sizeOf(target) * sizeOf(args[0]));
      chargeValueWalk(meter, args[0]);
    },
  }),
  method('toArray', [], (target) => arrayType(withoutValue(typeParameter(target, 0))), (c: unknown) => [...elements(c)], { cost: copiesElements }),
];


function checkedIndex(items: readonly unknown[], index: number): number {
  if (index < 0 || index >= items.length) throw new JavaRuntimeError('IndexOutOfBoundsException', `Index ${index} out of bounds for length ${items.length}`);
  return index;
}

/** Methods of java.util.List. Lists are read-only here: expressions never mutate their inputs. */
const listMethods: readonly MethodDefinition[] = [
  method('get', [param('index', T.Integer)], elementType, (list: readonly unknown[], args: readonly unknown[]) => list[checkedIndex(list, intArg(args, 0))]),
  method('indexOf', [param('o', anyType)], T.Integer, (list: readonly unknown[], args: readonly unknown[]) => indexOf(list, args[0]), { cost: searchesElements }),
  method('lastIndexOf', [param('o', anyType)], T.Integer, (list: readonly unknown[], args: readonly unknown[]) => {
    for (let i = list.length - 1; i >= 0; i--) if (javaEquals(list[i], args[0])) return i;
    return -1;
  }, { cost: searchesElements }),
  method('subList', [param('fromIndex', T.Integer), param('toIndex', T.Integer)], (target) => listType(typeParameter(target, 0)), (list: readonly unknown[], args: readonly unknown[]) => {
    const from = intArg(args, 0);
    const to = intArg(args, 1);
    if (from < 0 || to > list.length || from > to) throw new JavaRuntimeError('IndexOutOfBoundsException', `fromIndex: ${from}, toIndex: ${to}, size: ${list.length}`);
    return list.slice(from, to);
  }, { cost: (meter, target, args) => meter.checkSize(Math.max(0, Math.min(sizeOf(target), typeof args[1] === 'number' ? args[1] : 0) - (typeof args[0] === 'number' ? Math.max(0, args[0]) : 0))) }),
];

const listOfResult: MethodResultFunction = (_target, args) => listType(withoutValue(args.reduce<TypingResult | undefined>((acc, arg) => (acc === undefined ? arg : sameOrUnknown(acc, arg)), undefined) ?? unknownType));

function sameOrUnknown(a: TypingResult, b: TypingResult): TypingResult {
  const plainA = withoutValue(a);
  return typesEqual(plainA, withoutValue(b)) ? plainA : unknownType;
}

function mapOf(target: unknown): ReadonlyMap<unknown, unknown> {
  if (target instanceof Map) return target;
  throw new JavaRuntimeError('ClassCastException', 'Not a map');
}

/** `Map[K,V].get(key)` is V; on a record with a known String key it is that field's type. */
const mapGetResult: MethodResultFunction = (target, args) => {
  if (target.kind === 'record') {
    const key = args[0];
    if (key?.kind === 'value' && typeof key.value === 'string') return target.fields.get(key.value) ?? unknownType;
    return typeParameter(target, 1);
  }
  return typeParameter(target, 1);
};

/**
 * A key of a primitive kind is found by hashing; any other key (a list, a record) is compared with every
 * key by Java equality (javaMapGet), which walks both.
 */
const keyLookup: MethodCost = linearScan((meter, target, args) => {
  const key = args[0];
  if (typeof key === 'object' && key !== null) {
    meter.step(sizeOf(target));
    chargeValueWalk(meter, key);
  }
});

/** `List.of(...)`/`Set.of(...)`: a copy of the variadic arguments (packed into one array). */
const copiesVarArgs: MethodCost = (meter, _target, args) => meter.checkSize(sizeOf(args[0]));

const mapMethods: readonly MethodDefinition[] = [
  method('size', [], T.Integer, (m: unknown) => mapOf(m).size),
  method('isEmpty', [], T.Boolean, (m: unknown) => mapOf(m).size === 0),
  method('get', [param('key', anyType)], mapGetResult, (m: unknown, args: readonly unknown[]) => javaMapGet(mapOf(m), args[0])?.value ?? null, { cost: keyLookup }),
  method('getOrDefault', [param('key', anyType), param('defaultValue', anyType)], mapGetResult, (m: unknown, args: readonly unknown[]) => {
    const found = javaMapGet(mapOf(m), args[0]);
    return found === undefined ? (args[1] ?? null) : found.value;
  }, { cost: keyLookup }),
  method('containsKey', [param('key', anyType)], T.Boolean, (m: unknown, args: readonly unknown[]) => javaMapGet(mapOf(m), args[0]) !== undefined, { cost: keyLookup }),
  method('containsValue', [param('value', anyType)], T.Boolean, (m: unknown, args: readonly unknown[]) => [...mapOf(m).values()].some((value) => javaEquals(value, args[0])), {
    // The values are copied into a transient array: constant-size result, linear work.
    cost: linearScan((meter, target, args) => {
      meter.step(sizeOf(target));
      chargeValueWalk(meter, args[0]);
    }),
  }),
  method('keySet', [], (target) => setType(target.kind === 'record' ? T.String : typeParameter(target, 0)), (m: unknown) => new Set(mapOf(m).keys()), { cost: copiesElements }),
  method('values', [], (target) => listType(withoutValue(typeParameter(target, 1))), (m: unknown) => [...mapOf(m).values()], { cost: copiesElements }),
];

/** Arrays: `length` like a Java array field, plus the list methods (Nussknacker unifies arrays and lists). */
const arrayMethods: readonly MethodDefinition[] = [method('length', [], T.Integer, (array: readonly unknown[]) => array.length), ...collectionMethods, ...listMethods];

/** java.util collections and Java arrays. */
export const collectionClasses: readonly ClassDefinitionInput[] = [
  { name: N.Iterable },
  { name: N.Collection, methods: collectionMethods },
  {
    name: N.List,
    methods: listMethods,
    staticMethods: [staticMethod('of', [param('elements', anyType)], listOfResult, (args: readonly unknown[]) => [...(args[0] as readonly unknown[])], { varArgs: true, cost: copiesVarArgs })],
  },
  { name: N.ArrayList },
  {
    name: N.Set,
    staticMethods: [
      staticMethod('of', [param('elements', anyType)], (_target, args) => setType((listOfResult(_target, args) as { params: readonly TypingResult[] }).params[0]), (args: readonly unknown[]) => new Set(args[0] as readonly unknown[]), { varArgs: true, cost: copiesVarArgs }),
    ],
  },
  { name: N.HashSet },
  { name: N.Map, methods: mapMethods },
  { name: N.HashMap },
  { name: N.LinkedHashMap },
  { name: N.Array, methods: arrayMethods },
];
