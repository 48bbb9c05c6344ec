import type { IncomingMessage, ServerResponse } from 'node:http';
import { commandProcessor } from '@scenaria/deployment-sdk';
import type { DeploymentManager, DeploymentManagerCommand, DeploymentManagerDependencies, DeploymentManagerProvider } from '@scenaria/deployment-sdk';
import type { ComponentRuntime } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import { createCommandHandlers } from './commands/handlers';
import { createDeploymentLifecycle } from './lifecycle/lifecycle';
import { createScenarioRunners } from './runtime/executors';
import { defaultEmbeddedModels } from './runtime/live-scenario';
import type { EmbeddedModels, LiveScenarioOptions } from './runtime/live-scenario';
import type { CountsRange, NodeCount } from './runtime/node-counters';
import { RequestResponseServer } from './runtime/request-response';
import type { RequestBodyLimit } from './runtime/request-response';
import { createRealtimeScheduler } from './runtime/scheduler';
import type { Scheduler } from './runtime/scheduler';
import type { WorkerSetup } from './runtime/worker/protocol';
import { EmbeddedManagerSettingsSchema } from './settings';
import type { EmbeddedManagerSettings } from './settings';
import type { EmbeddedDatabase } from './storage/database';
import { migrate } from './storage/migrate';
import { publishToTopic } from './topics/topic-store';
import type { TopicRecordInput } from './topics/topic-store';

/** Everything the embedded manager is created with. */
export interface EmbeddedManagerOptions extends EmbeddedManagerSettings {
  /** The designer's database (PGlite or PostgreSQL through drizzle); the manager keeps its own tables there. */
  db: EmbeddedDatabase;
  /** Models per scenario kind (default: `defaultModel` of @scenaria/components); must match the designer's. */
  models?: EmbeddedModels;
  /** Component implementations beyond the default model's. */
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
  /** Fragments by id, for scenarios that use them. */
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  /** Time for generators, polling and windows; the wall clock (the dependencies' clock) by default. */
  scheduler?: Scheduler;
  /**
   * How scenario workers build `models` and `runtimes` (they hold functions, so they cannot be sent): a module
   * whose `createWorkerEnvironment(data)` returns them. Without it, a manager given `models` or `runtimes`
   * runs scenarios on its own thread (with a warning); one given neither uses the defaults in its workers.
   */
  workerSetup?: WorkerSetup;
  /** Apply the manager's migrations on creation (default true). */
  migrate?: boolean;
}

/** The embedded manager: the SDK's interface plus what the designer reads from it. */
export interface EmbeddedDeploymentManager extends DeploymentManager {
  /**
   * Base URL request-response scenarios answer at (`http://host:port`): the host server's once `mountAt` told
   * it, else the manager's own server's (with a `port`), else undefined.
   */
  requestResponseUrl(): string | undefined;
  /** Where a deployed request-response scenario answers, e.g. `http://localhost:8080/scenario/fraud`. */
  scenarioUrl(scenarioName: string): string | undefined;
  /**
   * The request-response endpoints as a fetch-style handler, for a host server to mount at `/scenario/*`
   * (it passes the request with its path unchanged). Endpoints are public: the host adds no login, only its
   * request limits; the handler bounds body size and JSON depth itself.
   */
  handleRequest(request: Request): Promise<Response>;
  /**
   * `handleRequest` for a host's node HTTP server (`IncomingMessage` in, answer written on `response`), the
   * same answers without web `Request`/`Response` objects: what a host should call when it owns the
   * `node:http` server. `bodyLimit` is the host's own limit, when stricter than the manager's 10 MB, and its
   * `budget` the host's share of body bytes held at once (a chunk that does not fit answers 503). Rejects
   * only on a bug, before anything was written.
   */
  handleNodeRequest(request: IncomingMessage, response: ServerResponse, options?: { bodyLimit?: RequestBodyLimit }): Promise<void>;
  /**
   * Tells the manager the public base URL of the server that mounts `handleRequest` (e.g.
   * `http://localhost:8080`), or a function asked each time (a host that learns its port when it listens).
   */
  mountAt(baseUrl: string | (() => string | undefined) | undefined): void;
  /**
   * The scenario that answers at `pathname` here, for a host that mounts several managers (managers over one
   * database all serve every deployed request-response scenario, each with its own worker limits).
   */
  scenarioAt(pathname: string): string | undefined;
  /**
   * Per-node counters of the scenario's current (or last) deployment, since it started; with a `range`, the
   * sum over every deployment that ran at some moment of it (counters are kept per deployment, not per minute).
   */
  nodeCounts(scenarioName: string, range?: CountsRange): Promise<Record<string, NodeCount>>;
  /** Per-node counters of every scenario running here (for a metrics exporter). */
  allNodeCounts(): Promise<Map<string, Record<string, NodeCount>>>;
  /** Resolves when the streaming work queued so far is done. */
  idle(): Promise<void>;
  /**
   * Publishes records to a topic with this manager's backpressure (`maxTopicBacklog`, `publishWaitMs`): what
   * a host's publish endpoint should call (`publishToTopic` with the same bound).
   */
  publishToTopic(topic: string, records: readonly TopicRecordInput[]): ReturnType<typeof publishToTopic>;
}

/**
 * Creates the embedded deployment manager over the designer's database: migrates its tables, resumes every
 * deployment stored as active, and serves request-response scenarios: through `handleRequest`, mounted by the
 * host server, and on a port of its own when `port` is set.
 * @example
 * const manager = await createEmbeddedDeploymentManager({ db }, dependencies);
 * app.all('/scenario/*', (c) => manager.handleRequest(c.req.raw));
 * manager.mountAt('http://localhost:8080');
 * await manager.processCommand({ type: 'runDeployment', processVersion, deploymentData, scenario, updateStrategy });
 */
export async function createEmbeddedDeploymentManager(
  options: EmbeddedManagerOptions,
  dependencies: DeploymentManagerDependencies,
): Promise<EmbeddedDeploymentManager> {
  // Only the settings: the options also hold the database and functions.
  const settings = EmbeddedManagerSettingsSchema.parse(
    Object.fromEntries(Object.keys(EmbeddedManagerSettingsSchema.shape).map((key) => [key, options[key as keyof EmbeddedManagerSettings]])),
  );
  const { db } = options;
  const { clock, logger } = dependencies;
  const scheduler = options.scheduler ?? createRealtimeScheduler(() => clock.now());
  const liveOptions: LiveScenarioOptions = {
    models: options.models ?? defaultEmbeddedModels(),
    now: () => scheduler.now(),
    eventTime: { maxOutOfOrdernessMs: settings.maxOutOfOrdernessMs, idleTimeoutMs: settings.idleTimeoutMs },
    ...(options.runtimes ? { runtimes: options.runtimes } : {}),
    ...(options.fragments ? { fragments: options.fragments } : {}),
  };
  if (options.migrate !== false) await migrate(db);
  const runners = createScenarioRunners({
    settings,
    liveOptions,
    workerSetup: options.workerSetup,
    hasCustomModels: options.models !== undefined || options.runtimes !== undefined,
    logger,
  });

  const server = new RequestResponseServer(logger);
  if (settings.port !== null) await server.listen(settings.port, settings.host);
  const lifecycle = createDeploymentLifecycle({ db, settings, scheduler, clock, logger, server, liveOptions, runners });
  const processCommand = commandProcessor(createCommandHandlers({ db, clock, server, liveOptions, lifecycle, runners }));
  await lifecycle.resume();

  return {
    processCommand: <C extends DeploymentManagerCommand>(command: C) => lifecycle.whileOpen(() => processCommand(command)),
    getScenarioStatuses: (scenarioName) => lifecycle.statusesOf(scenarioName),
    statusDefinitions: [],
    customActions: [],
    stateQueryForAllScenarios: { getAllScenariosStatuses: () => lifecycle.allStatuses() },
    requestResponseUrl: () => server.url(),
    handleRequest: (request) => server.handle(request, { baseUrl: server.url() }),
    handleNodeRequest: (request, response, options) => server.handleNode(request, response, options),
    mountAt: (baseUrl) => server.mount(baseUrl),
    scenarioAt: (pathname) => server.scenarioAt(pathname),
    scenarioUrl: (scenarioName) => lifecycle.scenarioUrl(scenarioName),
    nodeCounts: (scenarioName, range) => lifecycle.nodeCounts(scenarioName, range),
    allNodeCounts: () => lifecycle.allNodeCounts(),
    idle: () => lifecycle.idle(),
    publishToTopic: (topic, records) => publishToTopic(db, topic, records, { maxBacklog: settings.maxTopicBacklog, waitMs: settings.publishWaitMs }),
    close: () => lifecycle.close(),
  };
}

/**
 * The provider the designer registers for `deploymentConfig.type = "embedded"`; the database is the
 * designer's own, the rest comes from configuration.
 */
export function createEmbeddedDeploymentManagerProvider(
  base: Omit<EmbeddedManagerOptions, keyof EmbeddedManagerSettings>,
): DeploymentManagerProvider<EmbeddedManagerSettings> {
  return {
    name: 'embedded',
    configSchema: EmbeddedManagerSettingsSchema,
    createDeploymentManager: (config, dependencies) => createEmbeddedDeploymentManager({ ...base, ...config }, dependencies),
  };
}
