import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Results, Transaction } from '@electric-sql/pglite';
import { withPreparedStatements } from './pglite-statements';
import { errorData } from './pglite-thread-protocol';
import type { ThreadData, ThreadReply, ThreadRequest } from './pglite-thread-protocol';
import { UpkeepSchedule } from './pglite-upkeep';

/**
 * The embedded database's thread (`dist/pglite-worker.js`, a tsup entry of its own): PGlite with its prepared
 * statements, answering the server's queries and transactions (`pglite-thread.ts`).
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker runs only as a worker thread');
const post = (reply: ThreadReply) => port.postMessage(reply);

const { dataDir, upkeep, startFrom } = workerData as ThreadData;
// PostgreSQL fills each new 16 MB WAL segment with zeroes before writing to it, and in PGlite the thread that
// does so is the one answering queries: every 16 MB of writes (about a thousand saves) held every query for
// 12-50 ms. Without the zeroes the segment is created empty (writes already skip fsync here).
const startParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];
// An image is only for a new database: PGlite refuses to load one over an existing cluster.
const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
const loadDataDir = startFrom && isNew ? new Blob([readFileSync(startFrom)]) : undefined;
const options = { startParams, ...(loadDataDir ? { loadDataDir } : {}) };
const database = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
const client = withPreparedStatements(database);

interface Open {
  tx: Transaction;
  /** Ends the transaction's callback: committed when true, rolled back when false. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}
const transactions = new Map<number, Open>();
const unlisten = new Map<string, () => Promise<void>>();
let nextTransaction = 1;
// Thrown inside a transaction's callback to roll it back; never seen outside.
const rollback = Symbol('rollback');

// What the server's parsers asked for (drizzle's leave dates and intervals as text): those types stay text here.
const keepText = (rawTypes: number[]) => Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));

function queryable(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.tx;
}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Awaited by `end`; a transaction that never started is reported by `begin` instead.
  done.catch(() => undefined);
  return new Promise<number>((started, failed) => {
    let entered = false;
    client
      .transaction(async (tx) => {
        entered = true;
        const decision = new Promise<boolean>((finish) => transactions.set(id, { tx, finish, done }));
        started(id);
        if (!(await decision)) throw rollback;
      })
      .then(
        () => {
          transactions.delete(id);
          settle?.resolve();
        },
        (error: unknown) => {
          transactions.delete(id);
          settle?.reject(error);
          if (!entered) failed(error);
        },
      );
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const result: Results = await queryable(request.tx).query(request.text, request.params, { rowMode: request.rowMode, parsers: keepText(request.rawTypes) });
      return result;
    }
    case 'exec':
      return queryable(request.tx).exec(request.text);
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      if (!unlisten.has(request.channel)) {
        unlisten.set(request.channel, await database.listen(request.channel, (payload) => post({ kind: 'notification', channel: request.channel, payload })));
      }
      return undefined;
    }
    case 'unlisten': {
      await unlisten.get(request.channel)?.();
      unlisten.delete(request.channel);
      return undefined;
    }
    case 'close':
      await schedule?.stop();
      await database.close();
      return undefined;
  }
}

// Requests being answered: upkeep waits for none, and for no open transaction.
let answering = 0;
let schedule: UpkeepSchedule | undefined;

port.on('message', (request: ThreadRequest) => {
  answering++;
  answer(request)
    .then(
      (value) => post({ kind: 'reply', id: request.id, value }),
      (error: unknown) => post({ kind: 'failure', id: request.id, error: errorData(error) }),
    )
    .finally(() => answering--);
});

database.waitReady.then(
  () => {
    if (upkeep) schedule = new UpkeepSchedule(client, upkeep, () => answering === 0 && transactions.size === 0, (report) => post({ kind: 'upkeep', report }));
    post({ kind: 'ready' });
  },
  (error: unknown) => post({ kind: 'failed', error: errorData(error) }),
);
