import * as contract from '@scenaria/api-contract';
import type { EnvironmentComparisonResult, MigrateScenarioRequest, ScenarioComparison, ScenarioGraph, ScenarioVersion } from '@scenaria/api-contract';
import { compareScenarios } from '@scenaria/graph';
import type { AuthenticatedUser } from '../auth/users';
import { scenarioActivities } from '../db/schema';
import { ApiError, badGateway, notFound } from '../errors';
import type { ServiceContext } from './context';
import { RemoteEnvironment } from './remote-environment-client';
import type { ScenarioService } from './scenarios';

// How many scenarios the whole-environment compare asks the remote for at once: a large designer must not
// open one connection per scenario.
const COMPARE_CONCURRENCY = 4;

/**
 * The sending side of migrations and the remote-environment routes: versions of a scenario there, and migrating
 * a version of ours to it (recorded here as OUTGOING_MIGRATION once the remote accepted it).
 */
export class RemoteEnvironmentService {
  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
  ) {}

  /** The configured secondary environment, or 404 when there is none. */
  remote(): RemoteEnvironment {
    const config = this.context.config.current.secondaryEnvironment;
    if (!config) throw notFound('No secondary environment is configured (secondaryEnvironment)');
    return new RemoteEnvironment(config);
  }

  /** Versions of the scenario on the remote, newest first; none when it does not have the scenario. */
  async versions(user: AuthenticatedUser, name: string): Promise<ScenarioVersion[]> {
    await this.scenarios.requireScenario(user, name, 'Read');
    const remote = this.remote();
    const result = await remote.call(contract.getScenario, { params: { scenarioName: name }, query: { skipValidateAndResolve: 'true' } });
    if (!result.ok) {
      if (result.status === 404) return [];
      throw remote.refused(result, `give the versions of ${name}`);
    }
    const details = remote.parse(contract.ScenarioWithDetailsSchema, result.data, 'the scenario');
    return details.history ?? [];
  }

  /** A version here ("current") against a version there ("other"), as the version compare reports them. */
  async compareVersion(user: AuthenticatedUser, name: string, versionId: number, remoteVersionId: number): Promise<ScenarioComparison> {
    const details = await this.scenarios.details(user, name, { versionId, skipValidate: true });
    const remote = this.remote();
    const other = await this.remoteGraph(remote, name, remoteVersionId);
    if (!other) throw notFound(`Scenario ${name} in version ${remoteVersionId} not found on remote environment ${remote.name}`);
    return compareScenarios(details.scenarioGraph!, other);
  }

  /** Every readable, non-archived scenario here against its latest version there; only those that differ. */
  async compareEnvironment(user: AuthenticatedUser): Promise<EnvironmentComparisonResult> {
    const remote = this.remote();
    const results: EnvironmentComparisonResult['processDifferences'] = [];
    // A page of local graphs at a time: only the differences found are kept.
    for await (const local of this.scenarios.listPages(user, { isArchived: false }, { withGraph: true, withState: false })) {
      for (let start = 0; start < local.length; start += COMPARE_CONCURRENCY) {
        const batch = local.slice(start, start + COMPARE_CONCURRENCY);
        const compared = await Promise.all(
          batch.map(async (record) => {
            const other = await this.remoteGraph(remote, record.name);
            if (!other) return { name: record.name, presentOnOther: false, differences: {} };
            return { name: record.name, presentOnOther: true, differences: compareScenarios(record.scenarioGraph!, other) };
          }),
        );
        for (const entry of compared) if (!entry.presentOnOther || Object.keys(entry.differences).length > 0) results.push(entry);
      }
    }
    return { processDifferences: results };
  }

  // The remote's graph of a scenario (its latest version, or a given one); undefined when it has none.
  private async remoteGraph(remote: RemoteEnvironment, name: string, versionId?: number): Promise<ScenarioGraph | undefined> {
    const query = { skipValidateAndResolve: 'true' };
    const result =
      versionId === undefined
        ? await remote.call(contract.getScenario, { params: { scenarioName: name }, query })
        : await remote.call(contract.getScenarioVersion, { params: { scenarioName: name, versionId }, query });
    if (!result.ok) {
      if (result.status === 404) return undefined;
      throw remote.refused(result, `give ${name}`);
    }
    const graph = remote.parse(contract.ScenarioWithDetailsSchema, result.data, 'the scenario').scenarioGraph;
    if (!graph) throw badGateway(`Remote environment ${remote.name} answered ${name} without its graph`);
    return graph;
  }

  /** Sends a version of a scenario to the remote; needs Write here, and the remote checks its own user. */
  async migrate(user: AuthenticatedUser, name: string, versionId: number): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    const details = await this.scenarios.details(user, name, { versionId, skipValidate: true });
    const remote = this.remote();
    const graph = details.scenarioGraph;
    if (!graph) throw new Error(`Scenario ${name} in version ${versionId} has no graph`);
    const remoteUserName = remote.config.passUsernameInMigration ? `Remote[${user.username}]` : remote.config.user;
    if (remote.config.remoteConfig.useLegacyCreateScenarioApi) {
      await this.migrateThroughScenarioRoutes(remote, details, graph, remote.config.passUsernameInMigration ? remoteUserName : undefined);
    } else {
      const request: MigrateScenarioRequest = {
        version: 2,
        sourceEnvironmentId: this.context.config.current.environment,
        sourceScenarioVersionId: details.processVersionId,
        remoteUserName,
        processingMode: details.processingMode,
        engineSetupName: details.engineSetupName,
        processCategory: details.processCategory,
        scenarioLabels: details.labels,
        scenarioGraph: graph,
        processName: name,
        isFragment: details.isFragment,
      };
      const version = await remote.call(contract.getMigrationApiVersion);
      if (!version.ok) throw remote.refused(version, 'tell its migration API version');
      const remoteVersion = remote.parse(contract.MigrationApiVersionSchema, version.data, 'its migration API version').version;
      const result = await remote.call(contract.migrateScenario, { json: adaptDown(request, remoteVersion, remote.name) });
      if (!result.ok) throw remote.refused(result, `accept the migration of ${name}`);
    }
    await this.context.db.insert(scenarioActivities).values({
      scenarioId: row.id,
      type: 'OUTGOING_MIGRATION',
      user: user.username,
      date: this.context.now(),
      scenarioVersionId: versionId,
      additionalFields: [{ name: 'destinationEnvironment', value: remote.name }],
    });
  }

  // For a remote without `/api/migrate`: create the scenario when it is missing, then save the graph like an edit.
  private async migrateThroughScenarioRoutes(
    remote: RemoteEnvironment,
    details: contract.ScenarioWithDetails,
    graph: contract.ScenarioGraph,
    forwardedUserName: string | undefined,
  ): Promise<void> {
    const name = details.name;
    const existing = await remote.call(contract.getScenario, { params: { scenarioName: name }, query: { skipValidateAndResolve: 'true' } });
    if (existing.ok) {
      const record = remote.parse(contract.ScenarioWithDetailsSchema, existing.data, 'the scenario');
      if (record.isArchived) {
        throw new ApiError(
          400,
          `Cannot migrate, scenario ${name} is archived on ${remote.name}. You have to unarchive scenario on ${remote.name} in order to migrate.`,
        );
      }
    } else if (existing.status === 404) {
      const created = await remote.call(contract.createScenario, {
        json: {
          name,
          isFragment: details.isFragment,
          category: details.processCategory,
          processingMode: details.processingMode,
          engineSetupName: details.engineSetupName,
          ...(forwardedUserName ? { forwardedUserName } : {}),
        },
      });
      if (!created.ok) throw remote.refused(created, `create ${name}`);
    } else throw remote.refused(existing, `give ${name}`);
    const saved = await remote.call(contract.updateScenario, {
      params: { scenarioName: name },
      json: {
        scenarioGraph: graph,
        comment: `Migrated from ${this.context.config.current.environment} (version ${details.processVersionId})`,
        scenarioLabels: details.labels,
        ...(forwardedUserName ? { forwardedUserName } : {}),
      },
    });
    if (!saved.ok) throw remote.refused(saved, `save ${name}`);
  }
}

/** The request in the newest version the remote reads (Nussknacker's adaptDown: version 1 drops the labels). */
export function adaptDown(request: Extract<MigrateScenarioRequest, { version: 2 }>, remoteVersion: number, remoteName: string): MigrateScenarioRequest {
  if (remoteVersion >= 2) return request;
  if (remoteVersion === 1) {
    const { scenarioLabels: _labels, sourceScenarioVersionId: _source, ...rest } = request;
    return { ...rest, version: 1 };
  }
  throw badGateway(`Remote environment ${remoteName} reads migration requests of version ${remoteVersion}, older than any this server can send`);
}
