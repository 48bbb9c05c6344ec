import { afterEach, describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import { parseConfig } from '../src/config/load-config';
import { dropNulls } from '../src/services/json';
import type { ServerConfig } from '../src/config/config-schema';
import { DATABASES, startTestServer, testConfigInput } from './harness';
import type { TestServer } from './harness';
import { fragmentGraph, streamProperties, userGraph } from './graphs';

// Validation results of stored versions are cached: every change a result depends on must show in the very
// next GET. Each step compares the GET's result with a fresh validation of the same graph (POST, never cached)
// and with the result before the change, so a stale cache fails the test whatever the result looks like.

const spel = (expression: string) => ({ language: 'spel', expression });
const name = (scenarioName: string) => ({ params: { scenarioName } });
/** A kafka source on `orders` and a variable reading a field of its record: its type depends on the declared topics. */
const topicGraph = {
  properties: { additionalFields: { description: null, properties: streamProperties, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'orders'") }, { name: 'Schema version', expression: spel("'latest'") }] } },
    { type: 'Variable', id: 'total', varName: 'total', value: spel('#input.total') },
    { type: 'Sink', id: 'out', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#total') }] } },
  ],
  edges: [
    { from: 'in', to: 'total', edgeType: null },
    { from: 'total', to: 'out', edgeType: null },
  ],
} as unknown as ScenarioGraph;

describe.each(DATABASES)('validation results of stored versions on %s', (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The GET's validation result, checked equal to a fresh validation of the stored graph. */
  async function validationOf(s: TestServer, scenario: string) {
    const details = await s.call('reader', api.getScenario, name(scenario));
    if (!details.ok) throw new Error(`GET ${scenario}: ${details.status}`);
    const fresh = await s.call('reader', api.validateScenarioGraph, { ...name(scenario), json: { scenarioGraph: details.data.scenarioGraph! } });
    if (!fresh.ok) throw new Error(`POST validation of ${scenario}: ${fresh.status}`);
    // Records write their optional fields as null and the validation endpoint leaves some out: the same content.
    expect(dropNulls(details.data.validationResult)).toEqual(dropNulls(fresh.data));
    // The details list validates from the same cache: it must show the same, as fresh.
    const listed = await s.call('reader', api.listScenariosWithDetails, { query: { names: scenario } });
    if (!listed.ok) throw new Error(`GET processesDetails: ${listed.status}`);
    expect(dropNulls(listed.data.find((record) => record.name === scenario)?.validationResult)).toEqual(dropNulls(fresh.data));
    return details.data.validationResult!;
  }

  async function save(s: TestServer, scenario: string, scenarioGraph: ScenarioGraph) {
    const saved = await s.call('writer', api.updateScenario, { ...name(scenario), json: { scenarioGraph } });
    expect(saved.status, JSON.stringify(saved)).toBe(200);
  }

  test('a save, a fragment save and a fragment rename show in the next GET', async () => {
    const s = (server = await startTestServer(kind));
    for (const [scenario, isFragment] of [['cache-frag', true], ['cache-user', false]] as const) {
      expect((await s.call('writer', api.createScenario, { json: { name: scenario, isFragment, category: 'Default' } })).status).toBe(201);
    }
    await save(s, 'cache-frag', fragmentGraph('java.lang.Integer'));
    await save(s, 'cache-user', userGraph('cache-frag', "'text'"));
    const first = await validationOf(s, 'cache-user');
    expect(first.errors).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
    expect(await validationOf(s, 'cache-user')).toEqual(first);

    // A save: the marker's type changes from String to Integer.
    await save(s, 'cache-user', userGraph('cache-frag', '42'));
    const afterSave = await validationOf(s, 'cache-user');
    expect(afterSave).not.toEqual(first);

    // A fragment save: its parameter becomes a String, which `1` does not fit.
    await save(s, 'cache-frag', fragmentGraph('java.lang.String'));
    const afterFragmentSave = await validationOf(s, 'cache-user');
    expect(afterFragmentSave).not.toEqual(afterSave);

    // A fragment rename: the scenario now calls a fragment that does not exist.
    expect((await s.call('writer', api.renameScenario, { params: { scenarioName: 'cache-frag', newName: 'cache-frag-renamed' } })).status).toBe(200);
    const afterFragmentRename = await validationOf(s, 'cache-user');
    expect(Object.keys(afterFragmentRename.errors.invalidNodes)).toContain('call');
    expect(afterFragmentRename).not.toEqual(afterFragmentSave);

    // The scenario's own rename: its details under the new name, validated as they are.
    expect((await s.call('writer', api.renameScenario, { params: { scenarioName: 'cache-user', newName: 'cache-user-renamed' } })).status).toBe(200);
    expect((await s.call('reader', api.getScenario, name('cache-user'))).status).toBe(404);
    expect(await validationOf(s, 'cache-user-renamed')).toEqual(afterFragmentRename);

    // A fragment archived is no longer usable either; the name given back makes the call valid again.
    expect((await s.call('writer', api.renameScenario, { params: { scenarioName: 'cache-frag-renamed', newName: 'cache-frag' } })).status).toBe(200);
    expect(await validationOf(s, 'cache-user-renamed')).toEqual(afterFragmentSave);
    expect((await s.call('writer', api.archiveScenario, name('cache-frag'))).status).toBe(200);
    expect(Object.keys((await validationOf(s, 'cache-user-renamed')).errors.invalidNodes)).toContain('call');
  });

  test("a save's own result is the next GET's: with errors, with labels, and after a save that changed only labels", async () => {
    const s = (server = await startTestServer(kind));
    expect((await s.call('writer', api.createScenario, { json: { name: 'saved-result', isFragment: false, category: 'Default' } })).status).toBe(201);
    // A graph with a typing error (not one that blocks the save) and labels given out of order.
    const broken = userGraph('no-such-fragment', '#undefinedVariable + 1');
    const saved = await s.call('writer', api.updateScenario, { ...name('saved-result'), json: { scenarioGraph: broken, scenarioLabels: ['zeta', 'alpha'] } });
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    if (!saved.ok) return;
    const afterSave = await validationOf(s, 'saved-result');
    expect(Object.keys(afterSave.errors.invalidNodes).sort()).toEqual(['call', 'marker']);
    expect(dropNulls(afterSave.errors)).toEqual(dropNulls(saved.data.errors));
    // The same graph with other labels writes no version: the result is of the new labels, as fresh.
    const relabelled = await s.call('writer', api.updateScenario, { ...name('saved-result'), json: { scenarioGraph: broken, scenarioLabels: ['beta'] } });
    expect(relabelled.ok && relabelled.data.isNewVersion).toBe(false);
    expect(await validationOf(s, 'saved-result')).toEqual(afterSave);
  });

  test('a processing-type reload shows in the next GET', async () => {
    let current: ServerConfig = parseConfig(testConfigInput(), 'test');
    const s = (server = await startTestServer(kind, { config: current, reloadSource: async () => current }));
    expect((await s.call('writer', api.createScenario, { json: { name: 'cache-topic', isFragment: false, category: 'Default' } })).status).toBe(201);
    await save(s, 'cache-topic', topicGraph);
    const undeclared = await validationOf(s, 'cache-topic');
    expect(await validationOf(s, 'cache-topic')).toEqual(undeclared);

    const input = testConfigInput();
    const streaming = input.processingTypes!.streaming!;
    current = parseConfig(
      testConfigInput({
        processingTypes: {
          ...input.processingTypes,
          streaming: { ...streaming, model: { components: 'default', topics: { orders: { type: 'object', properties: { total: { type: 'string' } } } } } },
        },
      }),
      'test',
    );
    expect((await s.call('admin', api.reloadProcessingTypes)).status).toBe(204);
    const declared = await validationOf(s, 'cache-topic');
    expect(declared).not.toEqual(undeclared);
  });
});
