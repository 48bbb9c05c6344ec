import { allSuperTypes, computeAllSuperTypes, isSubclassName, type ClassHierarchy } from '../types/class-hierarchy';
import { ARRAY_CLASS_NAME, builtinClassInfo, JavaClassNames, simpleClassName } from '../types/java-classes';
import { canBeSubclassOf } from '../types/subtyping';
import { javaClassOf } from '../runtime/type-of-value';
import { classType, displayType, nullType, objTypeOf, unknownType, withoutValue, type TypingResult } from '../types/typing-result';
import type { CostMeter, MethodCost } from './cost';

/** One parameter of a method. With `varArgs`, the last parameter's type is the type of each variadic element. */
export type MethodParameter = { readonly name: string; readonly type: TypingResult };

/** Computes a generic method's result from the target's and the arguments' types (`List[T].get -> T`). */
export type MethodResultFunction = (target: TypingResult, args: readonly TypingResult[]) => TypingResult | { readonly error: string };

/**
 * A method visible to expressions. `invoke` is its runtime implementation: the evaluator calls methods only
 * through it, which makes the registry the sandbox. With `varArgs`, `invoke` receives the variadic
 * arguments packed into one array as its last argument (use {@link invokeMethod} to pack them).
 * For static methods and constructors `target` is null.
 */
export type MethodDefinition = {
  readonly name: string;
  readonly params: readonly MethodParameter[];
  readonly varArgs: boolean;
  readonly description?: string;
  readonly result: TypingResult | MethodResultFunction;
  /**
   * Runs the method. `meter` is the budget its `cost` was charged to, when the evaluator charged one: a method
   * whose work is only known as it runs (the matches `replaceAll` finds) charges that part there, as it goes.
   */
  readonly invoke: (target: unknown, args: readonly unknown[], meter?: CostMeter) => unknown;
  /**
   * Where the method is offered at all (the conversion extensions: `toLong` on numbers, String and Unknown
   * only). Absent means everywhere its class is; lookups by type leave out methods that do not apply.
   */
  readonly appliesTo?: (target: TypingResult) => boolean;
  /**
   * What a call costs beyond one step, as a function of the receiver and the arguments: the evaluator charges
   * it to the evaluation budget before `invoke` runs. Every method whose work or result grows with its input
   * (String building, copying collections, scanning text, walking nested values) declares one; absent means
   * constant work and a constant-size result (typing's registry test lists each such method with the reason).
   */
  readonly cost?: MethodCost;
};

/** A static field (`Integer.MAX_VALUE`), with its type and value. */
export type StaticFieldDefinition = {
  readonly name: string;
  readonly type: TypingResult;
  readonly value: unknown;
  readonly description?: string;
};

/** A whitelisted class, as registries hold it. */
export type ClassDefinition = {
  readonly name: string;
  readonly simpleName: string;
  /** Direct supertypes (superclass and interfaces), fully qualified. */
  readonly superTypes: readonly string[];
  readonly typeParameterCount: number;
  readonly methods: readonly MethodDefinition[];
  readonly staticMethods: readonly MethodDefinition[];
  readonly staticFields: readonly StaticFieldDefinition[];
  /** Constructors for `new X(...)`; their `invoke` gets a null target. */
  readonly constructors: readonly MethodDefinition[];
  readonly description?: string;
};

/** A class definition as models write it: everything but the name may be left out. */
export type ClassDefinitionInput = { readonly name: string } & Partial<Omit<ClassDefinition, 'name'>>;

/** Outcome of picking a method for given argument types. */
export type MethodMatch =
  | { readonly ok: true; readonly method: MethodDefinition; readonly type: TypingResult }
  | { readonly ok: false; readonly code: 'UnknownMethod' | 'ArgumentTypeMismatch' | 'GenericResultError'; readonly message: string };

/** Member names no class may expose, whatever a model declares (reflection and monitor methods). */
const EXCLUDED_MEMBERS: ReadonlySet<string> = new Set(['getClass', 'hashCode', 'wait', 'notify', 'notifyAll', 'finalize', 'clone', 'class', 'constructor', '__proto__', 'prototype']);

/** Packages and classes that are never whitelisted (reflection, system access, I/O, class loading). */
const EXCLUDED_CLASS_PREFIXES: readonly string[] = ['java.lang.reflect.', 'java.io.', 'java.net.', 'java.util.function.', 'java.lang.invoke.', 'sun.', 'jdk.'];
const EXCLUDED_CLASSES: ReadonlySet<string> = new Set(['java.lang.Class', 'java.lang.System', 'java.lang.Runtime', 'java.lang.Thread', 'java.lang.ClassLoader', 'java.lang.ProcessBuilder', 'java.lang.Process', 'void', 'java.lang.Void']);

/** True when Nussknacker's exclusion rules forbid the class regardless of configuration. */
export function isExcludedClassName(className: string): boolean {
  if (EXCLUDED_CLASSES.has(className)) return true;
  if (className.startsWith('java.nio.') && className !== JavaClassNames.Charset) return true;
  return EXCLUDED_CLASS_PREFIXES.some((prefix) => className.startsWith(prefix));
}

function normalize(input: ClassDefinitionInput): ClassDefinition {
  const builtin = builtinClassInfo(input.name);
  const keep = (methods: readonly MethodDefinition[] | undefined) => Object.freeze((methods ?? []).filter((method) => !EXCLUDED_MEMBERS.has(method.name)));
  const definition: ClassDefinition = {
    name: input.name,
    simpleName: input.simpleName ?? builtin?.simpleName ?? simpleClassName(input.name),
    superTypes: Object.freeze([...(input.superTypes ?? builtin?.superTypes ?? [JavaClassNames.Object])]),
    typeParameterCount: input.typeParameterCount ?? builtin?.typeParameterCount ?? 0,
    methods: keep(input.methods),
    staticMethods: keep(input.staticMethods),
    staticFields: Object.freeze((input.staticFields ?? []).filter((field) => !EXCLUDED_MEMBERS.has(field.name))),
    constructors: Object.freeze([...(input.constructors ?? [])]),
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  return Object.freeze(definition);
}

function sameSignature(a: MethodDefinition, b: MethodDefinition): boolean {
  return a.name === b.name && a.varArgs === b.varArgs && a.params.length === b.params.length && a.params.every((param, i) => displayType(param.type) === displayType((b.params[i] as MethodParameter).type));
}

/** Adds methods, replacing those with the same name and parameter types (a model overriding a built-in). */
function mergeMethods(existing: readonly MethodDefinition[], added: readonly MethodDefinition[]): readonly MethodDefinition[] {
  const kept = existing.filter((method) => !added.some((other) => sameSignature(method, other)));
  return Object.freeze([...kept, ...added]);
}

function mergeClass(existing: ClassDefinition, added: ClassDefinition, input: ClassDefinitionInput): ClassDefinition {
  return Object.freeze({
    ...existing,
    simpleName: input.simpleName ?? existing.simpleName,
    superTypes: Object.freeze([...new Set([...existing.superTypes, ...(input.superTypes ?? [])])]),
    typeParameterCount: input.typeParameterCount ?? existing.typeParameterCount,
    methods: mergeMethods(existing.methods, added.methods),
    staticMethods: mergeMethods(existing.staticMethods, added.staticMethods),
    staticFields: Object.freeze([...existing.staticFields.filter((field) => !added.staticFields.some((other) => other.name === field.name)), ...added.staticFields]),
    constructors: mergeMethods(existing.constructors, added.constructors),
  });
}

/** The class name whose methods apply to a type, or undefined for Null and unions (handled per member). */
export function methodOwnerClassName(type: TypingResult): string | undefined {
  switch (type.kind) {
    case 'unknown':
      return JavaClassNames.Object;
    case 'null':
    case 'union':
      return undefined;
    default:
      return objTypeOf(type).className;
  }
}

function capitalize(name: string): string {
  return name.length === 0 ? name : name[0]!.toUpperCase() + name.slice(1);
}

function describeArgs(name: string, types: readonly TypingResult[]): string {
  return `${name}(${types.map(displayType).join(', ')})`;
}

function describeParams(method: MethodDefinition): string {
  const params = method.params.map((param, i) => {
    const text = displayType(param.type);
    return method.varArgs && i === method.params.length - 1 ? `${text}...` : text;
  });
  return `${method.name}(${params.join(', ')})`;
}

/** Whether the argument types can be passed to the method (arity with varargs, then subtyping per argument). */
export function argumentsMatch(method: MethodDefinition, argTypes: readonly TypingResult[], hierarchy?: ClassHierarchy): boolean {
  const fixed = method.varArgs ? method.params.length - 1 : method.params.length;
  if (method.varArgs ? argTypes.length < fixed : argTypes.length !== fixed) return false;
  return argTypes.every((arg, i) => {
    const param = method.params[Math.min(i, method.params.length - 1)] as MethodParameter;
    if (method.varArgs && i === fixed && argTypes.length === method.params.length && isArrayLike(arg)) return true;
    return canBeSubclassOf(arg, param.type, hierarchy);
  });
}

function isArrayLike(type: TypingResult): boolean {
  return type.kind === 'class' && type.className === ARRAY_CLASS_NAME;
}

/** The result type of a method for a target and arguments (generic results computed). */
export function methodResultType(method: MethodDefinition, target: TypingResult, argTypes: readonly TypingResult[]): TypingResult | { readonly error: string } {
  return typeof method.result === 'function' ? method.result(target, argTypes) : method.result;
}

/**
 * Calls a method with unpacked arguments, packing the variadic tail into an array as `invoke` expects.
 * Lists and arrays are both JS arrays at runtime, so whether a lone array in the variadic position is the
 * variadic array itself (Java passes an `Object[]` through) is decided by its static type: pass
 * `lastArgIsArray: true` when the typer saw an array type there.
 */
export function invokeMethod(
  method: MethodDefinition,
  target: unknown,
  args: readonly unknown[],
  options: { readonly lastArgIsArray?: boolean; readonly meter?: CostMeter } = {},
): unknown {
  if (!method.varArgs) return method.invoke(target, args, options.meter);
  const fixed = method.params.length - 1;
  const tail = args.slice(fixed);
  const passesArrayThrough = options.lastArgIsArray === true && tail.length === 1 && Array.isArray(tail[0]);
  return method.invoke(target, [...args.slice(0, fixed), passesArrayThrough ? tail[0] : tail], options.meter);
}

/** Whether the method is offered on values of the type (its `appliesTo`, judged without known values). */
export function methodAppliesTo(method: MethodDefinition, type: TypingResult): boolean {
  return method.appliesTo === undefined || method.appliesTo(withoutValue(type));
}

/** A cheap type for runtime dispatch: the value's class without generic parameters or known value. */
export function runtimeDispatchType(value: unknown): TypingResult {
  if (value === null || value === undefined) return nullType;
  const className = javaClassOf(value);
  return className === undefined ? unknownType : classType(className);
}

/**
 * An immutable set of whitelisted classes. Every lookup walks the class hierarchy, so `List` methods are
 * found on `ArrayList` and `Object` methods everywhere. `extend` returns a new registry.
 */
export class ClassRegistry implements ClassHierarchy {
  readonly #classes: ReadonlyMap<string, ClassDefinition>;
  // The typer asks for the same classes on every keystroke; registries are immutable, so answers can be kept.
  readonly #instanceMethodsCache = new Map<string, readonly MethodDefinition[]>();
  readonly #superTypesCache = new Map<string, readonly string[]>();

  private constructor(classes: ReadonlyMap<string, ClassDefinition>) {
    this.#classes = classes;
  }

  /** Builds a registry from definitions; excluded classes (reflection, System, I/O...) are dropped. */
  static create(definitions: readonly ClassDefinitionInput[]): ClassRegistry {
    return new ClassRegistry(new Map()).extend(definitions);
  }

  /** A new registry with classes added and methods merged into classes already present. */
  extend(definitions: readonly ClassDefinitionInput[]): ClassRegistry {
    const classes = new Map(this.#classes);
    for (const input of definitions) {
      if (isExcludedClassName(input.name)) continue;
      const added = normalize(input);
      const existing = classes.get(input.name);
      classes.set(input.name, existing ? mergeClass(existing, added, input) : added);
    }
    return new ClassRegistry(classes);
  }

  /** The class, or undefined when it is not whitelisted. */
  getClass(name: string): ClassDefinition | undefined {
    return this.#classes.get(name);
  }

  /** True when the class is whitelisted. */
  hasClass(name: string): boolean {
    return this.#classes.has(name);
  }

  /** All whitelisted classes. */
  classes(): readonly ClassDefinition[] {
    return [...this.#classes.values()];
  }

  /**
   * A fully-qualified class name for a name written in an expression or config: exact, then a
   * case-insensitive match of the full or simple name (`T(String)`, `'long'` in `to('long')`).
   */
  resolveClassName(name: string): string | undefined {
    if (this.#classes.has(name)) return name;
    const lower = name.toLowerCase();
    const primitive: Readonly<Record<string, string>> = { int: JavaClassNames.Integer, char: JavaClassNames.Character };
    if (primitive[lower] !== undefined) return primitive[lower];
    for (const definition of this.#classes.values()) {
      if (definition.name.toLowerCase() === lower || definition.simpleName.toLowerCase() === lower) return definition.name;
    }
    return undefined;
  }

  /** Direct supertypes, from the registry (falling back to typing's built-in knowledge of the class). */
  superTypesOf(className: string): readonly string[] {
    return this.#classes.get(className)?.superTypes ?? builtinClassInfo(className)?.superTypes ?? [];
  }

  /** The class and all its supertypes, nearest first (memoized). */
  cachedAllSuperTypes(className: string): readonly string[] {
    let found = this.#superTypesCache.get(className);
    if (found === undefined) {
      found = Object.freeze([...computeAllSuperTypes(className, this)]);
      this.#superTypesCache.set(className, found);
    }
    return found;
  }

  /** True when `from` is `to` or one of its subclasses. */
  isSubclass(from: string, to: string): boolean {
    return isSubclassName(from, to, this);
  }

  /** Subtyping with this registry's class hierarchy. */
  canBeSubclassOf(given: TypingResult, expected: TypingResult): boolean {
    return canBeSubclassOf(given, expected, this);
  }

  /** Instance methods callable on the type (or class name) named `name`, nearest class first. */
  lookupMethods(type: TypingResult | string, name: string): readonly MethodDefinition[] {
    const named = this.instanceMethods(type).filter((method) => method.name === name);
    return typeof type === 'string' ? named : named.filter((method) => methodAppliesTo(method, type));
  }

  /** Every instance method callable on the type, overridden signatures removed (for suggestions). */
  instanceMethods(type: TypingResult | string): readonly MethodDefinition[] {
    const owner = typeof type === 'string' ? type : methodOwnerClassName(type);
    if (owner === undefined) return [];
    const cached = this.#instanceMethodsCache.get(owner);
    if (cached) return cached;
    const found: MethodDefinition[] = [];
    for (const className of allSuperTypes(owner, this)) {
      for (const method of this.#classes.get(className)?.methods ?? []) {
        if (!found.some((other) => sameSignature(other, method))) found.push(method);
      }
    }
    Object.freeze(found);
    this.#instanceMethodsCache.set(owner, found);
    return found;
  }

  /** Static methods of a class named `name` (`T(java.lang.Math).max`). */
  lookupStaticMethods(className: string, name: string): readonly MethodDefinition[] {
    return (this.#classes.get(className)?.staticMethods ?? []).filter((method) => method.name === name);
  }

  /** A static field of a class (`T(java.lang.Integer).MAX_VALUE`). */
  lookupStaticField(className: string, name: string): StaticFieldDefinition | undefined {
    return this.#classes.get(className)?.staticFields.find((field) => field.name === name);
  }

  /** Constructors of a class (`new java.math.BigDecimal('1.5')`). */
  lookupConstructors(className: string): readonly MethodDefinition[] {
    return this.#classes.get(className)?.constructors ?? [];
  }

  /**
   * The no-argument method read by a property access `x.name`: `name()`, `getName()` or `isName()`
   * (in that order), or undefined when the type has no such property.
   */
  lookupProperty(type: TypingResult | string, name: string): MethodDefinition | undefined {
    if (EXCLUDED_MEMBERS.has(name)) return undefined;
    const methods = this.instanceMethods(type).filter((method) => method.params.length === 0 && !method.varArgs && (typeof type === 'string' || methodAppliesTo(method, type)));
    const candidates = [name, `get${capitalize(name)}`, `is${capitalize(name)}`];
    for (const candidate of candidates) {
      const method = methods.find((m) => m.name === candidate);
      if (method) return method;
    }
    return undefined;
  }

  /**
   * Picks the method for a call `target.name(args)` by argument types and computes its result type.
   * Errors use Nussknacker's texts: `Unknown method 'm' in X`, `Mismatch parameter types. Found: m(A).
   * Required: m(B)`.
   */
  matchMethod(target: TypingResult, name: string, argTypes: readonly TypingResult[]): MethodMatch {
    return this.#match(this.lookupMethods(target, name), target, name, argTypes, () => displayType(target));
  }

  /**
   * Picks a method by the runtime classes of the target and arguments, for calls typed statically with
   * Unknown (e.g. `Math.max` on values that turn out to be Doubles) and for targets typed as Unknown.
   */
  matchMethodForValues(target: unknown, name: string, args: readonly unknown[]): MethodMatch {
    return this.matchMethod(runtimeDispatchType(target), name, args.map(runtimeDispatchType));
  }

  /** Like matchMethodForValues, for a static call. */
  matchStaticMethodForValues(className: string, name: string, args: readonly unknown[]): MethodMatch {
    return this.matchStaticMethod(className, name, args.map(runtimeDispatchType));
  }

  /** Like matchMethod, for a static call `T(className).name(args)`. */
  matchStaticMethod(className: string, name: string, argTypes: readonly TypingResult[]): MethodMatch {
    return this.#match(this.lookupStaticMethods(className, name), unknownType, name, argTypes, () => simpleClassName(className));
  }

  /** Like matchMethod, for `new className(args)`. */
  matchConstructor(className: string, argTypes: readonly TypingResult[]): MethodMatch {
    return this.#match(this.lookupConstructors(className), unknownType, simpleClassName(className), argTypes, () => simpleClassName(className));
  }

  #match(candidates: readonly MethodDefinition[], target: TypingResult, name: string, argTypes: readonly TypingResult[], ownerDisplay: () => string): MethodMatch {
    if (candidates.length === 0) return { ok: false, code: 'UnknownMethod', message: `Unknown method '${name}' in ${ownerDisplay()}` };
    // Exact arity without varargs first, so `max(int, int)` wins over a variadic overload.
    const ordered = [...candidates.filter((method) => !method.varArgs), ...candidates.filter((method) => method.varArgs)];
    let genericError: string | undefined;
    for (const method of ordered) {
      if (!argumentsMatch(method, argTypes, this)) continue;
      const result = methodResultType(method, target, argTypes);
      if ('error' in result && typeof result.error === 'string') {
        genericError ??= result.error;
        continue;
      }
      return { ok: true, method, type: result as TypingResult };
    }
    if (genericError !== undefined) return { ok: false, code: 'GenericResultError', message: genericError };
    const required = candidates.map(describeParams).join(' or ');
    return { ok: false, code: 'ArgumentTypeMismatch', message: `Mismatch parameter types. Found: ${describeArgs(name, argTypes)}. Required: ${required}` };
  }
}

/** Builds an immutable class registry. */
export function createClassRegistry(definitions: readonly ClassDefinitionInput[]): ClassRegistry {
  return ClassRegistry.create(definitions);
}
