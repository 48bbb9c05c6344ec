import type { CanonicalProcess } from '@scenaria/graph';
import type { Issue } from '@scenaria/issues';
import { z } from 'zod';
import type { ProcessVersion } from './status/status-types';
import type { ResultsWithCounts } from './test-results';

/** Who deploys and what the designer attaches to a deployment. */
export interface DeploymentData {
  /** The designer-side id: the DEPLOY action's uuid. */
  deploymentId: string;
  user: { id: string; username: string };
  /** Extra key-values, e.g. `deployedBy` or a comment. */
  additionalDeploymentData: Readonly<Record<string, string>>;
  /** Per-node deployment data (`nodesDeploymentData` of the deploy request), e.g. SQL of a table source. */
  nodesData: Readonly<Record<string, unknown>>;
}

/** How a state is restored when a deployment replaces one of the same scenario. */
export type StateRestoringStrategy =
  | { type: 'restoreStateFromReplacedJobSavepoint' }
  | { type: 'restoreStateFromCustomSavepoint'; savepointPath: string };

/** Whether a new deployment replaces the running one of the same scenario. */
export type DeploymentUpdateStrategy =
  | { type: 'replaceDeploymentWithSameScenarioName'; stateRestoringStrategy: StateRestoringStrategy }
  | { type: 'dontReplaceDeployment' };

/** One record of test data: the source it feeds and the raw record (a line of the test file). */
export const ScenarioTestRecordSchema = z.object({
  sourceId: z.string(),
  /** The record as parsed JSON, or the raw line when it is not JSON. */
  record: z.unknown(),
  /** Event time of the record in epoch milliseconds, when the test data gives one. */
  timestamp: z.number().optional(),
});
/** One record of test data. */
export type ScenarioTestRecord = z.infer<typeof ScenarioTestRecordSchema>;

/** Test data for a test run: records in the order they are fed. */
export interface ScenarioTestData {
  records: readonly ScenarioTestRecord[];
}

/** Checks a scenario can be deployed on this engine (before any action row is written). */
export interface ValidateScenarioCommand {
  type: 'validate';
  processVersion: ProcessVersion;
  deploymentData: DeploymentData;
  scenario: CanonicalProcess;
}

/** Starts a deployment of a scenario version. */
export interface RunDeploymentCommand {
  type: 'runDeployment';
  processVersion: ProcessVersion;
  deploymentData: DeploymentData;
  scenario: CanonicalProcess;
  updateStrategy: DeploymentUpdateStrategy;
}

/** Cancels every deployment of a scenario. */
export interface CancelScenarioCommand {
  type: 'cancelScenario';
  scenarioName: string;
  user: { id: string; username: string };
}

/** Cancels one deployment (by the designer-side id). */
export interface CancelDeploymentCommand {
  type: 'cancelDeployment';
  scenarioName: string;
  deploymentId: string;
  user: { id: string; username: string };
}

/** Stops a scenario taking a savepoint; answers the savepoint path. */
export interface StopScenarioCommand {
  type: 'stopScenario';
  scenarioName: string;
  savepointDir: string | null;
  user: { id: string; username: string };
}

/** Takes a savepoint of a running scenario; answers the savepoint path. */
export interface MakeScenarioSavepointCommand {
  type: 'makeScenarioSavepoint';
  scenarioName: string;
  savepointDir: string | null;
}

/** Runs a scenario over test data and answers per-node results. */
export interface TestScenarioCommand {
  type: 'testScenario';
  scenarioName: string;
  scenario: CanonicalProcess;
  testData: ScenarioTestData;
}

/** Performs one of the manager's custom actions. */
export interface CustomActionCommand {
  type: 'customAction';
  actionName: string;
  processVersion: ProcessVersion;
  user: { id: string; username: string };
  params: Readonly<Record<string, string>>;
  comment: string | null;
}

/** Everything a deployment manager is asked to do: a closed union, one `processCommand` for all. */
export type DeploymentManagerCommand =
  | ValidateScenarioCommand
  | RunDeploymentCommand
  | CancelScenarioCommand
  | CancelDeploymentCommand
  | StopScenarioCommand
  | MakeScenarioSavepointCommand
  | TestScenarioCommand
  | CustomActionCommand;

/**
 * An expected refusal of a command (bad scenario, unknown action, nothing to cancel...). Codes are the
 * manager's own, so the type leaves them open.
 */
export type DeploymentIssue = Issue;

/** Success with a value, or the reasons a command was refused. Infrastructure failures throw instead. */
export type CommandOutcome<T> = { ok: true; value: T } | { ok: false; errors: DeploymentIssue[] };

/** What each command answers. */
export interface CommandResults {
  validate: CommandOutcome<null>;
  runDeployment: CommandOutcome<{ externalDeploymentId: string | null }>;
  cancelScenario: CommandOutcome<null>;
  cancelDeployment: CommandOutcome<null>;
  stopScenario: CommandOutcome<{ savepointPath: string }>;
  makeScenarioSavepoint: CommandOutcome<{ savepointPath: string }>;
  testScenario: CommandOutcome<ResultsWithCounts>;
  customAction: CommandOutcome<{ msg: string }>;
}

/** The result type of a given command. */
export type CommandResult<C extends DeploymentManagerCommand> = CommandResults[C['type']];

/** One handler per command type; a missing handler is a compile error, because the union is closed. */
export type CommandHandlers = {
  [K in DeploymentManagerCommand['type']]: (command: Extract<DeploymentManagerCommand, { type: K }>) => Promise<CommandResults[K]>;
};

/**
 * Builds a manager's `processCommand` from one handler per command type, with each result typed.
 * @example
 * const manager: DeploymentManager = { processCommand: commandProcessor({ validate: async (c) => ..., runDeployment: ..., ... }), ... };
 */
export function commandProcessor(handlers: CommandHandlers): <C extends DeploymentManagerCommand>(command: C) => Promise<CommandResult<C>> {
  return <C extends DeploymentManagerCommand>(command: C) => {
    const handler = handlers[command.type] as (command: C) => Promise<CommandResult<C>>;
    return handler(command);
  };
}
