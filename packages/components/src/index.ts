/** Processing modes and where components may run. */
export { ProcessingModeSchema, isAllowedInMode, processingModeOfMetaDataType, processingModeOfScenarioType, scenarioProcessingMode } from './processing-mode';
export type { ProcessingMode, AllowedProcessingModes, ScenarioType } from './processing-mode';
/** Parameter editors (JSON shapes and constructors). */
export {
  ParameterEditorSchema,
  SimpleParameterEditorSchema,
  FixedExpressionValueSchema,
  DurationComponentSchema,
  PeriodComponentSchema,
  editors,
  fixedValuesOf,
} from './editors';
export type { ParameterEditor, SimpleParameterEditor, FixedExpressionValue } from './editors';
/** Parameter validators (JSON shapes and constructors). */
export { ParameterValidatorSchema, validators } from './validators';
export type { ParameterValidator } from './validators';
/** Parameter definitions. */
export { param, isRequired, ExpressionValueSchema, UIParameterSchema } from './parameter';
export type { ParameterDefinition, ParameterOptions, ParameterLanguage, ExpressionValue, UIParameter } from './parameter';
/** Component definitions. */
export { defineComponent, componentId, resolveParameters } from './component';
export type {
  ComponentDefinition,
  ComponentOptions,
  ComponentType,
  ComponentDocs,
  ComponentOutput,
  ComponentInputs,
  ComponentIssue,
  ComponentIssueCode,
  OutputTypeContext,
  OutputTypeResult,
  ParameterResolutionContext,
  TypedParameterValue,
} from './component';
/** Built-in components (filter, choice, split, variable, record-variable, fragment input/output). */
export { builtinComponents, builtinsFor } from './builtins';
/** Models: the default model per scenario type and component lookup. */
export { defaultModel, componentsById } from './model';
export { defaultDictionaries, findDictionaryEntries } from './dictionaries';
export type { DictionaryDefinition, DictionaryEntry } from './dictionaries';
export type { Model, CustomActionDefinition, ExpressionConfigSwitch } from './model';
export type { DefaultModelOptions } from './default-model/components';
/** The aggregate helper (`#AGG`) and its runtime values, for the engine. */
export { AggregatorSpec, tumblingWindowTriggers, sessionWindowTriggers } from './default-model/aggregation-classes';
export {
  AGGREGATE_HELPER_CLASS,
  AGGREGATOR_CLASS,
  TUMBLING_TRIGGER_CLASS,
  SESSION_TRIGGER_CLASS,
  aggregatorKinds,
  aggregatorType,
  aggregateOutputType,
} from './default-model/aggregates';
export type { AggregatorKind } from './default-model/aggregates';
/** JSON schema -> type (request/response components). */
export { jsonSchemaTextToType, jsonSchemaToType } from './json-schema';
export type { JsonSchemaTypeResult } from './json-schema';
/** Decision tables (`tabularDataDefinition` expressions). */
export { parseTabularData, tabularDataErrorDetails, TabularDataDefinitionSchema, tabularColumnTypes } from './tabular-data';
export type {
  TabularDataDefinition,
  TabularDataResult,
  TabularDataFailure,
  TabularDataErrorDetails,
  TabularCellError,
  TabularCellErrorCode,
} from './tabular-data';
/** Scenario properties configuration. */
export {
  defaultScenarioProperties,
  defaultFragmentProperties,
  scenarioPropertyConfigToJson,
  propertyFixedValues,
  ScenarioPropertyConfigJsonSchema,
} from './scenario-properties';
export type { ScenarioPropertyConfig, ScenarioPropertyConfigJson } from './scenario-properties';
/** The definitions response (`processDefinitionData`). */
export {
  buildProcessDefinitionData,
  toUIParameter,
  nodeTemplate,
  ProcessDefinitionDataSchema,
  UIComponentDefinitionSchema,
  ComponentNodeTemplateSchema,
  NodeEdgesSchema,
} from './definitions';
export type { ProcessDefinitionData, DefinitionsOptions } from './definitions';
/** Batch: SQL tables and queries, their column types, the batch components and the `cron` schedule. */
export { sqlTypeToType } from './batch/sql-types';
export type { SqlDialect, SqlColumnType } from './batch/sql-types';
export { SqlColumnSchema, TableDefinitionSchema, QueryDefinitionSchema, tableId, rowTypeOf } from './batch/tables';
export type { SqlColumn, TableDefinition, QueryDefinition } from './batch/tables';
export { batchComponents } from './batch/components';
export type { BatchModelOptions, BatchIssueCode } from './batch/components';
export { CRON_PROPERTY, nextScheduledRun } from './batch/schedule';
export type { ScheduleResult } from './batch/schedule';
