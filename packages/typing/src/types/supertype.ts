import { builtinClassHierarchy, isSubclassName, type ClassHierarchy } from './class-hierarchy';
import { isNumberType } from './numbers';
import { JavaClassNames } from './java-classes';
import {
  classType,
  objTypeOf,
  Types,
  recordTypeWithObjType,
  taggedType,
  typesEqual,
  unionType,
  unknownType,
  withoutValue,
  type SingleTypingResult,
  type TypedClass,
  type TypingResult,
} from './typing-result';

/**
 * The common supertype used for inline lists, the ternary operator and record value types (the
 * original's "Default" finder): identical types stay; Null gives way to the other side (dropping its known
 * value); equal known values stay, different ones are dropped; two different number classes give `Number`;
 * records keep the fields of both sides, common ones with the supertypes of the field types; a record meets a class, and a dictionary anything, through its runtime class; a class and its
 * subclass give the superclass; anything else is Unknown (never a union; see {@link commonSupertypeOrUnion}).
 */
export function commonSupertype(a: TypingResult, b: TypingResult, hierarchy: ClassHierarchy = builtinClassHierarchy): TypingResult {
  if (a.kind === 'unknown' || b.kind === 'unknown') return unknownType;
  // With null possible, a known value is no longer known (`true ? 8 : null` is Integer).
  if (a.kind === 'null') return b.kind === 'value' ? b.underlying : b;
  if (b.kind === 'null') return a.kind === 'value' ? a.underlying : a;
  if (typesEqual(a, b)) return a;
  if (a.kind === 'union' || b.kind === 'union') {
    const members = [...(a.kind === 'union' ? a.types : [a]), ...(b.kind === 'union' ? b.types : [b])];
    return members.reduce<TypingResult>((acc, member) => commonSupertype(acc, member, hierarchy), members[0] as SingleTypingResult);
  }
  return singleSupertype(a, b, hierarchy);
}

function singleSupertype(a: SingleTypingResult, b: SingleTypingResult, hierarchy: ClassHierarchy): TypingResult {
  if (a.kind === 'value' || b.kind === 'value') return commonSupertype(withoutValue(a), withoutValue(b), hierarchy);
  if (a.kind === 'tagged' && b.kind === 'tagged' && a.tag === b.tag) {
    const underlying = commonSupertype(a.underlying, b.underlying, hierarchy);
    return underlying.kind === 'unknown' || underlying.kind === 'union' || underlying.kind === 'null' ? underlying : taggedType(underlying, a.tag);
  }
  if (a.kind === 'tagged') return commonSupertype(a.underlying, b, hierarchy);
  if (b.kind === 'tagged') return commonSupertype(a, b.underlying, hierarchy);
  if (a.kind === 'dict' || b.kind === 'dict') return classSupertype(objTypeOf(a), objTypeOf(b), hierarchy);
  if (a.kind === 'record' && b.kind === 'record') {
    // Every field of either side, as the original's loose finder keeps them (a record may lack an optional
    // field the other has): a field of one side stays as it is, a common one gets the supertype of both.
    const fields: [string, TypingResult][] = [];
    for (const [name, field] of a.fields) {
      const other = b.fields.get(name);
      fields.push([name, other === undefined ? field : commonSupertype(field, other, hierarchy)]);
    }
    for (const [name, field] of b.fields) if (!a.fields.has(name)) fields.push([name, field]);
    return recordTypeWithObjType(fields, recordObjType(fields.map(([, type]) => type), hierarchy));
  }
  // A record meets a class through its runtime class (a Map).
  return classSupertype(objTypeOf(a), objTypeOf(b), hierarchy);
}

function classSupertype(a: TypedClass, b: TypedClass, hierarchy: ClassHierarchy): TypingResult {
  // Two number classes meet in their common superclass, Number (`c ? 12 : 23.0` is Number): no promotion here.
  if (a.className !== b.className && isNumberType(a) && isNumberType(b)) return Types.Number;
  if (a.className === b.className) return classType(a.className, mergeParams(a, b, hierarchy));
  if (isSubclassName(a.className, b.className, hierarchy)) return b.params.length === a.params.length ? classType(b.className, mergeParams(a, b, hierarchy)) : b;
  if (isSubclassName(b.className, a.className, hierarchy)) return a.params.length === b.params.length ? classType(a.className, mergeParams(a, b, hierarchy)) : a;
  return unknownType;
}

function mergeParams(a: TypedClass, b: TypedClass, hierarchy: ClassHierarchy): readonly TypingResult[] {
  if (a.params.length !== b.params.length) return a.params.map(() => unknownType);
  return a.params.map((param, i) => commonSupertype(withoutValue(param), withoutValue(b.params[i] as TypingResult), hierarchy));
}

/**
 * The supertype for the elvis operator and generic helpers: the common supertype when there is a real one,
 * otherwise the union of both sides (`String | Integer`).
 */
export function commonSupertypeOrUnion(a: TypingResult, b: TypingResult, hierarchy: ClassHierarchy = builtinClassHierarchy): TypingResult {
  const common = commonSupertype(a, b, hierarchy);
  if (common.kind !== 'unknown' || a.kind === 'unknown' || b.kind === 'unknown') return common;
  return unionType(withoutValue(a), withoutValue(b));
}

/** The common supertype of any number of types (Unknown for none). */
export function commonSupertypeOfAll(types: readonly TypingResult[], hierarchy: ClassHierarchy = builtinClassHierarchy): TypingResult {
  const [first, ...rest] = types;
  if (first === undefined) return unknownType;
  return rest.reduce((acc, type) => commonSupertype(acc, type, hierarchy), first);
}

/**
 * The runtime class of a record: `java.util.HashMap[String, V]` where V is the common supertype of the field
 * types without their values (Unknown for no fields), as Nussknacker computes it.
 */
export function recordObjType(fieldTypes: readonly TypingResult[], hierarchy: ClassHierarchy = builtinClassHierarchy): TypedClass {
  const valueType = withoutValue(commonSupertypeOfAll(fieldTypes.map(withoutValue), hierarchy));
  return classType(JavaClassNames.HashMap, [Types.String, valueType]);
}
