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
/** Record types with Nussknacker's runtime class. */
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
/** Number classes, their kinds and SpEL number promotion. */
export { numberKindOfClassName, isNumberClassName, isNumberType, isNumberWidening, promoteNumberClassNames, promoteNumbers } from './types/numbers';
/** Typing results as Nussknacker's JSON (semantics §6), with its zod schema. */
export { typingResultToJson, typingResultFromJson, knownValueToJson, JsonValueSchema, TypingResultJsonSchema, TypingResultJsonTypeSchema } from './types/json';
/** The concrete Java number classes by simple name. */
export type { NumberKind } from './types/numbers';
/** Freezes shared data all the way down (parse trees, the JSON of types). */
export { deepFreeze } from './types/deep-freeze';
/** UTF-8 without platform globals (the result writer of validation, base64 of SpEL helpers). */
export { writeUtf8 } from './utf8';
/** JSON shapes of typing results. */
export type { TypingResultJson, TypingJsonIssue, TypingJsonResult } from './types/json';

/** The class registry: whitelisted classes and their members (the evaluator's sandbox). */
export { ClassRegistry, createClassRegistry, invokeMethod, methodAppliesTo, runtimeDispatchType, argumentsMatch, methodResultType, methodOwnerClassName, isExcludedClassName } from './registry/class-registry';
/** Shapes of class and method definitions. */
export type { ClassDefinition, ClassDefinitionInput, MethodDefinition, MethodParameter, MethodResultFunction, StaticFieldDefinition, MethodMatch } from './registry/class-registry';
/** Costs of registry methods: what a call charges to the evaluation budget before it runs. */
export { CHARS_PER_STEP, textSteps, measureValue, chargeValueWalk, linearScan, isLinearScan, scanStringArguments, chargeMatch, chargePattern, chargeLiteralReplace, chargeSplit, regexScanSteps, REGEX_CHARS_PER_STEP, STEPS_PER_DECIMAL_OPERATION, decimalOperatorSteps, STEPS_PER_REGEX_MATCH } from './registry/cost';
/** The budget a cost hook charges, and the hook itself. */
export type { CostMeter, MethodCost } from './registry/cost';
/** Options of a method definition (varargs, description, cost). */
export type { MethodOptions } from './registry/define';
/** Helpers to write class definitions. */
export { method, staticMethod, staticField, param, typeParameter, intArg, longArg, doubleArg, stringArg, listArg, mapArg, requireArg } from './registry/define';
/** The standard whitelist every model starts from. */
export { standardClassRegistry } from './registry/standard-registry';
