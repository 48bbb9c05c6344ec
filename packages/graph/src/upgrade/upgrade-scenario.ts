import { toCanonical } from '../canonical/to-canonical';
import { issuesFromZod, type GraphIssue } from '../issues';
import { isJsonObject } from '../json';
import { parseCanonicalProcess } from '../parse';
import type { CanonicalProcess } from '../schemas/canonical';
import { ScenarioGraphSchema } from '../schemas/scenario-graph';
import { upgradeAdditionalFields } from './metadata';
import { containsFragmentInputDefinition, upgradeCanonicalBranch, upgradeEdge, upgradeNodeData } from './nodes';

/** The outcome of `upgradeScenario`: the 1.18 canonical process plus what was changed, or the issues. */
export type UpgradeResult =
  | { ok: true; value: CanonicalProcess; changes: string[] }
  | { ok: false; issues: GraphIssue[]; changes: string[] };

/** Options of `upgradeScenario`. */
export type UpgradeOptions = {
  /** Scenario name to use when the JSON carries none (a fragment without metaData, a bare graph). */
  name?: string;
};

const FALLBACK_NAME = 'unnamed';

type Located = { value: Record<string, unknown>; path: (string | number)[]; name?: string; isFragment?: boolean };

// Peels the envelopes scenarios have travelled in: the `{comment, process}` export/migration wrapper and the
// scenario-details record whose graph was called `json` before 1.14 and `scenarioGraph` since.
function unwrap(json: Record<string, unknown>, changes: string[]): Located {
  let located: Located = { value: json, path: [] };
  for (let depth = 0; depth < 3; depth++) {
    const current = located.value;
    if (Object.hasOwn(current, 'nodes')) break;
    if (isJsonObject(current.process)) {
      changes.push('unwrapped the {comment, process} envelope');
      located = { ...located, value: current.process, path: [...located.path, 'process'] };
      continue;
    }
    const graphKey = isJsonObject(current.scenarioGraph) ? 'scenarioGraph' : isJsonObject(current.json) ? 'json' : undefined;
    if (graphKey) {
      const value = current[graphKey] as Record<string, unknown>;
      if (graphKey === 'json') changes.push('scenario details: json renamed to scenarioGraph');
      const name = typeof current.name === 'string' ? current.name : typeof current.id === 'string' ? current.id : located.name;
      const flag = current.isFragment ?? current.isSubprocess;
      if (Object.hasOwn(current, 'isSubprocess')) changes.push('scenario details: isSubprocess renamed to isFragment');
      located = {
        value,
        path: [...located.path, graphKey],
        ...(name === undefined ? {} : { name }),
        isFragment: flag === true || located.isFragment === true,
      };
      continue;
    }
    break;
  }
  return located;
}

function withPrefix(issues: GraphIssue[], prefix: (string | number)[]): GraphIssue[] {
  return prefix.length === 0 ? issues : issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}

/**
 * Upgrades scenario JSON of any era to the 1.18 canonical form, listing every change it made.
 *
 * Accepts the canonical form (any version back to 2017: `typeSpecificData`, `exceptionHandlerRef`,
 * `subprocess` names, plain-string parameters), a fragment without `metaData`, the `{comment, process}`
 * wrapper, scenario details (`json` or `scenarioGraph`) and the flat graph of any era (old `properties`
 * with `typeSpecificProperties`). Never throws on bad input: problems come back as issues with JSON paths.
 */
export function upgradeScenario(json: unknown, options: UpgradeOptions = {}): UpgradeResult {
  const changes: string[] = [];
  if (!isJsonObject(json)) {
    return {
      ok: false,
      changes,
      issues: [{ code: 'InvalidType', message: 'A scenario must be a JSON object', path: [] }],
    };
  }
  const located = unwrap(json, changes);
  const document = located.value;
  if (!Array.isArray(document.nodes)) {
    return {
      ok: false,
      changes,
      issues: [{ code: Object.hasOwn(document, 'nodes') ? 'InvalidType' : 'MissingField', message: 'A scenario needs a nodes array', path: [...located.path, 'nodes'] }],
    };
  }
  const result = Array.isArray(document.edges)
    ? upgradeGraphForm(document, located, options, changes)
    : upgradeCanonicalForm(document, located, options, changes);
  if (!result.ok) return { ok: false, changes, issues: withPrefix(result.issues, located.path) };
  return { ok: true, value: result.value, changes };
}

function upgradeCanonicalForm(
  document: Record<string, unknown>,
  located: Located,
  options: UpgradeOptions,
  changes: string[],
): { ok: true; value: CanonicalProcess } | { ok: false; issues: GraphIssue[] } {
  if (document.metaData !== undefined && document.metaData !== null && !isJsonObject(document.metaData)) {
    return { ok: false, issues: [{ code: 'InvalidType', message: 'metaData must be an object', path: ['metaData'] }] };
  }
  const metaData = isJsonObject(document.metaData) ? document.metaData : undefined;
  if (!metaData) changes.push('metaData added (the document had none)');
  const isFragment =
    located.isFragment === true ||
    metaData?.isSubprocess === true ||
    metaData?.isFragment === true ||
    containsFragmentInputDefinition(document.nodes) ||
    (Array.isArray(document.additionalBranches) && document.additionalBranches.some(containsFragmentInputDefinition));
  let id: unknown = metaData?.id;
  if (id === undefined) {
    id = located.name ?? options.name ?? (typeof document.id === 'string' ? document.id : FALLBACK_NAME);
    changes.push(`metaData.id set to '${String(id)}'`);
  }
  for (const key of ['isSubprocess', 'subprocessVersions', 'isFragment']) {
    if (metaData && Object.hasOwn(metaData, key)) {
      changes.push(`metaData.${key} removed${key === 'isSubprocess' ? ' (fragments are known by metaDataType FragmentSpecificData)' : ''}`);
    }
  }
  const additionalFields = upgradeAdditionalFields(
    {
      additionalFields: metaData?.additionalFields,
      typeSpecific: metaData?.typeSpecificData,
      typeSpecificKey: 'typeSpecificData',
      isFragment,
    },
    'metaData',
    changes,
  );
  if (Object.hasOwn(document, 'exceptionHandlerRef')) changes.push('exceptionHandlerRef removed (exception handlers no longer exist)');
  const nodes = upgradeCanonicalBranch(document.nodes, changes);
  let additionalBranches: unknown = document.additionalBranches;
  if (additionalBranches === undefined || additionalBranches === null) {
    additionalBranches = [];
    changes.push('additionalBranches added ([])');
  } else if (Array.isArray(additionalBranches)) {
    additionalBranches = additionalBranches.map((branch: unknown) => upgradeCanonicalBranch(branch, changes));
  }
  const candidate = { metaData: { id, additionalFields }, nodes, additionalBranches };
  const parsed = parseCanonicalProcess(candidate);
  if (!parsed.ok) return parsed;
  return { ok: true, value: parsed.value };
}

function upgradeGraphForm(
  document: Record<string, unknown>,
  located: Located,
  options: UpgradeOptions,
  changes: string[],
): { ok: true; value: CanonicalProcess } | { ok: false; issues: GraphIssue[] } {
  const properties = isJsonObject(document.properties) ? document.properties : {};
  const nodes = (document.nodes as unknown[]).map((node: unknown) => (isJsonObject(node) ? upgradeNodeData(node, changes) : node));
  const isFragment =
    located.isFragment === true ||
    properties.isSubprocess === true ||
    properties.isFragment === true ||
    document.isSubprocess === true ||
    document.isFragment === true ||
    containsFragmentInputDefinition(nodes);
  for (const key of ['id', 'processingType', 'category', 'isSubprocess', 'isFragment']) {
    if (Object.hasOwn(document, key)) changes.push(`graph field ${key} removed (it lives on the scenario record since 1.14)`);
  }
  for (const key of ['isSubprocess', 'exceptionHandler', 'subprocessVersions', 'isFragment']) {
    if (Object.hasOwn(properties, key)) changes.push(`properties.${key} removed`);
  }
  const additionalFields = upgradeAdditionalFields(
    {
      additionalFields: properties.additionalFields,
      typeSpecific: properties.typeSpecificProperties,
      typeSpecificKey: 'typeSpecificProperties',
      isFragment,
    },
    'properties',
    changes,
  );
  const edges = (document.edges as unknown[]).map((edge, index) => upgradeEdge(edge, index, changes));
  const candidate = { properties: { additionalFields }, nodes, edges };
  const parsed = ScenarioGraphSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, issues: issuesFromZod(parsed.error, candidate) };
  const name =
    located.name ?? options.name ?? (typeof document.id === 'string' ? document.id : typeof document.name === 'string' ? document.name : FALLBACK_NAME);
  const canonical = toCanonical(parsed.data, { id: name });
  const kept = countNodes(canonical);
  if (kept < parsed.data.nodes.length) {
    changes.push(`${parsed.data.nodes.length - kept} node(s) not reachable from a start node dropped by the conversion to the canonical form`);
  }
  return { ok: true, value: canonical };
}

function countNodes(canonical: CanonicalProcess): number {
  let count = 0;
  const walk = (branch: readonly unknown[]): void => {
    for (const element of branch) {
      if (!isJsonObject(element) || element.type === 'BranchEndData') continue;
      count++;
      if (Array.isArray(element.nextFalse)) walk(element.nextFalse);
      if (Array.isArray(element.defaultNext)) walk(element.defaultNext);
      if (Array.isArray(element.nexts)) {
        for (const next of element.nexts) {
          if (Array.isArray(next)) walk(next);
          else if (isJsonObject(next) && Array.isArray(next.nodes)) walk(next.nodes);
        }
      }
      if (isJsonObject(element.outputs)) for (const next of Object.values(element.outputs)) if (Array.isArray(next)) walk(next);
    }
  };
  walk(canonical.nodes);
  for (const branch of canonical.additionalBranches ?? []) walk(branch);
  return count;
}
