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
