import { defaultModel } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import type { ScenarioTestRecord, TestResults } from '@scenaria/deployment-sdk';
import { defaultEngineOptions, runScenarioTest } from '@scenaria/engine';
import type { ComponentRuntime, ComponentRuntimeRegistry } from '@scenaria/engine';
import { kindOfMetaDataType } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { fromPlainJson } from '@scenaria/typing/runtime';
import { coverageOf, traceRun } from './coverage';
import type { CoverageTrace } from './coverage';
import type { SuiteReport, TestCaseReport } from './report-schema';
import { differences } from './differences';
import type { ScenarioFile } from './scenario-file';
import type { StoredTestSuite, TestCase, TestMocks } from './suite-schema';

/** Options of `runTestSuite`. */
export interface RunSuiteOptions {
  /** How the suite is named in reports; the scenario's name by default. */
  name?: string;
  /** The model of a scenario kind; the built-in default model by default. */
  modelFor?: (kind: 'streaming' | 'request-response') => Model;
  /** Fragments the scenario uses, by name. */
  fragments?: Readonly<Record<string, CanonicalProcess>>;
}

type Kind = 'streaming' | 'request-response';

function kindOf(scenario: CanonicalProcess): Kind | undefined {
  const kind = kindOfMetaDataType(scenario.metaData.additionalFields.metaDataType);
  return kind === 'fragment' ? undefined : kind;
}

/**
 * A registry whose services answer the mocked values: by node id first, then by service id. Values are plain
 * JSON, turned into the engine's runtime values (records become maps) as a real service's answer would be.
 */
function withMocks(registry: ComponentRuntimeRegistry, mocks: TestMocks | undefined): ComponentRuntimeRegistry {
  if (!mocks) return registry;
  const byNode = mocks.nodes ?? {};
  const byService = mocks.services ?? {};
  const mocked = (nodeId: string, serviceId: string): { value: unknown } | undefined => {
    if (Object.hasOwn(byNode, nodeId)) return { value: byNode[nodeId] };
    if (Object.hasOwn(byService, serviceId)) return { value: byService[serviceId] };
    return undefined;
  };
  const wrap = (inner: ComponentRuntimeRegistry): ComponentRuntimeRegistry => ({
    get(componentId) {
      const runtime = inner.get(componentId);
      if (runtime?.kind !== 'service') return runtime;
      const wrapped: ComponentRuntime = {
        kind: 'service',
        create(args) {
          const mock = mocked(args.nodeId, args.definition.name);
          if (!mock) return runtime.create(args);
          return { invoke: () => fromPlainJson(mock.value) };
        },
      };
      return wrapped;
    },
    with: (entries) => wrap(inner.with(entries)),
  });
  return wrap(registry);
}

function recordsOf(test: TestCase): ScenarioTestRecord[] {
  const records: ScenarioTestRecord[] = [];
  for (const [sourceId, inputs] of Object.entries(test.inputs)) {
    for (const input of inputs) {
      const isEnvelope = typeof input === 'object' && input !== null && !Array.isArray(input) && 'record' in input && Object.keys(input).every((key) => key === 'record' || key === 'timestamp');
      if (isEnvelope) {
        const { record, timestamp } = input as { record: unknown; timestamp?: number };
        records.push(timestamp === undefined ? { sourceId, record } : { sourceId, record, timestamp });
      } else records.push({ sourceId, record: input });
    }
  }
  return records;
}

/** Problems with the test itself, found before it runs: names of nodes the scenario does not have. */
function testProblems(test: TestCase, scenario: ScenarioFile): string[] {
  const nodes = new Map(scenario.graph.nodes.map((node) => [node.id, node]));
  const problems: string[] = [];
  for (const sourceId of Object.keys(test.inputs)) {
    if (nodes.get(sourceId)?.type !== 'Source') problems.push(`inputs: the scenario has no source ${sourceId}`);
  }
  const services = new Set<string>();
  for (const node of scenario.graph.nodes) if (node.type === 'Enricher' || node.type === 'Processor') services.add(node.service.id);
  for (const nodeId of Object.keys(test.mocks?.nodes ?? {})) {
    const type = nodes.get(nodeId)?.type;
    if (type !== 'Enricher' && type !== 'Processor') problems.push(`mocks.nodes: the scenario has no enricher or processor ${nodeId}`);
  }
  for (const serviceId of Object.keys(test.mocks?.services ?? {})) {
    if (!services.has(serviceId)) problems.push(`mocks.services: no node of the scenario calls the service ${serviceId}`);
  }
  for (const sinkId of Object.keys(test.expect.sinks ?? {})) {
    if (nodes.get(sinkId)?.type !== 'Sink') problems.push(`expect.sinks: the scenario has no sink ${sinkId}`);
  }
  for (const nodeId of Object.keys(test.expect.variables ?? {})) {
    if (!nodes.has(nodeId)) problems.push(`expect.variables: the scenario has no node ${nodeId}`);
  }
  return problems;
}

function checkExpectations(test: TestCase, results: TestResults): string[] {
  const messages: string[] = [];
  for (const [sinkId, expected] of Object.entries(test.expect.sinks ?? {})) {
    const actual = (results.externalInvocationResults[sinkId] ?? []).map((result) => result.value.pretty);
    messages.push(...differences(expected, actual, `sinks.${sinkId}`));
  }
  for (const [nodeId, expected] of Object.entries(test.expect.variables ?? {})) {
    const contexts = results.nodeResults[nodeId] ?? [];
    if (contexts.length !== expected.length) messages.push(`variables.${nodeId}: expected ${expected.length} record(s) to reach the node, got ${contexts.length}`);
    expected.forEach((variables, index) => {
      const context = contexts[index];
      if (!context) return;
      for (const [name, value] of Object.entries(variables)) {
        const actual = context.variables[name];
        if (!actual) messages.push(`variables.${nodeId}[${index}].${name}: expected ${JSON.stringify(value)}, the variable is not set`);
        else messages.push(...differences(value, actual.pretty, `variables.${nodeId}[${index}].${name}`));
      }
    });
  }
  const failures = results.exceptions.map((exception) => exception.nodeId);
  if (test.expect.errors === undefined) {
    for (const exception of results.exceptions) messages.push(`errors: a record failed in ${exception.nodeId}: ${exception.throwable ?? 'no message'}`);
  } else messages.push(...differences(test.expect.errors, failures, 'errors'));
  return messages;
}

/**
 * Runs every test of a suite in the engine, each on a freshly compiled scenario (state never leaks between
 * tests), and reports the differences and the coverage. The engine's expression budgets bound each record's
 * work; the suite schema bounds how many records a test feeds.
 * @example
 * const report = await runTestSuite(suite, scenario);
 * console.log(formatReport(report));
 */
export async function runTestSuite(suite: StoredTestSuite, scenario: ScenarioFile, options: RunSuiteOptions = {}): Promise<SuiteReport> {
  const trace: CoverageTrace = { nodes: new Set(), edges: new Set() };
  const tests: TestCaseReport[] = [];
  const kind = kindOf(scenario.canonical);
  const fragments = options.fragments ?? {};
  // Compiled once per suite; each test only swaps in its mocked services.
  const base = kind ? defaultEngineOptions(options.modelFor?.(kind) ?? defaultModel(kind), { fragments: (id) => fragments[id] }) : undefined;
  for (const test of suite.tests) {
    const records = recordsOf(test);
    const report = (status: TestCaseReport['status'], messages: string[]) => tests.push({ name: test.name, status, messages, records: records.length });
    if (!base) {
      report('error', [`Cannot run a scenario of type ${scenario.canonical.metaData.additionalFields.metaDataType}`]);
      continue;
    }
    const problems = testProblems(test, scenario);
    if (problems.length > 0) {
      report('error', problems);
      continue;
    }
    const outcome = await runScenarioTest(scenario.canonical, { records }, { ...base, runtimes: withMocks(base.runtimes, test.mocks) });
    if (!outcome.ok) {
      report('error', outcome.errors.map((issue) => `${issue.nodeId ? `${issue.nodeId}: ` : ''}${issue.message}`));
      continue;
    }
    traceRun(trace, scenario.graph, outcome.value.results);
    const messages = checkExpectations(test, outcome.value.results);
    report(messages.length === 0 ? 'passed' : 'failed', messages);
  }
  const count = (status: TestCaseReport['status']) => tests.filter((test) => test.status === status).length;
  return {
    name: options.name ?? scenario.name,
    scenarioName: scenario.name,
    tests,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    coverage: coverageOf(scenario.graph, trace),
  };
}
