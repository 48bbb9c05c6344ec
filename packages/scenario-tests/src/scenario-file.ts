import { fromCanonical, inspectJsonText, parseCanonicalProcess, parseScenarioGraph, toCanonical } from '@scenaria/graph';
import type { CanonicalProcess, ScenarioGraph } from '@scenaria/graph';

/** Longest scenario file read (characters). */
export const MAX_SCENARIO_CHARS = 10_000_000;

/** A scenario read from a file, in both of its forms. */
export interface ScenarioFile {
  name: string;
  canonical: CanonicalProcess;
  graph: ScenarioGraph;
}

/** A problem reading a scenario file. */
export interface ScenarioFileIssue {
  code: 'ScenarioTooLong' | 'ScenarioSyntax' | 'ScenarioShape';
  message: string;
  path: readonly (string | number)[];
}

/**
 * Reads a scenario file: the canonical JSON the designer exports (`scenaria pull`, the designer's "Export"),
 * or a graph (`{properties, nodes, edges}`), named by `fallbackName` since a graph holds no name.
 * @example
 * const scenario = parseScenarioFile(await readFile('fraud.json', 'utf8'), 'fraud');
 */
export function parseScenarioFile(text: string, fallbackName: string): { ok: true; value: ScenarioFile } | { ok: false; issues: ScenarioFileIssue[] } {
  if (text.length > MAX_SCENARIO_CHARS) return { ok: false, issues: [{ code: 'ScenarioTooLong', message: `A scenario file has at most ${MAX_SCENARIO_CHARS} characters`, path: [] }] };
  const inspected = inspectJsonText(text);
  if (inspected.tooDeep) return { ok: false, issues: [{ code: 'ScenarioSyntax', message: 'The JSON nests too deeply', path: [] }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ code: 'ScenarioSyntax', message: error instanceof Error ? error.message : String(error), path: [] }] };
  }
  const isGraph = typeof json === 'object' && json !== null && 'edges' in json && !('metaData' in json);
  if (isGraph) {
    const graph = parseScenarioGraph(json);
    if (!graph.ok) return { ok: false, issues: graph.issues.map((issue) => ({ code: 'ScenarioShape', message: issue.message, path: issue.path })) };
    return { ok: true, value: { name: fallbackName, graph: graph.value, canonical: toCanonical(graph.value, { id: fallbackName }) } };
  }
  const canonical = parseCanonicalProcess(json);
  if (!canonical.ok) return { ok: false, issues: canonical.issues.map((issue) => ({ code: 'ScenarioShape', message: issue.message, path: issue.path })) };
  const { graph, id } = fromCanonical(canonical.value);
  return { ok: true, value: { name: id, canonical: canonical.value, graph } };
}
