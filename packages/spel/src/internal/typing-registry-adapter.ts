import {
  ClassRegistry as TypingClassRegistry, invokeMethod, isExcludedClassName, standardClassRegistry,
  type ClassDefinition as TypingClassDefinition, type MethodDefinition as TypingMethodDefinition,
} from '@scenaria/typing';
import { createClassRegistry, type ClassDefinition, type ClassRegistry, type MethodDefinition } from './class-registry';

// The contract lets callers pass @scenaria/typing's ClassRegistry (models build theirs with
// `standardClassRegistry.extend(...)`). The typer and evaluator work on this package's registry, which adds
// what the typer needs (applicability of conversion methods); this adapter carries a typing registry over.

function adaptMethod(method: TypingMethodDefinition): MethodDefinition {
  const adapted: MethodDefinition = {
    name: method.name,
    params: method.params.map((param) => ({ name: param.name, type: param.type })),
    varArgs: method.varArgs,
    result: method.result as MethodDefinition['result'],
    // typing's varargs methods take their variadic tail packed in an array; ours receive flat arguments.
    invoke: method.varArgs ? (target, args) => invokeMethod(method, target, args) : (target, args) => method.invoke(target, args),
  };
  if (method.description !== undefined) adapted.description = method.description;
  return adapted;
}

function adaptClass(definition: TypingClassDefinition): ClassDefinition {
  const staticFields: NonNullable<ClassDefinition['staticFields']> = {};
  for (const field of definition.staticFields) {
    staticFields[field.name] = field.description === undefined ? { type: field.type, value: field.value } : { type: field.type, value: field.value, description: field.description };
  }
  const adapted: ClassDefinition = {
    name: definition.name,
    simpleName: definition.simpleName,
    superTypes: [...definition.superTypes],
    methods: definition.methods.map(adaptMethod),
    staticMethods: definition.staticMethods.map(adaptMethod),
    staticFields,
    constructors: definition.constructors.map(adaptMethod),
  };
  if (definition.description !== undefined) adapted.description = definition.description;
  return adapted;
}

/** True for a registry of @scenaria/typing (checked by shape, so two copies of the package still work). */
export function isTypingRegistry(value: unknown): value is TypingClassRegistry {
  return value instanceof TypingClassRegistry || (typeof value === 'object' && value !== null && 'lookupStaticField' in value && 'classes' in value);
}

const adapted = new WeakMap<TypingClassRegistry, ClassDefinition[]>();

/** The classes of a typing registry as this package's class definitions (memoized per registry). */
export function classesOfTypingRegistry(registry: TypingClassRegistry): ClassDefinition[] {
  let classes = adapted.get(registry);
  if (!classes) {
    classes = registry.classes().map(adaptClass);
    adapted.set(registry, classes);
  }
  return classes;
}

/** typing's standard whitelist, adapted (the fallback for classes this package does not define itself). */
export function typingStandardClasses(): ClassDefinition[] {
  return classesOfTypingRegistry(standardClassRegistry);
}

/** Members no class may expose, whatever a model declares (the original's reflection and monitor exclusions). */
const EXCLUDED_MEMBERS: ReadonlySet<string> = new Set(['getClass', 'hashCode', 'wait', 'notify', 'notifyAll', 'finalize', 'clone', 'class', 'constructor', '__proto__', 'prototype']);

/** Builds a registry, dropping classes and members the original never whitelists (reflection, System, I/O...). */
export function createWhitelistRegistry(definitions: Iterable<ClassDefinition>): ClassRegistry {
  const allowed = (method: MethodDefinition) => !EXCLUDED_MEMBERS.has(method.name);
  return createClassRegistry(
    [...definitions]
      .filter((definition) => !isExcludedClassName(definition.name))
      .map((definition) => ({
        ...definition,
        methods: definition.methods.filter(allowed),
        staticMethods: definition.staticMethods.filter(allowed),
      })),
  );
}

const combined = new WeakMap<object, ClassRegistry>();

/**
 * The registry to type and evaluate with: ours as given; a typing registry extended with this package's
 * standard classes (first, so their behaviour wins), then its own classes, then the helper classes.
 */
export function resolveRegistry(option: ClassRegistry | TypingClassRegistry | undefined, fallback: ClassRegistry, base: readonly ClassDefinition[], helpers: readonly ClassDefinition[]): ClassRegistry {
  if (option === undefined) return fallback;
  if (!isTypingRegistry(option)) return option;
  let registry = combined.get(option);
  if (!registry) {
    registry = createWhitelistRegistry([...base, ...classesOfTypingRegistry(option), ...helpers]);
    combined.set(option, registry);
  }
  return registry;
}
