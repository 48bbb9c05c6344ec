// The single place where this package takes the type model and runtime values from @scenaria/typing.
export {
  classType, listType, mapType, setType, arrayType, recordType, valueType, unknownType, nullType, unionType,
  withoutValue, displayType, typesEqual, knownValueOf, objTypeOf, Types, typeForClassName,
  JavaClassNames, ARRAY_CLASS_NAME, builtinClassInfo, simpleClassName, resolveBuiltinClassName,
  JavaDouble, JavaFloat, JavaShort, JavaByte, JavaCharacter, JavaBigInteger, JavaUuid, JavaLocale, JavaCurrency, JavaCharset,
  isJavaInteger, isJavaLong, isJavaDouble, isJavaFloat, isJavaShort, isJavaByte, isJavaCharacter, isJavaBigInteger,
  isJavaBigDecimal, isJavaUuid, isJavaLocale, isJavaCurrency, isJavaCharset, isJavaNumber, JAVA_LIMITS,
  javaToString, ExactDecimal, toBigDecimalValue, bigDecimalDivide,
} from '@scenaria/typing';
export type {
  TypingResult, TypedClass, TypedRecord, TypedValue, TypedUnion, SingleTypingResult, UnknownType, NullType,
} from '@scenaria/typing';
