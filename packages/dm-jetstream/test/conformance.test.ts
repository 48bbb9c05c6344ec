import { describeDeploymentManagerConformance } from '@scenaria/deployment-sdk/testkit';
import { createJetStreamDeploymentManager, startWorker } from '../src/index';
import { deleteNamespace, kafkaSink, streamingScenario, testModels, testSettings, topicToTopic, uniqueNamespace } from './support';

// Each check gets its own namespace (streams and buckets) on the real nats-server, and one worker process part.
describeDeploymentManagerConformance({
  name: 'jetstream',
  async setup() {
    const namespace = uniqueNamespace();
    const settings = testSettings(namespace);
    const worker = await startWorker({ settings, models: testModels() });
    return {
      createManager: (dependencies) => createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies),
      async dispose() {
        await worker.stop();
        await deleteNamespace(namespace);
      },
    };
  },
  validScenario: (name) => topicToTopic(name),
  invalidScenario: (name) =>
    streamingScenario(name, [
      { type: 'Source', id: 'source', ref: { typ: 'no-such-source', parameters: [] } },
      kafkaSink('sink', 'out', '#input'),
    ]),
  testData: () => ({ records: [{ sourceId: 'source', record: { id: 'a', amount: 20 } }, { sourceId: 'source', record: { id: 'b', amount: 5 } }] }),
  timeoutMs: 15_000,
});
