import type { StateChanges, StateEntry, StateSnapshot } from '@scenaria/engine';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from './database';
import { keyedState, scenarioWatermarks } from './schema';

// Rows per insert statement: PostgreSQL takes at most 65 535 bound parameters, five per row here.
const ROWS_PER_STATEMENT = 1_000;

const emptySnapshot = (): StateSnapshot => ({ entries: [], time: { sources: {}, watermark: null } });

/** The scenario's keyed state and watermark as last committed (empty when it has none). */
export async function loadState(db: Queryable, scenarioName: string): Promise<StateSnapshot> {
  const rows = await db.select().from(keyedState).where(eq(keyedState.scenarioName, scenarioName));
  const [time] = await db.select().from(scenarioWatermarks).where(eq(scenarioWatermarks.scenarioName, scenarioName));
  const entries = rows.map((row): StateEntry => ({ nodeId: row.nodeId, key: row.key, timers: row.timers, ...(row.value === null ? {} : { value: row.value }) }));
  return { entries, time: time?.time ?? emptySnapshot().time };
}

async function upsertEntries(tx: Queryable, scenarioName: string, entries: readonly StateEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += ROWS_PER_STATEMENT) {
    const rows = entries.slice(at, at + ROWS_PER_STATEMENT).map((entry) => ({ scenarioName, nodeId: entry.nodeId, key: entry.key, value: entry.value ?? null, timers: entry.timers }));
    await tx
      .insert(keyedState)
      .values(rows)
      .onConflictDoUpdate({
        target: [keyedState.scenarioName, keyedState.nodeId, keyedState.key],
        set: { value: sql`excluded.value`, timers: sql`excluded.timers` },
      });
  }
}

async function writeWatermark(tx: Queryable, scenarioName: string, time: StateSnapshot['time']): Promise<void> {
  await tx.insert(scenarioWatermarks).values({ scenarioName, time }).onConflictDoUpdate({ target: scenarioWatermarks.scenarioName, set: { time } });
}

/** Writes what a batch changed (inside the transaction that commits its offsets and outputs). */
export async function writeStateChanges(tx: Queryable, scenarioName: string, changes: StateChanges): Promise<void> {
  await upsertEntries(tx, scenarioName, changes.upserts);
  for (const gone of changes.deletes) {
    await tx.delete(keyedState).where(and(eq(keyedState.scenarioName, scenarioName), eq(keyedState.nodeId, gone.nodeId), eq(keyedState.key, gone.key)));
  }
  await writeWatermark(tx, scenarioName, changes.time);
}

/** Replaces the scenario's state with a snapshot (deploying from a savepoint). */
export async function replaceState(tx: Queryable, scenarioName: string, snapshot: StateSnapshot | null): Promise<void> {
  const state = snapshot ?? emptySnapshot();
  await tx.delete(keyedState).where(eq(keyedState.scenarioName, scenarioName));
  await upsertEntries(tx, scenarioName, state.entries);
  await writeWatermark(tx, scenarioName, state.time);
}

/** Whether a batch changed anything worth a transaction of its own. */
export function hasStateChanges(changes: StateChanges | undefined, lastTime: string | undefined): boolean {
  if (!changes) return false;
  return changes.upserts.length > 0 || changes.deletes.length > 0 || JSON.stringify(changes.time) !== lastTime;
}
