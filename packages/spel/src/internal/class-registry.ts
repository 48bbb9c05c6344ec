import { builtinClassInfo, displayType, simpleClassName, type TypingResult } from './typing-bridge';

// NB: the agreed contract puts the class registry in @scenaria/typing. Until it exists there, this module
// implements exactly that contract's shapes so that moving it means changing imports only.

/** One declared parameter of a method. */
export interface MethodParameter {
  name: string;
  type: TypingResult;
}

/** Computes a result type from the target and argument types, or explains why the call is invalid. */
export type ResultTypeFunction = (target: TypingResult, args: TypingResult[]) => TypingResult | { error: string };

/** A method visible to expressions; `invoke` is its runtime implementation (the only way code is reached). */
export interface MethodDefinition {
  name: string;
  params: MethodParameter[];
  varArgs: boolean;
  description?: string;
  result: TypingResult | ResultTypeFunction;
  invoke: (target: unknown, args: unknown[]) => unknown;
  /** Limits where the method is offered/accepted (e.g. `toLong` only on numbers, String and Unknown). */
  appliesTo?: (target: TypingResult) => boolean;
}

/** A whitelisted class: its members are all that expressions can reach on its values. */
export interface ClassDefinition {
  name: string;
  simpleName?: string;
  superTypes: string[];
  description?: string;
  methods: MethodDefinition[];
  staticMethods: MethodDefinition[];
  staticFields?: Record<string, { type: TypingResult; value: unknown; description?: string }>;
  /** Constructors (`new X(...)`): `invoke` receives a null target. */
  constructors?: MethodDefinition[];
}

/** An immutable set of class definitions with member lookup through supertypes. */
export class ClassRegistry {
  private readonly classes: ReadonlyMap<string, ClassDefinition>;
  private readonly methodCache = new Map<string, MethodDefinition[]>();

  constructor(definitions: Iterable<ClassDefinition>) {
    const merged = new Map<string, ClassDefinition>();
    for (const definition of definitions) {
      const existing = merged.get(definition.name);
      merged.set(definition.name, existing ? mergeClass(existing, definition) : definition);
    }
    this.classes = merged;
  }

  /** A new registry with more classes; methods of an already known class are added to it. */
  extend(definitions: Iterable<ClassDefinition>): ClassRegistry {
    return new ClassRegistry([...this.classes.values(), ...definitions]);
  }

  getClass(name: string): ClassDefinition | undefined {
    return this.classes.get(name);
  }

  allClasses(): ClassDefinition[] {
    return [...this.classes.values()];
  }

  /** Resolves a class name as written in `T(...)`/`new`: fully-qualified, or the simple name of a known class. */
  resolveClassName(name: string): string | undefined {
    if (this.classes.has(name)) return name;
    if (name.includes('.')) return undefined;
    for (const definition of this.classes.values()) {
      if ((definition.simpleName ?? simpleClassName(definition.name)) === name) return definition.name;
    }
    return undefined;
  }

  /** The class and its supertypes, nearest first (registry supertypes, then typing's built-in facts). */
  hierarchy(className: string): string[] {
    const order: string[] = [];
    const queue = [className];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (order.includes(next)) continue;
      order.push(next);
      const supers = this.classes.get(next)?.superTypes ?? builtinClassInfo(next)?.superTypes ?? (next === 'java.lang.Object' ? [] : ['java.lang.Object']);
      queue.push(...supers);
    }
    if (!order.includes('java.lang.Object')) order.push('java.lang.Object');
    return order;
  }

  /** Instance methods called `name` visible on values of the class (own first, then inherited). */
  lookupMethods(className: string, name: string): MethodDefinition[] {
    const key = `${className}#${name}`;
    const cached = this.methodCache.get(key);
    if (cached) return cached;
    const found: MethodDefinition[] = [];
    for (const ancestor of this.hierarchy(className)) {
      for (const method of this.classes.get(ancestor)?.methods ?? []) {
        if (method.name === name && !found.some((other) => sameSignature(other, method))) found.push(method);
      }
    }
    this.methodCache.set(key, found);
    return found;
  }

  /** Every instance method visible on the class (for completion). */
  allMethods(className: string): MethodDefinition[] {
    const found: MethodDefinition[] = [];
    for (const ancestor of this.hierarchy(className)) {
      for (const method of this.classes.get(ancestor)?.methods ?? []) {
        if (!found.some((other) => sameSignature(other, method))) found.push(method);
      }
    }
    return found;
  }

  lookupStaticMethods(className: string, name: string): MethodDefinition[] {
    return (this.classes.get(className)?.staticMethods ?? []).filter((method) => method.name === name);
  }
}

function sameSignature(a: MethodDefinition, b: MethodDefinition): boolean {
  return (
    a.name === b.name &&
    a.params.length === b.params.length &&
    a.varArgs === b.varArgs &&
    a.params.every((param, i) => displayType(param.type) === displayType(b.params[i]!.type))
  );
}

function mergeClass(a: ClassDefinition, b: ClassDefinition): ClassDefinition {
  return {
    ...a,
    superTypes: [...new Set([...a.superTypes, ...b.superTypes])],
    methods: [...a.methods, ...b.methods],
    staticMethods: [...a.staticMethods, ...b.staticMethods],
    // The first definition of a static field wins, as the first method of a signature does in lookups.
    staticFields: { ...b.staticFields, ...a.staticFields },
    constructors: [...(a.constructors ?? []), ...(b.constructors ?? [])],
  };
}

/** Builds a registry from class definitions. */
export function createClassRegistry(definitions: Iterable<ClassDefinition>): ClassRegistry {
  return new ClassRegistry(definitions);
}
