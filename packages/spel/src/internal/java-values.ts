import { compareNumbers, numberKindOf, NUMBER_CLASS } from './java-numbers';
import {
  ARRAY_CLASS_NAME, isJavaCharacter, isJavaCharset, isJavaCurrency, isJavaLocale, isJavaUuid, javaToString,
} from './typing-bridge';

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

// js-joda classes are recognised by their constructor name so that this module needs no js-joda import.
const JODA_CLASSES: Readonly<Record<string, string>> = {
  LocalDate: 'java.time.LocalDate',
  LocalTime: 'java.time.LocalTime',
  LocalDateTime: 'java.time.LocalDateTime',
  Instant: 'java.time.Instant',
  ZonedDateTime: 'java.time.ZonedDateTime',
  OffsetDateTime: 'java.time.OffsetDateTime',
  Duration: 'java.time.Duration',
  Period: 'java.time.Period',
  DayOfWeek: 'java.time.DayOfWeek',
  Month: 'java.time.Month',
  ZoneOffset: 'java.time.ZoneOffset',
  ZoneRegion: 'java.time.ZoneId',
  ZoneId: 'java.time.ZoneId',
  DateTimeFormatter: 'java.time.format.DateTimeFormatter',
  ChronoUnit: 'java.time.temporal.ChronoUnit',
};

/** The Java class name of a runtime value (`java.util.List` for arrays, `java.util.Map` for maps). */
export function javaClassOf(value: unknown): string {
  if (value === null || value === undefined) return 'java.lang.Object';
  switch (typeof value) {
    case 'string':
      return 'java.lang.String';
    case 'boolean':
      return 'java.lang.Boolean';
    case 'number':
      return 'java.lang.Integer';
    case 'bigint':
      return 'java.lang.Long';
    case 'object':
      break;
    default:
      return 'java.lang.Object';
  }
  const kind = numberKindOf(value);
  if (kind) return NUMBER_CLASS[kind];
  if (Array.isArray(value)) return 'java.util.List';
  if (value instanceof Map) return 'java.util.Map';
  if (value instanceof Set) return 'java.util.Set';
  if (value instanceof HelperObject) return value.className;
  if (isJavaCharacter(value)) return 'java.lang.Character';
  if (isJavaUuid(value)) return 'java.util.UUID';
  if (isJavaLocale(value)) return 'java.util.Locale';
  if (isJavaCurrency(value)) return 'java.util.Currency';
  if (isJavaCharset(value)) return 'java.nio.charset.Charset';
  const constructorName = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  if (constructorName && Object.hasOwn(JODA_CLASSES, constructorName)) return JODA_CLASSES[constructorName]!;
  return 'java.lang.Object';
}

export { ARRAY_CLASS_NAME };

/**
 * Java `equals` as SpEL's `==` uses it: numbers of different kinds compare by value after promotion
 * (`1 == 1L`), collections and maps element-wise, other values by their own equality.
 */
export function javaEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'string' || typeof b === 'string' || typeof a === 'boolean' || typeof b === 'boolean') return false;
  const ka = numberKindOf(a);
  const kb = numberKindOf(b);
  if (ka !== undefined || kb !== undefined) return ka !== undefined && kb !== undefined && compareNumbers(a, b) === 0;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => javaEquals(item, b[i]));
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (!b.has(key) || !javaEquals(value, b.get(key))) return false;
    }
    return true;
  }
  if (a instanceof Set) return b instanceof Set && a.size === b.size && [...a].every((item) => [...b].some((other) => javaEquals(item, other)));
  const equals = (a as { equals?: (other: unknown) => boolean }).equals;
  if (typeof equals === 'function' && javaClassOf(a) !== 'java.lang.Object') return equals.call(a, b) === true;
  return javaClassOf(a) === javaClassOf(b) && javaClassOf(a) !== 'java.lang.Object' && javaToString(a) === javaToString(b);
}

/** Whether two runtime values can be ordered by `<`, `>` (numbers with numbers, or the same Comparable class). */
export function javaCompare(a: unknown, b: unknown): number | undefined {
  if (numberKindOf(a) !== undefined && numberKindOf(b) !== undefined) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (isJavaCharacter(a) && isJavaCharacter(b)) return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && javaClassOf(a) === javaClassOf(b)) {
    const compareTo = (a as { compareTo?: (other: unknown) => number }).compareTo;
    if (typeof compareTo === 'function' && javaClassOf(a) !== 'java.lang.Object') return Math.sign(compareTo.call(a, b));
    if (isJavaUuid(a)) return javaToString(a) < javaToString(b) ? -1 : javaToString(a) > javaToString(b) ? 1 : 0;
  }
  return undefined;
}
