import type { ProcessVersion } from '@scenaria/deployment-sdk';
import type { CanonicalProcess } from '@scenaria/graph';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { Queryable } from './database';
import { deployments } from './schema';
import { sendWakeup } from './wakeups';

/** Lifecycle of a stored deployment: ACTIVE ones are (re)started by every manager over the database. */
export type DeploymentState = 'ACTIVE' | 'CANCELED' | 'FAILED';

/** A stored deployment. */
export interface DeploymentRow {
  externalId: string;
  scenarioName: string;
  deploymentId: string;
  processVersion: ProcessVersion;
  scenario: CanonicalProcess;
  state: DeploymentState;
  errors: string[];
  startedAt: number;
  endedAt: number | null;
}

function toRow(row: typeof deployments.$inferSelect): DeploymentRow {
  return {
    externalId: row.externalId,
    scenarioName: row.scenarioName,
    deploymentId: row.deploymentId,
    processVersion: row.processVersion as ProcessVersion,
    scenario: row.scenario as CanonicalProcess,
    state: row.state as DeploymentState,
    errors: row.errors,
    startedAt: Number(row.startedAt),
    endedAt: row.endedAt === null ? null : Number(row.endedAt),
  };
}

const notEnded: DeploymentState[] = ['ACTIVE', 'FAILED'];

/** Deployments that are not canceled (normally at most one per scenario), oldest first; all scenarios when no name. */
export async function findOpenDeployments(db: Queryable, scenarioName?: string): Promise<DeploymentRow[]> {
  const condition = scenarioName === undefined ? inArray(deployments.state, notEnded) : and(eq(deployments.scenarioName, scenarioName), inArray(deployments.state, notEnded));
  const rows = await db.select().from(deployments).where(condition).orderBy(asc(deployments.sequence));
  return rows.map(toRow);
}

/**
 * Deployments of a scenario that ran at some moment of `[from, to]` (epoch ms): started by `to` and not ended
 * before `from`, oldest first.
 */
export async function findDeploymentsRunningIn(db: Queryable, scenarioName: string, from: number, to: number): Promise<DeploymentRow[]> {
  const rows = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.scenarioName, scenarioName), lte(deployments.startedAt, to), or(isNull(deployments.endedAt), gte(deployments.endedAt, from))))
    .orderBy(asc(deployments.sequence));
  return rows.map(toRow);
}

/** The most recent deployment of a scenario, whatever its state. */
export async function findLatestDeployment(db: Queryable, scenarioName: string): Promise<DeploymentRow | undefined> {
  const [row] = await db.select().from(deployments).where(eq(deployments.scenarioName, scenarioName)).orderBy(desc(deployments.sequence)).limit(1);
  return row ? toRow(row) : undefined;
}

/** What a deployment's status is computed from: the row without its scenario. */
export type DeploymentStatusRow = Omit<DeploymentRow, 'scenario'>;

/**
 * The deployments a scenario's status reports, in one statement: the not-ended ones (oldest first) when there
 * are any, else the latest one. Status reads come with every scenario details GET, so they skip the stored
 * scenario JSON and the second round trip.
 */
export async function findStatusDeployments(db: Queryable, scenarioName: string): Promise<DeploymentStatusRow[]> {
  const { scenario: _scenario, ...columns } = getTableColumns(deployments);
  const latest = db.select({ sequence: max(deployments.sequence) }).from(deployments).where(eq(deployments.scenarioName, scenarioName));
  const rows = await db
    .select(columns)
    .from(deployments)
    .where(and(eq(deployments.scenarioName, scenarioName), or(inArray(deployments.state, notEnded), eq(deployments.sequence, latest))))
    .orderBy(asc(deployments.sequence));
  return reportedDeployments(rows.map(toStatusRow));
}

/**
 * `findStatusDeployments` of every scenario that has deployments, in one statement (sequences are unique across
 * scenarios, so each scenario's greatest is its latest deployment).
 */
export async function findAllStatusDeployments(db: Queryable): Promise<Map<string, DeploymentStatusRow[]>> {
  const { scenario: _scenario, ...columns } = getTableColumns(deployments);
  const latest = db.select({ sequence: max(deployments.sequence) }).from(deployments).groupBy(deployments.scenarioName);
  const rows = await db
    .select(columns)
    .from(deployments)
    .where(or(inArray(deployments.state, notEnded), inArray(deployments.sequence, latest)))
    .orderBy(asc(deployments.sequence));
  const byScenario = new Map<string, DeploymentStatusRow[]>();
  for (const row of rows.map(toStatusRow)) byScenario.set(row.scenarioName, [...(byScenario.get(row.scenarioName) ?? []), row]);
  for (const [scenarioName, scenarioRows] of byScenario) byScenario.set(scenarioName, reportedDeployments(scenarioRows));
  return byScenario;
}

function toStatusRow(row: Omit<typeof deployments.$inferSelect, 'scenario'>): DeploymentStatusRow {
  return {
    externalId: row.externalId,
    scenarioName: row.scenarioName,
    deploymentId: row.deploymentId,
    processVersion: row.processVersion as ProcessVersion,
    state: row.state as DeploymentState,
    errors: row.errors,
    startedAt: Number(row.startedAt),
    endedAt: row.endedAt === null ? null : Number(row.endedAt),
  };
}

// A scenario's status reports its not-ended deployments when it has any, else its latest one (`rows` oldest first).
function reportedDeployments(rows: DeploymentStatusRow[]): DeploymentStatusRow[] {
  const open = rows.filter((row) => notEnded.includes(row.state));
  return open.length > 0 ? open : rows.slice(-1);
}

/** Stores a new ACTIVE deployment. */
export async function insertDeployment(db: Queryable, row: Omit<DeploymentRow, 'state' | 'errors' | 'endedAt'>): Promise<void> {
  await db.insert(deployments).values({ ...row, state: 'ACTIVE', errors: [], endedAt: null });
  await sendWakeup(db, 'deployments');
}

/** Ends deployments (canceled or failed with errors). */
export async function endDeployments(db: Queryable, externalIds: readonly string[], state: 'CANCELED' | 'FAILED', endedAt: number, errors: string[] = []): Promise<void> {
  if (externalIds.length === 0) return;
  await db.update(deployments).set({ state, endedAt, ...(state === 'FAILED' ? { errors } : {}) }).where(inArray(deployments.externalId, [...externalIds]));
  await sendWakeup(db, 'deployments');
}

/**
 * Takes (or renews) the runner lease of an ACTIVE deployment for `runner` until `now + leaseMs`; false when
 * another runner holds a lease that has not run out.
 */
export async function acquireRunnerLease(db: Queryable, externalId: string, runner: string, now: number, leaseMs: number): Promise<boolean> {
  const taken = await db
    .update(deployments)
    .set({ runner, runnerLeaseUntil: now + leaseMs })
    .where(
      and(
        eq(deployments.externalId, externalId),
        eq(deployments.state, 'ACTIVE'),
        or(isNull(deployments.runner), eq(deployments.runner, runner), lt(deployments.runnerLeaseUntil, now)),
      ),
    )
    .returning({ externalId: deployments.externalId });
  return taken.length > 0;
}

/** Gives the lease up (on stop or close) and tells the other managers, so one of them takes over at once. */
export async function releaseRunnerLease(db: Queryable, externalId: string, runner: string): Promise<void> {
  const released = await db
    .update(deployments)
    .set({ runner: null, runnerLeaseUntil: null })
    .where(and(eq(deployments.externalId, externalId), eq(deployments.runner, runner)))
    .returning({ externalId: deployments.externalId });
  if (released.length > 0) await sendWakeup(db, 'deployments');
}

/**
 * Inside a commit: locks the deployment row and tells whether `runner` still runs it (the deployment is
 * active and nobody took the lease over). A commit that fails this check is rolled back.
 */
export async function isStillRunner(tx: Queryable, externalId: string, runner: string): Promise<boolean> {
  const [row] = await tx
    .select({ state: deployments.state, runner: deployments.runner })
    .from(deployments)
    .where(eq(deployments.externalId, externalId))
    .for('update');
  return row?.state === 'ACTIVE' && row.runner === runner;
}

/** Locks a deployment row until the end of the transaction: its job cannot commit meanwhile. */
export async function lockDeployment(tx: Queryable, externalId: string): Promise<void> {
  await tx.select({ externalId: deployments.externalId }).from(deployments).where(eq(deployments.externalId, externalId)).for('update');
}
