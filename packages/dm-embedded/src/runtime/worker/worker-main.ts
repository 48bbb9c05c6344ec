import { parentPort, workerData } from 'node:worker_threads';
import type { DeploymentIssue } from '@scenaria/deployment-sdk';
import { runScenarioTest } from '@scenaria/engine';
import { performWork } from '../executor';
import { defaultEmbeddedModels, engineOptions, prepareLiveScenario, scenarioKindOf } from '../live-scenario';
import type { LiveScenario, LiveScenarioOptions } from '../live-scenario';
import type { FromWorkerMessage, ScenarioWorkerData, ToWorkerMessage, WorkerAnswer, WorkerSetupModule } from './protocol';

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

  // Answers made in one turn go back in one message: a postMessage costs more than a small request's work.
  // An answer waits at most for the rest of its turn; a call that never ends fails the whole turn's calls
  // anyway (the host terminates the worker and fails every call in flight).
  let answers: WorkerAnswer[] = [];
  const flush = () => {
    const batch = answers;
    answers = [];
    post({ type: 'answers', answers: batch });
  };
  const answer = (value: WorkerAnswer) => {
    if (answers.push(value) === 1) setImmediate(flush);
  };
  const perform = async (message: ToWorkerMessage): Promise<void> => {
    try {
      if (message.type === 'run') {
        if (!live) throw new Error('The worker runs test runs only');
        now = message.work.now;
        answer({ id: message.id, result: await performWork(live, message.work) });
      } else {
        now = message.now;
        const kind = scenarioKindOf(data.scenario);
        if (!kind) throw new Error(`Cannot test a scenario of type ${data.scenario.metaData.additionalFields.metaDataType}`);
        const outcome = await runScenarioTest(data.scenario, message.testData, engineOptions(kind, options));
        const result = outcome.ok
          ? outcome
          : { ok: false, errors: outcome.errors.map((e): DeploymentIssue => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
        answer({ id: message.id, result });
      }
    } catch (error) {
      answer({ id: message.id, failed: error instanceof Error ? error.message : String(error) });
    }
  };

  // One message at a time, in order: compiled stateful nodes are not re-entrant.
  let queue = Promise.resolve();
  port.on('message', (messages: ToWorkerMessage[]) => {
    for (const message of messages) queue = queue.then(() => perform(message));
  });
  post({ type: 'ready' });
}
