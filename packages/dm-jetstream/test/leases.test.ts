import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JetStreamConnection, createJetStreamDeploymentManager, publishToTopic, readTopic, startWorker } from '../src/index';
import type { JetStreamDeploymentManager, JetStreamManagerSettingsInput, ScenarioWorker } from '../src/index';
import { jsonBytes, readJson } from '../src/coordination';
import type { Checkpoint } from '../src/coordination';
import { partitionKey } from '../src/naming';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { deleteNamespace, dependencies, deploymentData, eventually, processVersion, replace, testModels, testSettings, topicToTopic, uniqueNamespace } from './support';

describe('partition leases', () => {
  let namespace: string;
  let settings: JetStreamManagerSettingsInput;
  let connection: JetStreamConnection;
  let manager: JetStreamDeploymentManager;
  let workers: ScenarioWorker[];

  beforeEach(async () => {
    namespace = uniqueNamespace();
    settings = testSettings(namespace, { partitions: 4, leaseMs: 1_000, batchSize: 20 });
    connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'leases test');
    manager = await createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies());
    workers = [];
  });
  afterEach(async () => {
    for (const worker of workers) await worker.stop();
    await manager.close();
    await connection.close();
    await deleteNamespace(namespace);
  });

  const start = async (id: string) => {
    const worker = await startWorker({ settings, models: testModels(), workerId: id });
    workers.push(worker);
    return worker;
  };
  const deploy = async () => {
    const outcome = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('doubling'), deploymentData: deploymentData(), scenario: topicToTopic('doubling'), updateStrategy: replace });
    expect(outcome.ok).toBe(true);
  };
  const publish = async (from: number, count: number) => {
    const records = Array.from({ length: count }, (_, i) => ({ key: `k${(from + i) % 17}`, value: { id: `r${from + i}`, amount: 20 + from + i } }));
    expect((await publishToTopic(connection, 'transactions', records)).ok).toBe(true);
  };
  const outputIds = async () => (await readTopic(connection, 'alerts', { limit: 100_000 })).map((r) => (r.value as { id: string }).id);

  it('a joining worker takes a share over while the first keeps running, and nothing is lost or repeated', async () => {
    const first = await start('a-first');
    await deploy();
    await eventually(() => expect(first.heldPartitions()).toHaveLength(4));
    await publish(0, 500);
    await eventually(async () => expect((await outputIds()).length).toBe(500));
    const second = await start('b-second');
    // The plan gives each two; the first hands two over (commit, delete lease) and keeps the rest running.
    await eventually(() => {
      expect(first.heldPartitions()).toHaveLength(2);
      expect(second.heldPartitions()).toHaveLength(2);
    });
    await publish(500, 500);
    await eventually(async () => expect((await outputIds()).length).toBe(1_000));
    const ids = await outputIds();
    expect(new Set(ids).size).toBe(1_000);
    const counts = await manager.processCounts('doubling');
    expect(counts['source']?.all).toBe(1_000);
  });

  it('a worker that lost its partition to a takeover cannot commit', async () => {
    const worker = await start('a-only');
    await deploy();
    await eventually(() => expect(worker.heldPartitions()).toHaveLength(4));
    await publish(0, 100);
    await eventually(async () => expect((await outputIds()).length).toBe(100));
    // Another owner takes partition 0 over the way a worker does: the checkpoint first (revision + epoch).
    const checkpoints = await connection.bucket('checkpoints');
    const leases = await connection.bucket('leases');
    const key = partitionKey('doubling', 0);
    // The thief holds the lease as a live worker would: renewed well within the lease period.
    const lease = await leases.get(key);
    let leaseRevision = await leases.update(key, jsonBytes({ owner: 'thief' }), lease?.revision as number);
    const renewals = setInterval(() => {
      void leases.update(key, jsonBytes({ owner: 'thief' }), leaseRevision).then((revision) => (leaseRevision = revision), () => undefined);
    }, 100);
    const before = await readJson<Checkpoint>(checkpoints, key);
    expect(before?.value.owner).toBe('a-only');
    const taken: Checkpoint = { ...(before?.value as Checkpoint), owner: 'thief', epoch: (before?.value.epoch ?? 0) + 1 };
    await checkpoints.update(key, jsonBytes(taken), before?.revision as number);
    await publish(100, 400);
    // The fenced runner stops at its next commit; the other partitions go on.
    await eventually(() => expect(worker.heldPartitions()).not.toContain('doubling#0'));
    await eventually(async () => {
      const after = await readJson<Checkpoint>(checkpoints, key);
      expect(after?.value).toEqual(taken);
      const counts = await manager.processCounts('doubling');
      expect(counts['source']?.all).toBeGreaterThan(100);
    });
    // Two more lease periods: the worker never got the partition back, and never committed to it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    clearInterval(renewals);
    const after = await readJson<Checkpoint>(checkpoints, key);
    expect(after?.value).toEqual(taken);
    expect(worker.heldPartitions()).not.toContain('doubling#0');
  });

  it('a scenario that does not compile on the workers (other models) is reported as restarting, with the reason', async () => {
    // The worker builds the default model: the designer's topic type is unknown to it, so `#input.amount` does not type.
    await startWorker({ settings, workerId: 'other-models' }).then((worker) => workers.push(worker));
    await deploy();
    const status = await eventually(async () => {
      const [found] = await manager.getScenarioStatuses('doubling');
      expect(found?.status.name).toBe('RESTARTING');
      expect(found?.errors.length).toBeGreaterThan(0);
      return found;
    });
    expect(status?.errors[0]).toMatch(/^partition \d on other-models: does not compile here: /);
  });
});
