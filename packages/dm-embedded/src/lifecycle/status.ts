import { ProblemStatus, SimpleStateStatusName } from '@scenaria/deployment-sdk';
import type { StatusDetails } from '@scenaria/deployment-sdk';
import type { DeploymentStatusRow } from '../storage/deployments-store';

/** Where a deployment started by this manager stands. */
export type LocalDeploymentStatus = 'DURING_DEPLOY' | 'RUNNING' | 'RESTARTING' | 'FAILED';

/** What this manager knows of a deployment it runs, beyond the stored row. */
export interface LocalDeploymentState {
  status: LocalDeploymentStatus;
  errors: readonly string[];
}

/**
 * The engine-side status of a stored deployment, as `getScenarioStatuses` reports it; `local` is this
 * manager's own view when it runs the deployment. The designer reconciles it with its last action.
 */
export function deploymentStatus(row: DeploymentStatusRow, local: LocalDeploymentState | undefined): StatusDetails {
  const base = { deploymentId: row.deploymentId, externalDeploymentId: row.externalId, version: row.processVersion, startTime: row.startedAt };
  if (row.state === 'CANCELED') return { ...base, status: { name: SimpleStateStatusName.CANCELED }, errors: [] };
  if (row.state === 'FAILED' || local?.status === 'FAILED') {
    return { ...base, status: ProblemStatus.failed(), errors: local?.status === 'FAILED' ? [...local.errors] : row.errors };
  }
  if (local?.status === 'RESTARTING') return { ...base, status: { name: SimpleStateStatusName.RESTARTING }, errors: [...local.errors] };
  // Stored as active but not started by this manager (another designer instance started it): the shared
  // database is the record of what runs.
  return { ...base, status: { name: local?.status ?? SimpleStateStatusName.RUNNING }, errors: [] };
}
