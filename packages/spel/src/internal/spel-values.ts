import { JavaClassNames, measureValue } from '@scenaria/typing';
import { isJavaDouble, isJavaFloat, isJavaRuntimeError, javaClassOf, javaCompare, javaToString } from '@scenaria/typing/runtime';

// Runtime values that exist only in expressions (helper objects, `T(...)` class references), and the two views
// of typing's values that member dispatch and comparison operators need.

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
 * The class the registry dispatches a member of this value on. Unlike typing's `javaClassOf` (the value's
 * exact class, undefined when it has none) it is never undefined: interfaces for collections (`java.util.List`
 * for arrays), the helper's class for a helper object, `java.lang.Object` for null and anything else.
 */
export function registryClassOf(value: unknown): string {
  if (value instanceof HelperObject) return value.className;
  if (Array.isArray(value)) return JavaClassNames.List;
  if (value instanceof Map) return JavaClassNames.Map;
  if (value instanceof Set) return JavaClassNames.Set;
  if (typeof value === 'number') return JavaClassNames.Integer;
  if (isJavaDouble(value)) return JavaClassNames.Double;
  if (isJavaFloat(value)) return JavaClassNames.Float;
  return javaClassOf(value) ?? JavaClassNames.Object;
}

/**
 * typing's `javaCompare` as a value instead of a throw: undefined when the values cannot be compared (or either
 * is null), for operators and helpers that report or skip incomparable pairs themselves.
 */
export function compareIfComparable(a: unknown, b: unknown): number | undefined {
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  try {
    return javaCompare(a, b);
  } catch (error) {
    if (isJavaRuntimeError(error)) return undefined;
    throw error;
  }
}

/** Largest value an error message quotes in full. */
const QUOTED_VALUE_SIZE = 200;

/**
 * A value as an error message quotes it: its text when small, else its class and size. Messages are built
 * outside any budget, and a list of shared lists prints far larger than it is.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.length <= QUOTED_VALUE_SIZE ? value : `${value.slice(0, QUOTED_VALUE_SIZE)}... (${value.length} characters)`;
  if (typeof value !== 'object' || value === null || measureValue(value, QUOTED_VALUE_SIZE) <= QUOTED_VALUE_SIZE) return javaToString(value);
  const size = Array.isArray(value) ? value.length : value instanceof Map || value instanceof Set ? value.size : undefined;
  const className = javaClassOf(value) ?? 'Object';
  return size === undefined ? className : `${className} of ${size} elements`;
}
