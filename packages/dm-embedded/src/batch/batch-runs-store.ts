import type { ProcessVersion } from '@scenaria/deployment-sdk';
import type { CanonicalProcess } from '@scenaria/graph';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { bigint, index, integer, jsonb, text } from 'drizzle-orm/pg-core';
import type { Queryable } from '../storage/database';
import { dmSchema } from '../storage/schema';
import type { BatchFailure } from './batch-job';

// Kept beside the batch manager (migration 0004_batch_runs), not in storage/schema.ts: nothing else reads it.
export const batchRuns = dmSchema.table(
  'batch_runs',
  {
    externalId: text('external_id').primaryKey(),
    scenarioName: text('scenario_name').notNull(),
    deploymentId: text('deployment_id').notNull(),
    processVersion: jsonb('process_version').notNull(),
    scenario: jsonb('scenario').notNull(),
    state: text('state').notNull(),
    failure: jsonb('failure').$type<BatchFailure>(),
    rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    recordErrors: bigint('record_errors', { mode: 'number' }).notNull().default(0),
    runs: integer('runs').notNull().default(0),
    nextRunAt: bigint('next_run_at', { mode: 'number' }),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
  },
  (table) => [index('batch_runs_scenario_started_idx').on(table.scenarioName, table.startedAt)],
);

/**
 * Where a batch deployment stands: waiting for its schedule, running, or ended. FINISHED is kept for good:
 * the status of a bounded run stays FINISHED long after it ran (semantics.md §1).
 */
export type BatchRunState = 'SCHEDULED' | 'RUNNING' | 'FINISHED' | 'FAILED' | 'CANCELED';

/** A stored batch deployment with its last run's counts. */
export interface BatchRunRow {
  externalId: string;
  scenarioName: string;
  deploymentId: string;
  processVersion: ProcessVersion;
  scenario: CanonicalProcess;
  state: BatchRunState;
  failure: BatchFailure | null;
  rowsRead: number;
  rowsWritten: number;
  recordErrors: number;
  runs: number;
  nextRunAt: number | null;
  startedAt: number;
  endedAt: number | null;
}

function toRow(row: typeof batchRuns.$inferSelect): BatchRunRow {
  return {
    ...row,
    processVersion: row.processVersion as ProcessVersion,
    scenario: row.scenario as CanonicalProcess,
    state: row.state as BatchRunState,
    failure: row.failure ?? null,
    rowsRead: Number(row.rowsRead),
    rowsWritten: Number(row.rowsWritten),
    recordErrors: Number(row.recordErrors),
    nextRunAt: row.nextRunAt === null ? null : Number(row.nextRunAt),
    startedAt: Number(row.startedAt),
    endedAt: row.endedAt === null ? null : Number(row.endedAt),
  };
}

export async function insertBatchRun(db: Queryable, row: BatchRunRow): Promise<void> {
  await db.insert(batchRuns).values(row);
}

export async function updateBatchRun(db: Queryable, externalId: string, changes: Partial<Omit<BatchRunRow, 'externalId'>>): Promise<void> {
  await db.update(batchRuns).set(changes).where(eq(batchRuns.externalId, externalId));
}

/** The scenario's latest deployment. */
export async function latestBatchRun(db: Queryable, scenarioName: string): Promise<BatchRunRow | undefined> {
  const [row] = await db.select().from(batchRuns).where(eq(batchRuns.scenarioName, scenarioName)).orderBy(desc(batchRuns.startedAt)).limit(1);
  return row ? toRow(row) : undefined;
}

/** Deployments in the given states, all scenarios. */
export async function batchRunsIn(db: Queryable, states: readonly BatchRunState[]): Promise<BatchRunRow[]> {
  return (await db.select().from(batchRuns).where(inArray(batchRuns.state, [...states]))).map(toRow);
}

/** The scenario's deployments in the given states, newest first. */
export async function scenarioBatchRunsIn(db: Queryable, scenarioName: string, states: readonly BatchRunState[]): Promise<BatchRunRow[]> {
  return (
    await db.select().from(batchRuns).where(and(eq(batchRuns.scenarioName, scenarioName), inArray(batchRuns.state, [...states]))).orderBy(desc(batchRuns.startedAt))
  ).map(toRow);
}
