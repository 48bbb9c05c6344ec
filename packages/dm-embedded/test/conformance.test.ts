import { describeDeploymentManagerConformance } from '@scenaria/deployment-sdk/testkit';
import { createEmbeddedDeploymentManager } from '../src/index';
import { DATABASES, kafkaSink, openTestDatabase, streamingScenario, testModels, testWorkerSetup, topicToTopic } from './support';

for (const kind of DATABASES) {
  describeDeploymentManagerConformance({
    name: `embedded on ${kind}`,
    async setup() {
      const database = await openTestDatabase(kind);
      return {
        createManager: (dependencies) => createEmbeddedDeploymentManager({ db: database.db, models: testModels(), workerSetup: testWorkerSetup, port: 0, pollIntervalMs: 50 }, dependencies),
        dispose: () => database.dispose(),
      };
    },
    validScenario: (name) => topicToTopic(name),
    // A source of a component the model does not have.
    invalidScenario: (name) =>
      streamingScenario(name, [
        { type: 'Source', id: 'source', ref: { typ: 'no-such-source', parameters: [] } },
        kafkaSink('sink', 'out', '#input'),
      ]),
    timeoutMs: 10_000,
  });
}
