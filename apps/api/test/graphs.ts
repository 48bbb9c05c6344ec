import type { ScenarioGraph } from '@scenaria/graph';

const spel = (expression: string) => ({ language: 'spel', expression });

/** A small streaming graph whose variable expression carries `marker`, so each marker is a different graph. */
export function streamingGraph(marker: string | number = 1): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: `graph ${marker}`,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    },
    nodes: [
      { type: 'Source', id: 'source', ref: { typ: 'event-generator', parameters: [{ name: 'value', expression: spel('1') }] } },
      { type: 'Variable', id: 'marker', varName: 'marker', value: spel(`'${marker}'`) },
      { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#marker') }] } },
    ],
    edges: [
      { from: 'source', to: 'marker', edgeType: null },
      { from: 'marker', to: 'sink', edgeType: null },
    ],
  } as ScenarioGraph;
}

/** A request-response graph served at `slug`: `{name}` in, `{greeting: 'Hello, {name}!'}` out. */
export function greetingGraph(slug: string): ScenarioGraph {
  const inputSchema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  return {
    properties: { additionalFields: { description: null, properties: { slug, inputSchema }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
    nodes: [
      { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
      { type: 'Variable', id: 'greeting', varName: 'greeting', value: spel("'Hello, ' + #input.name + '!'") },
      { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel('{greeting: #greeting}') }] } },
    ],
    edges: [
      { from: 'request', to: 'greeting', edgeType: null },
      { from: 'greeting', to: 'response', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}

/** A streaming graph reading topic `input`, keeping records whose amount is over 10, writing `{id, amount}` to `output`. */
export function topicGraph(input: string, output: string): ScenarioGraph {
  return {
    properties: {
      additionalFields: {
        description: null,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    },
    nodes: [
      { type: 'Source', id: 'transactions', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel(`'${input}'`) }, { name: 'Schema version', expression: spel("'latest'") }] } },
      { type: 'Filter', id: 'large', expression: spel("#input['amount'] > 10") },
      {
        type: 'Sink',
        id: 'alerts',
        ref: {
          typ: 'kafka',
          parameters: [
            { name: 'Topic', expression: spel(`'${output}'`) },
            { name: 'Schema version', expression: spel("'latest'") },
            { name: 'Key', expression: spel('') },
            { name: 'Raw editor', expression: spel('true') },
            { name: 'Value validation mode', expression: spel("'strict'") },
            { name: 'Value', expression: spel("{id: #input['id'], amount: #input['amount']}") },
          ],
        },
      },
    ],
    edges: [
      { from: 'transactions', to: 'large', edgeType: null },
      { from: 'large', to: 'alerts', edgeType: { type: 'FilterTrue' } },
    ],
  } as unknown as ScenarioGraph;
}

/** The properties of a stream scenario as the test configuration defaults them. */
export const streamProperties = { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' };

/** A fragment with one parameter `amount` of the given class, passed on as the variable `doubled`. */
export function fragmentGraph(amountClass: string): ScenarioGraph {
  return {
    properties: { additionalFields: { description: null, properties: { docsUrl: '', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
    nodes: [
      { type: 'FragmentInputDefinition', id: 'in', parameters: [{ name: 'amount', typ: { refClazzName: amountClass }, required: false }] },
      { type: 'Variable', id: 'doubled', varName: 'doubled', value: spel('#amount') },
      { type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] },
    ],
    edges: [
      { from: 'in', to: 'doubled', edgeType: null },
      { from: 'doubled', to: 'out', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}

/** A scenario calling `fragment` with `amount = 1`, then a variable `marker` of the given expression, then a sink. */
export function userGraph(fragment: string, marker: string): ScenarioGraph {
  return {
    properties: { additionalFields: { description: null, properties: streamProperties, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes: [
      {
        type: 'Source',
        id: 'source',
        ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'value', expression: spel('1') }] },
      },
      { type: 'FragmentInput', id: 'call', ref: { id: fragment, parameters: [{ name: 'amount', expression: spel('1') }], outputVariableNames: { output: 'out' } }, fragmentParams: null },
      { type: 'Variable', id: 'marker', varName: 'marker', value: spel(marker) },
      { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#marker') }] } },
    ],
    edges: [
      { from: 'source', to: 'call', edgeType: null },
      { from: 'call', to: 'marker', edgeType: { type: 'FragmentOutput', name: 'output' } },
      { from: 'marker', to: 'sink', edgeType: null },
    ],
  } as unknown as ScenarioGraph;
}
