import { convertStringTo, isStringConvertibleClass } from '../runtime/string-conversions';
import { javaToString } from '../runtime/to-string';
import { builtinClassHierarchy, isSubclassName, type ClassHierarchy } from './class-hierarchy';
import { ARRAY_CLASS_NAME, JavaClassNames } from './java-classes';
import { isNumberWidening } from './numbers';
import { objTypeOf, withoutValue, type SingleTypingResult, type TypedClass, type TypedRecord, type TypingResult } from './typing-result';

const N = JavaClassNames;

/** Classes an array is accepted for: Nussknacker unifies arrays and lists (converted at runtime). */
const ARRAY_ACCEPTING: readonly string[] = [N.List, N.Collection, N.Iterable];

/**
 * Whether a value of type `given` may be used where `expected` is required (parameter checks, `instanceof`
 * hints), following Nussknacker's rules:
 * - Unknown is compatible with everything in both directions; Null fits anything except a type with a
 *   known value, and nothing but Null fits Null.
 * - A union fits when any member fits, and anything fits a union that has a fitting member (lenient, as
 *   Nussknacker: there are no casts in the language).
 * - Classes by the Java hierarchy, plus implicit number widening (Integer -> Long/Double/BigDecimal, never
 *   narrowing), arrays where a List is expected, and String literals that parse as the expected
 *   LocalDate/ZoneId/UUID/Locale/Charset/Currency (a String whose value is not known does not convert).
 * - Generic parameters: map keys invariant; map values, list and array elements covariant; other generic
 *   classes lax (either direction).
 * - A record fits `Map[String,V]` when every field fits V, and a record when every expected field is present
 *   and fits. Known values must be equal (a type without a value fits a type with one); a dictionary value
 *   fits only the same dictionary; tags must match.
 */
export function canBeSubclassOf(given: TypingResult, expected: TypingResult, hierarchy: ClassHierarchy = builtinClassHierarchy): boolean {
  if (given.kind === 'unknown' || expected.kind === 'unknown') return true;
  // Null fits every reference type, but not a type that promises a particular value.
  if (given.kind === 'null') return expected.kind !== 'value';
  if (expected.kind === 'null') return false;
  if (given.kind === 'union') return given.types.some((member) => canBeSubclassOf(member, expected, hierarchy));
  if (expected.kind === 'union') return expected.types.some((member) => canBeSubclassOf(given, member, hierarchy));
  return singleCanBeSubclassOf(given, expected, hierarchy);
}

function singleCanBeSubclassOf(given: SingleTypingResult, expected: SingleTypingResult, hierarchy: ClassHierarchy): boolean {
  // A dictionary value only fits the same dictionary, and nothing else fits a dictionary (as Nussknacker).
  if (given.kind === 'dict' || expected.kind === 'dict') return given.kind === 'dict' && expected.kind === 'dict' && given.dictId === expected.dictId;
  switch (expected.kind) {
    case 'tagged':
      return given.kind === 'tagged' && given.tag === expected.tag && singleCanBeSubclassOf(given.underlying, expected.underlying, hierarchy);
    case 'value': {
      // A type without a known value could hold the expected one (Integer fits Integer(5)); known values must be equal.
      const givenValue = knownSingleValue(given);
      return (givenValue === undefined || sameValue(givenValue.value, expected.value)) && classCanBeSubclassOf(given, expected.underlying, hierarchy);
    }
    case 'record':
      return given.kind === 'record' && recordFitsRecord(given, expected, hierarchy);
    case 'class':
      if (given.kind === 'record' && expected.params.length === 2 && isSubclassName(N.Map, expected.className, hierarchy)) {
        return recordFitsMap(given, expected, hierarchy);
      }
      return classCanBeSubclassOf(given, expected, hierarchy);
  }
}

function knownSingleValue(type: SingleTypingResult): { value: unknown } | undefined {
  switch (type.kind) {
    case 'value':
      return { value: type.value };
    case 'tagged':
      return knownSingleValue(type.underlying);
    case 'dict':
      return knownSingleValue(type.valueType);
    default:
      return undefined;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === typeof b && javaToString(a) === javaToString(b));
}

function recordFitsRecord(given: TypedRecord, expected: TypedRecord, hierarchy: ClassHierarchy): boolean {
  for (const [name, fieldType] of expected.fields) {
    const givenField = given.fields.get(name);
    if (givenField === undefined || !canBeSubclassOf(givenField, fieldType, hierarchy)) return false;
  }
  return true;
}

function recordFitsMap(given: TypedRecord, expected: TypedClass, hierarchy: ClassHierarchy): boolean {
  if (!isSubclassName(given.objType.className, expected.className, hierarchy) && !isSubclassName(N.Map, expected.className, hierarchy)) return false;
  const [keyType, valueType] = expected.params as readonly [TypingResult, TypingResult];
  if (keyType.kind !== 'unknown' && !(keyType.kind === 'class' && keyType.className === N.String)) return false;
  return [...given.fields.values()].every((field) => canBeSubclassOf(field, valueType, hierarchy));
}

function classCanBeSubclassOf(given: SingleTypingResult, expected: TypedClass, hierarchy: ClassHierarchy): boolean {
  const givenClass = objTypeOf(given);
  if (isSubclassName(givenClass.className, expected.className, hierarchy)) return paramsFit(givenClass, expected, hierarchy);
  if (isNumberWidening(givenClass.className, expected.className)) return true;
  if (givenClass.className === ARRAY_CLASS_NAME && ARRAY_ACCEPTING.includes(expected.className)) return paramsFit(givenClass, expected, hierarchy);
  if (givenClass.className === N.String && isStringConvertibleClass(expected.className)) {
    // Only a String whose value is known at compile time (a literal) converts, and only if it parses.
    const known = knownSingleValue(given);
    return known !== undefined && typeof known.value === 'string' && convertStringTo(expected.className, known.value) !== undefined;
  }
  return false;
}

/**
 * Generic parameters, compared position by position: list and array elements covariant, map keys invariant
 * and values covariant; for any other generic class Nussknacker is lax (either direction fits), since it
 * cannot know the variance.
 */
function paramsFit(given: TypedClass, expected: TypedClass, hierarchy: ClassHierarchy): boolean {
  if (expected.params.length === 0 || given.params.length === 0) return true;
  const isListLike = expected.params.length === 1 && (isSubclassName(expected.className, N.List, hierarchy) || expected.className === ARRAY_CLASS_NAME);
  const isMap = expected.params.length === 2 && given.params.length === 2 && isSubclassName(expected.className, N.Map, hierarchy);
  if (isListLike) return canBeSubclassOf(given.params[0] as TypingResult, expected.params[0] as TypingResult, hierarchy);
  if (isMap) {
    const [givenKey, givenValue] = given.params as readonly [TypingResult, TypingResult];
    const [expectedKey, expectedValue] = expected.params as readonly [TypingResult, TypingResult];
    return isInvariantMatch(givenKey, expectedKey, hierarchy) && canBeSubclassOf(givenValue, expectedValue, hierarchy);
  }
  return expected.params.every((expectedParam, i) => {
    const givenParam = given.params[i];
    return givenParam === undefined || canBeSubclassOf(givenParam, expectedParam, hierarchy) || canBeSubclassOf(expectedParam, givenParam, hierarchy);
  });
}

function isInvariantMatch(given: TypingResult, expected: TypingResult, hierarchy: ClassHierarchy): boolean {
  if (given.kind === 'unknown' || expected.kind === 'unknown') return true;
  const plainGiven = withoutValue(given);
  const plainExpected = withoutValue(expected);
  return canBeSubclassOf(plainGiven, plainExpected, hierarchy) && canBeSubclassOf(plainExpected, plainGiven, hierarchy);
}
