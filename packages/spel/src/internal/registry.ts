import { displayType, type ClassDefinition, type ClassDefinitionInput, type ClassRegistry, type MethodDefinition, type StaticFieldDefinition } from '@scenaria/typing';

// The whitelist is @scenaria/typing's registry. This package adds its own classes (the conversion methods,
// the helpers) on top of whatever registry a caller passes; its definitions take precedence over methods of
// the same signature and come first in overload order, so behaviour does not depend on the caller's base.

function sameSignature(a: MethodDefinition, b: MethodDefinition): boolean {
  return a.name === b.name && a.varArgs === b.varArgs && a.params.length === b.params.length && a.params.every((param, i) => displayType(param.type) === displayType(b.params[i]!.type));
}

function firstThen(first: readonly MethodDefinition[] | undefined, then: readonly MethodDefinition[]): MethodDefinition[] {
  const own = first ?? [];
  return [...own, ...then.filter((method) => !own.some((other) => sameSignature(other, method)))];
}

function fieldsFirstThen(first: readonly StaticFieldDefinition[] | undefined, then: readonly StaticFieldDefinition[]): StaticFieldDefinition[] {
  const own = first ?? [];
  return [...own, ...then.filter((field) => !own.some((other) => other.name === field.name))];
}

function layered(definition: ClassDefinitionInput, existing: ClassDefinition): ClassDefinitionInput {
  return {
    ...existing,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    simpleName: definition.simpleName ?? existing.simpleName,
    superTypes: [...new Set([...(definition.superTypes ?? []), ...existing.superTypes])],
    methods: firstThen(definition.methods, existing.methods),
    staticMethods: firstThen(definition.staticMethods, existing.staticMethods),
    staticFields: fieldsFirstThen(definition.staticFields, existing.staticFields),
    constructors: firstThen(definition.constructors, existing.constructors),
  };
}

/**
 * The registry with `definitions` merged in ahead of what it already has: theirs win on equal signatures and
 * come first in overload order (an earlier definition of a class ahead of a later one).
 */
export function withPrecedence(registry: ClassRegistry, definitions: readonly ClassDefinitionInput[]): ClassRegistry {
  let result = registry;
  for (const definition of [...definitions].reverse()) {
    const existing = result.getClass(definition.name);
    result = result.extend([existing === undefined ? definition : layered(definition, existing)]);
  }
  return result;
}

/** Resolves a class name as written in `T(...)`/`new`: fully qualified, or the exact simple name of a known class. */
export function resolveTypeName(registry: ClassRegistry, name: string): string | undefined {
  if (registry.hasClass(name)) return name;
  if (name.includes('.')) return undefined;
  return simpleNames(registry).get(name);
}

const simpleNameIndex = new WeakMap<ClassRegistry, ReadonlyMap<string, string>>();

function simpleNames(registry: ClassRegistry): ReadonlyMap<string, string> {
  let index = simpleNameIndex.get(registry);
  if (index === undefined) {
    const built = new Map<string, string>();
    for (const definition of registry.classes()) if (!built.has(definition.simpleName)) built.set(definition.simpleName, definition.name);
    index = built;
    simpleNameIndex.set(registry, index);
  }
  return index;
}
