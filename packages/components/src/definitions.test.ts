import { recordType, Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { defineComponent } from './component';
import { buildProcessDefinitionData, ProcessDefinitionDataSchema } from './definitions';
import { defaultModel } from './model';

describe('processDefinitionData', () => {
  const model = defaultModel('streaming', { topics: { transactions: recordType({ amount: Types.Long }) } });
  const data = buildProcessDefinitionData(model, { isFragment: false, classNames: ['java.lang.String'] });

  it('matches the response schema', () => {
    expect(ProcessDefinitionDataSchema.parse(data)).toEqual(data);
  });

  it('lists built-ins and model components keyed by id', () => {
    expect(data.components['builtin-filter']).toEqual({
      parameters: [],
      returnType: null,
      icon: '/assets/components/Filter.svg',
      docsUrl: null,
      outputParameters: null,
    });
    expect(Object.keys(data.components)).toContain('source-kafka');
    expect(Object.keys(data.components)).not.toContain('builtin-input');
    const fragmentData = buildProcessDefinitionData(model, { isFragment: true });
    expect(Object.keys(fragmentData.components)).toContain('builtin-input');
    expect(Object.keys(fragmentData.components)).toContain('builtin-output');
  });

  it('serves parameters as UIParameters with requiredParam and TypingResult JSON', () => {
    const topic = data.components['source-kafka']?.parameters.find((p) => p.name === 'Topic');
    expect(topic).toMatchObject({
      name: 'Topic',
      typ: { type: 'TypedClass', refClazzName: 'java.lang.String', params: [], display: 'String' },
      requiredParam: true,
      branchParam: false,
      label: 'Topic',
      hintText: null,
      editor: {
        type: 'DualParameterEditor',
        simpleEditor: { type: 'FixedValuesParameterEditor', possibleValues: [{ expression: "'transactions'", label: 'transactions' }] },
        defaultMode: 'SIMPLE',
      },
    });
    const aggregator = data.components['custom-aggregate-sliding']?.parameters.find((p) => p.name === 'aggregator');
    expect(Object.keys(aggregator?.additionalVariables ?? {})).toEqual(['AGG']);
  });

  it('groups the palette and gives node templates', () => {
    const names = data.componentGroups.map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(['base', 'sources', 'sinks', 'custom', 'enrichers', 'optionalEndings']));
    const base = data.componentGroups.find((g) => g.name === 'base');
    expect(base?.components.find((c) => c.componentId === 'builtin-choice')?.node).toEqual({ type: 'Switch', id: 'choice', expression: null, exprVal: null });
    const custom = data.componentGroups.find((g) => g.name === 'custom');
    const union = custom?.components.find((c) => c.componentId === 'custom-union');
    expect(union?.node).toMatchObject({ type: 'Join', nodeType: 'union', outputVar: 'output', branchParameters: [] });
    expect(union?.branchParametersTemplate).toEqual([{ name: 'Output expression', expression: { language: 'spel', expression: '' } }]);
    const sources = data.componentGroups.find((g) => g.name === 'sources');
    expect(sources?.components.find((c) => c.componentId === 'source-kafka')?.node).toMatchObject({ type: 'Source', ref: { typ: 'kafka' } });
  });

  it('describes the edges of filter and choice', () => {
    expect(data.edgesForNodes).toEqual([
      { componentId: 'builtin-filter', edges: [{ type: 'FilterTrue' }, { type: 'FilterFalse' }], canChooseNodes: false, isForInputDefinition: false },
      {
        componentId: 'builtin-choice',
        edges: [{ type: 'NextSwitch', condition: { language: 'spel', expression: 'true' } }, { type: 'SwitchDefault' }],
        canChooseNodes: true,
        isForInputDefinition: false,
      },
    ]);
  });

  it('serves the scenario properties config and classes', () => {
    expect(Object.keys(data.scenarioProperties.propertiesConfig)).toEqual(['parallelism', 'spillStateToDisk', 'useAsyncInterpretation', 'checkpointIntervalInSeconds']);
    expect(data.classes).toEqual([{ type: 'TypedClass', refClazzName: 'java.lang.String', params: [], display: 'String' }]);
    const rr = buildProcessDefinitionData(defaultModel('request-response'), { isFragment: false });
    const classNames = rr.classes.map((c) => c.refClazzName);
    expect(classNames).toEqual(expect.arrayContaining(['java.lang.String', 'java.time.LocalDate', 'pl.touk.nussknacker.engine.flink.util.transformer.aggregate.AggregateHelper']));
    expect(Object.keys(rr.scenarioProperties.propertiesConfig)).toEqual(['slug', 'inputSchema', 'outputSchema']);
  });

  it('leaves hidden components out of the palette but serves their definitions', () => {
    const secret = defineComponent({ type: 'sink', name: 'audit', parameters: [], isHidden: true, docs: { summary: 's', semantics: 's' } });
    const data = buildProcessDefinitionData({ ...model, components: [...model.components, secret] }, { isFragment: false });
    expect(Object.keys(data.components)).toContain('sink-audit');
    expect(data.componentGroups.flatMap((g) => g.components.map((c) => c.componentId))).not.toContain('sink-audit');
  });

  it('leaves hidden groups out of the palette but keeps their components', () => {
    const hidden = buildProcessDefinitionData({ ...model, hiddenComponentGroups: ['custom'] }, { isFragment: false });
    expect(hidden.componentGroups.map((g) => g.name)).not.toContain('custom');
    expect(Object.keys(hidden.components)).toContain('custom-union');
  });
});
