// The single place where this package takes the type model and runtime values from @scenaria/typing.
export {
  classType, listType, mapType, setType, arrayType, recordType, valueType, unknownType, nullType, unionType,
  withoutValue, displayType, typesEqual, knownValueOf, objTypeOf, Types, typeForClassName,
} from '../../../typing/src/types/typing-result';
export type {
  TypingResult, TypedClass, TypedRecord, TypedValue, TypedUnion, SingleTypingResult, UnknownType, NullType,
} from '../../../typing/src/types/typing-result';
export {
  JavaClassNames, ARRAY_CLASS_NAME, builtinClassInfo, simpleClassName, resolveBuiltinClassName,
} from '../../../typing/src/types/java-classes';
export {
  JavaDouble, JavaFloat, JavaShort, JavaByte, JavaCharacter, JavaBigInteger, JavaUuid, JavaLocale, JavaCurrency, JavaCharset,
  isJavaInteger, isJavaLong, isJavaDouble, isJavaFloat, isJavaShort, isJavaByte, isJavaCharacter, isJavaBigInteger,
  isJavaBigDecimal, isJavaUuid, isJavaLocale, isJavaCurrency, isJavaCharset, isJavaNumber, JAVA_LIMITS,
} from '../../../typing/src/runtime/values';
export { javaToString } from '../../../typing/src/runtime/to-string';
