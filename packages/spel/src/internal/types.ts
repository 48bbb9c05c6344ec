import {
  canBeSubclassOf, classType, isNumberClassName, JavaClassNames, numberKindOfClassName, objTypeOf, promoteNumbers,
  unknownType, type ClassHierarchy, type NumberKind, type SingleTypingResult, type TypedClass, type TypingResult,
} from '@scenaria/typing';
import { isStringConvertibleClass } from '@scenaria/typing/runtime';

// Subtyping, common supertypes and number promotion are @scenaria/typing's; this module only adds the
// typer's views of a type and the conversions a method call applies to its arguments.

/** The class behind a type for member lookup; undefined for Unknown/Null/union. */
export function classOf(type: TypingResult): TypedClass | undefined {
  if (type.kind === 'unknown' || type.kind === 'null' || type.kind === 'union') return undefined;
  return objTypeOf(type as SingleTypingResult);
}

/** Number kind of a type (concrete number classes only). */
export function numberKindOfType(type: TypingResult): NumberKind | undefined {
  const cls = classOf(type);
  return cls ? numberKindOfClassName(cls.className) : undefined;
}

/** Number promotion of two number types (reference §2); the abstract Number stays Number. */
export function promoteNumberTypes(a: TypingResult, b: TypingResult): TypedClass {
  return promoteNumbers(a, b) ?? classType(JavaClassNames.Number);
}

/**
 * Whether an argument of type `actual` may be passed for a parameter of type `expected`: subtyping, plus the
 * conversions a call applies at runtime (as Nussknacker's method invocation does): an abstract Number (e.g.
 * from `#CONV.toNumber`) for any number parameter, any String for a class parsed from text (a literal that
 * cannot parse is reported by the typer), a Set where a List is expected.
 */
export function argumentFits(actual: TypingResult, expected: TypingResult, hierarchy: ClassHierarchy): boolean {
  if (canBeSubclassOf(actual, expected, hierarchy)) return true;
  const given = classOf(actual)?.className;
  const wanted = classOf(expected)?.className;
  if (given === undefined || wanted === undefined || expected.kind !== 'class') return false;
  if (given === JavaClassNames.Number) return isNumberClassName(wanted);
  if (given === JavaClassNames.String) return isStringConvertibleClass(wanted);
  if (given === JavaClassNames.Set && wanted === JavaClassNames.List) {
    const element = (type: TypingResult): TypingResult => classOf(type)?.params[0] ?? unknownType;
    return canBeSubclassOf(element(actual), element(expected), hierarchy);
  }
  return false;
}
