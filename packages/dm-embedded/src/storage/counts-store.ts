import { eq, inArray, sql } from 'drizzle-orm';
import type { NodeCount } from '../runtime/node-counters';
import type { Queryable } from './database';
import { nodeCounts } from './schema';

/** Adds counter deltas of a deployment (inside the caller's transaction when given one). */
export async function addNodeCounts(db: Queryable, externalId: string, deltas: ReadonlyMap<string, NodeCount>): Promise<void> {
  if (deltas.size === 0) return;
  const rows = [...deltas].map(([nodeId, count]) => ({ externalId, nodeId, ...count }));
  await db
    .insert(nodeCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [nodeCounts.externalId, nodeCounts.nodeId],
      set: {
        recordsIn: sql`${nodeCounts.recordsIn} + excluded.records_in`,
        recordsOut: sql`${nodeCounts.recordsOut} + excluded.records_out`,
        errors: sql`${nodeCounts.errors} + excluded.errors`,
      },
    });
}

/** The committed counters of a deployment by node id. */
export async function readNodeCounts(db: Queryable, externalId: string): Promise<Map<string, NodeCount>> {
  const rows = await db.select().from(nodeCounts).where(eq(nodeCounts.externalId, externalId));
  return new Map(rows.map((row) => [row.nodeId, { recordsIn: Number(row.recordsIn), recordsOut: Number(row.recordsOut), errors: Number(row.errors) }]));
}

/** The committed counters of several deployments, summed by node id. */
export async function sumNodeCounts(db: Queryable, externalIds: readonly string[]): Promise<Map<string, NodeCount>> {
  const sums = new Map<string, NodeCount>();
  if (externalIds.length === 0) return sums;
  for (const row of await db.select().from(nodeCounts).where(inArray(nodeCounts.externalId, [...externalIds]))) {
    const sum = sums.get(row.nodeId) ?? { recordsIn: 0, recordsOut: 0, errors: 0 };
    sums.set(row.nodeId, { recordsIn: sum.recordsIn + Number(row.recordsIn), recordsOut: sum.recordsOut + Number(row.recordsOut), errors: sum.errors + Number(row.errors) });
  }
  return sums;
}
