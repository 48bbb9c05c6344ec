import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
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
 * PGlite on a thread of its own: on the server's thread its WebAssembly was a third of a save's time, which every
 * other request waited behind. Queries, transactions (held open on the database's thread while the caller's
 * callback runs here) and LISTEN go over messages; the prepared statements live there (`pglite-statements.ts`).
 * Parsers are supported only when they leave a value's text as it is (what drizzle asks for dates and intervals);
 * anything else is refused rather than silently ignored. If the thread dies, every call fails with its reason.
 */
export interface PgliteThreadOptions {
  /** The thread's upkeep (`pglite-upkeep.ts`): PostgreSQL's autovacuum rules by default; false for none. */
  upkeep?: UpkeepPolicy | false;
  /** Told of every upkeep step the thread took or failed. */
  onUpkeep?: (report: UpkeepReport) => void;
}

export async function openPgliteThread(dataDir: string | undefined, options: PgliteThreadOptions = {}): Promise<PgliteThread> {
  const url = await workerScript('pglite-worker', new URL('./pglite-worker.ts', import.meta.url), ['@electric-sql/pglite']);
  const workerData: ThreadData = { dataDir, upkeep: options.upkeep ?? DEFAULT_UPKEEP };
  const worker = new Worker(url, { name: 'scenaria-pglite', workerData });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let stopped: Error | undefined;
  let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const started = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));

  const stop = (error: Error) => {
    stopped ??= error;
    ready?.reject(stopped);
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (reply: ThreadReply) => {
    if (reply.kind === 'ready') return ready?.resolve();
    if (reply.kind === 'failed') return stop(errorFrom(reply.error));
    if (reply.kind === 'upkeep') return options.onUpkeep?.(reply.report);
    if (reply.kind === 'notification') {
      for (const listener of listeners.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // Idle, the thread does not keep the process alive; a call in flight does.
    if (pending.size === 0) worker.unref();
    if (reply.kind === 'reply') waiting.resolve(reply.value);
    else waiting.reject(errorFrom(reply.error as ErrorData));
  });
  worker.on('error', (error) => stop(new Error(`The embedded database's thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));

  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const query = async <T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> => {
    if (options?.serializers || options?.blob || options?.paramTypes || options?.onNotice) throw new Error('The embedded database thread takes no serializers, blobs, parameter types or notice callbacks');
    const rawTypes = Object.entries(options?.parsers ?? {}).map(([type, parser]) => {
      if (parser(PROBE, Number(type)) !== PROBE) throw new Error(`The embedded database thread keeps values as text only: the parser of type ${type} changes them`);
      return Number(type);
    });
    return (await call({ kind: 'query', text, params, rowMode: options?.rowMode ?? 'object', rawTypes, ...(tx === undefined ? {} : { tx }) })) as Results<T>;
  };
  const exec = async (text: string, tx: number | undefined) => (await call({ kind: 'exec', text, ...(tx === undefined ? {} : { tx }) })) as Results[];

  const client: ThreadClient = {
    query: (text, params, options) => query(text, params, options, undefined),
    exec: (text) => exec(text, undefined),
    async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      const id = (await call({ kind: 'begin' })) as number;
      let closed = false;
      const inside = <R>(run: () => Promise<R>) => (closed ? Promise.reject(new Error('Transaction is closed')) : run());
      const handle: ThreadTransaction = {
        query: (text, params, options) => inside(() => query(text, params, options, id)),
        exec: (text) => inside(() => exec(text, id)),
        get closed() {
          return closed;
        },
      };
      let value: T;
      try {
        value = await callback(handle);
      } catch (error) {
        closed = true;
        // The caller's error is the one that matters; a rollback that fails too (the thread died) adds nothing.
        await call({ kind: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      closed = true;
      await call({ kind: 'end', tx: id, commit: true });
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

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    client,
    close: async () => {
      if (!stopped) await call({ kind: 'close' }).catch(() => undefined);
      stop(new Error('The embedded database is closed'));
      await worker.terminate();
    },
  };
}
