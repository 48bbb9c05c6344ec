import type { ScenarioWithDetails } from '@scenaria/api-contract';

export type ListedScenario = Pick<
  ScenarioWithDetails,
  'name' | 'isFragment' | 'isArchived' | 'processCategory' | 'processingType' | 'labels' | 'modifiedAt' | 'modifiedBy' | 'createdAt' | 'createdBy' | 'description' | 'state' | 'processVersionId'
>;

export interface ScenarioListQuery {
  search: string;
  kind: 'all' | 'scenarios' | 'fragments';
  category: string;
  status: string;
  labels: string[];
  sort: 'name' | 'modifiedAt' | 'createdAt' | 'status';
  descending: boolean;
}

export const defaultListQuery: ScenarioListQuery = {
  search: '',
  kind: 'all',
  category: '',
  status: '',
  labels: [],
  sort: 'modifiedAt',
  descending: true,
};

/** The status name a list row shows; fragments have none, archived scenarios without a state count as not deployed. */
export function statusNameOf(scenario: ListedScenario): string | undefined {
  if (scenario.isFragment) return undefined;
  return scenario.state?.status.name;
}

/** Filters and sorts in the browser: the list is already loaded, so typing in the search box costs no request. */
export function queryScenarios<T extends ListedScenario>(scenarios: readonly T[], query: ScenarioListQuery): T[] {
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (scenario: T) => {
    if (query.kind === 'scenarios' && scenario.isFragment) return false;
    if (query.kind === 'fragments' && !scenario.isFragment) return false;
    if (query.category && scenario.processCategory !== query.category) return false;
    if (query.status && statusNameOf(scenario) !== query.status) return false;
    if (query.labels.some((label) => !scenario.labels.includes(label))) return false;
    const haystack = [scenario.name, scenario.description ?? '', ...scenario.labels].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  const direction = query.descending ? -1 : 1;
  const key = (scenario: T): string => {
    switch (query.sort) {
      case 'name':
        return scenario.name.toLowerCase();
      case 'createdAt':
        return scenario.createdAt;
      case 'modifiedAt':
        return scenario.modifiedAt;
      case 'status':
        return statusNameOf(scenario) ?? '';
    }
  };
  return scenarios
    .filter(matches)
    .sort((a, b) => {
      const byKey = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
      return byKey !== 0 ? byKey * direction : a.name.localeCompare(b.name);
    });
}

/** Every distinct value of `pick` over the list, sorted, for the filter drop-downs. */
export function distinctValues<T>(items: readonly T[], pick: (item: T) => readonly string[] | string | undefined): string[] {
  const values = new Set<string>();
  for (const item of items) {
    const picked = pick(item);
    if (picked === undefined) continue;
    for (const value of typeof picked === 'string' ? [picked] : picked) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}
