import type { NodeValidationError, ResultsWithCountsResponse, UIParameter } from '@scenaria/api-contract';
import type { Model } from '@scenaria/components';
import { compileScenario, defaultEngineOptions, generateTestData, parseTestData } from '@scenaria/engine';
import type { CompileScenarioOptions, TopicSample } from '@scenaria/engine';
import { toCanonical } from '@scenaria/graph';
import type { CanonicalProcess, ScenarioGraph } from '@scenaria/graph';
import { formatIssues } from '@scenaria/issues';
import { compileExpression } from '@scenaria/spel';
import { toPlainJson } from '@scenaria/typing/runtime';
import { isWorkerFailure } from '@scenaria/dm-embedded';
import type { AuthenticatedUser } from '../auth/users';
import { badRequest, conflict } from '../errors';
import type { DeploymentManagers } from './deployment-managers';
import type { ModelRegistry } from './models';
import type { ScenarioService } from './scenarios';
import type { ScenarioRow } from './scenario-records';
import type { TopicService } from './topics';

/** Limits of test runs (the reference's `testDataSettings`). */
export interface TestDataSettings {
  maxSamplesCount: number;
  testDataMaxLength: number;
}

/** A posted graph ready for a test run: its scenario, model and the fragments it may use. */
interface PreparedTest {
  row: ScenarioRow;
  model: Model;
  canonical: CanonicalProcess;
  /** How the graph compiles on this thread (capabilities, generated data); the run itself is the manager's. */
  options: Omit<CompileScenarioOptions, 'listener'>;
  sourceIds: string[];
  fragments: ReadonlyMap<string, CanonicalProcess>;
}

const DEFAULT_TEST_SETTINGS: TestDataSettings = { maxSamplesCount: 20, testDataMaxLength: 200_000 };

/**
 * Test runs of a posted graph: from a file, generated data, or the ad-hoc form. The runs themselves are the
 * deployment manager's `testScenario` command, so the embedded manager runs them in a worker thread with its
 * memory and time limits, never on the server's thread.
 */
export class TestingService {
  constructor(
    private readonly models: ModelRegistry,
    private readonly managers: DeploymentManagers,
    private readonly scenarios: ScenarioService,
    private readonly topics: TopicService,
    private readonly settings: TestDataSettings = DEFAULT_TEST_SETTINGS,
  ) {}

  async #prepare(user: AuthenticatedUser, name: string, graph: ScenarioGraph, permission: 'Read' | 'Deploy'): Promise<PreparedTest> {
    const row = await this.scenarios.requireScenario(user, name, permission);
    if (row.isFragment) throw conflict(`Scenario ${name} is a fragment: fragments cannot be tested`);
    const model = this.models.modelFor(row.processingType);
    if (!model) throw conflict(`Scenario type: ${row.processingType} not found`);
    const canonical = toCanonical(graph, { id: name });
    const fragmentGraphs = await this.scenarios.fragmentGraphs(row.processingType);
    const fragments = new Map<string, CanonicalProcess>(Object.entries(fragmentGraphs).map(([id, graph]) => [id, toCanonical(graph, { id })]));
    const options = this.#compileOptions(model, fragments);
    const sourceIds = graph.nodes.filter((node) => node.type === 'Source').map((node) => node.id);
    return { row, model, canonical, options, sourceIds, fragments };
  }

  #compileOptions(model: Model, fragments: ReadonlyMap<string, CanonicalProcess>): Omit<CompileScenarioOptions, 'listener'> {
    return defaultEngineOptions(model, { fragments: (id) => fragments.get(id) });
  }

  async #run(prepared: PreparedTest, text: string): Promise<ResultsWithCountsResponse> {
    const { row, canonical, sourceIds, fragments } = prepared;
    if (text.length > this.settings.testDataMaxLength) throw badRequest(`Too long test data, maximum length is ${this.settings.testDataMaxLength}`);
    const data = parseTestData(text, sourceIds);
    if (!data.ok) throw badRequest(data.errors.map((error) => `line ${error.path[0]}: ${error.message}`).join('; '));
    if (data.value.records.length > this.settings.maxSamplesCount) throw badRequest(`Too many samples: ${data.value.records.length}, maximum is ${this.settings.maxSamplesCount}`);
    const manager = await this.managers.managerFor(row.processingType);
    if (!manager) throw conflict(`No deployment manager for processing type ${row.processingType}`);
    this.managers.useFragments(fragments);
    const result = await manager.processCommand({ type: 'testScenario', scenarioName: canonical.metaData.id, scenario: canonical, testData: data.value });
    if (!result.ok) {
      // A worker that ran out of memory or time was stopped by its limits: the scenario under test did that,
      // so it is the request's fault (400) and the server goes on; the message says which limit.
      const failure = result.errors.find((issue) => isWorkerFailure(issue));
      if (failure) throw badRequest(failure.message);
      throw badRequest(`Scenario cannot be tested: ${formatIssues(result.errors)}`);
    }
    return result.value as ResultsWithCountsResponse;
  }

  /** Tests a posted graph with the records of a test file. */
  async testWithFile(user: AuthenticatedUser, name: string, graph: ScenarioGraph, testData: string): Promise<ResultsWithCountsResponse> {
    return this.#run(await this.#prepare(user, name, graph, 'Deploy'), testData);
  }

  /** Test data generated by the sources, one JSON record per line. */
  async generate(user: AuthenticatedUser, name: string, graph: ScenarioGraph, samples: number, permission: 'Read' | 'Deploy' = 'Read'): Promise<string> {
    if (samples > this.settings.maxSamplesCount) throw badRequest(`Too many samples requested, limit is ${this.settings.maxSamplesCount}`);
    const { row, canonical, options, fragments } = await this.#prepare(user, name, graph, permission);
    const compiled = compileScenario(canonical, options);
    if (!compiled.ok) throw badRequest(`Scenario cannot be tested: ${formatIssues(compiled.errors)}`);
    // Batch sources sample their tables (or make rows up from the columns): their manager reads the databases.
    if (compiled.value.sources.some((source) => source.instance.batchRead !== undefined)) {
      const batchManager = await this.managers.managerFor(row.processingType);
      if (!batchManager?.generateTestData) throw badRequest('No test data can be generated for this scenario');
      this.managers.useFragments(fragments);
      const generated = await batchManager.generateTestData(canonical, samples);
      if (!generated.ok) throw badRequest(generated.errors.map((error) => error.message).join('; '));
      return generated.value;
    }
    // Sources reading a topic take its newest records, as Nussknacker's Kafka source generates test data: from
    // the broker of a manager that has its own topics (JetStream), else from the embedded log.
    const manager = await this.managers.managerFor(row.processingType);
    const readSamples = manager?.topicSamples ? manager.topicSamples.bind(manager) : (topic: string, limit: number) => this.topics.samples(topic, limit);
    const topics = new Set(compiled.value.sources.flatMap((source) => (source.instance.readsTopic === undefined ? [] : [source.instance.readsTopic])));
    const topicSamples = new Map<string, TopicSample[]>();
    for (const topic of topics) topicSamples.set(topic, (await readSamples(topic, samples)).map((record) => ({ value: record.value, timestamp: record.timestamp })));
    const data = generateTestData(compiled.value, samples, topicSamples);
    if (!data.ok) throw badRequest(data.errors.map((error) => error.message).join('; '));
    return data.value.records.map((record) => JSON.stringify({ sourceId: record.sourceId, record: record.record, ...(record.timestamp === undefined ? {} : { timestamp: record.timestamp }) })).join('\n');
  }

  /** Generates records and tests the graph with them. */
  async generateAndTest(user: AuthenticatedUser, name: string, graph: ScenarioGraph, samples: number): Promise<ResultsWithCountsResponse> {
    const text = await this.generate(user, name, graph, samples, 'Deploy');
    return this.#run(await this.#prepare(user, name, graph, 'Deploy'), text);
  }

  /** What the graph's test support can do. */
  async capabilities(user: AuthenticatedUser, name: string, graph: ScenarioGraph) {
    // The original's front end asks this of fragments too and expects an answer, not a conflict. Fragments are
    // not tested here (neither from a file nor with generated data nor, unlike the original, with the form).
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    if (row.isFragment) return { canBeTested: false, canGenerateTestData: false, canTestWithForm: false };
    const { canonical, options } = await this.#prepare(user, name, graph, 'Read');
    const compiled = compileScenario(canonical, options);
    if (!compiled.ok) return { canBeTested: false, canGenerateTestData: false, canTestWithForm: false };
    const sources = compiled.value.sources;
    return {
      canBeTested: sources.length > 0,
      canGenerateTestData: sources.some((source) => source.instance.generate !== undefined || source.instance.readsTopic !== undefined || source.instance.batchRead !== undefined),
      canTestWithForm: (await this.parameters(user, name, graph)).some((source) => source.parameters.length > 0),
    };
  }

  /**
   * The ad-hoc form of each source: one raw SpEL field per field of the record the source emits (its `#input`
   * as the validator types it), so the form builds exactly the record a test file would hold.
   */
  async parameters(user: AuthenticatedUser, name: string, graph: ScenarioGraph): Promise<{ sourceId: string; parameters: UIParameter[] }[]> {
    const validation = (await this.scenarios.validateGraph(user, name, graph, undefined)).result();
    const sources = graph.nodes.filter((node) => node.type === 'Source');
    return sources.map((source) => {
      const next = graph.edges.find((edge) => edge.from === source.id)?.to;
      const input = next ? validation.nodeResults[next]?.variableTypes.input : undefined;
      const fields = input?.type === 'TypedObjectTypingResult' && input.fields ? input.fields : {};
      return {
        sourceId: source.id,
        parameters: Object.entries(fields).map(([field, typ]) => ({
          name: field,
          typ,
          editor: { type: 'RawParameterEditor' as const },
          defaultValue: { language: 'spel' as const, expression: '' },
          additionalVariables: {},
          variablesToHide: [],
          branchParam: false,
          label: field,
          // A field left empty is left out of the record (see validateForm and testWithForm).
          requiredParam: false,
        })),
      };
    });
  }

  /** Errors of the form values: unknown source, unknown field, expressions that do not compile. */
  async validateForm(user: AuthenticatedUser, name: string, graph: ScenarioGraph, sourceId: string, expressions: Record<string, { language: string; expression: string }>): Promise<NodeValidationError[]> {
    const forms = await this.parameters(user, name, graph);
    const form = forms.find((candidate) => candidate.sourceId === sourceId);
    if (!form) throw badRequest(`No source ${sourceId} in the scenario`);
    const errors: NodeValidationError[] = [];
    for (const [field, expression] of Object.entries(expressions)) {
      const error = (typ: string, message: string): NodeValidationError => ({ typ, message, description: message, fieldName: field, errorType: 'SaveAllowed' });
      if (!form.parameters.some((parameter) => parameter.name === field)) {
        errors.push(error('UnknownParameter', `Source ${sourceId} has no field ${field}`));
        continue;
      }
      if (expression.expression.trim() === '') continue;
      const compiled = compileExpression(expression.expression, { language: expression.language === 'spelTemplate' ? 'spelTemplate' : 'spel' });
      if (!compiled.ok) errors.push(error('ExpressionParserCompilationError', `Failed to parse expression: ${compiled.errors.map((e) => e.message).join('; ')}`));
    }
    return errors;
  }

  /** Tests the graph with the one record the form describes. */
  async testWithForm(user: AuthenticatedUser, name: string, graph: ScenarioGraph, sourceId: string, expressions: Record<string, { language: string; expression: string }>): Promise<ResultsWithCountsResponse> {
    await this.scenarios.requireScenario(user, name, 'Deploy');
    const errors = await this.validateForm(user, name, graph, sourceId, expressions);
    if (errors.length > 0) throw badRequest(errors.map((error) => `${error.fieldName}: ${error.message}`).join('; '));
    const record: Record<string, unknown> = {};
    for (const [field, expression] of Object.entries(expressions)) {
      if (expression.expression.trim() === '') continue;
      const compiled = compileExpression(expression.expression, { language: expression.language === 'spelTemplate' ? 'spelTemplate' : 'spel' });
      if (!compiled.ok) continue;
      const evaluated = compiled.tryEvaluate();
      if (!evaluated.ok) throw badRequest(`${field}: ${evaluated.error.message}`);
      record[field] = toPlainJson(evaluated.value);
    }
    return this.#run(await this.#prepare(user, name, graph, 'Deploy'), JSON.stringify({ sourceId, record }));
  }
}
