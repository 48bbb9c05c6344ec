// Records/s of one streaming scenario (filter -> tumbling window -> sink) on the JetStream runtime with 1, 2
// and 4 worker processes, beside the embedded manager (PGlite, scenario on the manager's thread) and a
// hand-written JetStream consumer doing the same logic (the broker's limit here), plus publish-to-output
// latency of a stateless scenario; writes the dm-jetstream section of BENCHMARKS.md.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { defaultModel } from '@scenaria/components';
import { createEmbeddedDeploymentManager, publishToTopic as publishToEmbeddedTopic } from '@scenaria/dm-embedded';
import type { EmbeddedDatabase, TopicRecordInput as EmbeddedRecord } from '@scenaria/dm-embedded';
import { drizzle } from 'drizzle-orm/pglite';
import { DeliverPolicy } from '@nats-io/jetstream';
import { JetStreamConnection, createJetStreamDeploymentManager, decodeRecord, encodeRecord, partitionOf, partitionSubject, publishToTopic, topicStream } from '../src/index';
import type { JetStreamManagerSettingsInput } from '../src/index';
import { JetStreamManagerSettingsSchema } from '../src/settings';
import { deleteNamespace, dependencies, deploymentData, processVersion, replace, testModels, testSettings, topicToTopic, uniqueNamespace } from '../test/support';
import { WINDOW_MS, windowInput, windowScenario } from '../test/windows';

/** The repository's BENCHMARKS.md, set by bench/run.mjs when bundling. */
declare const __BENCHMARKS_FILE__: string;

const RECORDS = Number(process.env['BENCH_RECORDS'] ?? 30_000);
const KEYS = 200;
const PARTITIONS = 4;
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 10;
const here = dirname(fileURLToPath(import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorkerProcess(settings: JetStreamManagerSettingsInput, id: string): Promise<ChildProcess> {
  const child = fork(join(here, 'worker-process.js'), [JSON.stringify(settings), id], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker ${id} exited with ${code}`)));
    child.on('message', (message: { type: string }) => message.type === 'ready' && resolve(child));
  });
}
const stopWorker = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });

/** Records/s of the scenario on `workers` worker processes, from deployment until every record is counted at the source. */
async function jetstreamRun(workers: number): Promise<number> {
  const namespace = uniqueNamespace();
  const settings = testSettings(namespace, { partitions: PARTITIONS, leaseMs: 5_000, batchSize: 500 });
  const connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'bench');
  const manager = await createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies());
  const children: ChildProcess[] = [];
  try {
    const input = windowInput(RECORDS, KEYS, PARTITIONS);
    await publishToTopic(connection, 'transactions', input);
    for (let i = 0; i < workers; i++) children.push(await startWorkerProcess(settings, `bench-${i}`));
    const started = performance.now();
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('bench'), deploymentData: deploymentData(), scenario: windowScenario('bench', 'transactions', 'windows'), updateStrategy: replace });
    if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    while (((await manager.processCounts('bench'))['source']?.all ?? 0) < input.length) await sleep(50);
    return input.length / ((performance.now() - started) / 1000);
  } finally {
    for (const child of children) await stopWorker(child);
    await manager.close();
    await connection.close();
    await deleteNamespace(namespace);
  }
}

/** The same scenario in the embedded manager (PGlite in memory, `isolation: 'none'`). */
async function embeddedRun(): Promise<number> {
  const client = new PGlite();
  const db = drizzle(client) as unknown as EmbeddedDatabase;
  const models = { streaming: testModels().streaming, 'request-response': defaultModel('request-response') };
  const manager = await createEmbeddedDeploymentManager({ db, models, isolation: 'none', port: null, batchSize: 500, pollIntervalMs: 20, maxOutOfOrdernessMs: 0 }, dependencies());
  try {
    const input = windowInput(RECORDS, KEYS, PARTITIONS);
    for (let at = 0; at < input.length; at += 5_000) {
      const published = await publishToEmbeddedTopic(db, 'transactions', input.slice(at, at + 5_000).map((r) => ({ key: r.key ?? null, value: r.value, timestamp: r.timestamp as number }) as EmbeddedRecord));
      if (!published.ok) throw new Error(JSON.stringify(published.errors));
    }
    const started = performance.now();
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('bench'), deploymentData: deploymentData(), scenario: windowScenario('bench', 'transactions', 'windows'), updateStrategy: replace });
    if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    while (((await manager.nodeCounts('bench'))['source']?.recordsIn ?? 0) < input.length) await sleep(50);
    return input.length / ((performance.now() - started) / 1000);
  } finally {
    await manager.close();
    await client.close();
  }
}

/**
 * The same logic written by hand over JetStream, one process: read the whole stream in order, drop amounts
 * divisible by 5, sum per key in 10 s tumbling windows with a per-partition watermark, publish each ended
 * window with a message id. No leases, no checkpoints, no engine: what the broker allows here.
 */
async function handWrittenRun(): Promise<number> {
  const namespace = uniqueNamespace();
  const settings = JetStreamManagerSettingsSchema.parse(testSettings(namespace, { partitions: PARTITIONS }));
  const connection = await JetStreamConnection.open(settings, 'bench hand-written');
  try {
    const input = windowInput(RECORDS, KEYS, PARTITIONS);
    await publishToTopic(connection, 'transactions', input);
    await connection.ensureTopic('windows');
    const started = performance.now();
    const consumer = await connection.js.consumers.get(topicStream(connection.names, 'transactions'), { deliver_policy: DeliverPolicy.All });
    const windows = new Map<string, { end: number; sum: number; count: number; partition: number }>();
    const watermarks = new Array<number>(PARTITIONS).fill(Number.NEGATIVE_INFINITY);
    // Windows end on boundaries: a partition's windows are looked at only when its watermark crosses one.
    const checkedUpTo = new Array<number>(PARTITIONS).fill(Number.NEGATIVE_INFINITY);
    let read = 0;
    let pending: Promise<unknown>[] = [];
    const messages = await consumer.consume({ max_messages: 1_000 });
    for await (const message of messages) {
      read += 1;
      const record = decodeRecord(message.string(), 0);
      const partition = partitionOf(record.key, PARTITIONS);
      watermarks[partition] = Math.max(watermarks[partition] as number, record.timestamp);
      const value = record.value as { id: string; amount: number };
      if (value.amount % 5 !== 0) {
        const end = Math.floor(record.timestamp / WINDOW_MS) * WINDOW_MS + WINDOW_MS - 1;
        const id = `${value.id}@${end}`;
        const window = windows.get(id) ?? { end, sum: 0, count: 0, partition };
        window.sum += value.amount;
        window.count += 1;
        windows.set(id, window);
      }
      const boundary = Math.floor(((watermarks[partition] as number) + 1) / WINDOW_MS);
      if (boundary !== checkedUpTo[partition]) {
        checkedUpTo[partition] = boundary;
        for (const [id, window] of windows) {
          if (window.partition !== partition || window.end > (watermarks[partition] as number)) continue;
          windows.delete(id);
          const key = id.slice(0, id.indexOf('@'));
          const body = encodeRecord({ key, value: { key, sum: window.sum, count: window.count }, timestamp: window.end });
          pending.push(connection.js.publish(partitionSubject(connection.names, 'windows', partitionOf(key, PARTITIONS)), body, { msgID: id }));
        }
      }
      if (pending.length >= 1_000) {
        await Promise.all(pending);
        pending = [];
      }
      if (read === input.length) break;
    }
    await Promise.all(pending);
    await messages.close();
    return input.length / ((performance.now() - started) / 1000);
  } finally {
    await connection.close();
    await deleteNamespace(namespace);
  }
}

/** Publish-to-output latency (ms) of a stateless scenario (filter, variable, sink) on two workers at a steady rate. */
async function latencyRun(): Promise<number[]> {
  const namespace = uniqueNamespace();
  const settings = testSettings(namespace, { partitions: PARTITIONS, leaseMs: 5_000, batchSize: 500 });
  const connection = await JetStreamConnection.open(JetStreamManagerSettingsSchema.parse(settings), 'bench latency');
  const manager = await createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies());
  const children: ChildProcess[] = [];
  try {
    await connection.ensureTopic('transactions');
    await connection.ensureTopic('alerts');
    for (let i = 0; i < 2; i++) children.push(await startWorkerProcess(settings, `latency-${i}`));
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('latency'), deploymentData: deploymentData(), scenario: topicToTopic('latency'), updateStrategy: replace });
    if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const subscription = connection.nc.subscribe(`${namespace}.topic.alerts.*`, {
      callback: (_error, message) => {
        const id = (decodeRecord(message.string(), 0).value as { id: string }).id;
        const sent = sentAt.get(id);
        if (sent !== undefined) latencies.push(performance.now() - sent);
      },
    });
    // Warm-up until the first output arrives (leases taken, consumers started).
    for (let i = 0; latencies.length === 0; i++) {
      sentAt.set(`warm${i}`, performance.now());
      await publishToTopic(connection, 'transactions', [{ key: `k${i}`, value: { id: `warm${i}`, amount: 50 } }]);
      await sleep(100);
    }
    // Until the plan settles (both workers hold their partitions), then measure.
    for (let i = 0; i < 30; i++) {
      await publishToTopic(connection, 'transactions', [{ key: `k${i}`, value: { id: `settle${i}`, amount: 50 } }]);
      await sleep(200);
    }
    latencies.length = 0;
    const total = LATENCY_RATE * LATENCY_SECONDS;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / LATENCY_RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt.set(`r${i}`, performance.now());
      await publishToTopic(connection, 'transactions', [{ key: `k${i % KEYS}`, value: { id: `r${i}`, amount: 50 } }]);
    }
    const deadline = performance.now() + 30_000;
    while (latencies.length < total && performance.now() < deadline) await sleep(50);
    subscription.unsubscribe();
    if (latencies.length < total) throw new Error(`only ${latencies.length} of ${total} outputs arrived`);
    return latencies;
  } finally {
    for (const child of children) await stopWorker(child);
    await manager.close();
    await connection.close();
    await deleteNamespace(namespace);
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const median = (values: number[]) => quantile(values, 0.5);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const cell = (values: number[]) => `${rate(median(values))} | ${rate(Math.min(...values))} – ${rate(Math.max(...values))}`;

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const results: Record<string, number[]> = { hand: [], embedded: [], w1: [], w2: [], w4: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternating order, so drift of the shared machine hits all alike.
  const runs: [string, () => Promise<number>][] = [
    ['hand', handWrittenRun],
    ['embedded', embeddedRun],
    ['w1', () => jetstreamRun(1)],
    ['w2', () => jetstreamRun(2)],
    ['w4', () => jetstreamRun(4)],
  ];
  if (round % 2 === 1) runs.reverse();
  for (const [name, run] of runs) {
    const value = await run();
    results[name]?.push(value);
    console.log(`round ${round + 1}: ${name} ${rate(value)} records/s`);
  }
}
const latencies = await latencyRun();

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const section = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, shared with other jobs), Node ${process.version}, nats-server 2.9.10 with JetStream (file storage) on localhost. Load: ${RECORDS.toLocaleString('en-US')} records over ${KEYS} keys, ${PARTITIONS} partitions, published before the run; scenario filter (drops amounts divisible by 5) -> tumbling 10 s window per key -> Kafka sink; time from deployment until every record is committed. ${ROUNDS} alternating rounds (wall-clock); the machine's other jobs make rounds differ widely, and with 2 cores for the broker, the workers and the benchmark, more worker processes mostly compete for the same cores.`,
  '',
  '| runtime | records/s (median) | range over the rounds |',
  '|---|---|---|',
  `| hand-written JetStream consumer, same logic, 1 process (no engine, leases or checkpoints: the broker's limit here) | ${cell(results['hand'] as number[])} |`,
  `| embedded manager (PGlite in memory, \`isolation: 'none'\`, batches of 500) | ${cell(results['embedded'] as number[])} |`,
  `| dm-jetstream, 1 worker process | ${cell(results['w1'] as number[])} |`,
  `| dm-jetstream, 2 worker processes | ${cell(results['w2'] as number[])} |`,
  `| dm-jetstream, 4 worker processes | ${cell(results['w4'] as number[])} |`,
  '',
  `Publish-to-output latency, stateless scenario (filter, variable, sink) on 2 workers, ${LATENCY_RATE} records/s for ${LATENCY_SECONDS} s, one record per publish: p50 ${median(latencies).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms.`,
].join('\n');

const file = __BENCHMARKS_FILE__;
const start = '<!-- dm-jetstream:start -->';
const end = '<!-- dm-jetstream:end -->';
const heading = '## Scale-out deployment manager (@scenaria/dm-jetstream)';
const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n`;
const from = text.indexOf(start);
const to = text.indexOf(end);
const updated =
  from >= 0 && to > from ? `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}` : `${text.trimEnd()}\n\n${heading}\n${start}\n${section}\n${end}\n`;
writeFileSync(file, updated);
console.log(section);
