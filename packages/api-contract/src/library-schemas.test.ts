import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { RouteConfig, z } from '@hono/zod-openapi';
import * as components from '@scenaria/components';
import * as sdk from '@scenaria/deployment-sdk';
import * as graph from '@scenaria/graph';
import * as typing from '@scenaria/typing';
import * as validation from '@scenaria/validation';
import { describe, expect, test } from 'vitest';
import * as contract from './index';
import { allRoutes } from './routes/all';

type JsonSchema = Record<string, unknown>;

function documentOf(routes: readonly RouteConfig[]) {
  const registry = new OpenAPIRegistry();
  for (const route of routes) registry.registerPath(route);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'contract', version: '0' } });
}

const jsonOf = (schema: unknown) => (schema as { content: Record<string, { schema: z.ZodType }> }).content['application/json']!.schema;
const bodyOf = (route: RouteConfig) => jsonOf(route.request!.body);
const answerOf = (route: RouteConfig) => jsonOf(route.responses[200]);
const shapeOf = (schema: z.ZodType) => (schema as unknown as z.ZodObject).shape;
const unwrap = (schema: unknown) => (schema as z.ZodOptional | z.ZodArray | z.ZodRecord)._zod.def;

describe('the contract uses the libraries’ schemas, not copies', () => {
  test('routes carry the library schema objects themselves', () => {
    expect(answerOf(contract.getScenarioState)).toBe(sdk.ProcessStateSchema);
    expect((unwrap(answerOf(contract.listScenarioDeployments)) as z.core.$ZodArrayDef).element).toBe(sdk.ProcessActionSchema);
    expect((unwrap(answerOf(contract.listStatusDefinitions)) as z.core.$ZodArrayDef).element).toBe(sdk.UIStatusDefinitionSchema);
    expect(answerOf(contract.testWithParameters)).toBe(sdk.ResultsWithCountsSchema);
    expect(answerOf(contract.validateScenarioGraph)).toBe(validation.ValidationResultSchema);
    expect(answerOf(contract.validateNode)).toBe(validation.NodeValidationResponseSchema);
    expect(answerOf(contract.getProcessDefinitionData)).toBe(components.ProcessDefinitionDataSchema);
    expect(answerOf(contract.exportScenario)).toBe(graph.CanonicalProcessSchema);
    expect(bodyOf(contract.exportScenarioGraph)).toBe(graph.ScenarioGraphSchema);

    // Record fields are `library schema | null`, optional.
    const details = shapeOf(contract.ScenarioWithDetailsSchema);
    const orNullOf = (schema: unknown) => ((unwrap(schema) as z.core.$ZodOptionalDef).innerType as z.ZodUnion)._zod.def.options[0];
    expect(orNullOf(details.state)).toBe(sdk.ProcessStateSchema);
    expect(orNullOf(details.lastAction)).toBe(sdk.ProcessActionSchema);
    expect(orNullOf(details.validationResult)).toBe(validation.ValidationResultSchema);
    expect(orNullOf(details.scenarioGraph)).toBe(graph.ScenarioGraphSchema);
  });

  test('request bodies are checked with the library schemas, nodeData included', () => {
    const node = shapeOf(bodyOf(contract.validateNode));
    expect(node.nodeData).toBe(graph.NodeDataSchema);
    expect((unwrap(node.processProperties) as z.core.$ZodOptionalDef).innerType).toBe(graph.ProcessPropertiesSchema);
    expect((unwrap(node.variableTypes) as z.core.$ZodRecordDef).valueType).toBe(typing.TypingResultJsonSchema);
    expect(shapeOf(bodyOf(contract.validateProperties)).additionalFields).toBe(graph.ProcessAdditionalFieldsSchema);
    expect(shapeOf(bodyOf(contract.updateScenario)).scenarioGraph).toBe(graph.ScenarioGraphSchema);
    expect(shapeOf(bodyOf(contract.testWithParameters)).scenarioGraph).toBe(graph.ScenarioGraphSchema);
    expect(bodyOf(contract.generateAndTest)).toBe(graph.ScenarioGraphSchema);
  });

  test('every library component of the document is generated from the library schema', () => {
    const schemas = documentOf(allRoutes).components?.schemas ?? {};
    for (const [name, schema] of Object.entries(contract.libraryComponents)) {
      // The same schema alone, taken from its library rather than from the contract's routes.
      const alone = documentOf([{ method: 'get', path: '/alone', responses: { 200: { description: name, content: { 'application/json': { schema } } } } }]);
      expect(schemas[name], name).toBeDefined();
      expect(schemas[name], name).toEqual(alone.components?.schemas?.[name]);
    }
  });

  test('the document refers to library shapes by name instead of inlining copies', () => {
    const doc = documentOf(allRoutes);
    const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
    const refersTo = (where: unknown, name: string) => JSON.stringify(where).includes(`"$ref":"#/components/schemas/${name}"`);
    for (const name of Object.keys(contract.libraryComponents)) {
      const users = Object.entries(schemas).filter(([user, schema]) => user !== name && refersTo(schema, name));
      expect(refersTo(doc.paths, name) || users.length > 0, `${name} is referred to`).toBe(true);
    }
    expect(refersTo(schemas.ValidationResult, 'NodeValidationError')).toBe(true);
    expect(refersTo(schemas.NodeValidationRequest, 'NodeData')).toBe(true);
  });
});
