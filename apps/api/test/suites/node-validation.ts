import { expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { TestServer } from '../harness';
import { streamingGraph } from '../graphs';
import { expectError, expectGuarded } from './expect-helpers';

const spel = (expression: string) => ({ language: 'spel', expression });
const INTEGER: api.TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [] };
const STRING: api.TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.String', params: [] };
const BOOLEAN: api.TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.Boolean', params: [] };
const RECORD: api.TypingResultJson = { type: 'TypedObjectTypingResult', fields: { amount: INTEGER }, refClazzName: 'java.util.HashMap', params: [STRING, INTEGER] };

/** Node, properties and parameter validation, completion, and the components list with usages. */
export function nodeValidationSuite(server: () => TestServer): void {
  test('a node is validated with the variables of its predecessors', async () => {
    const s = server();
    await s.call('writer', api.createScenario, { json: { name: 'nodes', isFragment: false, category: 'Default' } });
    await s.call('writer', api.updateScenario, { params: { scenarioName: 'nodes' }, json: { scenarioGraph: streamingGraph('nodes') } });
    const input = (expression: string) => ({
      params: { scenarioName: 'nodes' },
      json: { nodeData: { type: 'Filter' as const, id: 'f', expression: spel(expression) }, variableTypes: { input: RECORD } },
    });
    const valid = await s.call('reader', api.validateNode, input('#input.amount > 1'));
    expect(valid.ok && valid.data.validationErrors).toEqual([]);
    const invalid = await s.call('reader', api.validateNode, input('#input.missing > 1'));
    expect(invalid.ok && invalid.data.validationErrors.map((error) => error.fieldName)).toEqual(['$expression']);
    expectError(await s.call('reader', api.validateNode, { params: { scenarioName: 'nodes' }, json: { nodeData: { type: 'Nope' } as never, variableTypes: {} } }), 400);
    expectError(await s.call('reader', api.validateNode, { params: { scenarioName: 'nodes' }, json: { nodeData: { type: 'Filter', id: 'f', expression: spel('1') }, variableTypes: { input: { type: 'Bogus' } as never } } }), 400);
    expectError(await s.call('outsider', api.validateNode, input('true')), 403);
    await expectGuarded(s, api.validateNode, input('true'));

    const properties = (value: string) => ({
      params: { scenarioName: 'nodes' },
      json: { additionalFields: { description: null, properties: { parallelism: value, spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false }, name: 'nodes' },
    });
    const good = await s.call('reader', api.validateProperties, properties('2'));
    expect(good.ok && good.data.validationErrors).toEqual([]);
    const bad = await s.call('reader', api.validateProperties, properties('many'));
    expect(bad.ok && bad.data.validationErrors.map((error) => error.fieldName)).toEqual(['parallelism']);
    expectError(await s.call('reader', api.validateProperties, { params: { scenarioName: 'nodes' }, json: { additionalFields: { metaDataType: 7 } as never } }), 400);
    expectError(await s.call('outsider', api.validateProperties, properties('1')), 403);
    await expectGuarded(s, api.validateProperties, properties('1'));
  });

  test('parameters are type-checked and completion lists fields and methods', async () => {
    const s = server();
    const parameters = (expression: string) => ({
      params: { processingType: 'streaming' },
      json: { parameters: [{ name: 'flag', typ: BOOLEAN, expression: spel(expression) }], variableTypes: { input: RECORD } },
    });
    const ok = await s.call('reader', api.validateParameters, parameters('#input.amount > 3'));
    expect(ok.ok && ok.data).toEqual({ validationErrors: [], validationPerformed: true });
    const wrong = await s.call('reader', api.validateParameters, parameters("'text'"));
    expect(wrong.ok && wrong.data.validationErrors.map((error) => [error.fieldName, error.typ])).toEqual([['flag', 'ExpressionParserCompilationError']]);
    expectError(await s.call('reader', api.validateParameters, { ...parameters('1'), params: { processingType: 'nope' } }), 404);
    expectError(await s.call('outsider', api.validateParameters, parameters('true')), 403);
    await expectGuarded(s, api.validateParameters, parameters('true'));

    const suggest = (expression: string, column: number) => ({
      params: { processingType: 'streaming' },
      json: { expression: spel(expression), caretPosition2d: { row: 0, column }, variableTypes: { input: RECORD } },
    });
    const fields = await s.call('reader', api.suggestExpression, suggest('#input.', 7));
    expect(fields.ok && fields.data.map((suggestion) => suggestion.methodName)).toContain('amount');
    const variables = await s.call('reader', api.suggestExpression, suggest('#inp', 4));
    expect(variables.ok && variables.data.map((suggestion) => suggestion.methodName)).toContain('#input');
    expectError(await s.call('reader', api.suggestExpression, { ...suggest('#a', 1), json: { ...suggest('#a', 1).json, caretPosition2d: { row: 3, column: 0 } } }), 400);
    expectError(await s.call('outsider', api.suggestExpression, suggest('#a', 1)), 403);
    await expectGuarded(s, api.suggestExpression, suggest('#a', 1));
  });

  test('components list with usage counts, and usages of one component', async () => {
    const s = server();
    await s.call('writer', api.createScenario, { json: { name: 'uses-logging', isFragment: false, category: 'Default' } });
    await s.call('writer', api.updateScenario, { params: { scenarioName: 'uses-logging' }, json: { scenarioGraph: streamingGraph('usage') } });
    const list = await s.call('reader', api.listComponents, {});
    const components = list.ok ? list.data : [];
    const logging = components.find((component) => component.id === 'sink-logging');
    expect(logging?.usageCount).toBeGreaterThanOrEqual(1);
    expect(logging?.categories).toContain('Default');
    expect(components.find((component) => component.id === 'builtin-filter')?.componentType).toBe('builtin');
    expect(components.some((component) => component.categories.includes('Secret'))).toBe(false);
    const skipped = await s.call('reader', api.listComponents, { query: { skipUsages: 'true', skipFragments: 'true' } });
    expect(skipped.ok && skipped.data.every((component) => component.usageCount === 0 && component.componentType !== 'fragment')).toBe(true);
    expectError(await s.call('reader', api.listComponents, { query: { skipUsages: 'maybe' as 'true' } }), 400);
    await expectGuarded(s, api.listComponents, {});

    const usages = await s.call('reader', api.listComponentUsages, { params: { componentId: 'sink-logging' } });
    const entry = usages.ok ? usages.data.find((usage) => usage.name === 'uses-logging') : undefined;
    expect(entry?.nodesUsagesData).toEqual([{ type: 'ScenarioUsageData', nodeId: 'sink' }]);
    expectError(await s.call('reader', api.listComponentUsages, { params: { componentId: 'sink-nothing' } }), 404, /Component sink-nothing not exist/);
    await expectGuarded(s, api.listComponentUsages, { params: { componentId: 'sink-logging' } });
  });
}
