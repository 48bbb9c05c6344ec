/** Parses a plain `spel` expression into an AST with source ranges; never throws on bad text. */
export { parseExpression, parseTemplate } from './parser/parse-expression';
/** Results of parsing. */
export type { ParseResult, TemplateParseResult } from './parser/parse-expression';
/** AST node shapes (with `range` offsets into the text). */
export type { AstNode, SourceRange, TemplateNode, LiteralKind, BinaryOperator, UnaryOperator } from './ast/nodes';

/** Types, compiles and evaluates expressions. */
export { compileExpression, typeExpression } from './expression';
/** Options and results of typing and compiling. */
export type {
  CompileOptions, CompileResult, CompiledExpression, EvaluationResult, ExpressionLanguage, ExpressionOptions, NodeTypeInfo,
  TypeExpressionResult,
} from './expression';

/** A JSON value written back as a SpEL literal expression (re-using recorded values as input). */
export { spelLiteralOf } from './literal/json-literal';
export type { JsonLiteralResult, JsonLiteralProblem } from './literal/json-literal';

/** Completion at a cursor position. */
export { suggestExpression } from './suggest/suggest';
/** Completion proposals. */
export type { Suggestion, SuggestionResult, SuggestOptions } from './suggest/suggest';

/** The helper globals (`#COLLECTION`, `#CONV`, `#UTIL`, `#BASE64`, `#RANDOM`, `#NUMERIC`, `#DATE`, `#DATE_FORMAT`, `#GEO`). */
export { defaultGlobals, createGlobals } from './helpers/globals';
/** Helper globals with their types, values and class definitions. */
export type { Globals, GlobalsOptions } from './helpers/globals';

/** The model's `expressionConfig` switches and their defaults. */
export { defaultExpressionConfig } from './typer/config';
/** The model's `expressionConfig` switches. */
export type { ExpressionConfig } from './typer/config';

/** Evaluation failures: thrown by `evaluate`, returned by `tryEvaluate`. */
export { ExpressionEvaluationError, isExpressionEvaluationError } from './errors';
/** Codes and shapes of typing and evaluation problems. */
export type { ExpressionError, ExpressionErrorCode, EvaluationErrorCode } from './errors';

/** Limits on evaluation work (steps, collection sizes, string lengths). */
export { defaultEvaluationLimits } from './evaluator/budget';
/** Limits on evaluation work. */
export type { EvaluationLimits } from './evaluator/budget';

/** The class whitelist is @scenaria/typing's registry (re-exported); `registry.extend` adds a model's classes. */
export { createClassRegistry, ClassRegistry, standardClassRegistry } from '@scenaria/typing';
/** Class and method definitions of the whitelist (@scenaria/typing's format). */
export type { ClassDefinition, ClassDefinitionInput, MethodDefinition, MethodParameter } from '@scenaria/typing';
/** The signature of a computed method result in this package's definitions. */
export type { ResultTypeFunction } from './internal/method-dsl';
/** This package's classes layered over typing's standard registry (the conversion methods, Math, java.time members...). */
export { standardClasses } from './internal/standard-classes';

/**
 * Type constructors re-exported from @scenaria/typing so that typing an expression needs only this package;
 * the runtime helpers (typeOfValue, the JSON codecs...) stay in `@scenaria/typing/runtime`.
 */
export {
  recordType, unknownType, nullType, displayType, withoutValue, Types, classType, listType, mapType, valueType,
} from '@scenaria/typing';
/** The type model of @scenaria/typing. */
export type { TypingResult } from '@scenaria/typing';
