import { ProblemStatus, isProblemStatus } from './problems';
import type { CustomActionDefinition } from '../custom-actions';
import type { StatusDefinitions } from './status-definitions';
import { ScenarioActionName, SimpleStateStatusName } from './status-types';
import type { ProcessState, StateActionSummary, StatusDetails } from './status-types';

const S = SimpleStateStatusName;

/** What the engine answered about a scenario's jobs, or that it could not answer. */
export type EngineStateSnapshot =
  | { ok: true; statuses: readonly StatusDetails[] }
  | { ok: false; error: string };

/** Everything the state of one (non-fragment) scenario is computed from. */
export interface ScenarioStateInput {
  isArchived: boolean;
  /** The last DEPLOY, CANCEL or state-changing custom action that is not in progress, if any. */
  lastStateAction: StateActionSummary | null;
  /** Names of actions currently IN_PROGRESS. */
  inProgressActionNames: readonly string[];
  /** The engine's answer; not read (and need not be fetched) when `isEngineStateNeeded` says so. */
  engineState?: EngineStateSnapshot;
}

const followingDeploy = new Set<string>([S.DURING_DEPLOY, S.RUNNING]);
// DURING_CANCEL counts as final: a job on its way out must not make a second deployment look like "several running".
const finalOrTransitioningToFinal = new Set<string>([S.FINISHED, S.CANCELED, S.DURING_CANCEL]);

const details = (status: StatusDetails['status']): StatusDetails => ({ status, errors: [] });

/** False when the state follows from the designer's own records (archived, deploy or cancel in progress). */
export function isEngineStateNeeded(input: Pick<ScenarioStateInput, 'isArchived' | 'inProgressActionNames'>): boolean {
  return !input.isArchived && !isDuringAction(input.inProgressActionNames);
}

function isDuringAction(names: readonly string[]): boolean {
  return names.includes(ScenarioActionName.DEPLOY) || names.includes(ScenarioActionName.CANCEL);
}

/** Whether an action counts as `lastStateAction` (DEPLOY, CANCEL and custom actions flagged state-changing). */
export function isStateChangingAction(actionName: string, customActions: readonly CustomActionDefinition[] = []): boolean {
  return (
    actionName === ScenarioActionName.DEPLOY ||
    actionName === ScenarioActionName.CANCEL ||
    customActions.some((action) => action.name === actionName && action.isStateChanging)
  );
}

/**
 * Picks the one job that describes the scenario: the only one not finished (or being cancelled), else the
 * first finished one. Several unfinished jobs are a PROBLEM. See status/README.md.
 */
export function extractAtMostOneStatus(statuses: readonly StatusDetails[]): StatusDetails | undefined {
  const notFinal = statuses.filter((s) => !finalOrTransitioningToFinal.has(s.status.name));
  const [firstNotFinal, secondNotFinal] = notFinal;
  if (firstNotFinal && secondNotFinal) {
    const jobs = notFinal.map((s) => `${s.externalDeploymentId ?? 'missing'} - ${s.status.name}`).join(', ');
    return { ...firstNotFinal, status: ProblemStatus.multipleJobsRunning(), errors: [`Expected one job, instead: ${jobs}`] };
  }
  return firstNotFinal ?? statuses[0];
}

/**
 * Reconciles the engine's jobs with the last state action (the designer's InconsistentStateDetector).
 * `managerFollowingDeploy` names the manager's own statuses that are proper after DEPLOY (definitions declared
 * `followsDeploy`, e.g. SCHEDULED of a periodic manager); any other status differing from what the last action
 * implies stays a PROBLEM.
 */
export function reconcileEngineState(
  statuses: readonly StatusDetails[],
  lastStateAction: StateActionSummary | null,
  managerFollowingDeploy: ReadonlySet<string> = new Set(),
): StatusDetails {
  const job = extractAtMostOneStatus(statuses);
  const action = lastStateAction;
  if (job && isProblemStatus(job.status)) return job;
  if (!job && !action) return details({ name: S.NOT_DEPLOYED });
  if (job && job.status.name === S.RESTARTING) {
    return action?.actionName === ScenarioActionName.DEPLOY ? job : withoutActionCheck(job, action);
  }
  if (action?.actionName === ScenarioActionName.DEPLOY) return afterDeploy(job, action, managerFollowingDeploy);
  if (job && followingDeploy.has(job.status.name)) {
    // Reaching here the last action is not DEPLOY: a running job nobody asked for.
    return { ...job, status: ProblemStatus.shouldNotBeRunning(action !== null) };
  }
  if (action?.actionName === ScenarioActionName.CANCEL) {
    return job ? { ...job, status: { name: S.CANCELED } } : details({ name: S.CANCELED });
  }
  if (job) return withoutActionCheck(job, action);
  return details({ name: S.NOT_DEPLOYED });
}

function withoutActionCheck(job: StatusDetails, action: StateActionSummary | null): StatusDetails {
  const needsAction = job.status.name === S.RESTARTING || job.status.name === S.DURING_CANCEL || job.status.name === S.FINISHED;
  return needsAction && !action ? { ...job, status: ProblemStatus.processWithoutAction() } : job;
}

function afterDeploy(job: StatusDetails | undefined, action: StateActionSummary, managerFollowingDeploy: ReadonlySet<string>): StatusDetails {
  if (!job) {
    // The engine forgot a bounded job that finished: the action row remembers it.
    if (action.state === 'EXECUTION_FINISHED') return details({ name: S.FINISHED });
    return details(ProblemStatus.shouldBeRunning(action.processVersionId, action.user));
  }
  const isFollowingDeploy = followingDeploy.has(job.status.name) || managerFollowingDeploy.has(job.status.name);
  if (!isFollowingDeploy && job.status.name !== S.FINISHED) {
    return { ...job, status: ProblemStatus.shouldBeRunning(action.processVersionId, action.user) };
  }
  if (job.version) {
    if (job.version.versionId !== action.processVersionId) {
      return {
        ...job,
        status: ProblemStatus.mismatchDeployedVersion(job.version.versionId, action.processVersionId, action.user),
      };
    }
    return job;
  }
  return isFollowingDeploy
    ? { ...job, status: ProblemStatus.missingDeployedVersion(action.processVersionId, action.user) }
    : job;
}

function archivedState(action: StateActionSummary | null): StatusDetails {
  if (!action) return details({ name: S.NOT_DEPLOYED });
  if (action.actionName === ScenarioActionName.CANCEL) return details({ name: S.CANCELED });
  if (action.actionName === ScenarioActionName.DEPLOY && action.state === 'EXECUTION_FINISHED') {
    return details({ name: S.FINISHED });
  }
  return details(ProblemStatus.archivedShouldBeCanceled());
}

/**
 * The one status of a scenario (semantics.md "State computation"): archived scenarios and in-progress
 * deploy/cancel are answered from the designer's records, everything else reconciles the engine's jobs with
 * the last state action. Throws when the engine state is needed but missing (a caller bug).
 */
export function computeStatusDetails(input: ScenarioStateInput, definitions?: StatusDefinitions): StatusDetails {
  if (input.isArchived) return archivedState(input.lastStateAction);
  if (input.inProgressActionNames.includes(ScenarioActionName.DEPLOY)) return details({ name: S.DURING_DEPLOY });
  if (input.inProgressActionNames.includes(ScenarioActionName.CANCEL)) return details({ name: S.DURING_CANCEL });
  const engine = input.engineState;
  if (!engine) throw new Error('computeStatusDetails: engineState is required for a scenario that is not archived and has no deploy or cancel in progress');
  if (!engine.ok) return { status: ProblemStatus.failedToGet(), errors: [engine.error] };
  return reconcileEngineState(engine.statuses, input.lastStateAction, definitions?.followingDeploy);
}

/** Dresses status details with the definition's icon, texts and allowed actions into the served ProcessState. */
export function toProcessState(
  statusDetails: StatusDetails,
  definitions: StatusDefinitions,
  customActions: readonly CustomActionDefinition[] = [],
): ProcessState {
  const { status } = statusDetails;
  const definition = definitions.get(status.name) ?? definitions.get(S.PROBLEM);
  if (!definition) throw new Error(`No status definition for ${status.name} and none for PROBLEM`);
  return {
    externalDeploymentId: statusDetails.externalDeploymentId ?? null,
    status: { name: status.name },
    version: statusDetails.version ?? null,
    allowedActions: definitions.allowedActions(status, customActions),
    icon: definition.icon,
    tooltip: status.description ?? definition.tooltip,
    description: status.description ?? definition.description,
    startTime: statusDetails.startTime ?? null,
    attributes: statusDetails.attributes ?? null,
    errors: statusDetails.errors,
  };
}

/** `computeStatusDetails` followed by `toProcessState`. */
export function computeScenarioState(
  input: ScenarioStateInput,
  definitions: StatusDefinitions,
  customActions: readonly CustomActionDefinition[] = [],
): ProcessState {
  return toProcessState(computeStatusDetails(input, definitions), definitions, customActions);
}
