import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { findCause } from '@scenaria/deployment-sdk';
import { workerScript } from '../worker-script';
import { errorFrom } from './pglite-thread-protocol';
import type { ErrorData, ThreadData, ThreadReply, ThreadRequest } from './pglite-thread-protocol';
import { DEFAULT_UPKEEP } from './pglite-upkeep';
import type { UpkeepPolicy, UpkeepReport } from './pglite-upkeep';

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The part of a PGlite client drizzle and the embedded manager use, answered by the database's own thread. */
export interface ThreadClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  readonly closed: boolean;
}

export interface PgliteThread {
  client: ThreadClient;
  /** Closes the database and stops its thread. */
  close(): Promise<void>;
}

// The text a parser is probed with: one that keeps it is one the database's thread can apply by keeping text.
const PROBE = '2000-01-01 00:00:00+00';

/**
 * The embedded database's thread stopped under a call (its memory ran out, or it failed): the call's work was not
 * done, or not committed. A database on disk is opened again by the next call (PostgreSQL recovers it from its
 * write-ahead log), so the call may be tried again; one in memory is gone.
 */
export class EmbeddedDatabaseStopped extends Error {
  override readonly name = 'EmbeddedDatabaseStopped';
}

/** The `EmbeddedDatabaseStopped` an error is or was caused by (drizzle wraps a failed query's error), if any. */
export function embeddedDatabaseStoppedIn(error: unknown): EmbeddedDatabaseStopped | undefined {
  return findCause(error, (cause): cause is EmbeddedDatabaseStopped => cause instanceof EmbeddedDatabaseStopped);
}

export function isEmbeddedDatabaseStopped(error: unknown): boolean {
  return embeddedDatabaseStoppedIn(error) !== undefined;
}

/**
 * PGlite on a thread of its own: on the server's thread its WebAssembly was a third of a save's time, which every
 * other request waited behind. Queries, transactions (held open on the database's thread while the caller's
 * callback runs here) and LISTEN go over messages; the prepared statements live there (`pglite-statements.ts`).
 * Parsers are supported only when they leave a value's text as it is (what drizzle asks for dates and intervals);
 * anything else is refused rather than silently ignored. If the thread dies, the calls it held fail with
 * `EmbeddedDatabaseStopped`; a database on disk is opened on a new thread by the next call (its LISTENs made again,
 * then `onRestart`), one in memory stays failed. A thread that fails to open waits 1, 2, 4 ... at most 30 s before
 * the next try, the calls meanwhile failing with its reason, so a database that cannot open is not opened per request.
 */
export interface PgliteThreadOptions {
  /** The thread's upkeep (`pglite-upkeep.ts`): PostgreSQL's autovacuum rules by default; false for none. */
  upkeep?: UpkeepPolicy | false;
  /** Told of every upkeep step the thread took or failed. */
  onUpkeep?: (report: UpkeepReport) => void;
  /** The thread's memory limits (Node's worker limits; its own defaults otherwise). */
  resourceLimits?: ResourceLimits;
  /** Run on a new thread after a restart, before any call reaches it: session settings go again there. */
  onRestart?: (exec: (text: string) => Promise<unknown>) => Promise<void>;
  /** Told when the thread stopped under the server (before it is opened again). */
  onStopped?: (error: Error) => void;
  /**
   * The path of an image of a new cluster (a tar file as PGlite's `dumpDataDir` writes it), loaded where there is
   * no database yet instead of running initdb, which takes seconds. Tests open hundreds of databases this way.
   */
  startFrom?: string;
}

// One thread and the calls it holds.
interface Generation {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Set when the thread stopped: later calls to this generation fail with it. */
  stopped: Error | undefined;
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export async function openPgliteThread(dataDir: string | undefined, options: PgliteThreadOptions = {}): Promise<PgliteThread> {
  const url = await workerScript('pglite-worker', new URL('./pglite-worker.ts', import.meta.url), ['@electric-sql/pglite']);
  const workerData: ThreadData = { dataDir, upkeep: options.upkeep ?? DEFAULT_UPKEEP, startFrom: options.startFrom };
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed: Error | undefined;
  let current: Generation | undefined;
  let opening: Promise<Generation> | undefined;
  // After a failed open: its error, and when the next may be tried.
  let failedOpen: { error: Error; retryAt: number; delayMs: number } | undefined;
  // In memory, a new thread would be an empty database: a stopped one stays stopped.
  let lost: Error | undefined;

  const send = (generation: Generation, request: Request): Promise<unknown> => {
    if (generation.stopped) return Promise.reject(generation.stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (generation.pending.size === 0) generation.worker.ref();
      generation.pending.set(id, { resolve, reject });
      generation.worker.postMessage({ ...request, id });
    });
  };

  // Starts a thread and waits until its database is open; the thread is told of no call before.
  const start = (): Promise<Generation> => {
    const worker = new Worker(url, { name: 'scenaria-pglite', workerData, ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}) });
    const generation: Generation = { worker, pending: new Map(), stopped: undefined };
    let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const started = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    const stop = (error: Error) => {
      if (generation.stopped) return;
      generation.stopped = error;
      ready?.reject(error);
      for (const { reject } of generation.pending.values()) reject(error);
      generation.pending.clear();
      worker.unref();
      if (current === generation) {
        current = undefined;
        if (!closed) {
          if (!dataDir) lost = error;
          options.onStopped?.(error);
        }
      }
    };
    worker.on('message', (reply: ThreadReply) => {
      if (reply.kind === 'ready') return ready?.resolve();
      if (reply.kind === 'failed') return stop(errorFrom(reply.error));
      if (reply.kind === 'upkeep') return options.onUpkeep?.(reply.report);
      if (reply.kind === 'notification') {
        for (const listener of listeners.get(reply.channel) ?? []) listener(reply.payload);
        return;
      }
      const waiting = generation.pending.get(reply.id);
      if (!waiting) return;
      generation.pending.delete(reply.id);
      // Idle, the thread does not keep the process alive; a call in flight does.
      if (generation.pending.size === 0) worker.unref();
      if (reply.kind === 'reply') waiting.resolve(reply.value);
      else waiting.reject(errorFrom(reply.error as ErrorData));
    });
    worker.on('error', (error) => stop(new EmbeddedDatabaseStopped(`The embedded database's thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => stop(new EmbeddedDatabaseStopped(`The embedded database's thread stopped (exit code ${code})`)));
    return started.then(
      () => generation,
      async (error: unknown) => {
        await worker.terminate();
        throw error;
      },
    );
  };

  // The running thread, or a new one on the same directory after the last one stopped (its LISTENs made again).
  const running = (): Promise<Generation> => {
    if (closed) return Promise.reject(closed);
    if (lost) return Promise.reject(lost);
    if (current && !current.stopped) return Promise.resolve(current);
    if (failedOpen && Date.now() < failedOpen.retryAt) return Promise.reject(failedOpen.error);
    opening ??= (async () => {
      try {
        const generation = await start();
        for (const channel of listeners.keys()) await send(generation, { kind: 'listen', channel });
        await options.onRestart?.((text) => send(generation, { kind: 'exec', text }));
        if (closed) {
          await generation.worker.terminate();
          throw closed;
        }
        failedOpen = undefined;
        current = generation;
        return generation;
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        const delayMs = failedOpen ? Math.min(LAST_RETRY_MS, failedOpen.delayMs * 2) : FIRST_RETRY_MS;
        failedOpen = { error: new EmbeddedDatabaseStopped(`The embedded database could not be opened again (tried again in ${delayMs / 1000} s): ${cause.message}`, { cause }), retryAt: Date.now() + delayMs, delayMs };
        throw failedOpen.error;
      } finally {
        opening = undefined;
      }
    })();
    return opening;
  };

  // The running thread is taken at once: waiting for `running()` would add a turn to every query.
  const call = (request: Request): Promise<unknown> => (current && !current.stopped && !closed ? send(current, request) : running().then((generation) => send(generation, request)));

  const query = async <T>(send: (request: Request) => Promise<unknown>, text: string, params: unknown[] = [], options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> => {
    if (options?.serializers || options?.blob || options?.paramTypes || options?.onNotice) throw new Error('The embedded database thread takes no serializers, blobs, parameter types or notice callbacks');
    const rawTypes = Object.entries(options?.parsers ?? {}).map(([type, parser]) => {
      if (parser(PROBE, Number(type)) !== PROBE) throw new Error(`The embedded database thread keeps values as text only: the parser of type ${type} changes them`);
      return Number(type);
    });
    return (await send({ kind: 'query', text, params, rowMode: options?.rowMode ?? 'object', rawTypes, ...(tx === undefined ? {} : { tx }) })) as Results<T>;
  };
  const exec = async (send: (request: Request) => Promise<unknown>, text: string, tx: number | undefined) => (await send({ kind: 'exec', text, ...(tx === undefined ? {} : { tx }) })) as Results[];

  const client: ThreadClient = {
    query: (text, params, options) => query(call, text, params, options, undefined),
    exec: (text) => exec(call, text, undefined),
    async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      // Every step of a transaction goes to the thread it began on: a new thread knows nothing of it.
      const generation = await running();
      const inThread = (request: Request) => send(generation, request);
      const id = (await inThread({ kind: 'begin' })) as number;
      let isClosed = false;
      const inside = <R>(run: () => Promise<R>) => (isClosed ? Promise.reject(new Error('Transaction is closed')) : run());
      const handle: ThreadTransaction = {
        query: (text, params, options) => inside(() => query(inThread, text, params, options, id)),
        exec: (text) => inside(() => exec(inThread, text, id)),
        get closed() {
          return isClosed;
        },
      };
      let value: T;
      try {
        value = await callback(handle);
      } catch (error) {
        isClosed = true;
        // The caller's error is the one that matters; a rollback that fails too (the thread died) adds nothing.
        await inThread({ kind: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      isClosed = true;
      await inThread({ kind: 'end', tx: id, commit: true });
      return value;
    },
    async listen(channel, callback) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await call({ kind: 'listen', channel });
      }
      set.add(callback);
      return async () => {
        set.delete(callback);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await call({ kind: 'unlisten', channel });
        }
      };
    },
  };

  current = await start();
  return {
    client,
    close: async () => {
      const generation = current;
      if (generation && !generation.stopped) await send(generation, { kind: 'close' }).catch(() => undefined);
      closed = new Error('The embedded database is closed');
      await opening?.catch(() => undefined);
      const last = current ?? generation;
      if (last) {
        last.stopped ??= closed;
        for (const { reject } of last.pending.values()) reject(closed);
        last.pending.clear();
        await last.worker.terminate();
      }
    },
  };
}
