import { ChronoUnit, DateTimeFormatter, DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, Period, ZonedDateTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { JavaClassNames } from '../types/java-classes';
import { recordType } from '../types/record';
import { commonSupertypeOfAll } from '../types/supertype';
import { classType, listType, mapType, nullType, setType, unknownType, valueType, withoutValue, type TypingResult } from '../types/typing-result';
import { numberKindOf } from './numbers';
import { isJavaCharacter, isJavaCharset, isJavaCurrency, isJavaLocale, isJavaUuid } from './values';

const N = JavaClassNames;

/** js-joda classes and the java.time names they stand for; subclasses first (ZoneOffset is a ZoneId). */
const TIME_CLASSES: readonly (readonly [(value: object) => boolean, string])[] = [
  [(value) => value instanceof LocalDate, N.LocalDate],
  [(value) => value instanceof LocalTime, N.LocalTime],
  [(value) => value instanceof LocalDateTime, N.LocalDateTime],
  [(value) => value instanceof Instant, N.Instant],
  [(value) => value instanceof ZonedDateTime, N.ZonedDateTime],
  [(value) => value instanceof OffsetDateTime, N.OffsetDateTime],
  [(value) => value instanceof Duration, N.Duration],
  [(value) => value instanceof Period, N.Period],
  [(value) => value instanceof DayOfWeek, N.DayOfWeek],
  [(value) => value instanceof Month, N.Month],
  [(value) => value instanceof ChronoUnit, N.ChronoUnit],
  [(value) => value instanceof ZoneOffset, N.ZoneOffset],
  [(value) => value instanceof ZoneId, N.ZoneId],
  [(value) => value instanceof DateTimeFormatter, N.DateTimeFormatter],
];

const NUMBER_CLASSES = {
  Integer: N.Integer,
  Long: N.Long,
  Short: N.Short,
  Byte: N.Byte,
  Float: N.Float,
  Double: N.Double,
  BigDecimal: N.BigDecimal,
  BigInteger: N.BigInteger,
} as const;

/**
 * The Java class of a runtime value (`getClass().getName()`, with lists, maps and sets reported as
 * `java.util.ArrayList`, `java.util.HashMap`, `java.util.HashSet`), or undefined for null and for anything
 * that is not a value of the runtime representation (functions, plain objects...).
 */
export function javaClassOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return N.String;
  if (typeof value === 'boolean') return N.Boolean;
  const numberKind = numberKindOf(value);
  if (numberKind !== undefined) return typeof value === 'number' && !Number.isInteger(value) ? undefined : NUMBER_CLASSES[numberKind];
  if (typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return N.ArrayList;
  if (value instanceof Map) return N.HashMap;
  if (value instanceof Set) return N.HashSet;
  if (isJavaCharacter(value)) return N.Character;
  if (isJavaUuid(value)) return N.UUID;
  if (isJavaLocale(value)) return N.Locale;
  if (isJavaCurrency(value)) return N.Currency;
  if (isJavaCharset(value)) return N.Charset;
  for (const [isInstance, name] of TIME_CLASSES) {
    if (isInstance(value)) return name;
  }
  return undefined;
}

/** Classes whose values become compile-time known values: those Nussknacker's value encoder can write as JSON. */
const VALUE_CLASSES: ReadonlySet<string> = new Set([N.String, N.Boolean, N.Integer, N.Long, N.Short, N.Byte, N.Float, N.Double, N.BigDecimal, N.BigInteger]);

/**
 * The type of a runtime value (Nussknacker's `Typed.fromInstance`):
 * - scalars (String, Boolean, numbers) -> the class with the known value (`Integer(5)`);
 * - null -> Null; other classes (Character, dates, UUID...) -> their class without a value;
 * - lists/arrays -> `List[common supertype of the element types]`, sets likewise `Set[...]`;
 * - a Map whose keys are all Strings -> a record with one field per key (this is what Nussknacker does
 *   for every `java.util.Map` and for TypedMap inputs), other maps -> `Map[K,V]` of the supertypes.
 * Values outside the runtime representation type as Unknown.
 */
export function typeOfValue(value: unknown): TypingResult {
  if (value === null || value === undefined) return nullType;
  if (Array.isArray(value)) return listType(elementSupertype(value));
  if (value instanceof Set) return setType(elementSupertype([...value]));
  if (value instanceof Map) {
    const keys = [...value.keys()];
    if (keys.every((key) => typeof key === 'string')) return recordType([...value].map(([key, entry]) => [key as string, typeOfValue(entry)] as const));
    return mapType(elementSupertype(keys), elementSupertype([...value.values()]));
  }
  const className = javaClassOf(value);
  if (className === undefined) return unknownType;
  const type = classType(className);
  if (VALUE_CLASSES.has(className)) return valueType(type, value);
  return type;
}

/** Generic parameters never carry known values (`List[Integer]`, not `List[Integer(1)]`). */
function elementSupertype(values: readonly unknown[]): TypingResult {
  return withoutValue(commonSupertypeOfAll(values.map(typeOfValue)));
}
