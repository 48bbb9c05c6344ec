import { describe, expect, it } from 'vitest';
import { filterPalette, fragmentOutputsOf, groupTitle, type ComponentGroup } from './definitions';

const groups: ComponentGroup[] = [
  { name: 'base', components: [
    { componentId: 'builtin-filter', label: 'filter', node: { type: 'Filter', id: 'filter', expression: { language: 'spel', expression: 'true' } } },
    { componentId: 'builtin-split', label: 'split', node: { type: 'Split', id: 'split' } },
  ] },
  { name: 'sinks', components: [{ componentId: 'sink-kafka', label: 'kafka', node: { type: 'Sink', id: 'kafka', ref: { typ: 'kafka', parameters: [] } } }] },
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
