import { describe, expect, it } from 'vitest';
import { buildProcessDefinitionData, defaultModel } from '@scenaria/components';
import { filterPalette, fragmentOutputsOf, groupTitle, readDefinitions, templateNode, type ComponentGroup } from './definitions';

const groups: ComponentGroup[] = [
  { name: 'base', components: [
    { componentId: 'builtin-filter', label: 'filter', node: { type: 'Filter', id: 'filter', expression: { language: 'spel', expression: 'true' } }, branchParametersTemplate: [] },
    { componentId: 'builtin-split', label: 'split', node: { type: 'Split', id: 'split' }, branchParametersTemplate: [] },
  ] },
  { name: 'sinks', components: [{ componentId: 'sink-kafka', label: 'kafka', node: { type: 'Sink', id: 'kafka', ref: { typ: 'kafka', parameters: [] } }, branchParametersTemplate: [] }] },
];

describe('palette', () => {
  it('keeps groups with a matching component only', () => {
    expect(filterPalette(groups, 'fil').map((g) => [g.name, g.components.map((c) => c.label)])).toEqual([['base', ['filter']]]);
    expect(filterPalette(groups, 'sinks').map((g) => g.name)).toEqual(['sinks']);
    expect(filterPalette(groups, '')).toHaveLength(2);
    expect(filterPalette(groups, 'nothing')).toEqual([]);
  });

  it('titles group ids and reads fragment outputs', () => {
    expect(groupTitle('optionalEndings')).toBe('Optional endings');
    expect(fragmentOutputsOf({ components: { 'fragment-f': { parameters: [], returnType: null, outputParameters: ['ok'] } }, componentGroups: [] }, 'fragment-f')).toEqual(['ok']);
    expect(fragmentOutputsOf(undefined, 'fragment-f')).toEqual([]);
  });
});

describe('definitions from the server', () => {
  it('reads what the components package builds, with every palette template a scenario node', () => {
    for (const [type, isFragment] of [['streaming', false], ['streaming', true], ['request-response', false]] as const) {
      const read = readDefinitions(JSON.parse(JSON.stringify(buildProcessDefinitionData(defaultModel(type), { isFragment }))));
      expect(read.ok).toBe(true);
      const templates = read.ok ? read.value.componentGroups.flatMap((group) => group.components) : [];
      expect(templates.length).toBeGreaterThan(0);
      expect(templates.filter((component) => !templateNode(component)).map((component) => component.componentId)).toEqual([]);
    }
    expect(readDefinitions({ components: {} }).ok).toBe(false);
  });
});
