// Every real scenario of the shared corpus, upgraded to today's format, must validate without an exception.
// Components the default model lacks are reported as errors at their nodes; this test checks that shape.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModel } from '@scenaria/components';
import { fromCanonical, type ScenarioGraph, upgradeScenario } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { ValidationResultSchema, validateScenario, validationResultBytes } from '../src/index';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const present = existsSync(corpusDir);
if (!present) console.warn(`corpus tests skipped: ${corpusDir} does not exist`);

const streaming = defaultModel('streaming');
const requestResponse = defaultModel('request-response');

function load(file: string): { name: string; graph: ScenarioGraph } {
  const upgraded = upgradeScenario(JSON.parse(readFileSync(join(corpusDir, file), 'utf8')));
  if (!upgraded.ok) throw new Error(`${file} does not upgrade: ${JSON.stringify(upgraded.issues)}`);
  const { graph, id } = fromCanonical(upgraded.value);
  return { name: id, graph };
}

// Real scenarios that use only default-model components and typed data: they must validate with no error.
const cleanWithDefaultModel = [
  'nussknacker-helm__src__bats-suites__rr-testprocess.json',
  'nussknacker-helm__src__bats-suites__testprocess.json',
  'nussknacker-helm__src__bats-suites__testprocess@c097b25.json',
  'nussknacker-quickstart__docker__requestresponse__scenarios__LoanRequest.json',
  'nussknacker-quickstart__examples__loan-approval__loan-approval-4.json',
  'nussknacker-quickstart__k8s-helm__scenarios__LoanRequest.json',
  'nussknacker-quickstart__k8s-helm__scenarios__LoanRequest@3160cf1.json',
  'nussknacker__designer__client__cypress__fixtures__aggregations.json',
  'nussknacker__designer__client__cypress__fixtures__deadEndFragment.json',
  'nussknacker__docs__scenarios_authoring__showcases__decisionTableShowcase.json',
  'nussknacker__server__develConf__jsons__subprocesses__test1@25e12f4.json',
];

describe.skipIf(!present)('shared scenario corpus', () => {
  const files = present ? readdirSync(corpusDir).filter((f) => f.endsWith('.json')).sort() : [];
  const loaded = files.map((file) => ({ file, ...load(file) }));
  const fragments: Record<string, ScenarioGraph> = {};
  for (const { name, graph } of loaded) if (graph.properties.additionalFields.metaDataType === 'FragmentSpecificData') fragments[name] = graph;

  it('has 99 scenarios', () => {
    expect(loaded).toHaveLength(99);
  });

  it.each(files)('%s validates without an exception', (file) => {
    const scenario = loaded.find((l) => l.file === file);
    if (scenario === undefined) throw new Error(file);
    const model = scenario.graph.properties.additionalFields.metaDataType === 'RequestResponseMetaData' ? requestResponse : streaming;
    const result = validateScenario(scenario.graph, model, { scenarioName: scenario.name, fragments });
    expect(ValidationResultSchema.safeParse(result).success).toBe(true);
    // The text written with shared parts is the plain JSON text (the model's parts were written by earlier scenarios).
    expect(new TextDecoder().decode(validationResultBytes(result))).toBe(JSON.stringify(result));
    // Every validated node has typing data; every error names a node of the graph.
    const ids = new Set(scenario.graph.nodes.map((n) => n.id));
    for (const nodeId of Object.keys(result.errors.invalidNodes)) expect(ids.has(nodeId), nodeId).toBe(true);
    const unknownComponents = Object.values(result.errors.invalidNodes)
      .flat()
      .filter((e) => /^Missing(SourceFactory|SinkFactory|Service|CustomNodeExecutor)$/.test(e.typ));
    for (const error of unknownComponents) expect(error.errorType).toBe('SaveAllowed');
    if (cleanWithDefaultModel.includes(file)) {
      expect(result.errors).toEqual({ invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] });
      // Every node was reached and typed.
      expect(Object.keys(result.nodeResults).sort()).toEqual([...ids].sort());
    }
  });
});
