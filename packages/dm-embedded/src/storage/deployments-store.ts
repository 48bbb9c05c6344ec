import type { ProcessVersion } from '@scenaria/deployment-sdk';
import type { CanonicalProcess } from '@scenaria/graph';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from './database';
import { deployments } from './schema';

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

/** The most recent deployment of a scenario, whatever its state. */
export async function findLatestDeployment(db: Queryable, scenarioName: string): Promise<DeploymentRow | undefined> {
  const [row] = await db.select().from(deployments).where(eq(deployments.scenarioName, scenarioName)).orderBy(desc(deployments.sequence)).limit(1);
  return row ? toRow(row) : undefined;
}

/** Stores a new ACTIVE deployment. */
export async function insertDeployment(db: Queryable, row: Omit<DeploymentRow, 'state' | 'errors' | 'endedAt'>): Promise<void> {
  await db.insert(deployments).values({ ...row, state: 'ACTIVE', errors: [], endedAt: null });
}

/** Ends deployments (canceled or failed with errors). */
export async function endDeployments(db: Queryable, externalIds: readonly string[], state: 'CANCELED' | 'FAILED', endedAt: number, errors: string[] = []): Promise<void> {
  if (externalIds.length === 0) return;
  await db.update(deployments).set({ state, endedAt, ...(state === 'FAILED' ? { errors } : {}) }).where(inArray(deployments.externalId, [...externalIds]));
}
