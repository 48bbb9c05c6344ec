import type { ComponentRuntime, ComponentRuntimeRegistry } from './component-runtime';

// A symbol, not `instanceof`: a manager checks outputs made by whichever copy of the engine compiled the scenario,
// and no value a scenario builds can carry it.
const TOPIC_WRITE = Symbol.for('@scenaria/engine/TopicWrite');

/** A record a Kafka sink wrote in a live run; it keeps the event time of the record it came from. */
export class TopicWrite {
  constructor(
    readonly topic: string,
    readonly key: string | null,
    /** The engine's value, as the sink made it (not yet plain JSON). */
    readonly value: unknown,
    readonly timestamp: number,
  ) {}

  // On the prototype: a write's own fields are only the four above.
  get [TOPIC_WRITE](): true {
    return true;
  }
}

/** Whether a sink's output is a `TopicWrite` (made by `captureKafkaTopics`' sink). */
export function isTopicWrite(value: unknown): value is TopicWrite {
  return typeof value === 'object' && value !== null && (value as { [TOPIC_WRITE]?: unknown })[TOPIC_WRITE] === true;
}

/** The `Topic` of each Kafka source and sink (by node id) of the scenarios compiled with `captureKafkaTopics`' runtimes, unchecked. */
export interface KafkaTopics {
  sources: Map<string, unknown>;
  sinks: Map<string, unknown>;
}

/**
 * The runtimes a deployment manager runs scenarios with: the Kafka source and sink of `base`, wrapped so compiling
 * records which topic each node names (a manager checks the names and feeds the sources), and each sink output
 * becomes a `TopicWrite` with its `Key` evaluated. Other components are `base`'s own; so are both when `base`
 * lacks them. Test runs use `base` itself: their sink outputs stay the plain values the designer shows.
 * @example
 * const { runtimes, topics } = captureKafkaTopics(options.runtimes);
 * const compiled = compileScenario(scenario, { ...options, runtimes });
 * if (compiled.ok) topics.sources.get('source'); // 'transactions'
 */
export function captureKafkaTopics(base: ComponentRuntimeRegistry): { runtimes: ComponentRuntimeRegistry; topics: KafkaTopics } {
  const topics: KafkaTopics = { sources: new Map(), sinks: new Map() };
  const kafkaSource = base.get('source-kafka');
  const kafkaSink = base.get('sink-kafka');
  const wrapped: Record<string, ComponentRuntime> = {};
  if (kafkaSource?.kind === 'source') {
    wrapped['source-kafka'] = {
      kind: 'source',
      create(args) {
        topics.sources.set(args.nodeId, args.constants['Topic']);
        return kafkaSource.create(args);
      },
    };
  }
  if (kafkaSink?.kind === 'sink') {
    wrapped['sink-kafka'] = {
      kind: 'sink',
      create(args) {
        const topic = args.constants['Topic'];
        topics.sinks.set(args.nodeId, topic);
        const inner = kafkaSink.create(args);
        const key = args.lazy['Key'];
        return {
          output(values, context) {
            const value = inner.output(values, context);
            if (value === undefined) return undefined;
            const keyValue = key?.evaluate(context);
            return new TopicWrite(String(topic), keyValue === null || keyValue === undefined ? null : String(keyValue), value, context.eventTime);
          },
        };
      },
    };
  }
  return { runtimes: base.with(wrapped), topics };
}
