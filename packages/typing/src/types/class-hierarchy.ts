import { builtinClassInfo, JavaClassNames } from './java-classes';

/** What subtyping needs to know about classes: their direct supertypes. A ClassRegistry is one. */
export type ClassHierarchy = {
  /** Direct supertypes (superclass and interfaces) of a class; empty for an unknown class. */
  superTypesOf(className: string): readonly string[];
  /** Optionally, a memoized form of {@link allSuperTypes} (registries keep one since they never change). */
  cachedAllSuperTypes?(className: string): readonly string[];
};

const builtinSuperTypes = new Map<string, readonly string[]>();

/** The hierarchy of the classes typing knows by itself (no registry needed). */
export const builtinClassHierarchy: ClassHierarchy = {
  superTypesOf: (className) => builtinClassInfo(className)?.superTypes ?? [],
  cachedAllSuperTypes(className) {
    let found = builtinSuperTypes.get(className);
    if (found === undefined) {
      found = Object.freeze([...computeAllSuperTypes(className, builtinClassHierarchy)]);
      // Unknown names (model classes checked without a registry) are not kept, so the map stays bounded.
      if (builtinClassInfo(className)) builtinSuperTypes.set(className, found);
    }
    return found;
  },
};

/** The class itself and all its supertypes, nearest first; every class ends at java.lang.Object. */
export function allSuperTypes(className: string, hierarchy: ClassHierarchy = builtinClassHierarchy): readonly string[] {
  const cached = hierarchy.cachedAllSuperTypes?.(className);
  if (cached) return cached;
  return computeAllSuperTypes(className, hierarchy);
}

/** The breadth-first walk behind allSuperTypes, for hierarchies that memoize it. */
export function computeAllSuperTypes(className: string, hierarchy: ClassHierarchy): readonly string[] {
  const seen = new Set<string>([className]);
  const queue = [className];
  for (let i = 0; i < queue.length; i++) {
    for (const parent of hierarchy.superTypesOf(queue[i] as string)) {
      if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
    }
  }
  if (!seen.has(JavaClassNames.Object)) queue.push(JavaClassNames.Object);
  return queue;
}

/** Java `to.isAssignableFrom(from)` on class names. */
export function isSubclassName(from: string, to: string, hierarchy: ClassHierarchy = builtinClassHierarchy): boolean {
  if (from === to || to === JavaClassNames.Object) return true;
  return allSuperTypes(from, hierarchy).includes(to);
}
