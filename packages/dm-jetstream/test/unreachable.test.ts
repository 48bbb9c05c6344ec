import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeploymentManagerUnavailable } from '@scenaria/deployment-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createJetStreamDeploymentManager } from '../src/index';
import type { JetStreamDeploymentManager } from '../src/index';
import { dependencies, deploymentData, NATS_SERVER_BINARY, processVersion, replace, startNatsServer, testModels, testSettings, topicToTopic, uniqueNamespace } from './support';

describe.skipIf(!NATS_SERVER_BINARY)('a JetStream manager whose NATS is gone', () => {
  let server: ChildProcess | undefined;
  let manager: JetStreamDeploymentManager | undefined;
  const store = mkdtempSync(join(tmpdir(), 'scenaria-nats-'));
  afterEach(async () => {
    server?.kill('SIGKILL');
    await manager?.close().catch(() => undefined);
    rmSync(store, { recursive: true, force: true });
  });

  it('says the runtime could not be reached, for commands and for reads, instead of failing with the client error, and so does building one', { timeout: 60_000 }, async () => {
    const started = await startNatsServer({ store });
    server = started.server;
    const { port } = started;
    manager = await createJetStreamDeploymentManager({ settings: testSettings(uniqueNamespace(), { servers: `127.0.0.1:${port}` }), models: testModels() }, dependencies());
    expect(await manager.getScenarioStatuses('doubling')).toEqual([]);

    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await stopped;

    const running = manager;
    const calls = [
      () => running.processCommand({ type: 'runDeployment', processVersion: processVersion('doubling'), deploymentData: deploymentData(), scenario: topicToTopic('doubling'), updateStrategy: replace }),
      () => running.getScenarioStatuses('doubling'),
      () => running.processCounts('doubling'),
    ];
    for (const call of calls) {
      const failure = await call().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDeploymentManagerUnavailable(failure)).toBe(true);
      expect(failure).toMatchObject({ message: expect.stringContaining(`NATS (127.0.0.1:${port}) could not be reached`) });
    }
    // A manager built while NATS is down (the designer builds them on first use) says the same.
    const building = await createJetStreamDeploymentManager({ settings: testSettings(uniqueNamespace(), { servers: `127.0.0.1:${port}` }), models: testModels() }, dependencies()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDeploymentManagerUnavailable(building)).toBe(true);
  });
});
