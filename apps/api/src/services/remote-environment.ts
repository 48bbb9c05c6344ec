import * as contract from '@scenaria/api-contract';
import type {
  ApiClient,
  ApiResult,
  EnvironmentComparisonResult,
  MigrateScenarioRequest,
  RouteInput,
  RouteOutput,
  ScenarioComparison,
  ScenarioGraph,
  ScenarioVersion,
} from '@scenaria/api-contract';
import { compareScenarios } from '@scenaria/graph';
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../auth/users';
import type { SecondaryEnvironmentConfig } from '../config/config-schema';
import { scenarioActivities } from '../db/schema';
import { ApiError, badGateway, gatewayTimeout, notFound } from '../errors';
import type { ServiceContext } from './context';
import type { ScenarioService } from './scenarios';

/** The fetch the remote client uses; tests hand in their own to reach a server that misbehaves. */
export type RemoteFetch = typeof fetch;

class ResponseTooLarge extends Error {}

// How many scenarios the whole-environment compare asks the remote for at once: a large designer must not
// open one connection per scenario.
const COMPARE_CONCURRENCY = 4;

// Reads at most `limit` bytes of a body, so a remote cannot make this server buffer an unbounded answer.
async function boundedBody(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ResponseTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The secondary environment as seen from this designer: its typed API client (signed in as the configured
 * user, each call bounded in time and answer size) and the translation of its failures into answers of ours that
 * name it, never a 500.
 */
export class RemoteEnvironment {
  readonly client: ApiClient;

  constructor(
    readonly config: SecondaryEnvironmentConfig,
    fetchImpl: RemoteFetch = (input, init) => fetch(input, init),
  ) {
    const { requestTimeoutMs, maxResponseBytes } = config.remoteConfig;
    const bounded: RemoteFetch = async (input, init) => {
      // One deadline covers the answer's headers and its whole body.
      const signal = AbortSignal.timeout(requestTimeoutMs);
      const response = await fetchImpl(input, { ...init, signal, redirect: 'error' });
      const body = await boundedBody(response, maxResponseBytes);
      return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers: response.headers });
    };
    this.client = contract.createApiClient({
      baseUrl: config.remoteConfig.uri,
      credentials: { username: config.user, password: config.password },
      fetch: bounded,
    });
  }

  get name(): string {
    return this.config.targetEnvironmentId;
  }

  /** Calls a route of the remote; a failure to reach it (or read it) becomes a 502 or 504 naming it. */
  async call<R extends RouteConfig>(route: R, input?: RouteInput<R>): Promise<ApiResult<RouteOutput<R>>> {
    try {
      return await this.client.call(route, input);
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  /** A remote answer that was not a success, as an error of ours (the remote's message kept). */
  refused(result: { status: number; error: { message: string } }, what: string): ApiError {
    const message = `Remote environment ${this.name} refused to ${what} (HTTP ${result.status}): ${result.error.message}`;
    // The remote's 401 and 403 are about the configured user there, not about the user signed in here: a 403.
    if (result.status === 401 || result.status === 403) return new ApiError(403, message);
    if (result.status === 400 || result.status === 404 || result.status === 409) return new ApiError(result.status, message);
    return badGateway(message);
  }

  /** Checks an answer's shape: a remote is outside input like any other. */
  parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw badGateway(`Remote environment ${this.name} answered ${what} with an unexpected shape: ${parsed.error.issues[0]?.message ?? 'bad data'}`);
    return parsed.data;
  }

  private unreachable(error: unknown): ApiError {
    const where = `Remote environment ${this.name} (${this.config.remoteConfig.uri})`;
    if (error instanceof ResponseTooLarge) return badGateway(`${where} answered with more than ${this.config.remoteConfig.maxResponseBytes} bytes`);
    const name = (error as { name?: unknown })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return gatewayTimeout(`${where} did not answer within ${this.config.remoteConfig.requestTimeoutMs} ms`);
    if (error instanceof SyntaxError) return badGateway(`${where} answered with invalid JSON`);
    const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
    const detail = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return badGateway(`${where} is not reachable: ${detail}`);
  }
}

/**
 * The sending side of migrations and the remote-environment routes: versions of a scenario there, and migrating
 * a version of ours to it (recorded here as OUTGOING_MIGRATION once the remote accepted it).
 */
export class RemoteEnvironmentService {
  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
    private readonly fetchImpl?: RemoteFetch,
  ) {}

  /** The configured secondary environment, or 404 when there is none. */
  remote(): RemoteEnvironment {
    const config = this.context.config.current.secondaryEnvironment;
    if (!config) throw notFound('No secondary environment is configured (secondaryEnvironment)');
    return new RemoteEnvironment(config, this.fetchImpl);
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
    const local = await this.scenarios.list(user, { isArchived: false }, { withGraph: true, withState: false });
    const results: EnvironmentComparisonResult['processDifferences'] = [];
    for (let start = 0; start < local.length; start += COMPARE_CONCURRENCY) {
      const batch = local.slice(start, start + COMPARE_CONCURRENCY);
      const compared = await Promise.all(
        batch.map(async (record) => {
          const other = await this.remoteGraph(remote, record.name);
          if (!other) return { name: record.name, presentOnOther: false, differences: {} };
          return { name: record.name, presentOnOther: true, differences: compareScenarios(record.scenarioGraph!, other) };
        }),
      );
      results.push(...compared.filter((entry) => !entry.presentOnOther || Object.keys(entry.differences).length > 0));
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
function adaptDown(request: Extract<MigrateScenarioRequest, { version: 2 }>, remoteVersion: number, remoteName: string): MigrateScenarioRequest {
  if (remoteVersion >= 2) return request;
  if (remoteVersion === 1) {
    const { scenarioLabels: _labels, sourceScenarioVersionId: _source, ...rest } = request;
    return { ...rest, version: 1 };
  }
  throw badGateway(`Remote environment ${remoteName} reads migration requests of version ${remoteVersion}, older than any this server can send`);
}
