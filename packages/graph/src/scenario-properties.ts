import type { CanonicalProcess } from './schemas/canonical';
import type { ProcessProperties } from './schemas/properties';

/**
 * The well-known property keys of each metadata type with the value each has when nothing set it
 * (scenario-graph.md §1): what a legacy `typeSpecificData` is expanded to, and the base of a new scenario's.
 */
export const UNSET_PROPERTIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  StreamMetaData: { parallelism: '', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' },
  LiteStreamMetaData: { parallelism: '' },
  RequestResponseMetaData: { slug: '' },
  FragmentSpecificData: { docsUrl: '', componentGroup: '', icon: '' },
};

/** What is being created: a streaming or a request-response scenario, or a fragment. */
export type NewScenarioKind = 'streaming' | 'request-response' | 'fragment';

/** A scenario property a deployment adds, as far as a new scenario is concerned: its default value. */
export interface ConfiguredPropertyDefault {
  readonly defaultValue?: string | null | undefined;
}

const METADATA_TYPE_OF_KIND: Record<NewScenarioKind, string> = {
  streaming: 'StreamMetaData',
  'request-response': 'RequestResponseMetaData',
  fragment: 'FragmentSpecificData',
};

const KIND_OF_METADATA_TYPE: Readonly<Record<string, NewScenarioKind>> = {
  StreamMetaData: 'streaming',
  LiteStreamMetaData: 'streaming',
  RequestResponseMetaData: 'request-response',
  FragmentSpecificData: 'fragment',
};

/**
 * What kind of scenario properties of a metadata type belong to, or undefined for a type not known here: an
 * import can tell a request-response file from a streaming one before it replaces a graph.
 * @example kindOfMetaDataType('LiteStreamMetaData') // 'streaming'
 */
export function kindOfMetaDataType(metaDataType: string): NewScenarioKind | undefined {
  return Object.hasOwn(KIND_OF_METADATA_TYPE, metaDataType) ? KIND_OF_METADATA_TYPE[metaDataType] : undefined;
}

/**
 * The properties of a newly created scenario (semantics.md §3: version 1 holds an empty graph whose
 * properties the processing type's initializer fills in). A streaming scenario starts with parallelism 1, as
 * Nussknacker's streaming initializer writes it; the other keys of its type are unset. Properties the
 * deployment configures start at their default value (empty when none), in scenarios only: fragments have
 * their own fixed properties.
 * @example newScenarioProperties('streaming', { environment: { defaultValue: 'test' } }).additionalFields.properties
 * // { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '', environment: 'test' }
 */
export function newScenarioProperties(
  kind: NewScenarioKind,
  configured: Readonly<Record<string, ConfiguredPropertyDefault>> = {},
): ProcessProperties {
  const metaDataType = METADATA_TYPE_OF_KIND[kind];
  const properties: Record<string, string> = { ...UNSET_PROPERTIES[metaDataType] };
  if (kind === 'streaming') properties.parallelism = '1';
  if (kind !== 'fragment') {
    for (const [key, property] of Object.entries(configured)) properties[key] = property.defaultValue ?? '';
  }
  return { additionalFields: { description: null, properties, metaDataType, showDescription: false } };
}

/**
 * Where a deployed request-response scenario answers (`/scenario/{slug}`): its `slug` property, else its name with
 * every run of characters outside `[A-Za-z0-9._~-]` as one `-`. Every deployment manager serves endpoints by it.
 */
export function scenarioSlug(scenario: Pick<CanonicalProcess, 'metaData'>): string {
  const property = scenario.metaData.additionalFields.properties?.['slug']?.trim();
  if (property) return property;
  return scenario.metaData.id.replace(/[^A-Za-z0-9._~-]+/g, '-');
}
