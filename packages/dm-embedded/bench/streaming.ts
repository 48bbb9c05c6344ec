// Topic -> filter -> variable -> topic: the embedded manager against a hand-written loop over the same
// tables with the same commit (offset, outputs, node counters in one transaction), over one backlog.
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { createEmbeddedDeploymentManager, migrate, publishToTopic } from '../src/index';
import type { EmbeddedDatabase, WorkerSetup } from '../src/index';
import { addNodeCounts } from '../src/storage/counts-store';
import { consumerOffsets } from '../src/storage/schema';
import { appendToTopic, readTopic } from '../src/topics/topic-store';
import { deploymentData, dependencies, processVersion, testModels, topicToTopic } from '../test/support';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

/** A fresh in-memory database holding `count` records in `transactions` (amounts 0-99: 89% pass the filter). */
export async function backlogDatabase(count: number): Promise<{ client: PGlite; db: EmbeddedDatabase }> {
  const client = new PGlite();
  const db = drizzle(client) as unknown as EmbeddedDatabase;
  await migrate(db);
  for (let at = 0; at < count; at += 5_000) {
    const records = Array.from({ length: Math.min(5_000, count - at) }, (_, i) => ({ value: { id: `r${at + i}`, amount: (at + i) % 100 } }));
    const published = await publishToTopic(db, 'transactions', records, { now: 1_700_000_000_000 + at });
    if (!published.ok) throw new Error(JSON.stringify(published.errors));
  }
  return { client, db };
}

async function committedOffset(db: EmbeddedDatabase, group: string): Promise<number> {
  const [row] = await db.select({ nextOffset: consumerOffsets.nextOffset }).from(consumerOffsets).where(and(eq(consumerOffsets.consumerGroup, group), eq(consumerOffsets.topic, 'transactions')));
  return row ? Number(row.nextOffset) : 0;
}

/** Records per second of the embedded manager over a backlog of `count` (its default isolation: a worker thread). */
export async function managerThroughput(count: number, batchSize: number, workerSetup: WorkerSetup, isolation: 'worker' | 'none' = 'worker'): Promise<number> {
  const { client, db } = await backlogDatabase(count);
  const manager = await createEmbeddedDeploymentManager({ db, models: testModels(), workerSetup, batchSize, isolation }, dependencies());
  const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
  // Timed from the first committed batch on: the steady per-record cost, not the worker's start-up.
  let first = 0;
  while ((first = await committedOffset(db, 'doubler/source')) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  while ((await committedOffset(db, 'doubler/source')) < count) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  await manager.close();
  await client.close();
  return (count - first) / seconds;
}

/** Records per second of a hand-written loop: same reads, same filter and variable, same commit. */
export async function handLoopThroughput(count: number, batchSize: number): Promise<number> {
  const { client, db } = await backlogDatabase(count);
  const group = 'hand/source';
  let started = performance.now();
  let first = 0;
  // Read once, then kept, as the manager's job keeps it (the commit checks it did not move).
  let from = await committedOffset(db, group);
  for (;;) {
    if (from > 0 && first === 0) {
      // Timed from the first committed batch on, as the manager is.
      first = from;
      started = performance.now();
    }
    const records = await readTopic(db, 'transactions', from, batchSize);
    if (records.length === 0) break;
    const outputs: { key: string | null; value: unknown; timestamp: number }[] = [];
    for (const record of records) {
      const input = record.value as { id: string; amount: number };
      if (input.amount > 10) outputs.push({ key: null, value: { id: input.id, doubled: input.amount * 2 }, timestamp: record.timestamp });
    }
    const next = (records[records.length - 1] as { offset: number }).offset + 1;
    const passed = outputs.length;
    await db.transaction(async (tx) => {
      const moved = await tx
        .insert(consumerOffsets)
        .values({ consumerGroup: group, topic: 'transactions', nextOffset: next })
        .onConflictDoUpdate({ target: [consumerOffsets.consumerGroup, consumerOffsets.topic], set: { nextOffset: next }, where: sql`${consumerOffsets.nextOffset} = ${from}` })
        .returning({ nextOffset: consumerOffsets.nextOffset });
      if (moved.length === 0) throw new Error('offset moved');
      await appendToTopic(tx, 'alerts', outputs);
      await addNodeCounts(
        tx,
        'hand',
        new Map([
          ['source', { recordsIn: records.length, recordsOut: records.length, errors: 0 }],
          ['big', { recordsIn: records.length, recordsOut: records.length, errors: 0 }],
          ['small', { recordsIn: records.length - passed, recordsOut: 0, errors: 0 }],
          ['doubled', { recordsIn: passed, recordsOut: passed, errors: 0 }],
          ['sink', { recordsIn: passed, recordsOut: passed, errors: 0 }],
        ]),
      );
    });
    from = next;
  }
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  return (count - first) / seconds;
}
