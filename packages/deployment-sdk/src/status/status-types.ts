import { z } from 'zod';

/** Names of the statuses every deployment manager understands (semantics.md §1). */
export const SimpleStateStatusName = {
  NOT_DEPLOYED: 'NOT_DEPLOYED',
  DURING_DEPLOY: 'DURING_DEPLOY',
  RUNNING: 'RUNNING',
  FINISHED: 'FINISHED',
  RESTARTING: 'RESTARTING',
  DURING_CANCEL: 'DURING_CANCEL',
  CANCELED: 'CANCELED',
  PROBLEM: 'PROBLEM',
} as const;
export type SimpleStateStatusName = (typeof SimpleStateStatusName)[keyof typeof SimpleStateStatusName];

/** Action names known to the designer; custom actions and `RUN_OFF_SCHEDULE` are further free strings. */
export const ScenarioActionName = {
  DEPLOY: 'DEPLOY',
  CANCEL: 'CANCEL',
  ARCHIVE: 'ARCHIVE',
  UNARCHIVE: 'UNARCHIVE',
  PAUSE: 'PAUSE',
  RENAME: 'RENAME',
  RUN_OFF_SCHEDULE: 'RUN_OFF_SCHEDULE',
} as const;

/**
 * A status as a manager reports it. Most statuses are just a name; the single parametrised one, PROBLEM, also
 * carries its message and, when they differ from the default, the actions it allows.
 */
export const StateStatusSchema = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  allowedActions: z.array(z.string()).optional(),
});
/** A status as a manager reports it. */
export type StateStatus = z.infer<typeof StateStatusSchema>;

/** The scenario version a deployment runs (`version` of ProcessState). */
export const ProcessVersionSchema = z.object({
  versionId: z.number().int(),
  processName: z.string(),
  labels: z.array(z.string()).default([]),
  user: z.string(),
  modelVersion: z.number().int().nullable().optional(),
  /** The designer's numeric id of the scenario (the reference's `processId`). */
  processId: z.number().int().optional(),
});
/** The scenario version a deployment runs. */
export type ProcessVersion = z.infer<typeof ProcessVersionSchema>;

/** What a manager knows about one deployment (job) of a scenario on its engine. */
export const StatusDetailsSchema = z.object({
  status: StateStatusSchema,
  /** The designer-side id of the deployment (the DEPLOY action's uuid), when the engine keeps it. */
  deploymentId: z.string().nullable().optional(),
  /** The engine-side id of the job. */
  externalDeploymentId: z.string().nullable().optional(),
  version: ProcessVersionSchema.nullable().optional(),
  /** Epoch milliseconds. */
  startTime: z.number().nullable().optional(),
  attributes: z.unknown().optional(),
  errors: z.array(z.string()).default([]),
});
/** What a manager knows about one deployment (job) of a scenario on its engine. */
export type StatusDetails = z.infer<typeof StatusDetailsSchema>;

/** Lifecycle of an action row (`ProcessAction.state`). */
export const ProcessActionStateSchema = z.enum(['IN_PROGRESS', 'FINISHED', 'FAILED', 'EXECUTION_FINISHED']);
/** Lifecycle of an action row. */
export type ProcessActionState = z.infer<typeof ProcessActionStateSchema>;

/** A designer action on a scenario (`ProcessAction` of rest-api.md §1). */
export const ProcessActionSchema = z.object({
  id: z.uuid(),
  /** The designer's numeric id of the scenario (the reference's `processId`). */
  processId: z.number().int().optional(),
  processVersionId: z.number().int(),
  user: z.string(),
  createdAt: z.string(),
  performedAt: z.string(),
  actionName: z.string(),
  state: ProcessActionStateSchema,
  failureMessage: z.string().nullable().optional(),
  commentId: z.number().int().nullable().optional(),
  comment: z.string().nullable().optional(),
  buildInfo: z.record(z.string(), z.string()),
});
/** A designer action on a scenario. */
export type ProcessAction = z.infer<typeof ProcessActionSchema>;

/** The part of an action that the state computation reads. */
export type StateActionSummary = Pick<ProcessAction, 'actionName' | 'state' | 'processVersionId' | 'user'>;

/**
 * The full state the designer serves (`GET /api/processes/{name}/status`). The reference shows unknown fields
 * as null; the API drops null fields as it does in scenario records, so they may also be absent.
 */
export const ProcessStateSchema = z.object({
  externalDeploymentId: z.string().nullish(),
  status: z.object({ name: z.string() }),
  version: ProcessVersionSchema.nullish(),
  allowedActions: z.array(z.string()),
  icon: z.string(),
  tooltip: z.string(),
  description: z.string(),
  startTime: z.number().nullish(),
  attributes: z.unknown().nullish(),
  errors: z.array(z.string()),
});
/** The full state the designer serves. */
export type ProcessState = z.infer<typeof ProcessStateSchema>;

/** How a status looks in the designer and what it allows (`GET /api/statusDefinitions` plus actions). */
export const StatusDefinitionSchema = z.object({
  name: z.string().min(1),
  displayableName: z.string(),
  icon: z.string(),
  tooltip: z.string(),
  description: z.string(),
  allowedActions: z.array(z.string()),
  /** Categories where the status applies; absent = everywhere the manager is used. */
  categories: z.array(z.string()).nullable().optional(),
  /**
   * A manager's own status that is a proper state after DEPLOY (as SCHEDULED is for a periodic manager):
   * reconciliation accepts it like RUNNING instead of answering "should be running". Ignored on simple statuses.
   */
  followsDeploy: z.boolean().optional(),
});
/** How a status looks in the designer and what it allows. */
export type StatusDefinition = z.infer<typeof StatusDefinitionSchema>;

/**
 * A status as `GET /api/statusDefinitions` serves it (UIStateDefinition of Nussknacker): what the designer's
 * filters and icons need, with the categories where the status applies filled in.
 */
export const UIStatusDefinitionSchema = StatusDefinitionSchema.pick({ name: true, displayableName: true, icon: true, tooltip: true }).extend({
  categories: z.array(z.string()),
});
/** A status as the designer's status list serves it. */
export type UIStatusDefinition = z.infer<typeof UIStatusDefinitionSchema>;
