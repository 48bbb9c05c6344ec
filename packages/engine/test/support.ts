import { componentsById, defaultModel } from '@scenaria/components';
import type { ComponentDefinition, DefaultModelOptions, ScenarioType } from '@scenaria/components';
import { Types, recordType } from '@scenaria/typing';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { aggregateHelperValue, createSpelCompilerFactory, defaultComponentRuntimes } from '../src/index';
import type { CompileScenarioOptions, ComponentRuntime } from '../src/index';

/** Topic `in` carries transactions; `events` carries keyed numeric events. */
export const defaultTopics: DefaultModelOptions['topics'] = {
  in: recordType({ amount: Types.Integer, clientId: Types.String }),
  events: recordType({ key: Types.String, value: Types.Integer }),
};

/** Compile options over the real default model, real SpEL and the default component implementations. */
export function modelOptions(
  scenarioType: ScenarioType = 'streaming',
  extra: { components?: ComponentDefinition[]; runtimes?: Record<string, ComponentRuntime>; now?: () => number; topics?: DefaultModelOptions['topics'] } = {},
): Omit<CompileScenarioOptions, 'listener'> {
  const model = defaultModel(scenarioType, { topics: extra.topics ?? defaultTopics });
  const now = extra.now ?? (() => 1_700_000_000_000);
  return {
    components: componentsById(model, { isFragment: false, extra: extra.components ?? [] }),
    runtimes: defaultComponentRuntimes().with(extra.runtimes ?? {}),
    expressionCompilers: createSpelCompilerFactory({ classes: model.classes, globals: { clock: now } }),
    additionalVariableValues: { AGG: aggregateHelperValue },
    services: { clock: { now } },
  };
}

/** A canonical scenario with one source branch. */
export function scenario(name: string, nodes: CanonicalNode[], additionalBranches: CanonicalNode[][] = [], metaDataType = 'StreamMetaData', properties: Record<string, string> = {}): CanonicalProcess {
  return { metaData: { id: name, additionalFields: { metaDataType, properties } }, nodes, additionalBranches };
}

export const spel = (expression: string) => ({ language: 'spel', expression });
export const param = (name: string, expression: string) => ({ name, expression: spel(expression) });

export const kafkaSource = (id = 'source'): CanonicalNode => ({
  type: 'Source',
  id,
  ref: { typ: 'kafka', parameters: [param('Topic', "'in'"), param('Schema version', "'latest'")] },
});
export const kafkaSink = (id: string, value = '#input'): CanonicalNode => ({
  type: 'Sink',
  id,
  ref: {
    typ: 'kafka',
    parameters: [param('Topic', "'out'"), param('Schema version', "'latest'"), param('Key', ''), param('Raw editor', 'true'), param('Value validation mode', "'strict'"), param('Value', value)],
  },
});
export const deadEnd = (id: string): CanonicalNode => ({ type: 'Sink', id, ref: { typ: 'dead-end', parameters: [] } });
