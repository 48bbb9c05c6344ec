import { defaultModel } from '@scenaria/components';
import type { Model, ScenarioType } from '@scenaria/components';
import type { DeploymentIssue } from '@scenaria/deployment-sdk';
import { captureKafkaTopics, compileScenario, defaultEngineOptions } from '@scenaria/engine';
import type {
  CompileScenarioOptions,
  CompiledScenario,
  ComponentRuntime,
  ComponentRuntimeRegistry,
  DefaultEngineOptions,
  EventTimeOptions,
  ExecutionListener,
  SourceInstance,
} from '@scenaria/engine';
import { kindOfMetaDataType } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { validateTopicName } from '../topics/topic-store';
import { NodeCounters } from './node-counters';

/** How a scenario runs here: continuously over topics and generators, or per HTTP request (batch runs in src/batch). */
export type ScenarioKind = Exclude<ScenarioType, 'batch'>;

/** The models (components and classes) per scenario kind; the designer must validate with the same ones. */
export type EmbeddedModels = Readonly<Record<ScenarioKind, Model>>;

/** What compiling for a live run needs besides the scenario. */
export interface LiveScenarioOptions {
  models: EmbeddedModels;
  /** Implementations beyond the default model's (added to `defaultComponentRuntimes()`). */
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  /** Fragments by id, inlined where used. */
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  now(): number;
  /** How record timestamps make the watermark (out-of-orderness bound, idle timeout). */
  eventTime?: EventTimeOptions;
  /** Budget of each expression evaluation; the engine's defaults when absent (see `inline-requests.ts`). */
  evaluationLimits?: DefaultEngineOptions['evaluationLimits'];
}

/** A value an event generator made; it is `#input` as it is, without a JSON round trip. */
class GeneratedValue {
  constructor(readonly value: unknown) {}
}

/** A scenario compiled for running, with what the host needs to feed it. */
export interface LiveScenario {
  kind: ScenarioKind;
  compiled: CompiledScenario;
  counters: NodeCounters;
  /** Kafka-named sources: the topic each reads. */
  topicSources: { nodeId: string; topic: string }[];
  /** Event generators: their period and a batch maker (values to pass to `processRecord`). */
  generators: { nodeId: string; periodMs: number; generate(): unknown[] }[];
  /** The request source of a request-response scenario. */
  requestSourceId: string | undefined;
}

/** `StreamMetaData` (and the Lite variant) run as streams, `RequestResponseMetaData` per request; batch does not run here. */
export function scenarioKindOf(scenario: CanonicalProcess): ScenarioKind | undefined {
  // Which kind a metaDataType is, is graph's rule; fragments do not run on their own.
  const kind = kindOfMetaDataType(scenario.metaData.additionalFields.metaDataType);
  return kind === 'fragment' ? undefined : kind;
}

/** The default model per kind. */
export function defaultEmbeddedModels(): EmbeddedModels {
  return { streaming: defaultModel('streaming'), 'request-response': defaultModel('request-response') };
}

function durationMillis(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && 'toMillis' in value && typeof value.toMillis === 'function') {
    return Number(value.toMillis());
  }
  return undefined;
}

/**
 * What the engine compiles a scenario of this kind with here: the model's components and classes, the default
 * runtimes plus the given ones, the scheduler's clock. Test runs use it as it is, so a test runs what a
 * deployment would; live runs wrap its runtimes.
 */
export function engineOptions(kind: ScenarioKind, options: LiveScenarioOptions): Omit<CompileScenarioOptions, 'listener'> {
  const compileOptions = defaultEngineOptions(options.models[kind], {
    runtimes: (defaults) => defaults.with(options.runtimes ?? {}),
    now: options.now,
    ...(options.fragments ? { fragments: options.fragments } : {}),
    ...(options.evaluationLimits ? { evaluationLimits: options.evaluationLimits } : {}),
  });
  return options.eventTime ? { ...compileOptions, eventTime: options.eventTime } : compileOptions;
}

const issue = (code: string, message: string, nodeId?: string): DeploymentIssue => (nodeId === undefined ? { code, message } : { code, message, nodeId });

/**
 * Compiles a scenario for a live run: the engine's compilation with the default runtimes, wrapped to learn
 * which topic each Kafka-named node uses and how often each generator fires, plus per-node counting.
 */
export function prepareLiveScenario(
  scenario: CanonicalProcess,
  options: LiveScenarioOptions,
): { ok: true; value: LiveScenario } | { ok: false; errors: DeploymentIssue[] } {
  const kind = scenarioKindOf(scenario);
  if (!kind) {
    return { ok: false, errors: [issue('UnsupportedScenarioType', `The embedded engine runs streaming and request-response scenarios, not ${scenario.metaData.additionalFields.metaDataType}`)] };
  }
  const counters = new NodeCounters(scenario);
  const generatorPeriods = new Map<string, unknown>();
  const base = engineOptions(kind, options);
  const { runtimes: kafka, topics } = captureKafkaTopics(base.runtimes);
  const capturing = capturingGenerators(kafka, generatorPeriods);
  const compileOptions: CompileScenarioOptions = { ...base, runtimes: counters.countingJoins(capturing), listener: counters.listener as ExecutionListener };
  const compiled = compileScenario(scenario, compileOptions);
  if (!compiled.ok) {
    return { ok: false, errors: compiled.errors.map((e) => issue(e.code, e.message, e.nodeId)) };
  }
  const errors: DeploymentIssue[] = [];
  const topicSources: LiveScenario['topicSources'] = [];
  const generators: LiveScenario['generators'] = [];
  let requestSourceId: string | undefined;
  for (const source of compiled.value.sources) {
    if (source.componentId === 'source-kafka') {
      const topic = topics.sources.get(source.nodeId);
      if (typeof topic !== 'string' || validateTopicName(topic).length > 0) {
        errors.push(issue('InvalidTopic', `Source reads an invalid topic: ${String(topic)}`, source.nodeId));
      } else topicSources.push({ nodeId: source.nodeId, topic });
    } else if (source.componentId === 'source-event-generator') {
      const periodMs = durationMillis(generatorPeriods.get(source.nodeId));
      const instance: SourceInstance = source.instance;
      if (periodMs === undefined || periodMs <= 0 || !instance.generate) {
        errors.push(issue('InvalidSchedule', 'The generator needs a positive Duration as schedule', source.nodeId));
      } else {
        const generate = instance.generate.bind(instance);
        generators.push({ nodeId: source.nodeId, periodMs, generate: () => generate().map((value) => new GeneratedValue(value)) });
      }
    } else if (source.componentId === 'source-request' && kind === 'request-response') {
      if (requestSourceId !== undefined) errors.push(issue('MultipleRequestSources', 'A request-response scenario has exactly one request source', source.nodeId));
      requestSourceId = source.nodeId;
    } else {
      errors.push(issue('UnsupportedSource', `The embedded engine cannot feed ${source.componentId} in a ${kind} scenario`, source.nodeId));
    }
  }
  for (const [nodeId, topic] of topics.sinks) {
    if (typeof topic !== 'string' || validateTopicName(topic).length > 0) errors.push(issue('InvalidTopic', `Sink writes an invalid topic: ${String(topic)}`, nodeId));
  }
  if (kind === 'request-response' && requestSourceId === undefined && errors.length === 0) {
    errors.push(issue('MissingRequestSource', 'A request-response scenario needs a request source'));
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { kind, compiled: compiled.value, counters, topicSources, generators, requestSourceId } };
}

// Learns how often each generator fires, and lets its values through without the JSON decoding of records.
function capturingGenerators(base: ComponentRuntimeRegistry, generatorPeriods: Map<string, unknown>): ComponentRuntimeRegistry {
  const generator = base.get('source-event-generator');
  if (generator?.kind !== 'source') return base;
  return base.with({
    'source-event-generator': {
      kind: 'source',
      create(args) {
        generatorPeriods.set(args.nodeId, args.constants['schedule']);
        const inner = generator.create(args);
        return {
          decodeRecord: (record) => (record instanceof GeneratedValue ? record.value : inner.decodeRecord(record)),
          ...(inner.generate ? { generate: inner.generate.bind(inner) } : {}),
        };
      },
    },
  });
}

/**
 * The fragments a scenario uses, directly or through other fragments, looked up once here: a worker thread
 * cannot call the host's lookup, so it gets them as data.
 */
export function collectFragments(
  scenario: CanonicalProcess,
  lookup: ((fragmentId: string) => CanonicalProcess | undefined) | undefined,
): Map<string, CanonicalProcess> {
  // A map, not an object: a fragment may be called `__proto__`.
  const found = new Map<string, CanonicalProcess>();
  if (!lookup) return found;
  const pending: unknown[] = [scenario];
  // A generic walk of the JSON: fragment inputs sit in every kind of branch (filters, switches, splits, outputs).
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      const node = value as { type?: unknown; ref?: { id?: unknown } };
      const fragmentId = node.type === 'FragmentInput' ? node.ref?.id : undefined;
      if (typeof fragmentId === 'string' && !found.has(fragmentId)) {
        const fragment = lookup(fragmentId);
        if (fragment) {
          found.set(fragmentId, fragment);
          pending.push(fragment);
        }
      }
      pending.push(...Object.values(value));
    }
  }
  return found;
}
