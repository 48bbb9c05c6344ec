/** Validates a whole scenario (or fragment) against a model. */
export { validateScenario, validateScenarioAsync, fragmentComponentFor, fragmentComponentsFor, metaVariableType, withModelGlobals } from './validate-scenario';
/** The definitions response with the processing type's fragments in the palette. */
export { processDefinitionDataWithFragments } from './definitions';
export type { ValidateScenarioOptions, ChunkingOptions } from './validate-scenario';
/** Validates one node given the variables that reach it (`/api/nodes/{name}/validation`). */
export { validateNode, NodeValidationResponseSchema } from './validate-node';
export type { NodeValidationRequest, NodeValidationResponse } from './validate-node';
/** Types parameter expressions against their parameters' types (`/api/parameters/{processingType}/validate`). */
export { validateParameterExpressions } from './validate-parameters';
export type { ParameterExpression } from './validate-parameters';
/** The class whitelist and global variables a model's expressions are typed and evaluated with. */
export { expressionEnvironment } from './expression-environment';
export type { ExpressionEnvironment, ExpressionModel } from './expression-environment';
/** Validates scenario properties against the model's configuration. */
export { validateScenarioProperties } from './properties';
export type { PropertiesValidationOptions } from './properties';
/** Validates scenario labels against configurable rules. */
export { validateScenarioLabels, LabelValidationRuleSchema, DEFAULT_LABEL_VALIDATION_RULES, MAX_LABEL_LENGTH } from './labels';
export type { LabelValidationError, LabelValidationRule } from './labels';
/** Structure checks of a graph. */
export { findStructureErrors } from './structure';
export type { StructureReport } from './structure';
/** The error catalogue, the issues validation collects and their wire form (NodeValidationError). */
export { errorCatalogue, validationIssue, toNodeValidationError, validationError, NodeValidationErrorSchema, ErrorTypeSchema } from './errors';
export type { ErrorTyp, ErrorType, NodeValidationError, ValidationIssue } from './errors';
export { ValidationResultSchema, NodeTypingDataSchema, ValidationErrorsSchema, hasErrors, errorCount, describeErrors, isSaveBlocked, blocksSave, saveBlockingErrors } from './result';
export type { ValidationResult, NodeTypingData } from './result';
export { validationResultBytes, withValidationResultBytes } from './result-bytes';
