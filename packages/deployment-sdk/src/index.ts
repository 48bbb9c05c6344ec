/** Commands a deployment manager processes, with their results. */
export type {
  CommandHandlers,
  CancelDeploymentCommand,
  CancelScenarioCommand,
  CommandOutcome,
  CommandResult,
  CommandResults,
  CustomActionCommand,
  DeploymentData,
  DeploymentIssue,
  DeploymentManagerCommand,
  DeploymentUpdateStrategy,
  MakeScenarioSavepointCommand,
  RunDeploymentCommand,
  ScenarioTestData,
  ScenarioTestRecord,
  StateRestoringStrategy,
  StopScenarioCommand,
  TestScenarioCommand,
  ValidateScenarioCommand,
} from './commands';
/** Schema of one test-data record (`{sourceId, record}`), and `processCommand` built from typed handlers. */
export { ScenarioTestRecordSchema, commandProcessor } from './commands';

/** The refusal of a command by a closed manager (one its host replaced). */
export { DeploymentManagerClosed, DeploymentManagerUnavailable, findCause, isDeploymentManagerClosed, isDeploymentManagerUnavailable } from './errors';

/** Custom action definitions and their parameter check. */
export { CustomActionDefinitionSchema, CustomActionParameterSchema, validateCustomActionParams } from './custom-actions';
export type { CustomActionDefinition, CustomActionParameter, CustomActionParamIssue, CustomActionParamIssueCode } from './custom-actions';

/** The manager interface, its capabilities and the dependencies it is given. */
export { ScenarioActivityToSaveSchema, ScenarioActivityTypeSchema } from './manager';
export type {
  Clock,
  DeployedScenarioData,
  DeploymentLogger,
  DeploymentManager,
  DeploymentManagerDependencies,
  DeploymentManagerProvider,
  DeploymentStatusUpdate,
  DeploymentSynchronisationSupport,
  ScenarioActivityManager,
  ScenarioActivityToSave,
  ScenarioActivityType,
  ScheduledRun,
  SchedulingSupport,
  StateCachingSupport,
  StateQueryForAllScenariosSupport,
} from './manager';

/** Status names, shapes and definitions. */
export {
  ProcessActionSchema,
  ProcessActionStateSchema,
  ProcessStateSchema,
  ProcessVersionSchema,
  ScenarioActionName,
  SimpleStateStatusName,
  StateStatusSchema,
  StatusDefinitionSchema,
  StatusDetailsSchema,
  UIStatusDefinitionSchema,
} from './status/status-types';
export type {
  ProcessAction,
  ProcessActionState,
  ProcessState,
  ProcessVersion,
  StateActionSummary,
  StateStatus,
  StatusDefinition,
  StatusDetails,
  UIStatusDefinition,
} from './status/status-types';
/** The simple statuses' definitions and a per-manager registry of definitions. */
export { createStatusDefinitions, simpleStatusDefinitions } from './status/status-definitions';
export type { StatusDefinitions } from './status/status-definitions';
/** PROBLEM statuses with Nussknacker's messages. */
export { ProblemStatus, isProblemStatus } from './status/problems';

/** The state computation: reconciliation of engine jobs with the last state action. */
export {
  computeScenarioState,
  computeStatusDetails,
  extractAtMostOneStatus,
  isEngineStateNeeded,
  isStateChangingAction,
  reconcileEngineState,
  toProcessState,
} from './status/reconcile';
export type { EngineStateSnapshot, ScenarioStateInput } from './status/reconcile';

/** Test results JSON (`ResultsWithCounts`). */
export {
  ExceptionResultSchema,
  ExpressionInvocationResultSchema,
  NodeCountSchema,
  ResultContextSchema,
  ResultValueSchema,
  ResultsWithCountsSchema,
  TestResultsSchema,
} from './test-results';
export type {
  ExceptionResult,
  ExpressionInvocationResult,
  NodeCount,
  ResultContext,
  ResultValue,
  ResultsWithCounts,
  TestResults,
} from './test-results';
