import { parentPort, workerData } from 'node:worker_threads';
import type { DeploymentIssue } from '@scenaria/deployment-sdk';
import { runScenarioTest } from '@scenaria/engine';
import { performWork } from '../executor';
import { defaultEmbeddedModels, engineOptions, prepareLiveScenario, scenarioKindOf } from '../live-scenario';
import type { LiveScenario, LiveScenarioOptions } from '../live-scenario';
import type { FromWorkerMessage, ScenarioWorkerData, ToWorkerMessage, WorkerSetupModule } from './protocol';

/**
 * The body of a scenario's worker thread: pure compute. It compiles the scenario with the models its setup
 * module builds and answers each message with plain data; the database, the HTTP server and the clock stay
 * with the host, which sends the time with every message.
 */
export async function runScenarioWorker(setup: WorkerSetupModule | undefined): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('runScenarioWorker runs in a worker thread');
  const data = workerData as ScenarioWorkerData;
  const post = (message: FromWorkerMessage) => port.postMessage(message);
  const environment = setup ? await setup.createWorkerEnvironment(data.setup?.data) : {};
  let now = data.now;
  const options: LiveScenarioOptions = {
    models: environment.models ?? defaultEmbeddedModels(),
    now: () => now,
    fragments: (fragmentId) => data.fragments.get(fragmentId),
    ...(data.eventTime ? { eventTime: data.eventTime } : {}),
    ...(environment.runtimes ? { runtimes: environment.runtimes } : {}),
  };

  let live: LiveScenario | undefined;
  if (data.mode === 'live') {
    const prepared = prepareLiveScenario(data.scenario, options);
    if (!prepared.ok) return post({ type: 'compileFailed', errors: prepared.errors });
    live = prepared.value;
  }

  // One message at a time: compiled stateful nodes are not re-entrant, and the host's time budget then
  // measures the work itself rather than a queue inside the worker.
  let queue = Promise.resolve();
  port.on('message', (message: ToWorkerMessage) => {
    queue = queue.then(async () => {
      try {
        if (message.type === 'run') {
          if (!live) throw new Error('The worker runs test runs only');
          now = message.work.now;
          post({ type: 'done', id: message.id, result: await performWork(live, message.work) });
        } else {
          now = message.now;
          const kind = scenarioKindOf(data.scenario);
          if (!kind) throw new Error(`Cannot test a scenario of type ${data.scenario.metaData.additionalFields.metaDataType}`);
          const outcome = await runScenarioTest(data.scenario, message.testData, engineOptions(kind, options));
          const result = outcome.ok
            ? outcome
            : { ok: false, errors: outcome.errors.map((e): DeploymentIssue => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
          post({ type: 'done', id: message.id, result });
        }
      } catch (error) {
        post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  post({ type: 'ready' });
}
