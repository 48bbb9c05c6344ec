import { javaToString } from '../runtime/to-string';
import { ARRAY_CLASS_NAME, builtinClassInfo, JavaClassNames, simpleClassName } from './java-classes';

/**
 * Typing results: the static types of the SpEL dialect (Nussknacker's `TypingResult`).
 * The wire names (`TypedClass`, `TypedObjectTypingResult`, ...) appear only in the JSON codec; in memory a
 * short `kind` discriminates. All values are plain immutable data; build them with the constructors below.
 */

/** A Java class with its generic parameters (`List[Integer]`); arrays use `[Ljava.lang.Object;`. */
export type TypedClass = {
  readonly kind: 'class';
  readonly className: string;
  readonly params: readonly TypingResult[];
};

/**
 * A record: a map with known String keys (Nussknacker `TypedObjectTypingResult`). Fields keep insertion
 * order; `objType` is the runtime class behind it (normally `java.util.HashMap[String, <supertype of values>]`).
 * Fields live in a `Map` so that a field called `constructor` or `__proto__` is just a field.
 */
export type TypedRecord = {
  readonly kind: 'record';
  readonly fields: ReadonlyMap<string, TypingResult>;
  readonly objType: TypedClass;
  readonly additionalInfo?: Readonly<Record<string, string | number | boolean>>;
};

/** A class whose value is known at compile time (`Integer(5)`); `value` is the runtime value. */
export type TypedValue = {
  readonly kind: 'value';
  readonly underlying: TypedClass;
  readonly value: unknown;
};

/** A value of a dictionary (labels shown to users, keys stored). */
export type TypedDict = {
  readonly kind: 'dict';
  readonly dictId: string;
  readonly valueType: SingleTypingResult;
};

/** A type with a tag attached (e.g. `dictValue:<id>`, schema-specific tags). */
export type TypedTaggedValue = {
  readonly kind: 'tagged';
  readonly underlying: SingleTypingResult;
  readonly tag: string;
};

/** One of several types (at least two, never Unknown or Null inside, no nesting). */
export type TypedUnion = {
  readonly kind: 'union';
  readonly types: readonly SingleTypingResult[];
};

/** Any type: compatible with everything in both directions. */
export type UnknownType = { readonly kind: 'unknown' };

/** The type of the `null` literal. */
export type NullType = { readonly kind: 'null' };

/** A type that stands for one runtime class. */
export type SingleTypingResult = TypedClass | TypedRecord | TypedValue | TypedDict | TypedTaggedValue;

/** Every static type of the expression language. */
export type TypingResult = SingleTypingResult | TypedUnion | UnknownType | NullType;

/** The Unknown type. */
export const unknownType: UnknownType = Object.freeze({ kind: 'unknown' });

/** The Null type. */
export const nullType: NullType = Object.freeze({ kind: 'null' });

/**
 * A class type. Missing generic parameters of a known generic class become Unknown (`classType('java.util.List')`
 * is `List[Unknown]`); `java.lang.Object` is Unknown, as in Nussknacker.
 */
export function classType(className: string, params?: readonly TypingResult[]): TypedClass {
  const expected = builtinClassInfo(className)?.typeParameterCount;
  const resolvedParams = params ?? (expected === undefined ? [] : Array.from({ length: expected }, () => unknownType));
  return Object.freeze({ kind: 'class', className, params: Object.freeze([...resolvedParams]) });
}

/** Like classType but `java.lang.Object` gives Unknown, the way Nussknacker types `Object`. */
export function typeForClassName(className: string, params?: readonly TypingResult[]): TypedClass | UnknownType {
  return className === JavaClassNames.Object ? unknownType : classType(className, params);
}

/** `List[element]` (java.util.List). */
export function listType(element: TypingResult = unknownType): TypedClass {
  return classType(JavaClassNames.List, [element]);
}

/** `Set[element]` (java.util.Set). */
export function setType(element: TypingResult = unknownType): TypedClass {
  return classType(JavaClassNames.Set, [element]);
}

/** `Map[key,value]` (java.util.Map). */
export function mapType(key: TypingResult = unknownType, value: TypingResult = unknownType): TypedClass {
  return classType(JavaClassNames.Map, [key, value]);
}

/** `Array[element]` (Java `Object[]` with the element type as the only parameter). */
export function arrayType(element: TypingResult = unknownType): TypedClass {
  return classType(ARRAY_CLASS_NAME, [element]);
}

/** Shorthands for the common scalar classes. */
export const Types = {
  String: classType(JavaClassNames.String),
  Boolean: classType(JavaClassNames.Boolean),
  Integer: classType(JavaClassNames.Integer),
  Long: classType(JavaClassNames.Long),
  Short: classType(JavaClassNames.Short),
  Byte: classType(JavaClassNames.Byte),
  Float: classType(JavaClassNames.Float),
  Double: classType(JavaClassNames.Double),
  BigDecimal: classType(JavaClassNames.BigDecimal),
  BigInteger: classType(JavaClassNames.BigInteger),
  Number: classType(JavaClassNames.Number),
  Character: classType(JavaClassNames.Character),
  LocalDate: classType(JavaClassNames.LocalDate),
  LocalTime: classType(JavaClassNames.LocalTime),
  LocalDateTime: classType(JavaClassNames.LocalDateTime),
  Instant: classType(JavaClassNames.Instant),
  ZonedDateTime: classType(JavaClassNames.ZonedDateTime),
  OffsetDateTime: classType(JavaClassNames.OffsetDateTime),
  Duration: classType(JavaClassNames.Duration),
  Period: classType(JavaClassNames.Period),
  DayOfWeek: classType(JavaClassNames.DayOfWeek),
  Month: classType(JavaClassNames.Month),
  ChronoUnit: classType(JavaClassNames.ChronoUnit),
  DateTimeFormatter: classType(JavaClassNames.DateTimeFormatter),
  ZoneId: classType(JavaClassNames.ZoneId),
  ZoneOffset: classType(JavaClassNames.ZoneOffset),
  UUID: classType(JavaClassNames.UUID),
  Locale: classType(JavaClassNames.Locale),
  Currency: classType(JavaClassNames.Currency),
  Charset: classType(JavaClassNames.Charset),
} as const;

/** A type with a compile-time known value (`valueType(Types.Integer, 5)` displays `Integer(5)`). */
export function valueType(underlying: TypedClass, value: unknown): TypedValue {
  return Object.freeze({ kind: 'value', underlying, value });
}

/** Record fields as callers write them: a plain object (own keys, in order), entries, or a Map. */
export type RecordFieldsInput = Readonly<Record<string, TypingResult>> | Iterable<readonly [string, TypingResult]>;

/** Options of a record type: its runtime class and Nussknacker's free-form additional info. */
export type RecordOptions = { objType?: TypedClass; additionalInfo?: Readonly<Record<string, string | number | boolean>> };

/** The fields as ordered entries, from any accepted input form. */
export function recordEntries(fields: RecordFieldsInput): [string, TypingResult][] {
  return isIterable(fields)
    ? [...fields].map(([name, type]) => [name, type])
    : Object.keys(fields).map((name) => [name, (fields as Record<string, TypingResult>)[name] as TypingResult]);
}

/**
 * A record with an explicit runtime class. Most callers want `recordType`, which computes the class as
 * Nussknacker does (`java.util.HashMap[String, <common supertype of the field types>]`).
 */
export function recordTypeWithObjType(fields: RecordFieldsInput, objType: TypedClass, additionalInfo?: Readonly<Record<string, string | number | boolean>>): TypedRecord {
  const fieldMap: ReadonlyMap<string, TypingResult> = new Map(recordEntries(fields));
  const record: TypedRecord =
    additionalInfo && Object.keys(additionalInfo).length > 0
      ? { kind: 'record', fields: fieldMap, objType, additionalInfo: Object.freeze({ ...additionalInfo }) }
      : { kind: 'record', fields: fieldMap, objType };
  return Object.freeze(record);
}

function isIterable(value: unknown): value is Iterable<readonly [string, TypingResult]> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value;
}

/** A dictionary value type. */
export function dictType(dictId: string, valueType: SingleTypingResult): TypedDict {
  return Object.freeze({ kind: 'dict', dictId, valueType });
}

/** A tagged type. */
export function taggedType(underlying: SingleTypingResult, tag: string): TypedTaggedValue {
  return Object.freeze({ kind: 'tagged', underlying, tag });
}

/**
 * The union of the given types, normalised like Nussknacker's `Typed(...)`: nested unions flattened,
 * duplicates dropped, Null dropped when anything else is present, Unknown absorbs everything, a single
 * remaining type is returned as itself, and no types at all is Unknown.
 */
export function unionType(...types: readonly TypingResult[]): TypingResult {
  const members: SingleTypingResult[] = [];
  let sawNull = false;
  for (const type of types) {
    if (type.kind === 'unknown') return unknownType;
    if (type.kind === 'null') {
      sawNull = true;
      continue;
    }
    for (const member of type.kind === 'union' ? type.types : [type]) {
      if (!members.some((existing) => typesEqual(existing, member))) members.push(member);
    }
  }
  if (members.length === 0) return sawNull ? nullType : unknownType;
  if (members.length === 1) return members[0] as SingleTypingResult;
  return Object.freeze({ kind: 'union', types: Object.freeze(members) });
}

/** The same type with every compile-time known value dropped (`Integer(5)` -> `Integer`). */
export function withoutValue(type: TypingResult): TypingResult {
  switch (type.kind) {
    case 'value':
      return type.underlying;
    case 'record': {
      const fields = [...type.fields].map(([name, field]) => [name, withoutValue(field)] as const);
      return recordTypeWithObjType(fields, type.objType, type.additionalInfo);
    }
    case 'dict':
      return dictType(type.dictId, withoutValue(type.valueType) as SingleTypingResult);
    case 'tagged':
      return taggedType(withoutValue(type.underlying) as SingleTypingResult, type.tag);
    case 'union':
      return unionType(...type.types.map(withoutValue));
    default:
      return type;
  }
}

/** The runtime class behind a single type (`objType` in Nussknacker). */
export function objTypeOf(type: SingleTypingResult): TypedClass {
  switch (type.kind) {
    case 'class':
      return type;
    case 'record':
      return type.objType;
    case 'value':
      return type.underlying;
    case 'dict':
      return objTypeOf(type.valueType);
    case 'tagged':
      return objTypeOf(type.underlying);
  }
}

/** The compile-time known value, if there is one (`{ value }` so a known null is distinguishable). */
export function knownValueOf(type: TypingResult): { value: unknown } | undefined {
  switch (type.kind) {
    case 'value':
      return { value: type.value };
    case 'null':
      return { value: null };
    case 'dict':
      return knownValueOf(type.valueType);
    case 'tagged':
      return knownValueOf(type.underlying);
    default:
      return undefined;
  }
}

const MAX_VALUE_DISPLAY = 15;

/**
 * The human-readable form shown by the designer, exactly as Nussknacker prints it:
 * `Integer`, `List[Integer]`, `Map[String,Integer]` (no space), `Array[String]`, `Integer(5)`, `List[Integer]({1, 2})` (values longer
 * than 15 characters cut to 12 plus `...`), `Record{a: Integer, b: String}` and `A | B` (both sorted),
 * `Dict(id=x)`, `String @ tag`, `Unknown`, `Null`.
 */
export function displayType(type: TypingResult): string {
  switch (type.kind) {
    case 'class': {
      const name = simpleClassName(type.className);
      return type.params.length > 0 ? `${name}[${type.params.map(displayType).join(',')}]` : name;
    }
    case 'record':
      return `Record{${[...type.fields].map(([name, field]) => `${name}: ${displayType(field)}`).sort(compareCodeUnits).join(', ')}}`;
    case 'value': {
      // A list prints its elements in braces, as SpEL writes it (`List[Integer]({1, 2})`); anything else as Java prints it.
      const text = Array.isArray(type.value) ? `{${type.value.map(javaToString).join(', ')}}` : javaToString(type.value);
      const shortened = text.length <= MAX_VALUE_DISPLAY ? text : `${text.slice(0, MAX_VALUE_DISPLAY - 3)}...`;
      return `${displayType(type.underlying)}(${shortened})`;
    }
    case 'dict':
      return `Dict(id=${type.dictId})`;
    case 'tagged':
      return `${displayType(type.underlying)} @ ${type.tag}`;
    case 'union':
      return type.types.map(displayType).sort(compareCodeUnits).join(' | ');
    case 'unknown':
      return 'Unknown';
    case 'null':
      return 'Null';
  }
}

/** Java/Scala string ordering (UTF-16 code units), unlike localeCompare. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Structural equality of types. Known values compare by their Java string form and class, records by
 * fields in any order, unions as sets (order is irrelevant, as in Nussknacker).
 */
export function typesEqual(a: TypingResult, b: TypingResult): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'unknown':
    case 'null':
      return a.kind === b.kind;
    case 'class':
      return b.kind === 'class' && a.className === b.className && a.params.length === b.params.length && a.params.every((param, i) => typesEqual(param, b.params[i] as TypingResult));
    case 'value':
      return b.kind === 'value' && typesEqual(a.underlying, b.underlying) && sameKnownValue(a.value, b.value);
    case 'record': {
      if (b.kind !== 'record' || a.fields.size !== b.fields.size || !typesEqual(a.objType, b.objType)) return false;
      for (const [name, field] of a.fields) {
        const other = b.fields.get(name);
        if (other === undefined || !typesEqual(field, other)) return false;
      }
      return true;
    }
    case 'dict':
      return b.kind === 'dict' && a.dictId === b.dictId && typesEqual(a.valueType, b.valueType);
    case 'tagged':
      return b.kind === 'tagged' && a.tag === b.tag && typesEqual(a.underlying, b.underlying);
    case 'union':
      return b.kind === 'union' && a.types.length === b.types.length && a.types.every((member) => b.types.some((other) => typesEqual(member, other)));
  }
}

function sameKnownValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b) return false;
  return javaToString(a) === javaToString(b);
}
