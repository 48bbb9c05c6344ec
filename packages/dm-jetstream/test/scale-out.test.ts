import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JetStreamConnection, createJetStreamDeploymentManager, publishToTopic, readTopic, topicStream } from '../src/index';
import type { JetStreamDeploymentManager, JetStreamManagerSettingsInput } from '../src/index';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { startWorkerProcess } from './processes';
import type { WorkerProcess } from './processes';
import { deleteNamespace, dependencies, deploymentData, eventually, processVersion, replace, testModels, testSettings, uniqueNamespace } from './support';
import { singleProcessRun, windowInput, windowResult, windowScenario } from './windows';

const RECORDS = 100_000;
const KEYS = 200;
const PARTITIONS = 6;

describe('three worker processes, one killed with SIGKILL mid-stream', () => {
  const namespace = uniqueNamespace();
  const settings: JetStreamManagerSettingsInput = testSettings(namespace, { partitions: PARTITIONS, leaseMs: 2_000, batchSize: 200 });
  let connection: JetStreamConnection;
  let manager: JetStreamDeploymentManager;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'scale-out test');
    manager = await createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies());
  });
  afterAll(async () => {
    for (const worker of workers) await worker.kill();
    await manager?.close();
    await connection?.close();
    await deleteNamespace(namespace);
  });

  it('writes every window exactly once, as one process would, in per-key order', async () => {
    const input = windowInput(RECORDS, KEYS, PARTITIONS);
    const expected = await singleProcessRun(input);
    expect(expected.length).toBeGreaterThan(KEYS * 10);
    const published = await publishToTopic(connection, 'transactions', input);
    expect(published).toEqual({ ok: true, value: { stored: input.length } });

    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('windows'), deploymentData: deploymentData(), scenario: windowScenario('windows', 'transactions', 'windows'), updateStrategy: replace });
    expect(deployed.ok).toBe(true);
    for (const id of ['w1', 'w2', 'w3']) workers.push(await startWorkerProcess(settings, id));

    const outputCount = async () => (await connection.jsm.streams.info(topicStream(connection.names, 'windows'))).state.messages;
    // Mid-stream: some windows are out, most are not.
    await eventually(async () => expect(await outputCount()).toBeGreaterThan(expected.length / 5), 240_000);
    const victim = workers.find((w) => w.partitions.length > 0) as WorkerProcess;
    const victimPartitions = victim.partitions;
    expect(await outputCount()).toBeLessThan(expected.length);
    await victim.kill();
    workers.push(await startWorkerProcess(settings, 'w4'));
    const live = () => workers.filter((w) => w !== victim);
    // The killed worker's partitions are held again by live workers (after its lease ran out).
    await eventually(() => {
      const held = new Set(live().flatMap((w) => w.partitions));
      for (const partition of victimPartitions) expect(held).toContain(partition);
    }, 120_000);

    await eventually(async () => expect(await outputCount()).toBeGreaterThanOrEqual(expected.length), 240_000);
    const written = await readTopic(connection, 'windows', { limit: expected.length * 2 });
    expect(written.map(windowResult).sort()).toEqual(expected);

    // Per key, windows come out in event-time order.
    const lastByKey = new Map<string, number>();
    for (const record of written) {
      const key = record.key as string;
      expect(record.timestamp).toBeGreaterThan(lastByKey.get(key) ?? Number.NEGATIVE_INFINITY);
      lastByKey.set(key, record.timestamp);
    }

    const counts = await manager.processCounts('windows');
    expect(counts['source']?.all).toBe(input.length);
    expect(counts['sink']?.all).toBe(expected.length);
  }, 600_000);
});
