import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { KV } from '@nats-io/kv';
import { ClosedConnectionError, ConnectionError, DrainingConnectionError, NoRespondersError, TimeoutError, connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { findCause } from '@scenaria/deployment-sdk';
import { keysOf } from './coordination';
import { bucketName, topicStream, topicSubjects } from './naming';
import type { Names } from './naming';
import type { JetStreamManagerSettings } from './settings';

type BucketKind = Parameters<typeof bucketName>[1];

/** One NATS connection with the JetStream clients and the streams and buckets made so far, shared by a process's parts. */
export class JetStreamConnection {
  readonly names: Names;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly buckets = new Map<BucketKind, Promise<KV>>();

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly settings: JetStreamManagerSettings,
  ) {
    this.names = { namespace: settings.namespace, partitions: settings.partitions };
  }

  /** Connects to the settings' servers. */
  static async open(settings: JetStreamManagerSettings, name: string): Promise<JetStreamConnection> {
    const nc = await connect({ servers: settings.servers, name, maxReconnectAttempts: -1 });
    try {
      return new JetStreamConnection(nc, jetstream(nc), await jetstreamManager(nc), settings);
    } catch (error) {
      // Connected but no JetStream (or it went away meanwhile): the client would otherwise reconnect for ever.
      await nc.close();
      throw error;
    }
  }

  /**
   * `open`, tried again while NATS cannot be reached (a worker started before its broker, as containers are),
   * after 1, 2, 4 ... and at most 30 seconds (`firstDelayMs`, `maxDelayMs`), each wait told to `onRetry`. Any
   * other failure ends it; so does `signal` (with its reason).
   */
  static async openWhenReachable(settings: JetStreamManagerSettings, name: string, waiting: BrokerWait = {}): Promise<JetStreamConnection> {
    const { signal, onRetry, firstDelayMs = 1_000, maxDelayMs = 30_000 } = waiting;
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      try {
        return await JetStreamConnection.open(settings, name);
      } catch (error) {
        if (!isBrokerUnreachable(error)) throw error;
        const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt - 1, 20));
        onRetry?.({ attempt, delayMs, reason: brokerErrorReason(error) });
        await abortableDelay(delayMs, signal);
      }
    }
  }

  /** The stream of a topic, created on first use with one subject per partition and the de-duplication window. */
  ensureTopic(topic: string): Promise<void> {
    let made = this.topics.get(topic);
    if (!made) {
      made = (async () => {
        const name = topicStream(this.names, topic);
        try {
          await this.jsm.streams.info(name);
        } catch {
          await this.jsm.streams.add({
            name,
            subjects: [topicSubjects(this.names, topic)],
            duplicate_window: this.settings.duplicateWindowMs * 1_000_000,
            description: `scenaria topic ${topic}, ${this.names.partitions} partitions`,
          });
        }
      })();
      made.catch(() => this.topics.delete(topic));
      this.topics.set(topic, made);
    }
    return made;
  }

  /** A coordination bucket (one value per key; history is not needed, revisions are). */
  bucket(kind: BucketKind): Promise<KV> {
    let bucket = this.buckets.get(kind);
    if (!bucket) {
      bucket = new Kvm(this.nc).create(bucketName(this.names, kind), { history: 1 });
      bucket.catch(() => this.buckets.delete(kind));
      this.buckets.set(kind, bucket);
    }
    return bucket;
  }

  /** The keys of a coordination bucket (see `keysOf`). */
  async keys(kind: BucketKind): Promise<string[]> {
    await this.bucket(kind);
    return keysOf(this.jsm, bucketName(this.names, kind));
  }

  async close(): Promise<void> {
    if (this.nc.isClosed()) return;
    await this.nc.drain();
  }
}

/** How `openWhenReachable` waits for NATS. */
export interface BrokerWait {
  /** Ends the waiting (the process is stopping). */
  signal?: AbortSignal;
  /** Told of each failed attempt before its wait. */
  onRetry?: (retry: { attempt: number; delayMs: number; reason: string }) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

// The innermost message of a client error ("connect ECONNREFUSED 127.0.0.1:4222" rather than its wrapper's);
// when nothing answered a JetStream request, that NATS answered without JetStream (not enabled, or no leader yet).
function brokerErrorReason(error: unknown): string {
  let cause = error;
  let isNoResponders = false;
  for (;;) {
    isNoResponders ||= cause instanceof NoRespondersError;
    if (!(cause instanceof Error && cause.cause instanceof Error)) break;
    cause = cause.cause;
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return isNoResponders ? `NATS answers, JetStream does not: is it enabled there? ${message}` : message;
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Whether an error says NATS could not be reached: the connection closed, closing or lost, or a request that
 * nobody answered in time (NATS down while the client reconnects). Causes are followed: the clients wrap them.
 */
export function isBrokerUnreachable(error: unknown): boolean {
  return findCause(error, isConnectionFailure) !== undefined;
}

function isConnectionFailure(error: Error): boolean {
  return (
    error instanceof ClosedConnectionError ||
    error instanceof DrainingConnectionError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof NoRespondersError
  );
}
