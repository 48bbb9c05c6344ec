import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import type { TestServer } from '../harness';

const referenceGraph = JSON.parse(readFileSync(new URL('../fixtures/reference-example-graph.json', import.meta.url), 'utf8')) as ScenarioGraph;
const name = (scenarioName: string) => ({ params: { scenarioName } });
const spel = (expression: string) => ({ language: 'spel', expression });

/** What the processing type's configuration adds to its model, and graphs read back as written. */
export function modelConfigSuite(server: () => TestServer): void {
  describe('configured model and graph round trip', () => {
    test('a freshly created scenario validates without property errors (configured scenario properties)', async () => {
      expect((await server().call('writer', api.createScenario, { json: { name: 'fresh-props', isFragment: false, category: 'Default' } })).status).toBe(201);
      const details = await server().call('reader', api.getScenario, name('fresh-props'));
      if (!details.ok) throw new Error(`details failed: ${details.status}`);
      expect(details.data.scenarioGraph?.properties.additionalFields.properties?.environment).toBe('test');
      expect(details.data.validationResult?.errors.processPropertiesErrors).toEqual([]);
      const definitions = await server().call('reader', api.getProcessDefinitionData, { params: { processingType: 'streaming' }, query: { isFragment: 'false' } });
      if (!definitions.ok) throw new Error(`definitions failed: ${definitions.status}`);
      const propertiesConfig = (definitions.data as { scenarioProperties: { propertiesConfig: Record<string, { label: string | null; defaultValue: string | null }> } })
        .scenarioProperties.propertiesConfig;
      expect(propertiesConfig.environment).toMatchObject({ label: 'Environment', defaultValue: 'test' });
      expect(propertiesConfig.parallelism).toBeDefined();
      // Request-response scenarios get them too; fragments have their own properties and none of these.
      for (const [scenarioName, json] of [
        ['fresh-props-rr', { category: 'RequestResponse', isFragment: false }],
        ['fresh-props-fragment', { category: 'Default', isFragment: true }],
      ] as const) {
        expect((await server().call('writer', api.createScenario, { json: { name: scenarioName, ...json } })).status).toBe(201);
        const fresh = await server().call('reader', api.getScenario, name(scenarioName));
        expect(fresh.ok && fresh.data.validationResult?.errors.processPropertiesErrors).toEqual([]);
      }
    });

    test('a kafka topic declared in the configuration types #input', async () => {
      const graph = {
        properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' }, metaDataType: 'StreamMetaData', showDescription: false } },
        nodes: [
          { type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'payments'") }, { name: 'Schema version', expression: spel("'latest'") }] } },
          { type: 'Filter', id: 'big', expression: spel("#input.amount > 10 && #input.currency == 'EUR'") },
          { type: 'Sink', id: 'out', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input.amount') }] } },
        ],
        edges: [
          { from: 'in', to: 'big', edgeType: null },
          { from: 'big', to: 'out', edgeType: { type: 'FilterTrue' } },
        ],
      } as unknown as ScenarioGraph;
      const validated = await server().call('reader', api.validateScenarioGraph, { ...name('fresh-props'), json: { scenarioGraph: graph } });
      if (!validated.ok) throw new Error(`validation failed: ${validated.status}`);
      expect(validated.data.errors.invalidNodes).toEqual({});
      // The same expression on an undeclared topic is property access on Unknown.
      const undeclared = structuredClone(graph) as unknown as { nodes: { ref?: { parameters: { expression: { expression: string } }[] } }[] };
      undeclared.nodes[0]!.ref!.parameters[0]!.expression.expression = "'elsewhere'";
      const refused = await server().call('reader', api.validateScenarioGraph, { ...name('fresh-props'), json: { scenarioGraph: undeclared as unknown as ScenarioGraph } });
      expect(refused.ok && Object.keys(refused.data.errors.invalidNodes)).toContain('big');
    });

    test('a saved graph reads back exactly as written, nulls included', async () => {
      expect((await server().call('writer', api.createScenario, { json: { name: 'reference-example', isFragment: false, category: 'Default' } })).status).toBe(201);
      const saved = await server().call('writer', api.updateScenario, { ...name('reference-example'), json: { scenarioGraph: referenceGraph, comment: 'reference' } });
      expect(saved.status).toBe(200);
      const details = await server().call('reader', api.getScenario, { ...name('reference-example'), query: { skipValidateAndResolve: 'true' } });
      expect(details.ok && details.data.scenarioGraph).toEqual(referenceGraph);
      const listed = await server().call('reader', api.listScenariosWithDetails, { query: {} });
      const fromList = listed.ok ? (listed.data as { name: string; scenarioGraph?: unknown }[]).find((record) => record.name === 'reference-example') : undefined;
      expect(fromList?.scenarioGraph).toEqual(referenceGraph);
    });
  });
}
