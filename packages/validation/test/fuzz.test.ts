// Mutated real scenarios (edges dropped or rewired, nodes removed or duplicated, expressions and parameters
// scrambled) must still validate without an exception: every problem is a value in the result.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModel } from '@scenaria/components';
import { fromCanonical, type NodeData, type ScenarioGraph, upgradeScenario } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@scenaria/vitest-config/random';
import { hasErrors, ValidationResultSchema, validateScenario } from '../src/index';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const present = existsSync(corpusDir);

const snippets = ['', '#input', '#input.amount > 1', '{a: 1}', "'text'", '#nope', '1 +', 'T(java.lang.Math).max(1, 2)', '{1, 2}.![#this * 2]', '#meta.processName'];

function mutate(graph: ScenarioGraph, next: () => number): ScenarioGraph {
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  const nodes: NodeData[] = structuredClone(graph.nodes);
  let edges = structuredClone(graph.edges);
  const steps = 1 + Math.floor(next() * 4);
  for (let i = 0; i < steps; i++) {
    const node = pick(nodes);
    switch (Math.floor(next() * 7)) {
      case 0:
        edges = edges.filter((e) => e !== pick(edges));
        break;
      case 1: {
        const edge = pick(edges);
        const target = pick(nodes);
        if (edge && target) edge.to = target.id;
        break;
      }
      case 2:
        if (node) nodes.splice(nodes.indexOf(node), 1);
        break;
      case 3:
        if (node) nodes.push(structuredClone(node));
        break;
      case 4: {
        // Scramble one expression anywhere in the node.
        const text = JSON.stringify(node ?? {});
        const replaced = text.replace(/"expression":"(?:[^"\\]|\\.)*"/, `"expression":${JSON.stringify(pick(snippets) ?? '')}`);
        if (node) nodes[nodes.indexOf(node)] = JSON.parse(replaced) as NodeData;
        break;
      }
      case 5:
        if (node && 'isDisabled' in node) node.isDisabled = !node.isDisabled;
        else if (node && 'outputVar' in node) node.outputVar = pick(['input', '', 'x y', null, 'fresh']) ?? null;
        break;
      default:
        if (node && 'varName' in node) node.varName = pick(['input', 'meta', '', '9a', 'ok']) ?? '';
    }
  }
  return { properties: graph.properties, nodes, edges };
}

describe.skipIf(!present)('mutated corpus scenarios', () => {
  const graphs = present
    ? readdirSync(corpusDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const upgraded = upgradeScenario(JSON.parse(readFileSync(join(corpusDir, f), 'utf8')));
          if (!upgraded.ok) throw new Error(f);
          return fromCanonical(upgraded.value);
        })
    : [];
  const fragments: Record<string, ScenarioGraph> = {};
  for (const { graph, id } of graphs) if (graph.properties.additionalFields.metaDataType === 'FragmentSpecificData') fragments[id] = graph;
  const streaming = defaultModel('streaming');
  const requestResponse = defaultModel('request-response');

  it('never throw, and always give a well-formed result', () => {
    const next = seededRandom(20261120);
    let withErrors = 0;
    for (let round = 0; round < 400; round++) {
      const original = graphs[round % graphs.length]?.graph;
      if (original === undefined) continue;
      const graph = mutate(original, next);
      const model = graph.properties.additionalFields.metaDataType === 'RequestResponseMetaData' ? requestResponse : streaming;
      const result = validateScenario(graph, model, { fragments, scenarioName: 'fuzz' });
      expect(ValidationResultSchema.safeParse(result).success, `round ${round}`).toBe(true);
      if (hasErrors(result)) withErrors++;
    }
    // The mutations do break scenarios: most rounds must report something.
    expect(withErrors).toBeGreaterThan(300);
  });
});
