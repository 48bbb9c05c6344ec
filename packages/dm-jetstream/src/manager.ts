import { randomUUID } from 'node:crypto';
import { DeploymentManagerClosed, DeploymentManagerUnavailable, SimpleStateStatusName, commandProcessor } from '@scenaria/deployment-sdk';
import type {
  CommandHandlers,
  DeploymentIssue,
  DeploymentManager,
  DeploymentManagerDependencies,
  DeploymentManagerProvider,
  NodeCount,
  StatusDetails,
} from '@scenaria/deployment-sdk';
import type { ComponentRuntime } from '@scenaria/engine';
import { JetStreamConnection, isBrokerUnreachable } from './connection';
import { jsonBytes, readJson, writeIfUnchanged } from './coordination';
import type { Checkpoint, StoredDeployment, WorkerHeartbeat } from './coordination';
import { partitionKey, scenarioKey } from './naming';
import { addCounts, defaultJetStreamModels, prepareScenario, toProcessCounts } from './scenario';
import { requestTestRun } from './test-runs';
import type { JetStreamModels, NodeCounts, ScenarioCompileOptions } from './scenario';
import { JetStreamManagerSettingsSchema } from './settings';
import { readTopicTail } from './topics';
import type { TopicRecord } from './topics';
import type { JetStreamManagerSettings, JetStreamManagerSettingsInput } from './settings';

/** What the designer's JetStream manager is created with besides its settings. */
export interface JetStreamManagerOptions {
  settings: JetStreamManagerSettingsInput;
  /** The models the designer validates with (workers must run with the same). */
  models?: JetStreamModels;
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
}

/** The JetStream manager: the SDK's interface plus counts and the connection's names. */
export interface JetStreamDeploymentManager extends DeploymentManager {
  /** Per-node counts of the scenario's current (or last) deployment since it started, summed over its partitions' checkpoints. */
  processCounts(scenarioName: string): Promise<Record<string, NodeCount>>;
  /** The newest records of a topic, oldest first: test data generated from the topic a source reads. */
  topicSamples(topic: string, limit: number): Promise<TopicRecord[]>;
  readonly settings: JetStreamManagerSettings;
}

const refusal = (code: string, message: string) => ({ ok: false as const, errors: [{ code, message } satisfies DeploymentIssue] });

/**
 * Runs a call on NATS; when NATS could not be reached (down, or the connection closed under the call, as when a
 * reload closes this manager), the caller learns that, not of a bug: `DeploymentManagerUnavailable`.
 */
async function reaching<T>(servers: string | string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isBrokerUnreachable(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeploymentManagerUnavailable(`NATS (${String(servers)}) could not be reached: ${reason}`, { cause: error });
  }
}

/**
 * Creates the designer's side of the JetStream runtime: it validates, stores deployments in the deployments
 * bucket (the workers run them), cancels, has workers run tests, and reports status and counts. It runs no
 * scenario itself.
 * @example
 * const manager = await createJetStreamDeploymentManager({ settings: { servers: '127.0.0.1:4222' } }, dependencies);
 */
export async function createJetStreamDeploymentManager(options: JetStreamManagerOptions, dependencies: DeploymentManagerDependencies): Promise<JetStreamDeploymentManager> {
  const settings = JetStreamManagerSettingsSchema.parse(options.settings);
  const connection = await reaching(settings.servers, () => JetStreamConnection.open(settings, 'scenaria-designer'));
  const { clock } = dependencies;
  const compileOptions: ScenarioCompileOptions = {
    models: options.models ?? defaultJetStreamModels(),
    ...(options.runtimes ? { runtimes: options.runtimes } : {}),
    eventTime: { maxOutOfOrdernessMs: settings.maxOutOfOrdernessMs, idleTimeoutMs: settings.idleTimeoutMs },
    now: () => clock.now(),
  };
  const deployments = () => connection.bucket('deployments');
  const stored = async (scenarioName: string) => readJson<StoredDeployment>(await deployments(), scenarioKey(scenarioName));

  const cancel = async (scenarioName: string, deploymentId?: string) => {
    const found = await stored(scenarioName);
    if (!found || found.value.state !== 'RUNNING' || (deploymentId !== undefined && found.value.deploymentId !== deploymentId)) {
      return refusal('NotDeployed', `${scenarioName} has no running deployment${deploymentId ? ` ${deploymentId}` : ''}`);
    }
    // Revision-checked, so a redeploy that raced this cancel is not canceled by accident.
    const written = await writeIfUnchanged(await deployments(), scenarioKey(scenarioName), { ...found.value, state: 'CANCELED' } satisfies StoredDeployment, found.revision);
    if (written === undefined) return refusal('ConcurrentChange', `${scenarioName} was deployed or canceled meanwhile; look at its state and try again`);
    return { ok: true as const, value: null };
  };

  const handlers: CommandHandlers = {
    validate: async ({ scenario }) => {
      const prepared = prepareScenario(scenario, compileOptions);
      return prepared.ok ? { ok: true, value: null } : prepared;
    },
    runDeployment: async ({ scenario, processVersion, deploymentData, updateStrategy }) => {
      if (updateStrategy.type === 'replaceDeploymentWithSameScenarioName' && updateStrategy.stateRestoringStrategy.type === 'restoreStateFromCustomSavepoint') {
        return refusal('SavepointsNotSupported', 'The JetStream engine keeps state in its checkpoints; it has no savepoints to restore from');
      }
      const prepared = prepareScenario(scenario, compileOptions);
      if (!prepared.ok) return prepared;
      for (const topic of new Set([...prepared.value.topicSources.map((s) => s.topic), ...prepared.value.sinkTopics])) await connection.ensureTopic(topic);
      const externalId = randomUUID();
      const deployment: StoredDeployment = {
        scenarioName: processVersion.processName,
        deploymentId: deploymentData.deploymentId,
        externalId,
        processVersion,
        scenario,
        state: 'RUNNING',
        startedAt: clock.now(),
      };
      // One value replaces the previous deployment: workers switch their partitions over to it on their next tick.
      await (await deployments()).put(scenarioKey(processVersion.processName), jsonBytes(deployment));
      return { ok: true, value: { externalDeploymentId: externalId } };
    },
    cancelScenario: ({ scenarioName }) => cancel(scenarioName),
    cancelDeployment: ({ scenarioName, deploymentId }) => cancel(scenarioName, deploymentId),
    stopScenario: async () => refusal('SavepointsNotSupported', 'The JetStream engine has no savepoints; cancel keeps the checkpoints, and a new deployment continues from them'),
    makeScenarioSavepoint: async () => refusal('SavepointsNotSupported', 'The JetStream engine has no savepoints; its checkpoints are kept per partition'),
    testScenario: async ({ scenario, testData }) => {
      if (testData.records.length > settings.maxTestRecords) return refusal('TooManyTestRecords', `A test runs at most ${settings.maxTestRecords} records`);
      return requestTestRun(connection, { scenario, testData }, settings.testTimeoutMs);
    },
    customAction: async ({ actionName }) => refusal('UnknownCustomAction', `The JetStream engine has no custom action ${actionName}`),
  };

  /** Heartbeats of the live workers: the broker's time of the last one is recent (workers beat four times a lease). */
  const liveWorkers = async (): Promise<WorkerHeartbeat[]> => {
    const workers = await connection.bucket('workers');
    const live: WorkerHeartbeat[] = [];
    for (const key of await connection.keys('workers')) {
      const found = await readJson<WorkerHeartbeat>(workers, key);
      if (found && Date.now() - found.created.getTime() < settings.leaseMs * 2) live.push(found.value);
    }
    return live;
  };

  const statusOf = async (deployment: StoredDeployment): Promise<StatusDetails> => {
    const base = { deploymentId: deployment.deploymentId, externalDeploymentId: deployment.externalId, version: deployment.processVersion, startTime: deployment.startedAt };
    if (deployment.state === 'CANCELED') return { ...base, status: { name: SimpleStateStatusName.CANCELED }, errors: [] };
    const workers = await liveWorkers();
    if (workers.length === 0) return { ...base, status: { name: SimpleStateStatusName.RESTARTING }, errors: ['No worker of this processing type is alive'] };
    // Partitions that fail on a worker are retried there every tick: restarting, with the reasons, as the embedded manager reports a job it restarts.
    const problems = workers.flatMap((worker) =>
      (worker.problems ?? [])
        .filter((problem) => problem.scenarioName === deployment.scenarioName && problem.deploymentId === deployment.deploymentId)
        .map((problem) => `${problem.partition === null ? 'endpoint' : `partition ${problem.partition}`} on ${worker.workerId}: ${problem.message}`),
    );
    if (problems.length > 0) return { ...base, status: { name: SimpleStateStatusName.RESTARTING }, errors: problems.sort() };
    return { ...base, status: { name: SimpleStateStatusName.RUNNING }, errors: [] };
  };

  const processCommand = commandProcessor(handlers);
  let isClosed = false;
  const reach = <T>(work: () => Promise<T>) => reaching(settings.servers, work);

  return {
    settings,
    processCommand(command) {
      // Refused whole rather than failing halfway on the closed connection: the manager in its place can take it.
      if (isClosed) return Promise.reject(new DeploymentManagerClosed('The JetStream deployment manager is closed'));
      return reach(() => processCommand(command));
    },
    getScenarioStatuses: (scenarioName) =>
      reach(async () => {
        const found = await stored(scenarioName);
        return found ? [await statusOf(found.value)] : [];
      }),
    statusDefinitions: [],
    customActions: [],
    processCounts: (scenarioName) =>
      reach(async () => {
        const found = await stored(scenarioName);
        if (!found) return {};
        const checkpoints = await connection.bucket('checkpoints');
        const total: NodeCounts = {};
        for (let partition = 0; partition < settings.partitions; partition++) {
          const checkpoint = await readJson<Checkpoint>(checkpoints, partitionKey(scenarioName, partition));
          if (checkpoint?.value.deploymentId === found.value.deploymentId) addCounts(total, checkpoint.value.counts);
        }
        return toProcessCounts(total);
      }),
    topicSamples: (topic, limit) =>
      reach(async () => (await readTopicTail(connection, topic, { limit })).map(({ key, value, timestamp }) => ({ key, value, timestamp }))),
    close: () => {
      isClosed = true;
      return connection.close();
    },
  };
}

/**
 * The provider the designer registers for `deploymentConfig.type = "jetstream"`; workers of the processing
 * type run with the same settings (`scenaria-worker`).
 */
export function createJetStreamDeploymentManagerProvider(base: Omit<JetStreamManagerOptions, 'settings'> = {}): DeploymentManagerProvider<JetStreamManagerSettings> {
  return {
    name: 'jetstream',
    configSchema: JetStreamManagerSettingsSchema,
    createDeploymentManager: (settings, dependencies) => createJetStreamDeploymentManager({ ...base, settings }, dependencies),
  };
}
