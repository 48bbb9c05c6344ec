import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { EmbeddedDatabase, Queryable } from './database';

/**
 * What one manager tells the others (and its own jobs) through the database: NOTIFY on these channels is
 * sent inside the writing transaction, so it is delivered on commit and never for a rolled-back write.
 */
export type WakeupChannel = 'appended' | 'consumed' | 'deployments';

const CHANNELS: Record<WakeupChannel, string> = {
  /** Payload: the topic records were appended to. */
  appended: 'scenaria_dm_appended',
  /** Payload: the topic a consumer committed progress on (publishers held back by backpressure retry). */
  consumed: 'scenaria_dm_consumed',
  /** Payload: empty; a deployment was made, ended, or its lease given up. */
  deployments: 'scenaria_dm_deployments',
};

/** Sends a wake-up inside the caller's transaction (delivered to every listener when it commits). */
export async function sendWakeup(tx: Queryable, channel: WakeupChannel, payload = ''): Promise<void> {
  await tx.execute(sql`select ${wakeupExpression(channel, payload)}`);
}

/** The wake-up as an expression, for a statement the caller runs anyway (saves a round trip per batch). */
export function wakeupExpression(channel: WakeupChannel, payload = ''): SQL {
  return sql`pg_notify(${CHANNELS[channel]}, ${payload})`;
}

type Listener = (payload: string) => void;

// Both drivers' clients can LISTEN: postgres-js on a connection of its own, PGlite in-process.
interface ListeningClient {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

interface Hub {
  listeners: Map<WakeupChannel, Set<Listener>>;
  listening: Map<WakeupChannel, Promise<boolean>>;
}

// One LISTEN per client and channel, however many jobs and managers share the client.
const hubs = new WeakMap<object, Hub>();

function clientOf(db: EmbeddedDatabase): ListeningClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as ListeningClient).listen === 'function' ? (client as ListeningClient) : undefined;
}

function hubOf(db: EmbeddedDatabase): Hub {
  const owner = (db as unknown as { $client?: object }).$client ?? db;
  let hub = hubs.get(owner);
  if (!hub) hubs.set(owner, (hub = { listeners: new Map(), listening: new Map() }));
  return hub;
}

/**
 * Calls `listener` with the payload of every wake-up on `channel` committed by anyone over the database.
 * Answers the unsubscribe and whether wake-ups arrive at all (false: the handle cannot LISTEN, so the
 * caller polls).
 */
export async function onWakeup(
  db: EmbeddedDatabase,
  channel: WakeupChannel,
  listener: Listener,
  onError: (error: unknown) => void = () => undefined,
): Promise<{ unsubscribe: () => void; isListening: boolean }> {
  const hub = hubOf(db);
  let listeners = hub.listeners.get(channel);
  if (!listeners) hub.listeners.set(channel, (listeners = new Set()));
  listeners.add(listener);
  const unsubscribe = () => void listeners.delete(listener);
  let listening = hub.listening.get(channel);
  if (!listening) {
    const client = clientOf(db);
    const dispatch = (payload: string) => {
      for (const each of hub.listeners.get(channel) ?? []) each(payload ?? '');
    };
    listening = client
      ? client.listen(CHANNELS[channel], dispatch).then(
          () => true,
          (error: unknown) => {
            // Listening failed (the client closed): the next subscriber tries again; this one polls.
            hub.listening.delete(channel);
            onError(error);
            return false;
          },
        )
      : Promise.resolve(false);
    hub.listening.set(channel, listening);
  }
  return { unsubscribe, isListening: await listening };
}
