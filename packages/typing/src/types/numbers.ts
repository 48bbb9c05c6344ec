import { JavaClassNames } from './java-classes';
import { classType, objTypeOf, type SingleTypingResult, type TypedClass, type TypingResult } from './typing-result';

const N = JavaClassNames;

/** Floating classes, widest first (SpEL promotion order). */
const FLOATING: readonly string[] = [N.BigDecimal, N.Double, N.Float];
/** Integral classes, widest first. */
const INTEGRAL: readonly string[] = [N.BigInteger, N.Long, N.Integer, N.Short, N.Byte];

/** The concrete Java number classes, by simple name: the kinds runtime values and arithmetic are specialised on. */
export type NumberKind = 'Byte' | 'Short' | 'Integer' | 'Long' | 'BigInteger' | 'Float' | 'Double' | 'BigDecimal';

const KIND_BY_CLASS_NAME: ReadonlyMap<string, NumberKind> = new Map([
  [N.Byte, 'Byte'], [N.Short, 'Short'], [N.Integer, 'Integer'], [N.Long, 'Long'],
  [N.BigInteger, 'BigInteger'], [N.Float, 'Float'], [N.Double, 'Double'], [N.BigDecimal, 'BigDecimal'],
]);

/** The number kind of a concrete Java number class name (`java.lang.Long` -> `Long`); undefined for others, `java.lang.Number` included. */
export function numberKindOfClassName(className: string): NumberKind | undefined {
  return KIND_BY_CLASS_NAME.get(className);
}

/** True for the concrete Java number classes and `java.lang.Number` itself. */
export function isNumberClassName(className: string): boolean {
  return className === N.Number || FLOATING.includes(className) || INTEGRAL.includes(className);
}

/** True for a single type whose runtime class is a number class. */
export function isNumberType(type: TypingResult): type is SingleTypingResult {
  if (type.kind === 'unknown' || type.kind === 'null' || type.kind === 'union') return false;
  return isNumberClassName(objTypeOf(type).className);
}

/**
 * Classes a number may be implicitly widened to when passed as a parameter (Java primitive widening plus
 * the exact big types). Narrowing is never implicit.
 */
const WIDENINGS: Readonly<Record<string, readonly string[]>> = {
  [N.Byte]: [N.Short, N.Integer, N.Long, N.Float, N.Double, N.BigInteger, N.BigDecimal],
  [N.Short]: [N.Integer, N.Long, N.Float, N.Double, N.BigInteger, N.BigDecimal],
  [N.Integer]: [N.Long, N.Float, N.Double, N.BigInteger, N.BigDecimal],
  [N.Long]: [N.Float, N.Double, N.BigInteger, N.BigDecimal],
  [N.Float]: [N.Double, N.BigDecimal],
  [N.Double]: [N.BigDecimal],
  [N.BigInteger]: [N.BigDecimal],
  [N.Character]: [N.Integer, N.Long, N.Float, N.Double],
};

/** True when a value of class `from` converts implicitly (without loss of magnitude) to class `to`. */
export function isNumberWidening(from: string, to: string): boolean {
  return WIDENINGS[from]?.includes(to) ?? false;
}

/**
 * The class of the result of an arithmetic operator on two number classes (SpEL promotion): both floating
 * -> the wider floating; both integral -> the wider integral, at least Integer; mixed -> the floating one;
 * `java.lang.Number` on either side -> Number. Returns undefined when either class is not a number.
 */
export function promoteNumberClassNames(left: string, right: string): string | undefined {
  if (!isNumberClassName(left) || !isNumberClassName(right)) return undefined;
  if (left === N.Number || right === N.Number) return N.Number;
  const leftFloating = FLOATING.indexOf(left);
  const rightFloating = FLOATING.indexOf(right);
  if (leftFloating >= 0 && rightFloating >= 0) return FLOATING[Math.min(leftFloating, rightFloating)];
  if (leftFloating >= 0) return left;
  if (rightFloating >= 0) return right;
  const widest = INTEGRAL[Math.min(INTEGRAL.indexOf(left), INTEGRAL.indexOf(right))] as string;
  return widest === N.Short || widest === N.Byte ? N.Integer : widest;
}

/**
 * Number promotion on types: the class type of `a op b` for two number types (values are dropped), or
 * undefined when either side is not a number type.
 */
export function promoteNumbers(a: TypingResult, b: TypingResult): TypedClass | undefined {
  if (!isNumberType(a) || !isNumberType(b)) return undefined;
  const promoted = promoteNumberClassNames(objTypeOf(a).className, objTypeOf(b).className);
  return promoted === undefined ? undefined : classType(promoted);
}
