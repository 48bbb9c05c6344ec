/**
 * The Java class names the type system knows by itself: their simple names, direct supertypes and number of
 * generic parameters. Models add classes through the class registry; this table only has to cover what
 * subtyping, display and the JSON codec need without a registry at hand.
 */
export type JavaClassInfo = {
  readonly name: string;
  readonly simpleName: string;
  readonly superTypes: readonly string[];
  readonly typeParameterCount: number;
};

/** The class name Nussknacker uses for every array type (`Object[]`); the element type is its only param. */
export const ARRAY_CLASS_NAME = '[Ljava.lang.Object;';

/** Fully-qualified names of the classes typing refers to in code. */
export const JavaClassNames = {
  Object: 'java.lang.Object',
  String: 'java.lang.String',
  CharSequence: 'java.lang.CharSequence',
  Comparable: 'java.lang.Comparable',
  Boolean: 'java.lang.Boolean',
  Number: 'java.lang.Number',
  Integer: 'java.lang.Integer',
  Long: 'java.lang.Long',
  Short: 'java.lang.Short',
  Byte: 'java.lang.Byte',
  Float: 'java.lang.Float',
  Double: 'java.lang.Double',
  Character: 'java.lang.Character',
  BigDecimal: 'java.math.BigDecimal',
  BigInteger: 'java.math.BigInteger',
  Math: 'java.lang.Math',
  Iterable: 'java.lang.Iterable',
  Collection: 'java.util.Collection',
  List: 'java.util.List',
  ArrayList: 'java.util.ArrayList',
  Set: 'java.util.Set',
  HashSet: 'java.util.HashSet',
  Map: 'java.util.Map',
  HashMap: 'java.util.HashMap',
  LinkedHashMap: 'java.util.LinkedHashMap',
  Array: ARRAY_CLASS_NAME,
  UUID: 'java.util.UUID',
  Locale: 'java.util.Locale',
  Currency: 'java.util.Currency',
  Charset: 'java.nio.charset.Charset',
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
  ChronoUnit: 'java.time.temporal.ChronoUnit',
  ZoneId: 'java.time.ZoneId',
  ZoneOffset: 'java.time.ZoneOffset',
  Temporal: 'java.time.temporal.Temporal',
  TemporalAccessor: 'java.time.temporal.TemporalAccessor',
  DateTimeFormatter: 'java.time.format.DateTimeFormatter',
  TemporalAmount: 'java.time.temporal.TemporalAmount',
  Enum: 'java.lang.Enum',
} as const;

const N = JavaClassNames;

function info(name: string, superTypes: readonly string[], typeParameterCount = 0, simpleName?: string): JavaClassInfo {
  return { name, simpleName: simpleName ?? name.slice(name.lastIndexOf('.') + 1), superTypes, typeParameterCount };
}

const COMPARABLE_NUMBER = [N.Number, N.Comparable];
const TEMPORAL = [N.Temporal, N.Comparable];

const table: readonly JavaClassInfo[] = [
  info(N.Object, []),
  info(N.CharSequence, [N.Object]),
  info(N.Comparable, [N.Object], 1),
  info(N.String, [N.CharSequence, N.Comparable]),
  info(N.Boolean, [N.Comparable]),
  info(N.Number, [N.Object]),
  info(N.Integer, COMPARABLE_NUMBER),
  info(N.Long, COMPARABLE_NUMBER),
  info(N.Short, COMPARABLE_NUMBER),
  info(N.Byte, COMPARABLE_NUMBER),
  info(N.Float, COMPARABLE_NUMBER),
  info(N.Double, COMPARABLE_NUMBER),
  info(N.BigDecimal, COMPARABLE_NUMBER),
  info(N.BigInteger, COMPARABLE_NUMBER),
  info(N.Character, [N.Comparable]),
  info(N.Math, [N.Object]),
  info(N.Iterable, [N.Object], 1),
  info(N.Collection, [N.Iterable], 1),
  info(N.List, [N.Collection], 1),
  info(N.ArrayList, [N.List], 1),
  info(N.Set, [N.Collection], 1),
  info(N.HashSet, [N.Set], 1),
  info(N.Map, [N.Object], 2),
  info(N.HashMap, [N.Map], 2),
  info(N.LinkedHashMap, [N.HashMap], 2),
  info(ARRAY_CLASS_NAME, [N.Object], 1, 'Array'),
  info(N.UUID, [N.Comparable]),
  info(N.Locale, [N.Object]),
  info(N.Currency, [N.Object]),
  info(N.Charset, [N.Comparable]),
  info(N.TemporalAccessor, [N.Object]),
  info(N.Temporal, [N.TemporalAccessor]),
  info(N.DateTimeFormatter, [N.Object]),
  info(N.TemporalAmount, [N.Object]),
  info(N.Enum, [N.Comparable]),
  info(N.LocalDate, TEMPORAL),
  info(N.LocalTime, TEMPORAL),
  info(N.LocalDateTime, TEMPORAL),
  info(N.Instant, TEMPORAL),
  info(N.ZonedDateTime, TEMPORAL),
  info(N.OffsetDateTime, TEMPORAL),
  info(N.Duration, [N.TemporalAmount, N.Comparable]),
  info(N.Period, [N.TemporalAmount]),
  info(N.DayOfWeek, [N.Enum, N.TemporalAccessor]),
  info(N.Month, [N.Enum, N.TemporalAccessor]),
  info(N.ChronoUnit, [N.Enum]),
  info(N.ZoneId, [N.Object]),
  info(N.ZoneOffset, [N.ZoneId, N.Comparable]),
];

const byName: ReadonlyMap<string, JavaClassInfo> = new Map(table.map((entry) => [entry.name, entry]));

/** The built-in facts about a class, or undefined when typing does not know it by itself. */
export function builtinClassInfo(className: string): JavaClassInfo | undefined {
  return byName.get(className);
}

/** All classes typing knows without a registry. */
export function builtinClassInfos(): readonly JavaClassInfo[] {
  return table;
}

/** The simple name shown in display strings: the part after the last `.` or `$` (Scala object suffixes dropped). */
export function simpleClassName(className: string): string {
  if (className === ARRAY_CLASS_NAME || className.startsWith('[')) return 'Array';
  const known = byName.get(className);
  if (known) return known.simpleName;
  const withoutSuffix = className.endsWith('$') ? className.slice(0, -1) : className;
  return withoutSuffix.slice(Math.max(withoutSuffix.lastIndexOf('.'), withoutSuffix.lastIndexOf('$')) + 1);
}

/** Java primitive names, which clients may send and which always mean their boxed class. */
const PRIMITIVES: Readonly<Record<string, string>> = {
  int: N.Integer,
  long: N.Long,
  short: N.Short,
  byte: N.Byte,
  float: N.Float,
  double: N.Double,
  boolean: N.Boolean,
  char: N.Character,
};

/**
 * Resolves a class name as clients write it: fully qualified (`java.lang.Long`), a primitive (`long`), or a
 * simple name of a built-in class (`Long`, case-insensitive as in `#x.to('long')`). Returns the
 * fully-qualified name, or undefined when nothing matches.
 */
export function resolveBuiltinClassName(name: string): string | undefined {
  if (byName.has(name)) return name;
  const primitive = PRIMITIVES[name];
  if (primitive) return primitive;
  if (name.startsWith('[')) return ARRAY_CLASS_NAME;
  const lower = name.toLowerCase();
  for (const entry of table) {
    if (entry.name.toLowerCase() === lower || entry.simpleName.toLowerCase() === lower) return entry.name;
  }
  return undefined;
}
