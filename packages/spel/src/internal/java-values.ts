import {
  JavaClassNames, isJavaDouble, isJavaFloat, isJavaRuntimeError, javaClassOf as runtimeClassOf, javaCompare as compareValues, spelEquals,
} from '@scenaria/typing';

/** Marker for values that stand for a helper object (`#COLLECTION` ...): they expose only registry methods. */
export class HelperObject {
  constructor(readonly className: string) {
    Object.freeze(this);
  }
  toString(): string {
    return this.className;
  }
}

/** The static side of a class (`T(java.lang.Math)`) at runtime. */
export class StaticClassRef {
  constructor(readonly className: string) {
    Object.freeze(this);
  }
  toString(): string {
    return `class ${this.className}`;
  }
}

/**
 * The Java class of a runtime value as the registry knows it (`java.util.List` for arrays, `java.util.Map` for
 * maps, the helper's class for a helper object, `java.lang.Object` for null and anything else).
 */
export function javaClassOf(value: unknown): string {
  if (value instanceof HelperObject) return value.className;
  if (Array.isArray(value)) return JavaClassNames.List;
  if (value instanceof Map) return JavaClassNames.Map;
  if (value instanceof Set) return JavaClassNames.Set;
  if (typeof value === 'number' || isJavaDouble(value) || isJavaFloat(value)) return numberClassOf(value);
  return runtimeClassOf(value) ?? JavaClassNames.Object;
}

function numberClassOf(value: unknown): string {
  return typeof value === 'number' ? JavaClassNames.Integer : isJavaDouble(value) ? JavaClassNames.Double : JavaClassNames.Float;
}

/** SpEL's `==` (numbers by value across classes, otherwise Java equals). */
export const javaEquals = spelEquals;

/** The order of two runtime values, or undefined when they cannot be compared (or either is null). */
export function javaCompare(a: unknown, b: unknown): number | undefined {
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  try {
    return compareValues(a, b);
  } catch (error) {
    if (isJavaRuntimeError(error)) return undefined;
    throw error;
  }
}
