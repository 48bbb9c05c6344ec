/** Validates a whole scenario (or fragment) against a model. */
export { validateScenario, fragmentComponentFor, metaVariableType } from './validate-scenario.ts';
export type { ValidateScenarioOptions } from './validate-scenario.ts';
/** Validates one node given the variables that reach it (`/api/nodes/{name}/validation`). */
export { validateNode } from './validate-node.ts';
export type { NodeValidationRequest, NodeValidationResponse } from './validate-node.ts';
/** Validates scenario properties against the model's configuration. */
export { validateScenarioProperties } from './properties.ts';
export type { PropertiesValidationOptions } from './properties.ts';
/** Validates scenario labels. */
export { validateScenarioLabels, MAX_LABEL_LENGTH } from './labels.ts';
export type { LabelValidationError } from './labels.ts';
/** Structure checks of a graph. */
export { findStructureErrors } from './structure.ts';
export type { StructureReport } from './structure.ts';
/** The error catalogue and result shapes. */
export { errorCatalogue, validationError, NodeValidationErrorSchema, ErrorTypeSchema } from './errors.ts';
export type { ErrorTyp, ErrorType, NodeValidationError } from './errors.ts';
export { ValidationResultSchema, NodeTypingDataSchema, ValidationErrorsSchema, hasErrors, isSaveBlocked } from './result.ts';
export type { ValidationResult, NodeTypingData } from './result.ts';
