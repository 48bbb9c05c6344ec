import { CanonicalProcessSchema, type CanonicalNode, type CanonicalProcess } from './schemas/canonical';
import { ScenarioGraphSchema, type ScenarioGraph } from './schemas/scenario-graph';
import { issuesFromZod, type GraphIssue, type ParseResult } from './issues';
import { cloneJson, isJsonObject, type Json } from './json';
import { upgradeAdditionalFields } from './upgrade/metadata';

/**
 * Parses the flat scenario graph (`scenarioGraph`). Checks the shape only: structural problems such as
 * dangling edges or duplicate ids are reported by `findStructureProblems`, because the designer must still
 * validate (and partly save) such graphs rather than reject them. Like Nussknacker, it also accepts the
 * legacy `properties.typeSpecificProperties` shape and merges it into `additionalFields` (other legacy
 * formats go through `upgradeScenario`).
 */
export function parseScenarioGraph(json: unknown): ParseResult<ScenarioGraph> {
  const input = withLegacyPropertiesMerged(json);
  const parsed = ScenarioGraphSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: issuesFromZod(parsed.error, input) };
  return { ok: true, value: parsed.data };
}

// Nussknacker still decodes the pre-1.14 `properties` shape (`typeSpecificProperties` next to
// `additionalFields` without `metaDataType`) by merging it into the string properties (scenario-graph.md §1).
function withLegacyPropertiesMerged(json: unknown): unknown {
  if (!isJsonObject(json) || !isJsonObject(json.properties) || !Object.hasOwn(json.properties, 'typeSpecificProperties')) {
    return json;
  }
  const { properties } = json;
  const nodes = Array.isArray(json.nodes) ? json.nodes : [];
  const isFragment = properties.isSubprocess === true || nodes.some((node) => isJsonObject(node) && node.type === 'FragmentInputDefinition');
  const additionalFields = upgradeAdditionalFields(
    { additionalFields: properties.additionalFields, typeSpecific: properties.typeSpecificProperties, typeSpecificKey: 'typeSpecificProperties', isFragment },
    'properties',
    [],
  );
  return { ...json, properties: { additionalFields } };
}

/** Parses the canonical (tree) form, including the rule that nothing may follow a branch-ending element. */
export function parseCanonicalProcess(json: unknown): ParseResult<CanonicalProcess> {
  const parsed = CanonicalProcessSchema.safeParse(json);
  if (!parsed.success) return { ok: false, issues: issuesFromZod(parsed.error, json) };
  const issues: GraphIssue[] = [];
  checkBranch(parsed.data.nodes, ['nodes'], issues);
  parsed.data.additionalBranches?.forEach((branch, index) =>
    checkBranch(branch, ['additionalBranches', index], issues),
  );
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: parsed.data };
}

// Elements whose continuation lives inside them (or that end a branch): anything listed after them would be
// silently lost by the conversion to the graph, so it is refused instead.
const BRANCH_ENDING_TYPES = new Set<CanonicalNode['type']>([
  'Switch',
  'Split',
  'FragmentInput',
  'Sink',
  'FragmentOutputDefinition',
  'BranchEndData',
]);

function checkBranch(branch: CanonicalNode[], path: (string | number)[], issues: GraphIssue[]): void {
  branch.forEach((node, index) => {
    const nodePath = [...path, index];
    if (BRANCH_ENDING_TYPES.has(node.type) && index < branch.length - 1) {
      const name = node.type === 'BranchEndData' ? `BranchEndData to '${node.definition.joinId}'` : `'${node.id}'`;
      issues.push({
        code: 'InvalidTailOfBranch',
        message: `${name} (${node.type}) must be the last element of its branch`,
        path: [...path, index + 1],
        ...(node.type === 'BranchEndData' ? {} : { nodeIds: [node.id] }),
      });
    }
    switch (node.type) {
      case 'Filter':
        if (node.nextFalse) checkBranch(node.nextFalse, [...nodePath, 'nextFalse'], issues);
        break;
      case 'Switch':
        node.nexts?.forEach((switchCase, caseIndex) =>
          checkBranch(switchCase.nodes, [...nodePath, 'nexts', caseIndex, 'nodes'], issues),
        );
        if (node.defaultNext) checkBranch(node.defaultNext, [...nodePath, 'defaultNext'], issues);
        break;
      case 'Split':
        node.nexts.forEach((next, nextIndex) => checkBranch(next, [...nodePath, 'nexts', nextIndex], issues));
        break;
      case 'FragmentInput':
        for (const [name, next] of Object.entries(node.outputs ?? {})) {
          checkBranch(next, [...nodePath, 'outputs', name], issues);
        }
        break;
      default:
        break;
    }
  });
}

/**
 * The wire JSON of a graph: unknown keys dropped, `null` and absent fields kept as they are.
 * Throws only when handed a value that is not a scenario graph (a bug in the caller).
 */
export function serializeScenarioGraph(graph: ScenarioGraph): Json {
  return cloneJson(checkedScenarioGraph(graph, 'serializeScenarioGraph')) as Json;
}

/** The wire JSON of a canonical process; throws only when handed something that is not one (a bug). */
export function serializeCanonicalProcess(canonical: CanonicalProcess): Json {
  return cloneJson(checkedCanonicalProcess(canonical)) as Json;
}

/**
 * `JSON.stringify(serializeScenarioGraph(graph))`, without the copy: the schema's output is written as it is
 * (JSON text leaves out `undefined` fields just as the copy does).
 */
export function scenarioGraphText(graph: ScenarioGraph): string {
  return JSON.stringify(checkedScenarioGraph(graph, 'scenarioGraphText'));
}

/** `JSON.stringify(serializeCanonicalProcess(canonical))`, without the copy (as `scenarioGraphText`). */
export function canonicalProcessText(canonical: CanonicalProcess): string {
  return JSON.stringify(checkedCanonicalProcess(canonical));
}

/**
 * `canonicalProcessText` of a canonical process that `toCanonical` made from the schema's own output (a graph
 * `parseScenarioGraph` or a request schema returned): the conversion keeps the schema's fields and adds none, so
 * the text is written without the schema pass, which was a tenth of what a validation worker spent on a save.
 * The corpus and fuzz tests hold the two texts equal.
 */
export function parsedCanonicalProcessText(canonical: CanonicalProcess): string {
  return JSON.stringify(canonical);
}

/**
 * `scenarioGraphText` of a graph that `fromCanonical` read from a canonical process of the schema's own output (a
 * stored version's text): written without the schema pass, as `parsedCanonicalProcessText`.
 */
export function parsedScenarioGraphText(graph: ScenarioGraph): string {
  return JSON.stringify(graph);
}

// The schema's output for a graph (unknown keys dropped); `caller` names who was handed something else (a bug).
function checkedScenarioGraph(graph: ScenarioGraph, caller: string): unknown {
  const parsed = ScenarioGraphSchema.safeParse(graph);
  if (!parsed.success) throw new Error(`${caller}: not a scenario graph: ${parsed.error.message}`);
  return parsed.data;
}

function checkedCanonicalProcess(canonical: CanonicalProcess): unknown {
  const parsed = CanonicalProcessSchema.safeParse(canonical);
  if (!parsed.success) {
    throw new Error(`serializeCanonicalProcess: not a canonical process: ${parsed.error.message}`);
  }
  return parsed.data;
}
