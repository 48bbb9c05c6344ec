import type { CanonicalProcess } from '@scenaria/graph';
import { z } from 'zod';
import type { CommandResult, DeploymentManagerCommand } from './commands';
import type { CustomActionDefinition } from './custom-actions';
import type { ProcessVersion, StatusDefinition, StatusDetails } from './status/status-types';

/** Activity types a manager may record (rest-api.md §6). */
export const ScenarioActivityTypeSchema = z.enum([
  'SCENARIO_DEPLOYED',
  'SCENARIO_CANCELED',
  'SCENARIO_PAUSED',
  'PERFORMED_SINGLE_EXECUTION',
  'PERFORMED_SCHEDULED_EXECUTION',
  'CUSTOM_ACTION',
  'COMMENT_ADDED',
]);
/** Activity types a manager may record. */
export type ScenarioActivityType = z.infer<typeof ScenarioActivityTypeSchema>;

/** An activity a manager asks the designer to store, e.g. a scheduled run that it performed. */
export const ScenarioActivityToSaveSchema = z.object({
  scenarioName: z.string(),
  type: ScenarioActivityTypeSchema,
  user: z.string(),
  /** Epoch milliseconds. */
  date: z.number(),
  scenarioVersionId: z.number().int().nullable().default(null),
  comment: z.string().nullable().default(null),
  additionalFields: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
});
/** An activity a manager asks the designer to store. */
export type ScenarioActivityToSave = z.infer<typeof ScenarioActivityToSaveSchema>;

/** Stores activities in the designer's audit log on behalf of a manager. */
export interface ScenarioActivityManager {
  saveActivity(activity: ScenarioActivityToSave): Promise<void>;
}

/** Current time in epoch milliseconds; injected so tests control time. */
export interface Clock {
  now(): number;
}

/** The logging a manager may do; the designer decides where it goes. */
export interface DeploymentLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A scenario the designer considers deployed (last action DEPLOY, finished), for managers that restore them on start. */
export interface DeployedScenarioData {
  processVersion: ProcessVersion;
  deploymentId: string;
  scenario: CanonicalProcess;
}

/** What the designer hands to a manager when it creates one. */
export interface DeploymentManagerDependencies {
  scenarioActivityManager: ScenarioActivityManager;
  clock: Clock;
  logger: DeploymentLogger;
  /** The scenarios the designer believes are deployed on this manager, read lazily. */
  deployedScenarios(): Promise<readonly DeployedScenarioData[]>;
}

/** A deployment's final outcome reported for synchronisation (the designer marks the DEPLOY action accordingly). */
export interface DeploymentStatusUpdate {
  deploymentId: string;
  status: 'FINISHED' | 'FAILED' | 'CANCELED';
  /** Epoch milliseconds of the change. */
  changedAt: number;
  problemDescription?: string;
}

/** Managers of bounded jobs tell the designer which deployments finished, so DEPLOY becomes EXECUTION_FINISHED. */
export interface DeploymentSynchronisationSupport {
  getDeploymentStatusesToUpdate(scenarioName: string): Promise<readonly DeploymentStatusUpdate[]>;
}

/** The designer may cache a manager's answers for this long (`scenarioStateCacheTTL`). */
export interface StateCachingSupport {
  ttlMs: number;
}

/** A manager that can answer for all scenarios in one call (used for scenario lists). */
export interface StateQueryForAllScenariosSupport {
  getAllScenariosStatuses(): Promise<ReadonlyMap<string, readonly StatusDetails[]>>;
}

/** One planned or performed run of a periodic scenario. */
export interface ScheduledRun {
  scenarioName: string;
  scheduleName: string | null;
  /** Epoch milliseconds. */
  runAt: number;
  status: 'SCHEDULED' | 'DEPLOYED' | 'FINISHED' | 'FAILED';
}

/** Periodic execution: runs on a schedule, and once on demand (`RUN_OFF_SCHEDULE`). */
export interface SchedulingSupport {
  listScheduledRuns(scenarioName: string): Promise<readonly ScheduledRun[]>;
  runOffSchedule(input: { processVersion: ProcessVersion; user: { id: string; username: string } }): Promise<
    { ok: true; msg: string } | { ok: false; errors: { code: string; message: string }[] }
  >;
}

/**
 * What a deployment manager implements. Everything it is asked to do goes through `processCommand`; optional
 * abilities are fields that are present only when supported, so there is never a method that merely refuses.
 */
export interface DeploymentManager {
  /** Runs a command; after `close()` it throws `DeploymentManagerClosed` (the command did nothing). */
  processCommand<C extends DeploymentManagerCommand>(command: C): Promise<CommandResult<C>>;
  /** The engine's jobs for a scenario (empty when it has none). Throws when the engine cannot be asked. */
  getScenarioStatuses(scenarioName: string): Promise<readonly StatusDetails[]>;
  /** Statuses beyond the simple ones (or replacing their wording). */
  statusDefinitions: readonly StatusDefinition[];
  customActions: readonly CustomActionDefinition[];
  deploymentSynchronisation?: DeploymentSynchronisationSupport;
  stateCaching?: StateCachingSupport;
  stateQueryForAllScenarios?: StateQueryForAllScenariosSupport;
  scheduling?: SchedulingSupport;
  /** Releases what the manager holds (jobs keep running where the engine outlives the manager). */
  close(): Promise<void>;
}

/** Registers a kind of manager (a processing type's engine) and creates instances from configuration. */
export interface DeploymentManagerProvider<Config = unknown> {
  /** The `deploymentConfig.type` this provider answers to, e.g. `embedded`. */
  name: string;
  configSchema: z.ZodType<Config>;
  createDeploymentManager(config: Config, dependencies: DeploymentManagerDependencies): Promise<DeploymentManager>;
}
