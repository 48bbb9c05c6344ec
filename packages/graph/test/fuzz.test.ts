// Malformed input must come back as issues, never as an exception: mutate valid scenarios at random
// (seeded, so a failure is reproducible) and run every entry point over the result.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@scenaria/vitest-config/random';
import {
  findStructureProblems,
  fromCanonical,
  parseCanonicalProcess,
  parseScenarioGraph,
  parsedCanonicalProcessText,
  parsedScenarioGraphText,
  canonicalProcessText,
  scenarioGraphText,
  serializeCanonicalProcess,
  serializeScenarioGraph,
  toCanonical,
  topologicalOrder,
  upgradeScenario,
  validateNodeId,
  type GraphIssue,
} from '../src/index';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/scenarios');
const documents = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    return file.endsWith('.graph.json') ? json.scenarioGraph : json;
  });

// Older formats exercise the upgrade's tolerance of unexpected shapes; the corpus is optional here.
const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const legacyDocuments = [
  ...readdirSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures/legacy'))
    .filter((file) => file.endsWith('.input.json'))
    .map((file) => join(dirname(fileURLToPath(import.meta.url)), 'fixtures/legacy', file)),
  ...(existsSync(corpusDir)
    ? readdirSync(corpusDir)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => join(corpusDir, file))
    : []),
].map((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);

type Container = Record<string, unknown> | unknown[];
function containers(value: unknown, found: Container[] = []): Container[] {
  if (value !== null && typeof value === 'object') {
    found.push(value as Container);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

const NODE_TYPE_NOISE = ['Source', 'Sink', 'Filter', 'Switch', 'Split', 'Join', 'BranchEndData', 'FragmentInput', 'Nope', '', 'SubprocessInput'];

function randomValue(random: () => number): unknown {
  const choices: unknown[] = [null, 0, -1.5, 'x', '', true, [], {}, [1, 'a'], { type: 'Filter' }, NODE_TYPE_NOISE[Math.floor(random() * NODE_TYPE_NOISE.length)]];
  return choices[Math.floor(random() * choices.length)];
}

function mutate(document: unknown, random: () => number): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(document));
  const count = 1 + Math.floor(random() * 3);
  for (let n = 0; n < count; n++) {
    const all = containers(copy);
    const target = all[Math.floor(random() * all.length)];
    if (!target) continue;
    const keys = Object.keys(target);
    const key = keys[Math.floor(random() * keys.length)];
    const action = random();
    if (Array.isArray(target)) {
      const index = Number(key ?? 0);
      if (action < 0.3) target.splice(index, 1);
      else if (action < 0.6) target.push(JSON.parse(JSON.stringify(target[index] ?? null)));
      else target[index] = randomValue(random);
    } else if (key !== undefined) {
      if (action < 0.3) delete target[key];
      else if (action < 0.5 && key === 'type') target[key] = NODE_TYPE_NOISE[Math.floor(random() * NODE_TYPE_NOISE.length)];
      else if (action < 0.6 && (key === 'to' || key === 'from' || key === 'id')) target[key] = 'no such node';
      else target[key] = randomValue(random);
    }
  }
  return copy;
}

function expectWellFormed(issues: GraphIssue[]): void {
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(typeof issue.code).toBe('string');
    expect(typeof issue.message).toBe('string');
    expect(Array.isArray(issue.path)).toBe(true);
    for (const segment of issue.path) expect(['string', 'number']).toContain(typeof segment);
  }
}

describe('randomly damaged scenarios', () => {
  it('never make any entry point throw', () => {
    const random = seededRandom(20261120);
    let rejected = 0;
    let accepted = 0;
    for (let round = 0; round < 700; round++) {
      const document = documents[round % documents.length];
      const damaged = mutate(document, random);

      const graph = parseScenarioGraph(damaged);
      if (graph.ok) {
        accepted++;
        findStructureProblems(graph.value);
        topologicalOrder(graph.value);
        const canonical = toCanonical(graph.value, { id: 'fuzz' });
        serializeCanonicalProcess(canonical);
        serializeScenarioGraph(fromCanonical(canonical).graph);
        // The texts written without the schema pass are those the schema pass writes, for any parsed graph.
        const shared = toCanonical(graph.value, { id: 'fuzz', copy: false });
        const text = canonicalProcessText(shared);
        expect(parsedCanonicalProcessText(shared)).toBe(text);
        const readBack = fromCanonical(JSON.parse(text) as typeof shared).graph;
        expect(parsedScenarioGraphText(readBack)).toBe(scenarioGraphText(readBack));
        for (const node of graph.value.nodes) validateNodeId(node.id);
      } else {
        rejected++;
        expectWellFormed(graph.issues);
      }

      const canonical = parseCanonicalProcess(damaged);
      if (canonical.ok) {
        const { graph: flat, id } = fromCanonical(canonical.value);
        findStructureProblems(flat);
        toCanonical(flat, { id });
      } else expectWellFormed(canonical.issues);

      const upgraded = upgradeScenario(damaged);
      if (upgraded.ok) fromCanonical(upgraded.value);
      else expectWellFormed(upgraded.issues);
    }
    // Both outcomes must actually occur, or the test proves nothing.
    expect(rejected).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(10);
  });

  it('never make the upgrade of older formats throw', () => {
    const random = seededRandom(1714);
    let upgradedCount = 0;
    for (let round = 0; round < 600; round++) {
      const damaged = mutate(legacyDocuments[round % legacyDocuments.length], random);
      const upgraded = upgradeScenario(damaged);
      if (upgraded.ok) {
        upgradedCount++;
        const { graph, id } = fromCanonical(upgraded.value);
        findStructureProblems(graph);
        toCanonical(graph, { id });
      } else expectWellFormed(upgraded.issues);
    }
    expect(upgradedCount).toBeGreaterThan(10);
  });

  it('arbitrary JSON values are rejected with issues', () => {
    for (const value of [undefined, null, 0, 'scenario', [], [[]], { nodes: null }, { nodes: 'x', edges: 1 }, { metaData: 3, nodes: [] }]) {
      for (const parse of [parseScenarioGraph, parseCanonicalProcess, upgradeScenario]) {
        const result = parse(value);
        expect(result.ok).toBe(false);
        if (!result.ok) expectWellFormed(result.issues);
      }
    }
  });
});
