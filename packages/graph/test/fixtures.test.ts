// The composed fixtures (test/fixtures/scenarios, see compose.py): each scenario in both forms. The graph
// form was derived by a separate implementation of the flattening rules, so these tests compare two
// independent readings of scenario-graph.md §4, not this code with its own output.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  NODE_TYPES,
  edgeKind,
  findStructureProblems,
  fromCanonical,
  parseCanonicalProcess,
  parseScenarioGraph,
  serializeCanonicalProcess,
  serializeScenarioGraph,
  toCanonical,
  type ScenarioGraph,
} from '../src/index';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/scenarios');
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.canonical.json'))
  .map((file) => file.replace('.canonical.json', ''))
  .sort();

function load(name: string): { canonicalJson: unknown; graphJson: unknown; id: string } {
  const canonicalJson: unknown = JSON.parse(readFileSync(join(dir, `${name}.canonical.json`), 'utf8'));
  const wrapped = JSON.parse(readFileSync(join(dir, `${name}.graph.json`), 'utf8')) as { id: string; scenarioGraph: unknown };
  return { canonicalJson, graphJson: wrapped.scenarioGraph, id: wrapped.id };
}

function parsedGraph(json: unknown): ScenarioGraph {
  const result = parseScenarioGraph(json);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe('composed fixtures', () => {
  it('there are at least 30, together using every node type and every edge type in both forms', () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
    const nodeTypes = new Set<string>();
    const edgeKinds = new Set<string>();
    let branchEnds = 0;
    for (const name of names) {
      const { canonicalJson, graphJson } = load(name);
      const graph = parsedGraph(graphJson);
      for (const node of graph.nodes) nodeTypes.add(node.type);
      for (const edge of graph.edges) edgeKinds.add(edgeKind(edge));
      branchEnds += JSON.stringify(canonicalJson).split('"BranchEndData"').length - 1;
    }
    expect([...nodeTypes].sort()).toEqual([...NODE_TYPES].sort());
    expect([...edgeKinds].sort()).toEqual(['FilterFalse', 'FilterTrue', 'FragmentOutput', 'NextSwitch', 'SwitchDefault', 'plain']);
    expect(branchEnds).toBeGreaterThan(0);
  });

  describe.each(names)('%s', (name) => {
    const { canonicalJson, graphJson, id } = load(name);

    it('canonical form: parse -> serialize gives the input back', () => {
      const parsed = parseCanonicalProcess(canonicalJson);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      expect(serializeCanonicalProcess(parsed.value)).toStrictEqual(canonicalJson);
    });

    it('graph form: parse -> serialize gives the input back', () => {
      expect(serializeScenarioGraph(parsedGraph(graphJson))).toStrictEqual(graphJson);
    });

    it('graph -> canonical matches the canonical fixture, and back to the same graph', () => {
      const graph = parsedGraph(graphJson);
      const canonical = toCanonical(graph, { id });
      expect(serializeCanonicalProcess(canonical)).toStrictEqual(canonicalJson);
      const back = fromCanonical(canonical);
      expect(back.id).toBe(id);
      expect(serializeScenarioGraph(back.graph)).toStrictEqual(graphJson);
    });

    it('canonical -> graph matches the graph fixture, and back to the same canonical form', () => {
      const parsed = parseCanonicalProcess(canonicalJson);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const { graph, id: backId } = fromCanonical(parsed.value);
      expect(backId).toBe(id);
      expect(serializeScenarioGraph(graph)).toStrictEqual(graphJson);
      expect(serializeCanonicalProcess(toCanonical(graph, { id }))).toStrictEqual(canonicalJson);
    });

    it('does not depend on the order of non-start nodes and of edge groups', () => {
      const graph = parsedGraph(graphJson);
      // Start nodes keep their relative order (it decides nodes vs additionalBranches); every other node
      // moves, and edges are regrouped by source in reverse while each node's own edges keep their order.
      const starts = graph.nodes.filter((node) => ['Source', 'Join', 'FragmentInputDefinition'].includes(node.type));
      const others = graph.nodes.filter((node) => !starts.includes(node)).reverse();
      const sources = [...new Set(graph.edges.map((edge) => edge.from))].reverse();
      const edges = sources.flatMap((from) => graph.edges.filter((edge) => edge.from === from));
      const shuffled: ScenarioGraph = { ...graph, nodes: [...others, ...starts], edges };
      expect(serializeCanonicalProcess(toCanonical(shuffled, { id }))).toStrictEqual(canonicalJson);
    });

    it('has no structural problems', () => {
      expect(findStructureProblems(parsedGraph(graphJson))).toEqual([]);
    });

    it('conversion does not modify its input', () => {
      const graph = parsedGraph(graphJson);
      const snapshot = JSON.stringify(graph);
      const canonical = toCanonical(graph, { id });
      const canonicalSnapshot = JSON.stringify(canonical);
      fromCanonical(canonical);
      expect(JSON.stringify(graph)).toBe(snapshot);
      expect(JSON.stringify(canonical)).toBe(canonicalSnapshot);
    });
  });
});
