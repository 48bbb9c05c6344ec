import { ScenarioActionName, SimpleStateStatusName } from './status-types';
import type { StateStatus } from './status-types';

const problem = (description: string, allowedActions?: string[]): StateStatus =>
  allowedActions ? { name: SimpleStateStatusName.PROBLEM, description, allowedActions } : { name: SimpleStateStatusName.PROBLEM, description };

/** The PROBLEM statuses of Nussknacker with their exact messages (semantics.md §1). */
export const ProblemStatus = {
  failed: (): StateStatus => problem('There are some problems with scenario.'),
  failedToGet: (): StateStatus => problem('Failed to get a state of the scenario.'),
  archivedShouldBeCanceled: (): StateStatus =>
    problem('Archived scenario should be canceled.', [ScenarioActionName.CANCEL]),
  multipleJobsRunning: (): StateStatus =>
    problem('More than one deployment is running.', [ScenarioActionName.CANCEL]),
  shouldBeRunning: (deployedVersionId: number, user: string): StateStatus =>
    problem(`Scenario deployed in version ${deployedVersionId} by ${user} is not running.`),
  mismatchDeployedVersion: (deployedVersionId: number, expectedVersionId: number, user: string): StateStatus =>
    problem(`Scenario deployed in version ${deployedVersionId} by ${user}, expected version ${expectedVersionId}.`),
  missingDeployedVersion: (expectedVersionId: number, user: string): StateStatus =>
    problem(`Scenario deployed without version by ${user}, expected version ${expectedVersionId}.`),
  shouldNotBeRunning: (wasDeployed: boolean): StateStatus =>
    problem(
      wasDeployed
        ? 'Scenario has been canceled but still is running.'
        : 'Scenario has been never deployed but now is running.',
    ),
  processWithoutAction: (): StateStatus => problem('Scenario state error - no actions found.'),
} as const;

/** True for the parametrised PROBLEM status. */
export function isProblemStatus(status: StateStatus): boolean {
  return status.name === SimpleStateStatusName.PROBLEM;
}
