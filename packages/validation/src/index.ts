/** Validates a whole scenario (or fragment) against a model. */
export { validateScenario, fragmentComponentFor, fragmentComponentsFor, metaVariableType } from './validate-scenario';
/** The definitions response with the processing type's fragments in the palette. */
export { processDefinitionDataWithFragments } from './definitions';
export type { ValidateScenarioOptions } from './validate-scenario';
/** Validates one node given the variables that reach it (`/api/nodes/{name}/validation`). */
export { validateNode, NodeValidationResponseSchema } from './validate-node';
export type { NodeValidationRequest, NodeValidationResponse } from './validate-node';
/** Validates scenario properties against the model's configuration. */
export { validateScenarioProperties } from './properties';
export type { PropertiesValidationOptions } from './properties';
/** Validates scenario labels. */
export { validateScenarioLabels, MAX_LABEL_LENGTH } from './labels';
export type { LabelValidationError } from './labels';
/** Structure checks of a graph. */
export { findStructureErrors } from './structure';
export type { StructureReport } from './structure';
/** The error catalogue and result shapes. */
export { errorCatalogue, validationError, NodeValidationErrorSchema, ErrorTypeSchema } from './errors';
export type { ErrorTyp, ErrorType, NodeValidationError } from './errors';
export { ValidationResultSchema, NodeTypingDataSchema, ValidationErrorsSchema, hasErrors, isSaveBlocked } from './result';
export type { ValidationResult, NodeTypingData } from './result';
