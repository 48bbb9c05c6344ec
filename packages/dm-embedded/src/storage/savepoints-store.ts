import type { CanonicalProcess } from '@scenaria/graph';
import { eq, inArray } from 'drizzle-orm';
import { consumerGroupOf } from '../runtime/streaming-job';
import type { Queryable } from './database';
import { consumerOffsets, savepoints } from './schema';
import { loadState, replaceState } from './state-store';

const SAVEPOINT_PREFIX = 'scenaria-embedded:savepoint/';

/** The topic sources of a scenario (sources start the branches of the tree form). */
function kafkaSources(scenario: CanonicalProcess): { nodeId: string; topic: string | undefined }[] {
  const sources: { nodeId: string; topic: string | undefined }[] = [];
  for (const branch of [scenario.nodes, ...(scenario.additionalBranches ?? [])]) {
    const first = branch[0];
    if (first?.type !== 'Source' || first.ref.typ !== 'kafka') continue;
    const expression = first.ref.parameters.find((p) => p.name === 'Topic')?.expression.expression.trim();
    const literal = expression === undefined ? undefined : /^'([^']*)'$/.exec(expression)?.[1];
    sources.push({ nodeId: first.id, topic: literal });
  }
  return sources;
}

/**
 * Saves the committed offsets of a deployment's topic sources and answers the savepoint's path. The offsets
 * are read in one statement, so the savepoint is a state some commit left, never a half-committed batch.
 */
export async function makeSavepoint(
  db: Queryable,
  deployment: { externalId: string; scenarioName: string; scenario: CanonicalProcess },
  id: string,
  now: number,
): Promise<string> {
  const sources = kafkaSources(deployment.scenario);
  const groups = sources.map((source) => consumerGroupOf(deployment.scenarioName, source.nodeId));
  const rows = groups.length === 0 ? [] : await db.select().from(consumerOffsets).where(inArray(consumerOffsets.consumerGroup, groups));
  const offsets = sources.flatMap((source) => {
    const group = consumerGroupOf(deployment.scenarioName, source.nodeId);
    return rows.filter((row) => row.consumerGroup === group).map((row) => ({ sourceNodeId: source.nodeId, topic: row.topic, nextOffset: Number(row.nextOffset) }));
  });
  // Read in the caller's transaction, under the deployment's lock: the state the same commit as the offsets left.
  const state = await loadState(db, deployment.scenarioName);
  await db.insert(savepoints).values({ id, scenarioName: deployment.scenarioName, externalId: deployment.externalId, offsets, state, createdAt: now });
  return `${SAVEPOINT_PREFIX}${id}`;
}

/**
 * Sets a scenario's source offsets, keyed state and watermark to those of a savepoint (inside the deploying
 * transaction); the savepoint may come from another scenario, matched by node id. False when there is no such
 * savepoint.
 */
export async function restoreSavepoint(tx: Queryable, savepointPath: string, scenarioName: string): Promise<boolean> {
  if (!savepointPath.startsWith(SAVEPOINT_PREFIX)) return false;
  const [savepoint] = await tx.select().from(savepoints).where(eq(savepoints.id, savepointPath.slice(SAVEPOINT_PREFIX.length)));
  if (!savepoint) return false;
  for (const offset of savepoint.offsets) {
    const consumerGroup = consumerGroupOf(scenarioName, offset.sourceNodeId);
    await tx
      .insert(consumerOffsets)
      .values({ consumerGroup, topic: offset.topic, nextOffset: offset.nextOffset })
      .onConflictDoUpdate({ target: [consumerOffsets.consumerGroup, consumerOffsets.topic], set: { nextOffset: offset.nextOffset } });
  }
  await replaceState(tx, scenarioName, savepoint.state);
  return true;
}
