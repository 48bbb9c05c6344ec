// `@scenaria/typing/runtime`: how Java values are held in JS and what Java does with them (arithmetic, equality,
// toString, conversions, JSON). An entry of its own so that the main entry is the type system alone; code that
// only types expressions never needs these names.

/** Runtime values: wrappers for Java scalars without a JS counterpart. */
export {
  JavaDouble,
  JavaFloat,
  JavaShort,
  JavaByte,
  JavaCharacter,
  JavaBigInteger,
  JavaUuid,
  JavaLocale,
  JavaCurrency,
  JavaCharset,
  JAVA_LIMITS,
  isJavaInteger,
  isJavaLong,
  isJavaDouble,
  isJavaFloat,
  isJavaShort,
  isJavaByte,
  isJavaCharacter,
  isJavaBigInteger,
  isJavaBigDecimal,
  isJavaUuid,
  isJavaLocale,
  isJavaCurrency,
  isJavaCharset,
  isJavaNumber,
  javaInteger,
  javaLong,
  javaDouble,
  javaFloat,
  javaShort,
  javaByte,
  javaCharacter,
  javaBigInteger,
  javaBigDecimal,
} from './values';
/** Java's scale of BigDecimals, which decimal.js does not keep. */
export { withJavaScale, javaScaleOf, scaleOfDecimalText } from './decimal-scale';
/** Java exceptions raised by runtime operations. */
export { JavaRuntimeError, isJavaRuntimeError } from './errors';
/** Codes of Java runtime errors. */
export type { JavaRuntimeErrorCode } from './errors';
/** Java arithmetic with SpEL promotion, overflow wrap and exact BigDecimal. */
export {
  javaAdd,
  javaSubtract,
  javaMultiply,
  javaDivide,
  javaRemainder,
  javaPower,
  javaNegate,
  javaAbs,
  numberKindOf,
  castNumber,
  toIntValue,
  toLongValue,
  toDoubleValue,
  toBigDecimalValue,
  toBigIntegerValue,
  doubleToInt,
  doubleToLong,
  bigDecimalDivide,
  bigDecimalDivideToScale,
  bigDecimalSetScale,
  divideRounded,
  decimalParts,
  ROUNDING_MODES,
  ExactDecimal,
  promoteNumberKinds,
} from './numbers';
/** A tree of BigDecimal `+ - *` computed in one pass over small unscaled values (compiled expressions use it). */
export { compactDecimalProgram, COMPACT_PLUS, COMPACT_MINUS, COMPACT_TIMES } from './compact-decimal';
/** Rounding modes and the kinds numbers are promoted to. */
export type { JavaRoundingMode, PromotedNumberKind } from './numbers';
/** Ordering and equality: Java compareTo/equals and SpEL `==`. */
export { javaCompare, isJavaComparable, javaEquals, spelEquals, javaMapGet, compareDoubles, compareStrings } from './compare';
/** Java `toString` of runtime values. */
export { javaToString, formatJavaDouble, formatJavaFloat, formatJavaBigDecimal } from './to-string';
/** Java regular expressions (`matches`, `split`, `replaceAll`). */
export {
  javaMatches,
  requireSafePattern,
  compileJavaPattern,
  compileJavaMatcher,
  isPatternCompiled,
  isPatternSyntaxError,
  isLiteralPattern,
  isLiteralReplacement,
  countSplitParts,
  countMatches,
  javaSplit,
  javaReplaceAll,
  javaReplaceFirst,
  MAX_PATTERN_LENGTH,
} from './regex';
export type { MatchMeter } from './regex';
/** A whole-input matcher of a Java pattern. */
export type { JavaMatcher } from './regex';
/** Runtime class and static type of a runtime value. */
export { javaClassOf, typeOfValue } from './type-of-value';
/** Value conversions of the `to`/`canBe` extension methods and `toNumber`. */
export { convertValueTo, parseNarrowestNumber } from './conversions';
/** Outcome of a value conversion. */
export type { ConversionResult } from './conversions';
/** String conversions to LocalDate, ZoneId, UUID, Locale... */
export { convertStringTo, isStringConvertibleClass } from './string-conversions';
/** Typed JSON, plain JSON and exact JSON text codecs for runtime values. */
export { toTypedJson, fromTypedJson, fromPlainJson, toPlainJson, toJsonText, fromJsonText, decodeValueForClass, chronoUnitName, chronoUnitOf } from './json-codec';
/** JSON codec shapes. */
export type { JsonValue, JsonDecodeIssue, JsonDecodeResult } from './json-codec';
