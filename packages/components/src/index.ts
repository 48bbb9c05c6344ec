/** Processing modes and where components may run. */
export { ProcessingModeSchema, isAllowedInMode, processingModeOfMetaDataType } from './processing-mode.ts';
export type { ProcessingMode, AllowedProcessingModes, ScenarioType } from './processing-mode.ts';
/** Parameter editors (JSON shapes and constructors). */
export {
  ParameterEditorSchema,
  SimpleParameterEditorSchema,
  FixedExpressionValueSchema,
  DurationComponentSchema,
  PeriodComponentSchema,
  editors,
  fixedValuesOf,
} from './editors.ts';
export type { ParameterEditor, SimpleParameterEditor, FixedExpressionValue } from './editors.ts';
/** Parameter validators (JSON shapes and constructors). */
export { ParameterValidatorSchema, validators } from './validators.ts';
export type { ParameterValidator } from './validators.ts';
/** Parameter definitions. */
export { param, isRequired, ExpressionValueSchema, UIParameterSchema } from './parameter.ts';
export type { ParameterDefinition, ParameterOptions, ParameterLanguage, ExpressionValue, UIParameter } from './parameter.ts';
/** Component definitions. */
export { defineComponent, componentId, resolveParameters } from './component.ts';
export type {
  ComponentDefinition,
  ComponentOptions,
  ComponentType,
  ComponentDocs,
  ComponentOutput,
  ComponentInputs,
  ComponentIssue,
  OutputTypeContext,
  OutputTypeResult,
  ParameterResolutionContext,
  TypedParameterValue,
} from './component.ts';
/** Built-in components (filter, choice, split, variable, record-variable, fragment input/output). */
export { builtinComponents, builtinsFor } from './builtins.ts';
/** Models: the default model per scenario type and component lookup. */
export { defaultModel, componentsById } from './model.ts';
export type { Model, CustomActionDefinition } from './model.ts';
export type { DefaultModelOptions } from './default-model/components.ts';
/** The aggregate helper (`#AGG`) and its runtime values, for the engine. */
export { AggregatorSpec, tumblingWindowTriggers } from './default-model/aggregation-classes.ts';
export {
  AGGREGATE_HELPER_CLASS,
  AGGREGATOR_CLASS,
  TUMBLING_TRIGGER_CLASS,
  aggregatorKinds,
  aggregatorType,
  aggregateOutputType,
} from './default-model/aggregates.ts';
export type { AggregatorKind } from './default-model/aggregates.ts';
/** JSON schema -> type (request/response components). */
export { jsonSchemaTextToType, jsonSchemaToType } from './json-schema.ts';
export type { JsonSchemaTypeResult } from './json-schema.ts';
/** Decision tables (`tabularDataDefinition` expressions). */
export { parseTabularData, TabularDataDefinitionSchema, tabularColumnTypes } from './tabular-data.ts';
export type { TabularDataDefinition, TabularDataResult, TabularCellError } from './tabular-data.ts';
/** Scenario properties configuration. */
export {
  defaultScenarioProperties,
  defaultFragmentProperties,
  scenarioPropertyConfigToJson,
  propertyFixedValues,
  ScenarioPropertyConfigJsonSchema,
} from './scenario-properties.ts';
export type { ScenarioPropertyConfig, ScenarioPropertyConfigJson } from './scenario-properties.ts';
/** The definitions response (`processDefinitionData`). */
export {
  buildProcessDefinitionData,
  toUIParameter,
  nodeTemplate,
  ProcessDefinitionDataSchema,
  UIComponentDefinitionSchema,
  ComponentNodeTemplateSchema,
  NodeEdgesSchema,
} from './definitions.ts';
export type { ProcessDefinitionData, DefinitionsOptions } from './definitions.ts';
