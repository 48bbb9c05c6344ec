// Publish-to-output latency under sustained load: a publisher sends batches back to back for a while, an
// observer reads the output topic; a record's latency runs from the start of its publish call (its
// timestamp, which the scenario's output keeps) to when the observer saw its output.
import { createEmbeddedDeploymentManager, publishToTopic } from '../src/index';
import type { WorkerSetup } from '../src/index';
import { readTopic } from '../src/topics/topic-store';
import { deploymentData, dependencies, processVersion, testModels, topicToTopic } from '../test/support';
import { backlogDatabase } from './streaming';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

/** Latencies (ms) of every output record, and how many records went in, with backpressure at `maxBacklog`. */
export async function sustainedLatency(
  workerSetup: WorkerSetup,
  options: { maxBacklog: number; durationMs: number; publishBatch: number },
): Promise<{ latencies: number[]; published: number; refused: number }> {
  const { client, db } = await backlogDatabase(0);
  const manager = await createEmbeddedDeploymentManager({ db, models: testModels(), workerSetup, maxTopicBacklog: options.maxBacklog }, dependencies());
  const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubler'), deploymentData: deploymentData(), scenario: topicToTopic('doubler'), updateStrategy: replace });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
  await manager.idle();
  const latencies: number[] = [];
  let published = 0;
  let refused = 0;
  let isPublishing = true;
  const publisher = (async () => {
    const deadline = Date.now() + options.durationMs;
    let id = 0;
    while (Date.now() < deadline) {
      const now = Date.now();
      // Every amount passes the filter, so each record has an output to time.
      const records = Array.from({ length: options.publishBatch }, () => ({ value: { id: `r${id++}`, amount: 50 }, timestamp: now }));
      const result = await publishToTopic(db, 'transactions', records, { maxBacklog: options.maxBacklog, waitMs: 60_000 });
      if (result.ok) published += records.length;
      else refused += records.length;
    }
    isPublishing = false;
  })();
  let next = 0;
  // Reads until every published record's output was seen (or nothing moves for a while after publishing).
  let quietSince = Date.now();
  for (;;) {
    const outputs = await readTopic(db, 'alerts', next, 5_000);
    const seenAt = Date.now();
    for (const output of outputs) latencies.push(seenAt - output.timestamp);
    next += outputs.length;
    if (outputs.length > 0) quietSince = seenAt;
    if (!isPublishing && (next >= published || seenAt - quietSince > 30_000)) break;
    if (outputs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await publisher;
  await manager.close();
  await client.close();
  return { latencies, published, refused };
}
