import { builtinClassInfo, JavaClassNames } from './java-classes';

/** What subtyping needs to know about classes: their direct supertypes. A ClassRegistry is one. */
export type ClassHierarchy = {
  /** Direct supertypes (superclass and interfaces) of a class; empty for an unknown class. */
  superTypesOf(className: string): readonly string[];
};

/** The hierarchy of the classes typing knows by itself (no registry needed). */
export const builtinClassHierarchy: ClassHierarchy = {
  superTypesOf: (className) => builtinClassInfo(className)?.superTypes ?? [],
};

/** The class itself and all its supertypes, nearest first; every class ends at java.lang.Object. */
export function allSuperTypes(className: string, hierarchy: ClassHierarchy = builtinClassHierarchy): readonly string[] {
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
