import {
  arrayType, classType, listType, mapType, scanStringArguments, setType, Types, unknownType, type MethodCost,
  type MethodDefinition, type StaticFieldDefinition, type TypingResult,
} from '@scenaria/typing';

/** Computes a result type from the target and argument types, or explains why the call is invalid. */
export type ResultTypeFunction = (target: TypingResult, args: TypingResult[]) => TypingResult | { error: string };

/**
 * A class definition in @scenaria/typing's format, with arrays this package fills while building its
 * standard classes and helpers (registries copy and freeze them).
 */
export type ClassSpec = {
  name: string;
  simpleName?: string;
  superTypes: string[];
  description?: string;
  methods: MethodDefinition[];
  staticMethods: MethodDefinition[];
  staticFields?: StaticFieldDefinition[];
  constructors?: MethodDefinition[];
};

/** Short names of the types used in class definitions. */
export const T = {
  ...Types,
  Object: unknownType,
  Unknown: unknownType,
  CharSequence: classType('java.lang.CharSequence'),
  Comparable: classType('java.lang.Comparable', [unknownType]),
  Collection: (element: TypingResult = unknownType) => classType('java.util.Collection', [element]),
  List: (element: TypingResult = unknownType) => listType(element),
  Set: (element: TypingResult = unknownType) => setType(element),
  Array: (element: TypingResult = unknownType) => arrayType(element),
  Map: (key: TypingResult = unknownType, value: TypingResult = unknownType) => mapType(key, value),
  Temporal: classType('java.time.temporal.Temporal'),
  Formatter: classType('java.time.format.DateTimeFormatter'),
};

/**
 * Declares a method in @scenaria/typing's format. `params` are `[name, type]` pairs; a trailing `...` in the
 * last name marks varargs (its type is the element type). `invoke` and `cost` here receive the arguments flat;
 * the definition's own take typing's convention (the variadic tail packed into one array). `cost` is charged
 * before the call (see typing's `MethodDefinition.cost`); a method with String parameters and no cost of its
 * own is charged a scan of them.
 */
export function method(
  name: string,
  params: Array<[string, TypingResult]>,
  result: TypingResult | ResultTypeFunction,
  invoke: (target: unknown, args: unknown[]) => unknown,
  description?: string,
  extra: {
    appliesTo?: (target: TypingResult) => boolean;
    cost?: (meter: Parameters<MethodCost>[0], target: unknown, args: unknown[]) => void;
    /** The implementation never reads the active budget (see `readsBudget`): true only where checked line by line. */
    budgetFree?: boolean;
  } = {},
): MethodDefinition {
  const last = params[params.length - 1];
  const varArgs = last !== undefined && last[0].endsWith('...');
  const fixed = params.length - 1;
  const flat = (args: readonly unknown[]): unknown[] => [...args.slice(0, fixed), ...(args[fixed] as readonly unknown[])];
  const { cost, budgetFree, ...rest } = extra;
  const stringParams = params.flatMap(([, type], i) => (type === T.String ? [i] : []));
  const charged: MethodCost | undefined = cost !== undefined
    ? (varArgs ? (meter, target, args) => cost(meter, target, flat(args)) : (cost as MethodCost))
    : stringParams.length > 0 && !varArgs ? scanStringArguments(stringParams) : undefined;
  const definition: MethodDefinition = {
    name,
    params: params.map(([paramName, type]) => ({ name: paramName.replace('...', ''), type })),
    varArgs,
    result: result as MethodDefinition['result'],
    invoke: varArgs ? (target, args) => invoke(target, flat(args)) : (invoke as MethodDefinition['invoke']),
    ...rest,
    ...(charged === undefined ? {} : { cost: charged }),
    ...(description === undefined ? {} : { description }),
  };
  if (budgetFree !== true) budgetReaders.add(definition);
  return definition;
}

// This package's own methods (helpers, conversions) may read the active evaluation budget, unless declared
// `budgetFree`; registry methods defined elsewhere (typing's classes, a model's) never do.
const budgetReaders = new WeakSet<MethodDefinition>();

/** True when the method may read the active evaluation budget, so it must run with one installed. */
export function readsBudget(method: MethodDefinition): boolean {
  return budgetReaders.has(method);
}

/** Static fields written as a record of name to type and value. */
export function fields(byName: Record<string, { type: TypingResult; value: unknown; description?: string }>): StaticFieldDefinition[] {
  return Object.entries(byName).map(([name, field]) => ({ name, ...field }));
}
