import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from '@hono/zod-openapi';
import { ProcessDefinitionDataSchema, UIParameterSchema } from '@scenaria/components';
import {
  NodeCountSchema,
  ProcessActionSchema,
  ProcessStateSchema,
  ResultsWithCountsSchema,
  UIStatusDefinitionSchema,
} from '@scenaria/deployment-sdk';
import {
  CanonicalNodeSchema,
  CanonicalProcessSchema,
  EdgeSchema,
  ExpressionSchema,
  MetaDataSchema,
  NodeDataSchema,
  ProcessAdditionalFieldsSchema,
  ProcessPropertiesSchema,
  ScenarioComparisonSchema,
  ScenarioDifferenceSchema,
  ScenarioGraphSchema,
} from '@scenaria/graph';
import { JsonValueSchema, TypingResultJsonSchema } from '@scenaria/typing';
import { NodeValidationErrorSchema, NodeValidationResponseSchema, ValidationResultSchema } from '@scenaria/validation';

// `.openapi('Name')` would return a copy. The libraries' schemas refer to each other through the original
// objects (a ValidationResult holds NodeValidationErrorSchema itself, TypingResult and canonical branches hold
// themselves), so a named copy leaves every nested use inline, and the generator never gets out of a
// recursive schema whose original has no name. The name is registered on the library's object instead: the
// contract's schema IS the library's, and the document refers to it as `#/components/schemas/<name>`.
function named<T extends z.ZodType>(schema: T, name: string): T {
  const current = zodToOpenAPIRegistry.get(schema);
  zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current?._internal, refId: name } });
  return schema;
}

/**
 * Every wire shape a library defines, by the component name the document gives it (the reference's name where it
 * has one). Importing this module names them; the contract's tests check the document against this table.
 */
export const libraryComponents = {
  ScenarioGraph: ScenarioGraphSchema,
  ScenarioComparison: ScenarioComparisonSchema,
  ScenarioDifference: ScenarioDifferenceSchema,
  NodeData: NodeDataSchema,
  Edge: EdgeSchema,
  Expression: ExpressionSchema,
  ProcessProperties: ProcessPropertiesSchema,
  ProcessAdditionalFields: ProcessAdditionalFieldsSchema,
  MetaData: MetaDataSchema,
  CanonicalProcess: CanonicalProcessSchema,
  CanonicalNode: CanonicalNodeSchema,
  TypingResult: TypingResultJsonSchema,
  JsonValue: JsonValueSchema,
  UIParameter: UIParameterSchema,
  ProcessDefinitionData: ProcessDefinitionDataSchema,
  NodeValidationError: NodeValidationErrorSchema,
  ValidationResult: ValidationResultSchema,
  NodeValidationResult: NodeValidationResponseSchema,
  ProcessAction: ProcessActionSchema,
  ProcessState: ProcessStateSchema,
  StatusDefinition: UIStatusDefinitionSchema,
  NodeCount: NodeCountSchema,
  ResultsWithCounts: ResultsWithCountsSchema,
} as const;

for (const [name, schema] of Object.entries(libraryComponents)) named(schema, name);

export {
  CanonicalProcessSchema,
  EdgeSchema,
  ExpressionSchema,
  MetaDataSchema,
  NodeCountSchema,
  NodeDataSchema,
  NodeValidationErrorSchema,
  NodeValidationResponseSchema,
  ProcessActionSchema,
  ProcessAdditionalFieldsSchema,
  ProcessDefinitionDataSchema,
  ProcessPropertiesSchema,
  ProcessStateSchema,
  ResultsWithCountsSchema,
  ScenarioComparisonSchema,
  ScenarioDifferenceSchema,
  ScenarioGraphSchema,
  TypingResultJsonSchema,
  UIParameterSchema,
  UIStatusDefinitionSchema,
  ValidationResultSchema,
};
export type { ProcessDefinitionData, UIParameter } from '@scenaria/components';
export type { NodeCount, ProcessAction, ProcessState, ResultsWithCounts, UIStatusDefinition } from '@scenaria/deployment-sdk';
export type { CanonicalProcess, Edge, NodeData, ScenarioComparison, ScenarioDifference, ScenarioGraph } from '@scenaria/graph';
export type { TypingResultJson } from '@scenaria/typing';
export type { NodeValidationError, NodeValidationResponse, ValidationResult } from '@scenaria/validation';
