import { and, eq } from 'drizzle-orm';
import type { ProcessState } from '@scenaria/api-contract';
import { toProcessCounts, type CountsRange } from '@scenaria/dm-embedded';
import { validateCustomActionParams } from '@scenaria/deployment-sdk';
import type { CustomActionDefinition } from '@scenaria/deployment-sdk';
import type { NodeValidationError } from '@scenaria/api-contract';
import { fromCanonical } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { formatIssues } from '@scenaria/issues';
import { describeErrors, hasErrors } from '@scenaria/validation';
import type { Logger } from 'pino';
import { auditFields, impersonationColumns } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import { hasPermission } from '../auth/users';
import { scenarioActions, scenarioActivities, scenarios } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { ServiceContext } from './context';
import type { DeploymentManagers } from './deployment-managers';
import { loadRecordFacts, loadVersion } from './scenario-records';
import type { ScenarioRow } from './scenario-records';
import type { ScenarioService } from './scenarios';

/** What listeners hear about a finished deploy, cancel or custom action. */
export interface ActionEvent {
  actionId: string;
  actionName: string;
  scenarioName: string;
  versionId: number;
  user: string;
  comment: string | undefined;
  /** Set for failures. */
  failureMessage?: string;
}

/** In-process listener of action outcomes (`OnActionSuccess` / `OnActionFailed` of the reference). */
export interface ActionListener {
  onActionSuccess?(event: ActionEvent): void | Promise<void>;
  onActionFailed?(event: ActionEvent): void | Promise<void>;
}

const ACTIVITY_OF: Record<string, string> = { DEPLOY: 'SCENARIO_DEPLOYED', CANCEL: 'SCENARIO_CANCELED' };

/** Deploy and cancel through the processing type's manager, deployment statuses, counts and the health check. */
export class DeploymentService {
  // Per-scenario critical section: the allowed-action check and the IN_PROGRESS insert happen together.
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
    private readonly managers: DeploymentManagers,
    private readonly audit: Logger,
    private readonly listeners: readonly ActionListener[],
  ) {}

  private get db() {
    return this.context.db;
  }

  async #exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.#locks.set(key, next);
    try {
      return await next;
    } finally {
      if (this.#locks.get(key) === next) this.#locks.delete(key);
    }
  }

  /** Checks the comment against `deploymentCommentSettings`; an empty comment is dropped. */
  validateComment(comment: string | undefined): string | undefined {
    const trimmed = comment?.trim() ? comment : undefined;
    const settings = this.context.config.current.deploymentCommentSettings;
    if (!settings) return trimmed;
    const example = settings.exampleComment ? ` Example comment: ${settings.exampleComment}` : '';
    if (trimmed === undefined) throw badRequest(`Comment is required.${example}`);
    if (!new RegExp(settings.validationPattern).test(trimmed)) throw badRequest(`Bad comment format '${trimmed}'.${example}`);
    return trimmed;
  }

  async #actionable(user: AuthenticatedUser, name: string): Promise<ScenarioRow> {
    const row = await this.scenarios.requireScenario(user, name, 'Deploy');
    if (row.isFragment) throw conflict(`Scenario ${name} is a fragment: fragments cannot be deployed or canceled`);
    if (row.isArchived) throw conflict(`Scenario ${name} is archived`);
    return row;
  }

  async #state(row: ScenarioRow): Promise<ProcessState> {
    const facts = await loadRecordFacts(this.db, [row.id]);
    return this.context.stateOf(row, facts.actions.get(row.id) ?? []);
  }

  async #begin(row: ScenarioRow, actionName: string, user: AuthenticatedUser, comment: string | undefined, actionId?: string): Promise<{ id: string; versionId: number }> {
    return this.#exclusive(row.name, async () => {
      if (actionId !== undefined) {
        const [existing] = await this.db.select({ id: scenarioActions.id }).from(scenarioActions).where(eq(scenarioActions.id, actionId));
        if (existing) throw conflict(`Deployment with id ${actionId} already exists`);
      }
      const state = await this.#state(row);
      if (!state.allowedActions.includes(actionName)) {
        throw conflict(
          `Action ${actionName} cannot be performed on scenario ${row.name} in state ${state.status.name}. Allowed actions: ${state.allowedActions.join(', ')}`,
        );
      }
      const [current] = await this.db.select({ latest: scenarios.latestVersionId }).from(scenarios).where(eq(scenarios.id, row.id));
      const versionId = current?.latest ?? row.latestVersionId;
      const [action] = await this.db
        .insert(scenarioActions)
        .values({
          ...(actionId !== undefined ? { id: actionId } : {}),
          scenarioId: row.id,
          versionId,
          actionName,
          state: 'IN_PROGRESS',
          user: user.username,
          createdAt: this.context.now(),
          comment: comment ?? null,
        })
        .returning({ id: scenarioActions.id });
      if (!action) throw new Error('Inserting an action returned no row');
      this.managers.invalidate(row.name);
      return { id: action.id, versionId };
    });
  }

  async #finish(row: ScenarioRow, action: { id: string; versionId: number }, actionName: string, user: AuthenticatedUser, comment: string | undefined, failure?: string) {
    const now = this.context.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(scenarioActions)
        .set({ state: failure === undefined ? 'FINISHED' : 'FAILED', performedAt: now, failureMessage: failure ?? null })
        .where(eq(scenarioActions.id, action.id));
      if (failure === undefined) {
        await tx.insert(scenarioActivities).values({
          scenarioId: row.id,
          type: ACTIVITY_OF[actionName] ?? 'CUSTOM_ACTION',
          user: user.username,
          ...impersonationColumns(user),
          date: now,
          scenarioVersionId: action.versionId,
          comment: comment ?? null,
          actionId: action.id,
        });
      }
    });
    this.managers.invalidate(row.name);
    const event: ActionEvent = { actionId: action.id, actionName, scenarioName: row.name, versionId: action.versionId, user: user.username, comment };
    const audit = this.audit.child({ scenarioId: row.id, scenarioVersionId: action.versionId, ...auditFields(user) });
    if (failure === undefined) {
      audit.info({ actionName, actionId: action.id, comment }, `${actionName} of ${row.name} finished`);
      for (const listener of this.listeners) await listener.onActionSuccess?.(event);
    } else {
      audit.warn({ actionName, actionId: action.id, failureMessage: failure }, `${actionName} of ${row.name} failed`);
      for (const listener of this.listeners) await listener.onActionFailed?.({ ...event, failureMessage: failure });
    }
  }

  async #manager(row: ScenarioRow) {
    const manager = await this.managers.managerFor(row.processingType);
    if (!manager) throw conflict(`No deployment manager for processing type ${row.processingType}`);
    return manager;
  }

  /**
   * Deploys the latest version after validating it; answers once the manager took the deployment. The 1.18
   * deployments API names the deployment (`deploymentId`, the action's id); an admin deploy restores a savepoint.
   */
  async deploy(
    user: AuthenticatedUser,
    name: string,
    rawComment: string | undefined,
    options: { deploymentId?: string; savepointPath?: string; nodesData?: Record<string, unknown> } = {},
  ): Promise<void> {
    const row = await this.#actionable(user, name);
    const comment = this.validateComment(rawComment);
    const manager = await this.#manager(row);
    const action = await this.#begin(row, 'DEPLOY', user, comment, options.deploymentId);
    let canonical: CanonicalProcess;
    try {
      const version = await loadVersion(this.db, row.id, action.versionId);
      if (!version) throw new Error(`Version ${action.versionId} of ${name} is missing`);
      const parsed = JSON.parse(version.canonicalJson) as CanonicalProcess;
      canonical = { ...parsed, metaData: { ...parsed.metaData, id: name } };
      const graph = fromCanonical(canonical).graph;
      const labels = (await loadRecordFacts(this.db, [row.id])).labels.get(row.id) ?? [];
      const fragments = await this.scenarios.fragmentGraphs(row.processingType);
      // The manager looks the scenario's fragments up when it compiles the deployment (and its worker gets
      // them as data), as for a test run: without them a scenario using a fragment fails with "Unknown fragment".
      this.managers.useFragmentGraphs(fragments);
      const validation = this.context.validateScenario
        ? await this.context.validateScenario({
            name,
            graph,
            isFragment: false,
            processingType: row.processingType,
            category: row.category,
            labels,
            fragments,
            skipNodeResults: true,
          })
        : undefined;
      if (validation && hasErrors(validation)) throw conflict(`Cannot deploy invalid scenario: ${describeErrors(validation).join('; ')}`);
    } catch (error) {
      await this.db.delete(scenarioActions).where(eq(scenarioActions.id, action.id));
      this.managers.invalidate(name);
      throw error;
    }
    let result;
    try {
      result = await manager.processCommand({
        type: 'runDeployment',
        processVersion: { versionId: action.versionId, processName: name, labels: [], user: user.username },
        deploymentData: { deploymentId: action.id, user: { id: user.username, username: user.username }, additionalDeploymentData: {}, nodesData: options.nodesData ?? {} },
        scenario: canonical,
        updateStrategy: {
          type: 'replaceDeploymentWithSameScenarioName',
          stateRestoringStrategy:
            options.savepointPath !== undefined
              ? { type: 'restoreStateFromCustomSavepoint', savepointPath: options.savepointPath }
              : { type: 'restoreStateFromReplacedJobSavepoint' },
        },
      });
    } catch (error) {
      await this.#finish(row, action, 'DEPLOY', user, comment, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (!result.ok) {
      const message = formatIssues(result.errors);
      await this.#finish(row, action, 'DEPLOY', user, comment, message);
      throw conflict(`Deployment of ${name} failed: ${message}`);
    }
    await this.#finish(row, action, 'DEPLOY', user, comment);
  }

  /**
   * Stops the scenario taking a savepoint, or takes one while it runs, through its manager directly (the
   * reference records no action for these admin calls); answers the savepoint's path.
   */
  async savepoint(user: AuthenticatedUser, name: string, kind: 'stop' | 'snapshot', savepointDir: string | undefined): Promise<string> {
    const row = await this.#actionable(user, name);
    const manager = await this.#manager(row);
    const result =
      kind === 'stop'
        ? await manager.processCommand({ type: 'stopScenario', scenarioName: name, savepointDir: savepointDir ?? null, user: { id: user.username, username: user.username } })
        : await manager.processCommand({ type: 'makeScenarioSavepoint', scenarioName: name, savepointDir: savepointDir ?? null });
    this.managers.invalidate(name);
    if (!result.ok) throw conflict(`${kind === 'stop' ? 'Stop' : 'Savepoint'} of ${name} failed: ${formatIssues(result.errors)}`);
    return result.value.savepointPath;
  }

  /** Cancels the scenario's deployment. */
  async cancel(user: AuthenticatedUser, name: string, rawComment: string | undefined): Promise<void> {
    const row = await this.#actionable(user, name);
    const comment = this.validateComment(rawComment);
    const manager = await this.#manager(row);
    const action = await this.#begin(row, 'CANCEL', user, comment);
    let result;
    try {
      result = await manager.processCommand({ type: 'cancelScenario', scenarioName: name, user: { id: user.username, username: user.username } });
    } catch (error) {
      await this.#finish(row, action, 'CANCEL', user, comment, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (!result.ok) {
      const message = formatIssues(result.errors);
      await this.#finish(row, action, 'CANCEL', user, comment, message);
      throw conflict(`Cancel of ${name} failed: ${message}`);
    }
    await this.#finish(row, action, 'CANCEL', user, comment);
  }

  async #customAction(row: ScenarioRow, actionName: string): Promise<CustomActionDefinition> {
    const manager = await this.#manager(row);
    const definition = manager.customActions.find((action) => action.name === actionName);
    if (!definition) throw notFound(`${actionName} is not a custom action of scenario ${row.name}`);
    return definition;
  }

  /** Parameter problems of a custom action, as validation errors. */
  async validateCustomAction(user: AuthenticatedUser, name: string, request: { actionName: string; params: Record<string, string> }): Promise<NodeValidationError[]> {
    const row = await this.scenarios.requireScenario(user, name, 'Deploy');
    const definition = await this.#customAction(row, request.actionName);
    return validateCustomActionParams(definition, request.params).map((issue) => ({
      typ: issue.code,
      message: issue.message,
      description: issue.message,
      fieldName: issue.paramName,
      errorType: 'SaveAllowed',
    }));
  }

  /** Runs a custom action of the scenario's manager, recorded like deploy and cancel. */
  async customAction(user: AuthenticatedUser, name: string, request: { actionName: string; comment?: string | undefined; params: Record<string, string> }): Promise<{ isSuccess: boolean; msg: string }> {
    const row = await this.#actionable(user, name);
    const definition = await this.#customAction(row, request.actionName);
    const issues = validateCustomActionParams(definition, request.params);
    if (issues.length > 0) throw badRequest(issues.map((issue) => issue.message).join('; '), ['json', 'params']);
    const comment = this.validateComment(request.comment);
    const manager = await this.#manager(row);
    const action = await this.#begin(row, definition.name, user, comment);
    let result;
    try {
      result = await manager.processCommand({
        type: 'customAction',
        actionName: definition.name,
        processVersion: { versionId: action.versionId, processName: name, labels: [], user: user.username },
        user: { id: user.username, username: user.username },
        params: request.params,
        comment: comment ?? null,
      });
    } catch (error) {
      await this.#finish(row, action, definition.name, user, comment, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (!result.ok) {
      const message = formatIssues(result.errors);
      await this.#finish(row, action, definition.name, user, comment, message);
      throw conflict(`Action ${definition.name} of ${name} failed: ${message}`);
    }
    await this.#finish(row, action, definition.name, user, comment);
    return { isSuccess: true, msg: result.value.msg };
  }

  /** Status of one deployment by its designer-side id (the DEPLOY action's id). */
  async deploymentStatus(user: AuthenticatedUser, deploymentId: string): Promise<{ name: string; problemDescription?: string; modifiedAt: string }> {
    const [action] = await this.db.select().from(scenarioActions).where(and(eq(scenarioActions.id, deploymentId), eq(scenarioActions.actionName, 'DEPLOY')));
    if (!action) throw notFound(`Deployment ${deploymentId} not found`);
    const [row] = await this.db.select().from(scenarios).where(eq(scenarios.id, action.scenarioId));
    if (!row) throw notFound(`Deployment ${deploymentId} not found`);
    if (!hasPermission(user, row.category, 'Read')) throw forbidden();
    const modifiedAt = (action.performedAt ?? action.createdAt).toISOString();
    if (action.state === 'IN_PROGRESS') return { name: 'DURING_DEPLOY', modifiedAt };
    if (action.state === 'FAILED') return { name: 'PROBLEM', problemDescription: action.failureMessage ?? 'Deployment failed', modifiedAt };
    const statuses = (await this.managers.engineStatuses(row.processingType, row.name)) ?? [];
    const job = statuses.find((status) => status.deploymentId === deploymentId);
    if (job) return { name: job.status.name, ...(job.errors.length > 0 ? { problemDescription: job.errors.join('; ') } : {}), modifiedAt };
    // The engine no longer knows the job: it was replaced by a later deployment or canceled.
    return { name: action.state === 'EXECUTION_FINISHED' ? 'FINISHED' : 'CANCELED', modifiedAt };
  }

  /**
   * Per-node counts of the scenario's deployment (the embedded and JetStream managers count; others cannot); with a
   * range, summed over the deployments that ran within it (the embedded manager keeps those; JetStream only counts
   * its running deployment).
   */
  async counts(user: AuthenticatedUser, name: string, range?: CountsRange) {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const manager = await this.managers.managerFor(row.processingType);
    // The JetStream manager answers in the designer's shape already.
    if (manager?.processCounts) {
      if (range) throw badRequest(`Counts of ${name} over a time range are not kept by its deployment manager: only its running deployment's counts (leave out dateFrom and dateTo)`);
      return manager.processCounts(name);
    }
    if (!manager?.nodeCounts) throw badRequest(`Counts of ${name} cannot be fetched: its deployment manager does not count records`);
    return toProcessCounts(await manager.nodeCounts(name, range));
  }

  /** The URL a deployed request-response scenario answers at, or null when it is not served. */
  async endpoint(user: AuthenticatedUser, name: string): Promise<{ url: string | null }> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const manager = await this.managers.managerFor(row.processingType);
    return { url: manager?.scenarioUrl?.(name) ?? null };
  }

  /** Names of scenarios the designer deployed that are not running. */
  async notRunning(user: AuthenticatedUser): Promise<string[]> {
    const all = await this.scenarios.list(user, { isArchived: false, isFragment: false, isDeployed: true }, { withGraph: false, withState: true });
    return all.filter((record) => record.state && record.state.status.name !== 'RUNNING').map((record) => record.name);
  }
}

