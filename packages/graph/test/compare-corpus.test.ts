// Version compare over every real scenario of the shared corpus: a scenario against itself, against itself
// with every node moved, and against itself without its last node and that node's edges.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ScenarioComparisonSchema, compareScenarios, edgeDifferenceKey, fromCanonical, nodeDifferenceKey, upgradeScenario } from '../src/index';
import type { NodeData, ScenarioGraph } from '../src/index';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const present = existsSync(corpusDir);

function graphOf(file: string): ScenarioGraph {
  const upgraded = upgradeScenario(JSON.parse(readFileSync(join(corpusDir, file), 'utf8')));
  if (!upgraded.ok) throw new Error(`upgrade failed: ${JSON.stringify(upgraded.issues)}`);
  return fromCanonical(upgraded.value).graph;
}

describe.skipIf(!present)('compareScenarios over the shared corpus', () => {
  const files = present ? readdirSync(corpusDir).filter((file) => file.endsWith('.json')).sort() : [];

  it.each(files)('%s', (file) => {
    const graph = graphOf(file);
    expect(compareScenarios(graph, structuredClone(graph))).toEqual({});

    const moved = structuredClone(graph);
    moved.nodes = moved.nodes.map((node, i) => ({ ...node, additionalFields: { ...node.additionalFields, layoutData: { x: 7 * i, y: -3 * i } } }) as NodeData);
    expect(compareScenarios(graph, moved)).toEqual({});

    const last = graph.nodes.at(-1);
    if (!last) return;
    const smaller: ScenarioGraph = {
      ...graph,
      nodes: graph.nodes.slice(0, -1),
      edges: graph.edges.filter((edge) => edge.from !== last.id && edge.to !== last.id),
    };
    const result = compareScenarios(graph, smaller);
    expect(ScenarioComparisonSchema.safeParse(result).success).toBe(true);
    const cut = graph.edges.filter((edge) => edge.from === last.id || edge.to === last.id);
    expect(Object.keys(result).sort()).toEqual(
      [nodeDifferenceKey(last.id), ...new Set(cut.map((edge) => edgeDifferenceKey(edge.from, edge.to)))].sort(),
    );
    expect(result[nodeDifferenceKey(last.id)]).toEqual({ type: 'NodeNotPresentInOther', nodeId: last.id, currentNode: last });
  });
});
