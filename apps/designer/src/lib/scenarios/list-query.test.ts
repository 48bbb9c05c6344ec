import { describe, expect, it } from 'vitest';
import { defaultListQuery, distinctValues, queryScenarios, type ListedScenario } from './list-query';

const state = (name: string) => ({ status: { name }, allowedActions: [], icon: '', tooltip: '', description: '', errors: [] });
const scenario = (name: string, extra: Partial<ListedScenario> = {}): ListedScenario => ({
  name,
  isFragment: false,
  isArchived: false,
  processCategory: 'Default',
  processingType: 'streaming',
  labels: [],
  modifiedAt: '2026-01-01T00:00:00Z',
  modifiedBy: 'admin',
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'admin',
  processVersionId: 1,
  state: state('NOT_DEPLOYED'),
  ...extra,
});

const list = [
  scenario('fraud detection', { labels: ['risk'], modifiedAt: '2026-03-01T00:00:00Z', state: state('RUNNING') }),
  scenario('Big transactions', { processCategory: 'Finance', labels: ['risk', 'eu'], modifiedAt: '2026-02-01T00:00:00Z' }),
  scenario('helpers', { isFragment: true, state: undefined, modifiedAt: '2026-04-01T00:00:00Z' }),
];
const names = (query: Partial<typeof defaultListQuery>) => queryScenarios(list, { ...defaultListQuery, ...query }).map((s) => s.name);

describe('queryScenarios', () => {
  it('sorts by last change, newest first, by default', () => {
    expect(names({})).toEqual(['helpers', 'fraud detection', 'Big transactions']);
  });

  it('searches names and labels by every word, ignoring case', () => {
    expect(names({ search: 'FRAUD' })).toEqual(['fraud detection']);
    expect(names({ search: 'risk eu' })).toEqual(['Big transactions']);
  });

  it('filters by kind, category, status and all chosen labels', () => {
    expect(names({ kind: 'fragments' })).toEqual(['helpers']);
    expect(names({ kind: 'scenarios', sort: 'name', descending: false })).toEqual(['Big transactions', 'fraud detection']);
    expect(names({ category: 'Finance' })).toEqual(['Big transactions']);
    expect(names({ status: 'RUNNING' })).toEqual(['fraud detection']);
    expect(names({ labels: ['risk', 'eu'] })).toEqual(['Big transactions']);
  });

  it('lists distinct values for the filters', () => {
    expect(distinctValues(list, (s) => s.labels)).toEqual(['eu', 'risk']);
    expect(distinctValues(list, (s) => s.processCategory)).toEqual(['Default', 'Finance']);
  });
});
