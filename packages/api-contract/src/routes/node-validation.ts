import { z } from '@hono/zod-openapi';
import { ScenarioPathSchema } from '../schemas/common';
import { ValidationErrorsResponseSchema } from '../schemas/deployment';
import {
  EdgeSchema,
  ExpressionSchema,
  NodeDataSchema,
  NodeValidationResponseSchema,
  ProcessActionSchema,
  ProcessAdditionalFieldsSchema,
  ProcessPropertiesSchema,
  TypingResultJsonSchema,
} from '../schemas/library';
import { defineRoute, jsonContent } from './define';

const tags = ['Validation'];

// Classes named in typing results are resolved by the server against the processing type's model, so an
// unknown class passes the shape check here and is reported by the route (semantics.md §6).
const VariableTypesSchema = z.record(z.string(), TypingResultJsonSchema);

/** Body of `POST /api/nodes/{scenarioName}/validation`. */
export const NodeValidationRequestSchema = z
  .object({
    nodeData: NodeDataSchema,
    processProperties: ProcessPropertiesSchema.optional(),
    variableTypes: VariableTypesSchema,
    branchVariableTypes: z.record(z.string(), VariableTypesSchema).optional(),
    outgoingEdges: z.array(EdgeSchema).optional(),
  })
  .openapi('NodeValidationRequest');

/** Node and properties validation answer: validation's `NodeValidationResponseSchema`. */
export const NodeValidationResultSchema = NodeValidationResponseSchema;

/** Body of `POST /api/properties/{scenarioName}/validation`. */
export const PropertiesValidationRequestSchema = z
  .object({ additionalFields: ProcessAdditionalFieldsSchema, name: z.string().optional(), id: z.string().optional() })
  .openapi('PropertiesValidationRequest');

/** Body of `POST /api/parameters/{processingType}/validate`. */
export const ParametersValidationRequestSchema = z
  .object({
    parameters: z.array(z.object({ name: z.string(), typ: TypingResultJsonSchema, expression: ExpressionSchema })),
    variableTypes: VariableTypesSchema,
    scenarioName: z.string().optional(),
  })
  .openapi('ParametersValidationRequest');

/** Body of `POST /api/parameters/{processingType}/suggestions`. */
export const ExpressionSuggestionsRequestSchema = z
  .object({
    expression: ExpressionSchema,
    caretPosition2d: z.object({ row: z.number().int().min(0), column: z.number().int().min(0) }),
    variableTypes: VariableTypesSchema,
  })
  .openapi('ExpressionSuggestionsRequest');

/** One completion proposal. */
export const ExpressionSuggestionSchema = z
  .object({
    methodName: z.string(),
    refClazz: TypingResultJsonSchema,
    fromClass: z.boolean(),
    description: z.string().optional(),
    parameters: z.array(z.object({ name: z.string(), refClazz: TypingResultJsonSchema })),
  })
  .openapi('ExpressionSuggestion');

/** A component of the components list. */
export const ComponentListElementSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    icon: z.string(),
    componentType: z.string(),
    componentGroupName: z.string(),
    categories: z.array(z.string()),
    links: z.array(z.object({ id: z.string(), title: z.string(), icon: z.string(), url: z.string() })),
    usageCount: z.number().int(),
    allowedProcessingModes: z.array(z.string()),
  })
  .openapi('ComponentListElement');

/** A scenario using a component, with the nodes that use it. */
export const ComponentUsagesSchema = z
  .object({
    name: z.string(),
    nodesUsagesData: z.array(z.object({ type: z.string(), nodeId: z.string(), fragmentNodeId: z.string().optional() })),
    isFragment: z.boolean(),
    processCategory: z.string(),
    modificationDate: z.string(),
    modifiedAt: z.string(),
    modifiedBy: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    lastAction: ProcessActionSchema.optional(),
  })
  .openapi('ComponentUsages');

const ProcessingTypePathSchema = z.object({ processingType: z.string().min(1).openapi({ param: { name: 'processingType', in: 'path' } }) });

/** `POST /api/nodes/{scenarioName}/validation`. */
export const validateNode = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/nodes/{scenarioName}/validation',
    tags,
    summary: 'Validate one node with the variables its predecessors define',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(NodeValidationRequestSchema) } },
    responses: { 200: { description: 'Result', content: jsonContent(NodeValidationResultSchema) } },
  },
  [404],
);

/** `POST /api/properties/{scenarioName}/validation`. */
export const validateProperties = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/properties/{scenarioName}/validation',
    tags,
    summary: 'Validate the scenario properties',
    request: { params: ScenarioPathSchema, body: { required: true, content: jsonContent(PropertiesValidationRequestSchema) } },
    responses: { 200: { description: 'Result', content: jsonContent(NodeValidationResultSchema) } },
  },
  [404],
);

/** `POST /api/parameters/{processingType}/validate`. */
export const validateParameters = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/parameters/{processingType}/validate',
    tags,
    summary: 'Type-check parameter expressions against their declared types',
    request: { params: ProcessingTypePathSchema, body: { required: true, content: jsonContent(ParametersValidationRequestSchema) } },
    responses: { 200: { description: 'Errors', content: jsonContent(ValidationErrorsResponseSchema) } },
  },
  [404],
);

/** `POST /api/parameters/{processingType}/suggestions`. */
export const suggestExpression = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/parameters/{processingType}/suggestions',
    tags,
    summary: 'Completion proposals at the caret of an expression',
    request: { params: ProcessingTypePathSchema, body: { required: true, content: jsonContent(ExpressionSuggestionsRequestSchema) } },
    responses: { 200: { description: 'Suggestions', content: jsonContent(z.array(ExpressionSuggestionSchema)) } },
  },
  [404],
);

/** `GET /api/components`. */
export const listComponents = defineRoute('authenticated', {
  method: 'get',
  path: '/api/components',
  tags: ['Components'],
  summary: 'Components of the processing types the user may read, with usage counts',
  request: {
    query: z.object({
      skipUsages: z.enum(['true', 'false']).optional(),
      skipFragments: z.enum(['true', 'false']).optional(),
    }),
  },
  responses: { 200: { description: 'Components', content: jsonContent(z.array(ComponentListElementSchema)) } },
});

/** `GET /api/components/{componentId}/usages`. */
export const listComponentUsages = defineRoute(
  'authenticated',
  {
    method: 'get',
    path: '/api/components/{componentId}/usages',
    tags: ['Components'],
    summary: 'Scenarios (latest versions) that use a component',
    request: { params: z.object({ componentId: z.string().min(1).openapi({ param: { name: 'componentId', in: 'path' } }) }) },
    responses: { 200: { description: 'Usages', content: jsonContent(z.array(ComponentUsagesSchema)) } },
  },
  [404],
);
