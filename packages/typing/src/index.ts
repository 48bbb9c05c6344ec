/** Typing results: the static types of the expression language. */
export type {
  TypingResult,
  SingleTypingResult,
  TypedClass,
  TypedRecord,
  TypedValue,
  TypedDict,
  TypedTaggedValue,
  TypedUnion,
  UnknownType,
  NullType,
} from './types/typing-result';
/** Constructors, display and helpers for typing results. */
export {
  classType,
  typeForClassName,
  listType,
  setType,
  mapType,
  arrayType,
  recordTypeWithObjType,
  recordEntries,
  valueType,
  dictType,
  taggedType,
  unionType,
  unknownType,
  nullType,
  Types,
  withoutValue,
  objTypeOf,
  knownValueOf,
  displayType,
  typesEqual,
} from './types/typing-result';
/** Record types with the original's runtime class. */
export { recordType } from './types/record';
/** Record construction inputs. */
export type { RecordFieldsInput, RecordOptions } from './types/typing-result';
/** Java class names known to typing and their simple names. */
export { JavaClassNames, ARRAY_CLASS_NAME, simpleClassName, resolveBuiltinClassName, builtinClassInfo, builtinClassInfos } from './types/java-classes';
/** Facts about a built-in class. */
export type { JavaClassInfo } from './types/java-classes';
/** Class names on the wire mapped to types and back. */
export { fromJavaClassName, javaClassNameOf } from './types/class-names';
/** The class hierarchy subtyping consults. */
export type { ClassHierarchy } from './types/class-hierarchy';
/** Hierarchy helpers. */
export { builtinClassHierarchy, allSuperTypes, isSubclassName } from './types/class-hierarchy';
/** Subtyping (`canBeSubclassOf`). */
export { canBeSubclassOf } from './types/subtyping';
/** Common supertypes (lists, ternary, elvis). */
export { commonSupertype, commonSupertypeOrUnion, commonSupertypeOfAll, recordObjType } from './types/supertype';
/** Number classes and SpEL number promotion. */
export { isNumberClassName, isNumberType, isNumberWidening, promoteNumberClassNames, promoteNumbers } from './types/numbers';
/** Typing results as the original's JSON (semantics §6), with its zod schema. */
export { typingResultToJson, typingResultFromJson, knownValueToJson, JsonValueSchema, TypingResultJsonSchema, TypingResultJsonTypeSchema } from './types/json';
/** JSON shapes of typing results. */
export type { TypingResultJson, TypingJsonIssue, TypingJsonResult } from './types/json';

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
} from './runtime/values';
/** Java exceptions raised by runtime operations. */
export { JavaRuntimeError, isJavaRuntimeError } from './runtime/errors';
/** Codes of Java runtime errors. */
export type { JavaRuntimeErrorCode } from './runtime/errors';
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
} from './runtime/numbers';
/** Number classes and rounding modes of the runtime. */
export type { NumberKind, JavaRoundingMode } from './runtime/numbers';
/** Ordering and equality: Java compareTo/equals and SpEL `==`. */
export { javaCompare, isJavaComparable, javaEquals, spelEquals, javaMapGet, compareDoubles, compareStrings } from './runtime/compare';
/** Java `toString` of runtime values. */
export { javaToString, formatJavaDouble, formatJavaFloat, formatJavaBigDecimal } from './runtime/to-string';
/** Java regular expressions (`matches`, `split`, `replaceAll`). */
export { javaMatches, requireSafePattern, javaSplit, javaReplaceAll, javaReplaceFirst } from './runtime/regex';
/** Runtime class and static type of a runtime value. */
export { javaClassOf, typeOfValue } from './runtime/type-of-value';
/** Value conversions of the `to`/`canBe` extension methods and `toNumber`. */
export { convertValueTo, parseNarrowestNumber } from './runtime/conversions';
/** Outcome of a value conversion. */
export type { ConversionResult } from './runtime/conversions';
/** String conversions to LocalDate, ZoneId, UUID, Locale... */
export { convertStringTo, isStringConvertibleClass } from './runtime/string-conversions';
/** Typed JSON, plain JSON and exact JSON text codecs for runtime values. */
export { toTypedJson, fromTypedJson, fromPlainJson, toPlainJson, toJsonText, fromJsonText, decodeValueForClass, chronoUnitName, chronoUnitOf } from './runtime/json-codec';
/** JSON codec shapes. */
export type { JsonValue, JsonDecodeIssue, JsonDecodeResult } from './runtime/json-codec';

/** The class registry: whitelisted classes and their members (the evaluator's sandbox). */
export { ClassRegistry, createClassRegistry, invokeMethod, methodAppliesTo, runtimeDispatchType, argumentsMatch, methodResultType, methodOwnerClassName, isExcludedClassName } from './registry/class-registry';
/** Shapes of class and method definitions. */
export type { ClassDefinition, ClassDefinitionInput, MethodDefinition, MethodParameter, MethodResultFunction, StaticFieldDefinition, MethodMatch } from './registry/class-registry';
/** Helpers to write class definitions. */
export { method, staticMethod, staticField, param, typeParameter, intArg, longArg, doubleArg, stringArg, listArg, mapArg, requireArg } from './registry/define';
/** The standard whitelist every model starts from. */
export { standardClassRegistry } from './registry/standard-registry';
