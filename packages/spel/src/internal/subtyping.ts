import { numberKindOfClass, promoteKinds, NUMBER_CLASS, type NumberKind } from './java-numbers';
import {
  ARRAY_CLASS_NAME, builtinClassInfo, classType, listType, objTypeOf, recordType, typesEqual, unknownType, withoutValue,
  type SingleTypingResult, type TypedClass, type TypingResult,
} from './typing-bridge';

// NB: subtyping and common supertypes belong to @scenaria/typing by contract; kept here until it exports them.

/** The class behind a type for member lookup; undefined for Unknown/Null/union. */
export function classOf(type: TypingResult): TypedClass | undefined {
  if (type.kind === 'unknown' || type.kind === 'null' || type.kind === 'union') return undefined;
  return objTypeOf(type as SingleTypingResult);
}

/** Java class assignability using typing's built-in hierarchy (and `extra` supertypes from a registry). */
export function isSubclassName(actual: string, expected: string, supertypesOf?: (name: string) => readonly string[] | undefined): boolean {
  if (actual === expected || expected === 'java.lang.Object') return true;
  const seen = new Set<string>();
  const queue = [actual];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (next === expected) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(supertypesOf?.(next) ?? builtinClassInfo(next)?.superTypes ?? []));
  }
  return false;
}

const LIST_LIKE = new Set(['java.util.List', 'java.util.ArrayList', 'java.util.Collection', 'java.lang.Iterable', ARRAY_CLASS_NAME]);
const MAP_LIKE = new Set(['java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap']);

/** Number kind of a type (concrete number classes only). */
export function numberKindOfType(type: TypingResult): NumberKind | undefined {
  const cls = classOf(type);
  return cls ? numberKindOfClass(cls.className) : undefined;
}

/** True for any number type (including the abstract `Number`). */
export function isNumberType(type: TypingResult): boolean {
  const cls = classOf(type);
  return cls !== undefined && (cls.className === 'java.lang.Number' || numberKindOfClass(cls.className) !== undefined);
}

/** Number promotion of two number types (reference §2); the abstract Number stays Number. */
export function promoteNumberTypes(a: TypingResult, b: TypingResult): TypedClass {
  const ka = numberKindOfType(a);
  const kb = numberKindOfType(b);
  if (ka === undefined || kb === undefined) return classType('java.lang.Number');
  return classType(NUMBER_CLASS[promoteKinds(ka, kb)]);
}

const WIDENING: Readonly<Record<string, readonly string[]>> = {
  'java.lang.Byte': ['java.lang.Short', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Float', 'java.lang.Double', 'java.math.BigInteger', 'java.math.BigDecimal'],
  'java.lang.Short': ['java.lang.Integer', 'java.lang.Long', 'java.lang.Float', 'java.lang.Double', 'java.math.BigInteger', 'java.math.BigDecimal'],
  'java.lang.Integer': ['java.lang.Long', 'java.lang.Float', 'java.lang.Double', 'java.math.BigInteger', 'java.math.BigDecimal'],
  'java.lang.Long': ['java.lang.Float', 'java.lang.Double', 'java.math.BigInteger', 'java.math.BigDecimal'],
  'java.lang.Float': ['java.lang.Double', 'java.math.BigDecimal'],
  'java.lang.Double': ['java.math.BigDecimal'],
  'java.math.BigInteger': ['java.math.BigDecimal'],
};

/** String literals may be passed where these classes are expected; they are converted when called. */
export const STRING_CONVERTIBLE = new Set([
  'java.time.LocalDate', 'java.time.LocalTime', 'java.time.LocalDateTime', 'java.time.ZoneId', 'java.time.ZoneOffset',
  'java.util.UUID', 'java.util.Locale', 'java.nio.charset.Charset', 'java.util.Currency',
]);

/**
 * Whether a value of `actual` may be used where `expected` is required (reference §2 "Subtyping"):
 * Unknown fits everything both ways, Null fits any class, numbers widen implicitly, list/array elements and
 * map values are covariant, records fit maps and wider records, arrays and lists are interchangeable.
 */
export function canBeSubclassOf(actual: TypingResult, expected: TypingResult, supertypesOf?: (name: string) => readonly string[] | undefined): boolean {
  if (actual.kind === 'unknown' || expected.kind === 'unknown' || actual.kind === 'null') return true;
  if (expected.kind === 'null') return false;
  if (actual.kind === 'union') return actual.types.every((member) => canBeSubclassOf(member, expected, supertypesOf));
  if (expected.kind === 'union') return expected.types.some((member) => canBeSubclassOf(actual, member, supertypesOf));
  if (expected.kind === 'value') {
    return actual.kind === 'value' && typesEqual(withoutValue(actual), expected.underlying) && String(actual.value) === String(expected.value);
  }
  if (expected.kind === 'record') {
    if (actual.kind !== 'record') {
      const cls = classOf(actual);
      return cls !== undefined && MAP_LIKE.has(cls.className) && cls.params.every((param) => param.kind === 'unknown');
    }
    for (const [name, fieldType] of expected.fields) {
      const actualField = actual.fields.get(name);
      if (actualField === undefined || !canBeSubclassOf(actualField, fieldType, supertypesOf)) return false;
    }
    return true;
  }
  if (expected.kind === 'dict' || expected.kind === 'tagged') {
    return actual.kind === expected.kind && typesEqual(withoutValue(actual), withoutValue(expected));
  }
  const expectedClass = expected as TypedClass;
  if (actual.kind === 'record') {
    if (expectedClass.className === 'java.lang.Object') return true;
    if (!MAP_LIKE.has(expectedClass.className)) return false;
    const valueType = expectedClass.params[1] ?? unknownType;
    const keyType = expectedClass.params[0] ?? unknownType;
    if (keyType.kind !== 'unknown' && !canBeSubclassOf(classType('java.lang.String'), keyType, supertypesOf)) return false;
    return [...actual.fields.values()].every((field) => canBeSubclassOf(field, valueType, supertypesOf));
  }
  const actualClass = classOf(actual)!;
  const a = actualClass.className;
  const e = expectedClass.className;
  const sameFamily =
    isSubclassName(a, e, supertypesOf) ||
    (WIDENING[a]?.includes(e) ?? false) ||
    (e === 'java.lang.Number' && numberKindOfClass(a) !== undefined) ||
    // An abstract Number (e.g. from #CONV.toNumber) is accepted for any number parameter and converted on call.
    (a === 'java.lang.Number' && numberKindOfClass(e) !== undefined) ||
    (LIST_LIKE.has(a) && LIST_LIKE.has(e)) ||
    (a === 'java.util.Set' && LIST_LIKE.has(e) && e !== ARRAY_CLASS_NAME) ||
    (a === 'java.lang.String' && STRING_CONVERTIBLE.has(e));
  if (!sameFamily) return false;
  if (LIST_LIKE.has(e) || e === 'java.util.Set') {
    const actualElement = actualClass.params[0] ?? unknownType;
    const expectedElement = expectedClass.params[0] ?? unknownType;
    return canBeSubclassOf(actualElement, expectedElement, supertypesOf);
  }
  if (MAP_LIKE.has(e) && MAP_LIKE.has(a)) {
    const [ak = unknownType, av = unknownType] = actualClass.params;
    const [ek = unknownType, ev = unknownType] = expectedClass.params;
    const keysFit = ak.kind === 'unknown' || ek.kind === 'unknown' || typesEqual(withoutValue(ak), withoutValue(ek));
    return keysFit && canBeSubclassOf(av, ev, supertypesOf);
  }
  return true;
}

/**
 * The common supertype used for inline lists and ternaries (the original's "Default" finder): identical
 * types stay, numbers promote, records keep common fields, a Null side gives the other side, else Unknown.
 */
export function commonSupertype(a: TypingResult, b: TypingResult): TypingResult {
  if (a.kind === 'null') return withoutValue(b);
  if (b.kind === 'null') return withoutValue(a);
  if (a.kind === 'unknown' || b.kind === 'unknown') return unknownType;
  const left = withoutValue(a);
  const right = withoutValue(b);
  if (typesEqual(left, right)) return left;
  if (left.kind === 'record' && right.kind === 'record') {
    const fields: [string, TypingResult][] = [];
    for (const [name, field] of left.fields) {
      const other = right.fields.get(name);
      if (other !== undefined) {
        const common = commonSupertype(field, other);
        if (common.kind !== 'unknown' || field.kind === 'unknown') fields.push([name, common]);
      }
    }
    return recordType(fields);
  }
  if (isNumberType(left) && isNumberType(right)) {
    const ka = numberKindOfType(left);
    const kb = numberKindOfType(right);
    return ka && kb ? classType(NUMBER_CLASS[promoteKinds(ka, kb)]) : classType('java.lang.Number');
  }
  const lc = classOf(left);
  const rc = classOf(right);
  if (lc && rc && lc.params.length > 0 && lc.className === rc.className && lc.params.length === rc.params.length) {
    return classType(lc.className, lc.params.map((param, i) => commonSupertype(param, rc.params[i]!)));
  }
  if (lc && rc && LIST_LIKE.has(lc.className) && LIST_LIKE.has(rc.className)) {
    return listType(commonSupertype(lc.params[0] ?? unknownType, rc.params[0] ?? unknownType));
  }
  return unknownType;
}
