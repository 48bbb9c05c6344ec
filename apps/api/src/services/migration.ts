import { eq } from 'drizzle-orm';
import type { MigrateScenarioRequest, ValidationResult } from '@scenaria/api-contract';
import { blocksSave, isSaveBlocked } from '@scenaria/validation';
import { hasPermission } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import { scenarios as scenarioTable } from '../db/schema';
import { ApiError, badInput, badRequest } from '../errors';
import { labelsRefusal } from './save-body';
import type { ServiceContext } from './context';
import type { ScenarioService } from './scenarios';

// Nussknacker answers a migration by a user without Write with 401 and this text (InsufficientPermission).
const insufficientPermission = (user: AuthenticatedUser) =>
  new ApiError(401, `The supplied user [${user.username}] is not authorized to access this resource`);

/** Nussknacker's InvalidScenario text: global, properties, then per-node errors. */
function invalidScenarioMessage(result: Pick<ValidationResult, 'errors'>): string {
  const blocking = <T extends { errorType: string }>(errors: T[]) => errors.filter(blocksSave);
  const messages = [
    ...blocking(result.errors.globalErrors.map((entry) => entry.error)).map((error) => error.message),
    ...blocking(result.errors.processPropertiesErrors).map((error) => error.message),
    ...Object.entries(result.errors.invalidNodes).flatMap(([node, errors]) => {
      const shown = blocking(errors);
      return shown.length > 0 ? [`${node} - ${shown.map((error) => error.message).join(', ')}`] : [];
    }),
  ];
  return `Cannot migrate, following errors occurred: ${messages.join(', ')}`;
}

/**
 * The receiving side of a migration (`POST /api/migrate`): checks the user's Write right in the category, the
 * processing type, the labels and the graph before anything is written, then creates a missing scenario and saves
 * the graph as a new version with an INCOMING_MIGRATION activity in one transaction.
 */
export class MigrationService {
  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
  ) {}

  async migrate(user: AuthenticatedUser, request: MigrateScenarioRequest): Promise<void> {
    // Version 1 carries no labels: read as version 2 it saves with none, as Nussknacker's adapter does.
    const labels = request.version === 2 ? request.scenarioLabels : [];
    const sourceVersionId = request.version === 2 ? (request.sourceScenarioVersionId ?? undefined) : undefined;
    const name = request.processName;
    if (!hasPermission(user, request.processCategory, 'Write')) throw insufficientPermission(user);
    const { processingType, category } = this.scenarios.resolveProcessingType(user, {
      name,
      isFragment: request.isFragment,
      category: request.processCategory,
      processingMode: request.processingMode,
      engineSetupName: request.engineSetupName,
    });

    const labelProblem = labelsRefusal(labels, this.context.config.current.scenarioLabelSettings.validationRules);
    if (labelProblem) throw badInput(labelProblem);
    const validator = this.context.validateScenario;
    if (validator) {
      const result = await validator({
        name,
        graph: request.scenarioGraph,
        isFragment: request.isFragment,
        processingType,
        category,
        labels,
        fragments: await this.scenarios.fragmentGraphs(processingType),
        skipNodeResults: true,
      });
      if (isSaveBlocked(result)) throw badRequest(invalidScenarioMessage(result), ['scenarioGraph']);
    }

    const environment = this.context.config.current.environment;
    const [existing] = await this.context.db.select().from(scenarioTable).where(eq(scenarioTable.name, name));
    if (existing) {
      if (existing.isArchived) {
        throw badRequest(
          `Cannot migrate, scenario ${name} is archived on ${environment}. You have to unarchive scenario on ${environment} in order to migrate.`,
        );
      }
      if (!hasPermission(user, existing.category, 'Write')) throw insufficientPermission(user);
    }

    const additionalFields = [
      { name: 'sourceEnvironment', value: request.sourceEnvironmentId },
      { name: 'sourceUser', value: request.remoteUserName },
      { name: 'targetEnvironment', value: environment },
      ...(sourceVersionId !== undefined ? [{ name: 'sourceScenarioVersionId', value: String(sourceVersionId) }] : []),
    ];
    const create = existing
      ? undefined
      : { name, isFragment: request.isFragment, category, processingMode: request.processingMode, engineSetupName: request.engineSetupName };
    await this.scenarios.saveMigrated(user, create, { name, scenarioGraph: request.scenarioGraph, scenarioLabels: labels }, {
      author: request.remoteUserName,
      activity: { type: 'INCOMING_MIGRATION', user: user.username, additionalFields },
    });
  }
}
