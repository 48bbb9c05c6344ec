// Every real scenario file of the shared corpus must upgrade, parse and convert both ways without an
// exception; index.jsonl (written from the original files, independently of this code) says how many nodes
// and which edge types each graph form has, which the conversion must reproduce.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  edgeKind,
  findStructureProblems,
  fromCanonical,
  parseCanonicalProcess,
  parseScenarioGraph,
  canonicalProcessText,
  scenarioGraphText,
  parsedCanonicalProcessText,
  parsedScenarioGraphText,
  serializeCanonicalProcess,
  serializeScenarioGraph,
  toCanonical,
  upgradeScenario,
} from '../src/index';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const present = existsSync(corpusDir);
if (!present) console.warn(`corpus tests skipped: ${corpusDir} does not exist`);

const KNOWN_STRUCTURE_PROBLEMS: Record<string, string[]> = {
  'nussknacker__designer__client__cypress__fixtures__compareVersions.json': ['MissingOutgoingEdge:boundedSource'],
  'nussknacker__designer__server__src__test__resources__scenarios__Category2__a.json': ['EmptyScenario:'],
  'nussknacker__ui__client__cypress__fixtures__withSqlEditor2.json': ['MissingOutgoingEdge:sql-source', 'MissingOutgoingEdge:sql-source2', 'MissingOutgoingEdge:sql-source3'],
  'nussknacker__ui__client__cypress__fixtures__withSqlEditor2@463911d.json': ['MissingOutgoingEdge:sql-source', 'MissingOutgoingEdge:sql-source2', 'MissingOutgoingEdge:sql-source3'],
};

type IndexEntry = { file: string; nodeCount: number; edgeTypes: Record<string, number>; format_era: string; scenarioId: string };

describe.skipIf(!present)('shared scenario corpus', () => {
  const files = present ? readdirSync(corpusDir).filter((file) => file.endsWith('.json')).sort() : [];
  const index = new Map<string, IndexEntry>(
    present
      ? readFileSync(join(corpusDir, 'index.jsonl'), 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as IndexEntry)
          .map((entry) => [entry.file, entry])
      : [],
  );

  it('has all 99 files, each described in index.jsonl', () => {
    expect(files).toHaveLength(99);
    for (const file of files) expect(index.has(file), file).toBe(true);
  });

  it.each(files)('%s upgrades, parses and converts both ways', (file) => {
    const json: unknown = JSON.parse(readFileSync(join(corpusDir, file), 'utf8'));
    const entry = index.get(file) as IndexEntry;
    const upgraded = upgradeScenario(json);
    if (!upgraded.ok) throw new Error(`upgrade failed: ${JSON.stringify(upgraded.issues)}`);
    expect(upgraded.value.metaData.id).toBe(entry.scenarioId);
    if (entry.format_era === 'pre-1.14') expect(upgraded.changes.length).toBeGreaterThan(0);

    const reparsed = parseCanonicalProcess(serializeCanonicalProcess(upgraded.value));
    expect(reparsed.ok).toBe(true);

    const { graph, id } = fromCanonical(upgraded.value);
    const graphParsed = parseScenarioGraph(serializeScenarioGraph(graph));
    if (!graphParsed.ok) throw new Error(JSON.stringify(graphParsed.issues));
    // The index counts canonical elements, BranchEndData included, and names split edges apart.
    const branchEnds = JSON.stringify(upgraded.value).split('"type":"BranchEndData"').length - 1;
    expect(graph.nodes.length + branchEnds).toBe(entry.nodeCount);
    const splits = new Set(graph.nodes.filter((node) => node.type === 'Split').map((node) => node.id));
    const kinds: Record<string, number> = {};
    for (const edge of graph.edges) {
      const kind = edgeKind(edge);
      const name = kind !== 'plain' ? kind : splits.has(edge.from) ? '(none: split branch)' : '(none)';
      kinds[name] = (kinds[name] ?? 0) + 1;
    }
    expect(kinds).toEqual(entry.edgeTypes);

    expect(toCanonical(graphParsed.value, { id })).toStrictEqual(upgraded.value);

    // Real scenarios are structurally sound, except a few test fixtures of Nussknacker: an empty scenario
    // and sources left unconnected (checked by reading those files).
    const problems = findStructureProblems(graph).map((issue) => `${issue.code}:${issue.nodeIds?.join(',') ?? ''}`);
    expect(problems).toEqual(KNOWN_STRUCTURE_PROBLEMS[file] ?? []);

    // The texts written without the serializers' copies are the copies' texts, of the graph read from the wire
    // (nulls and absent fields as given) and of the canonical form built from it.
    expect(scenarioGraphText(graphParsed.value)).toBe(JSON.stringify(serializeScenarioGraph(graphParsed.value)));
    const canonical = toCanonical(graphParsed.value, { id });
    expect(canonicalProcessText(canonical)).toBe(JSON.stringify(serializeCanonicalProcess(canonical)));
    // Without the schema pass as well, for the schema's output and the graph read back from its text.
    expect(parsedCanonicalProcessText(toCanonical(graphParsed.value, { id, copy: false }))).toBe(canonicalProcessText(canonical));
    const readBack = fromCanonical(JSON.parse(canonicalProcessText(canonical)) as typeof canonical).graph;
    expect(parsedScenarioGraphText(readBack)).toBe(scenarioGraphText(readBack));

    // The upgrade is idempotent: a 1.18 scenario comes back unchanged, with nothing to report.
    const again = upgradeScenario(serializeCanonicalProcess(upgraded.value));
    expect(again).toStrictEqual({ ok: true, value: upgraded.value, changes: [] });
  });
});
