import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defaultModel } from '@scenaria/components';
import type { DeploymentManagerDependencies, ProcessVersion } from '@scenaria/deployment-sdk';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { Types, recordType } from '@scenaria/typing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { JetStreamModels, JetStreamManagerSettingsInput } from '../src/index';

export const NATS_SERVERS = process.env['NATS_URL'] ?? '127.0.0.1:4222';

/** Debian's nats-server, for tests that start and stop a NATS of their own (skipped where there is none). */
export const NATS_SERVER_BINARY = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((path) => existsSync(path));

/**
 * A NATS server of a test's own, so it can be stopped without touching the shared one: on `port`, or one of its
 * choosing (read back from its log); with JetStream storing under `store`, or without JetStream.
 */
export async function startNatsServer(options: { store?: string; port?: number }): Promise<{ server: ChildProcess; port: number }> {
  const args = ['-a', '127.0.0.1', '-p', String(options.port ?? -1), ...(options.store ? ['-js', '-sd', options.store] : [])];
  const server = spawn(NATS_SERVER_BINARY!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((ready, fail) => {
    let log = '';
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /Listening for client connections on 127\.0\.0\.1:(\d+)/.exec(log);
      if (listening && log.includes('Server is ready')) ready(Number(listening[1]));
    });
    server.once('exit', (code) => fail(new Error(`nats-server exited with ${code}: ${log}`)));
  });
  return { server, port };
}

/** The default streaming model with the test topic declared: records `{id: String, amount: Integer}`. */
export function testModels(): JetStreamModels {
  return { streaming: defaultModel('streaming', { topics: { transactions: recordType({ id: Types.String, amount: Types.Integer }) } }) };
}

let counter = 0;
/** A namespace no other test (or worker of this machine) uses: streams and buckets are named after it. */
export function uniqueNamespace(): string {
  counter += 1;
  return `t${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}

/** Settings for tests: short leases, small batches. */
export function testSettings(namespace: string, overrides: Partial<JetStreamManagerSettingsInput> = {}): JetStreamManagerSettingsInput {
  return { servers: NATS_SERVERS, namespace, partitions: 4, leaseMs: 2_000, batchSize: 50, maxOutOfOrdernessMs: 0, ...overrides };
}

/** Deletes every stream and bucket of a namespace. */
export async function deleteNamespace(namespace: string): Promise<void> {
  const nc = await connect({ servers: NATS_SERVERS });
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names()) names.push(name);
    for (const name of names) {
      if (name.startsWith(`${namespace}_`) || name.startsWith(`KV_${namespace}_`)) await jsm.streams.delete(name).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

const silent = () => undefined;

/** Dependencies as the designer gives them, with a silent logger. */
export function dependencies(): DeploymentManagerDependencies {
  return {
    scenarioActivityManager: { saveActivity: async () => undefined },
    clock: { now: () => Date.now() },
    logger: { debug: silent, info: silent, warn: silent, error: silent },
    deployedScenarios: async () => [],
  };
}

export const spel = (expression: string) => ({ language: 'spel', expression });
export const param = (name: string, expression: string) => ({ name, expression: spel(expression) });

export function processVersion(name: string, versionId = 1): ProcessVersion {
  return { versionId, processName: name, labels: [], user: 'admin', modelVersion: null };
}

export function deploymentData(id = 'deployment-1') {
  return { deploymentId: id, user: { id: 'admin', username: 'admin' }, additionalDeploymentData: {}, nodesData: {} };
}

export const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

export const kafkaSource = (id: string, topic: string): CanonicalNode => ({
  type: 'Source',
  id,
  ref: { typ: 'kafka', parameters: [param('Topic', `'${topic}'`), param('Schema version', "'latest'")] },
});

export const kafkaSink = (id: string, topic: string, value: string, key = ''): CanonicalNode => ({
  type: 'Sink',
  id,
  ref: {
    typ: 'kafka',
    parameters: [param('Topic', `'${topic}'`), param('Schema version', "'latest'"), param('Key', key), param('Raw editor', 'true'), param('Value validation mode', "'lax'"), param('Value', value)],
  },
});

export function streamingScenario(name: string, nodes: CanonicalNode[]): CanonicalProcess {
  return { metaData: { id: name, additionalFields: { metaDataType: 'StreamMetaData', properties: {} } }, nodes, additionalBranches: [] };
}

/** Reads `transactions`, keeps records with amount > 10, writes `{id, doubled}` to `output`. */
export function topicToTopic(name: string, output = 'alerts'): CanonicalProcess {
  return streamingScenario(name, [
    kafkaSource('source', 'transactions'),
    { type: 'Filter', id: 'big', expression: spel('#input.amount > 10'), nextFalse: [{ type: 'Sink', id: 'small', ref: { typ: 'dead-end', parameters: [] } }] },
    { type: 'Variable', id: 'doubled', varName: 'doubled', value: spel('#input.amount * 2') },
    kafkaSink('sink', output, '{id: #input.id, doubled: #doubled}', '#input.id'),
  ]);
}

/** Polls until `check` passes (returns its value) or fails with its last error. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
