import { describe, expect, it } from 'vitest';
import { upgradeScenario } from './upgrade-scenario';

const source = { type: 'Source', id: 's', ref: { typ: 'kafka', parameters: [] } };
const sink = { type: 'Sink', id: 'out', ref: { typ: 'kafka', parameters: [] } };

function upgradedFields(metaData: unknown, nodes: unknown[] = [source, sink]) {
  const result = upgradeScenario({ metaData, nodes, additionalBranches: [] });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return { fields: result.value.metaData.additionalFields, changes: result.changes };
}

describe('metadata upgrade', () => {
  it.each([
    [{ type: 'StreamMetaData', parallelism: 4, spillStateToDisk: null, useAsyncInterpretation: true, checkpointIntervalInSeconds: 60 }, 'StreamMetaData', { parallelism: '4', spillStateToDisk: '', useAsyncInterpretation: 'true', checkpointIntervalInSeconds: '60' }],
    [{ type: 'StreamMetaData' }, 'StreamMetaData', { parallelism: '', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }],
    [{ type: 'LiteStreamMetaData', parallelism: 2 }, 'LiteStreamMetaData', { parallelism: '2' }],
    [{ type: 'RequestResponseMetaData', slug: 'loan' }, 'RequestResponseMetaData', { slug: 'loan' }],
    [{ type: 'StandaloneMetaData', path: null }, 'RequestResponseMetaData', { slug: '' }],
    [{ type: 'FragmentSpecificData', docsUrl: 'http://docs' }, 'FragmentSpecificData', { docsUrl: 'http://docs', componentGroup: '', icon: '' }],
    [{ type: 'MyEngineMetaData', knob: 3 }, 'MyEngineMetaData', { knob: '3' }],
  ])('typeSpecificData %j becomes %s with string properties', (typeSpecificData, metaDataType, properties) => {
    const { fields, changes } = upgradedFields({ id: 'x', typeSpecificData });
    expect(fields).toEqual({ description: null, properties, metaDataType, showDescription: false });
    expect(changes.some((change) => change.includes('typeSpecificData'))).toBe(true);
  });

  it('keeps custom properties next to the type-specific ones and stringifies old non-string values', () => {
    const { fields } = upgradedFields({
      id: 'x',
      typeSpecificData: { type: 'LiteStreamMetaData', parallelism: 1 },
      additionalFields: { description: 'd', properties: { environment: 'test', retries: 3 }, showDescription: true },
    });
    expect(fields).toEqual({
      description: 'd',
      properties: { environment: 'test', retries: '3', parallelism: '1' },
      metaDataType: 'LiteStreamMetaData',
      showDescription: true,
    });
  });

  it('assumes a stream scenario, or a fragment when the graph starts with an input definition', () => {
    expect(upgradedFields({ id: 'x' }).fields.metaDataType).toBe('StreamMetaData');
    const fragment = upgradedFields({ id: 'x' }, [{ type: 'FragmentInputDefinition', id: 'in', parameters: [] }, { type: 'FragmentOutputDefinition', id: 'o', outputName: 'o', fields: [] }]);
    expect(fragment.fields.metaDataType).toBe('FragmentSpecificData');
    expect(fragment.changes.some((change) => change.includes('assumed FragmentSpecificData'))).toBe(true);
  });

  it('leaves 1.18 metadata alone', () => {
    const additionalFields = { description: null, properties: { slug: 'a' }, metaDataType: 'RequestResponseMetaData', showDescription: false };
    expect(upgradedFields({ id: 'x', additionalFields })).toEqual({ fields: additionalFields, changes: [] });
  });
});

describe('node upgrade', () => {
  it('renames subprocess nodes at any depth and converts plain-string parameters everywhere', () => {
    const result = upgradeScenario({
      metaData: { id: 'x', typeSpecificData: { type: 'StreamMetaData' } },
      nodes: [
        source,
        {
          type: 'Split',
          id: 'split',
          nexts: [
            [{ type: 'SubprocessInput', id: 'use', ref: { id: 'f', parameters: [] }, outputs: { out: [sink] } }],
            [{ type: 'Enricher', id: 'e', output: 'o', service: { id: 'svc', parameters: [{ name: 'p', value: 'a' }] } }, { ...sink, id: 'out 2' }],
          ],
        },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const split = result.value.nodes[1] as { nexts: { type: string; service?: unknown }[][] };
    expect(split.nexts[0]?.[0]?.type).toBe('FragmentInput');
    expect(split.nexts[1]?.[0]?.service).toEqual({ id: 'svc', parameters: [{ name: 'p', expression: { language: 'spel', expression: "'a'" } }] });
  });

  it('adds the nested keys a 1.18 canonical node always has', () => {
    const result = upgradeScenario({
      metaData: { id: 'x', additionalFields: { description: null, properties: {}, metaDataType: 'StreamMetaData', showDescription: false } },
      nodes: [source, { type: 'Filter', id: 'f', expression: { language: 'spel', expression: 'true' } }, { type: 'Switch', id: 'sw', nexts: [{ expression: { language: 'spel', expression: 'true' }, nodes: [sink] }] }],
      additionalBranches: [],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value.nodes[1]).toHaveProperty('nextFalse', []);
    expect(result.value.nodes[2]).toHaveProperty('defaultNext', []);
    expect(result.changes).toEqual(["node 'f': nextFalse added ([])", "node 'sw': defaultNext added ([])"]);
  });
});
