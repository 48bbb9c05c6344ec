import { defaultModel } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import type { DeploymentIssue, NodeCount } from '@scenaria/deployment-sdk';
import { captureKafkaTopics, compileInputSchema, compileScenario, defaultEngineOptions, isTopicWrite } from '@scenaria/engine';
import type {
  CompileScenarioOptions,
  CompiledScenario,
  ComponentRuntime,
  EventTimeOptions,
  ExecutionListener,
  InputSchemaCheck,
  InvocationScope,
} from '@scenaria/engine';
import { kindOfMetaDataType } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { toJsonText, toPlainJson } from '@scenaria/typing/runtime';
import { validateTopicName } from './naming';

/** The models scenarios compile with; the designer must validate with the same ones. */
export interface JetStreamModels {
  streaming: Model;
  /** For request-response scenarios; the default model of that kind when absent. */
  'request-response'?: Model;
}

/** The default models. */
export function defaultJetStreamModels(): JetStreamModels {
  return { streaming: defaultModel('streaming'), 'request-response': defaultModel('request-response') };
}

/** What compiling needs besides the scenario. */
export interface ScenarioCompileOptions {
  models: JetStreamModels;
  /** Implementations beyond the default model's. */
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  eventTime: EventTimeOptions;
  now(): number;
}

/** A write of a sink, as plain JSON. */
export interface SinkWrite {
  topic: string;
  key: string | null;
  value: unknown;
  timestamp: number;
}

/** Counts per node, the designer's shape (`all`, `errors`). */
export type NodeCounts = Record<string, { all: number; errors: number }>;

/** One compiled instance of a scenario (a partition runs one) with what feeding it needs. */
export interface RunnableScenario {
  kind: 'streaming' | 'request-response';
  compiled: CompiledScenario;
  /** Request-response: the request source. */
  requestSourceId: string | undefined;
  /** Request-response: the scenario's `inputSchema`, compiled with the scenario (accepts everything for streaming). */
  checkInput: InputSchemaCheck;
  /** Kafka sources: the topic each reads. */
  topicSources: { nodeId: string; topic: string }[];
  /** Topics the sinks write. */
  sinkTopics: string[];
  /** Counts since the last `takeCounts`. */
  takeCounts(): NodeCounts;
}

const issue = (code: string, message: string, nodeId?: string): DeploymentIssue => (nodeId === undefined ? { code, message } : { code, message, nodeId });

/** The compile options of the engine for streaming scenarios here, without a listener (test runs use them as they are). */
export function engineOptions(options: ScenarioCompileOptions, kind: RunnableScenario['kind'] = 'streaming'): Omit<CompileScenarioOptions, 'listener'> {
  const model = kind === 'streaming' ? options.models.streaming : (options.models['request-response'] ?? defaultModel('request-response'));
  const base = defaultEngineOptions(model, { runtimes: (defaults) => defaults.with(options.runtimes ?? {}), now: options.now });
  return kind === 'streaming' ? { ...base, eventTime: options.eventTime } : base;
}

/** The first response sink's value of a request's run as JSON text, undefined when none was reached. */
export function responseOf(scope: InvocationScope): string | undefined {
  const output = scope.outputs.find((o) => o.componentId === 'sink-response');
  return output ? toJsonText(output.value) : undefined;
}

/**
 * Compiles a scenario for a live run: the engine's compilation, wrapped to learn which topic each Kafka node
 * uses and to turn sink outputs into topic writes, with per-node counting. Only streaming scenarios fed by
 * Kafka sources run here (generators and request-response need a single owner this manager does not have).
 */
export function prepareScenario(
  scenario: CanonicalProcess,
  options: ScenarioCompileOptions,
): { ok: true; value: RunnableScenario } | { ok: false; errors: DeploymentIssue[] } {
  const kind = kindOfMetaDataType(scenario.metaData.additionalFields.metaDataType);
  if (kind !== 'streaming' && kind !== 'request-response') {
    return { ok: false, errors: [issue('UnsupportedScenarioType', `The JetStream engine runs streaming and request-response scenarios, not ${scenario.metaData.additionalFields.metaDataType}`)] };
  }
  let counts: NodeCounts = {};
  const count = (nodeId: string, field: 'all' | 'errors') => {
    const node = (counts[nodeId] ??= { all: 0, errors: 0 });
    node[field] += 1;
  };
  const listener: ExecutionListener = {
    nodeEntered: (nodeId) => count(nodeId, 'all'),
    expressionEvaluated: () => undefined,
    serviceInvoked: () => undefined,
    exceptionThrown: (nodeId) => count(nodeId, 'errors'),
  };
  const base = engineOptions(options, kind);
  const { runtimes, topics } = captureKafkaTopics(base.runtimes);
  const compiled = compileScenario(scenario, { ...base, runtimes, listener });
  if (!compiled.ok) return { ok: false, errors: compiled.errors.map((e) => issue(e.code, e.message, e.nodeId)) };
  const errors: DeploymentIssue[] = [];
  const topicSources: RunnableScenario['topicSources'] = [];
  let requestSourceId: string | undefined;
  for (const source of compiled.value.sources) {
    const topic = topics.sources.get(source.nodeId);
    if (kind === 'request-response') {
      if (source.componentId !== 'source-request') errors.push(issue('UnsupportedSource', `A request-response scenario is fed by its request source, not ${source.componentId}`, source.nodeId));
      else if (requestSourceId !== undefined) errors.push(issue('MultipleRequestSources', 'A request-response scenario has exactly one request source', source.nodeId));
      else requestSourceId = source.nodeId;
    } else if (source.componentId !== 'source-kafka') {
      errors.push(issue('UnsupportedSource', `The JetStream engine feeds only Kafka sources, not ${source.componentId}`, source.nodeId));
    } else if (typeof topic !== 'string' || validateTopicName(topic).length > 0) {
      errors.push(issue('InvalidTopic', `Source reads an invalid topic: ${String(topic)} (letters, digits, _ and - only)`, source.nodeId));
    } else topicSources.push({ nodeId: source.nodeId, topic });
  }
  for (const [nodeId, topic] of topics.sinks) {
    if (typeof topic !== 'string' || validateTopicName(topic).length > 0) errors.push(issue('InvalidTopic', `Sink writes an invalid topic: ${String(topic)} (letters, digits, _ and - only)`, nodeId));
  }
  if (kind === 'request-response' && requestSourceId === undefined && errors.length === 0) errors.push(issue('MissingRequestSource', 'A request-response scenario needs a request source'));
  // A schema that cannot be compiled refuses the deployment rather than every request it would have checked.
  const inputSchema = kind === 'request-response' ? compileInputSchema(scenario.metaData.additionalFields.properties?.['inputSchema']) : compileInputSchema(undefined);
  if (!inputSchema.ok) errors.push(issue('InvalidInputSchema', inputSchema.message));
  if (errors.length > 0 || !inputSchema.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      kind,
      requestSourceId,
      checkInput: inputSchema.check,
      compiled: compiled.value,
      topicSources,
      sinkTopics: [...new Set([...topics.sinks.values()].map(String))],
      takeCounts() {
        const taken = counts;
        counts = {};
        return taken;
      },
    },
  };
}

/** The topic writes of a record's run, in output order. */
export function sinkWritesOf(scope: InvocationScope): SinkWrite[] {
  const writes: SinkWrite[] = [];
  for (const output of scope.outputs) {
    if (isTopicWrite(output.value)) {
      const write = output.value;
      writes.push({ topic: write.topic, key: write.key, value: toPlainJson(write.value), timestamp: write.timestamp });
    }
  }
  return writes;
}

/** Adds counts into a running total. */
export function addCounts(total: NodeCounts, delta: NodeCounts): void {
  for (const [nodeId, count] of Object.entries(delta)) {
    const node = (total[nodeId] ??= { all: 0, errors: 0 });
    node.all += count.all;
    node.errors += count.errors;
  }
}

/** Counts in the SDK's shape. */
export function toProcessCounts(counts: NodeCounts): Record<string, NodeCount> {
  return Object.fromEntries(Object.entries(counts).map(([nodeId, count]) => [nodeId, { all: count.all, errors: count.errors, fragmentCounts: {} }]));
}
