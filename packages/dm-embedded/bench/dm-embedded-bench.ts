// The embedded manager's benchmarks, each side by side with its baseline in one run; writes the
// dm-embedded section of BENCHMARKS.md. Sections: topic -> filter -> variable -> topic against a
// hand-written loop (per batch size), request-response against a hand-written node:http server (10 and 50
// clients), publish-to-output latency under sustained load with and without backpressure, and the database
// round trips of idle deployments.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { WorkerSetup } from '../src/index';
import { measureIdleTransactions } from './idle-transactions';
import { sustainedLatency } from './latency';
import { handWrittenServer, load, managerServer } from './request-response';
import type { BenchServer } from './request-response';
import { handLoopThroughput, managerThroughput } from './streaming';

/** The repository's BENCHMARKS.md, set by bench/run.mjs when bundling. */
declare const __BENCHMARKS_FILE__: string;

const workerSetup: WorkerSetup = { module: new URL('./bench-worker-setup.js', import.meta.url).href };
const only = process.env['BENCH_ONLY']?.split(',');
const runs = (name: string) => !only || only.includes(name);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const median = (values: number[]) => quantile(values, 0.5);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (ours: number, theirs: number, target: number) => `${(ours / theirs).toFixed(2)}x (target ≥ ${target}x: ${ours / theirs >= target ? 'met' : 'not met'})`;
const log = (message: string) => console.error(`[bench] ${message}`);

const loadBefore = loadavg();
const lines: string[] = [];

if (runs('streaming')) {
  const RECORDS = 20_000;
  lines.push(
    '',
    `### Topic -> filter -> variable -> topic, ${RECORDS.toLocaleString('en-US')}-record backlog, PGlite`,
    '',
    'Records per second from the first committed batch (after deploy and the worker\'s start) until the last offset is committed; the hand-written loop reads the same rows, applies the same filter and variable and commits offset, outputs and node counters in one transaction as the manager does. The manager runs the scenario in a worker thread (its default). Medians of 2 alternating rounds; single runs on this shared machine varied by up to 2x.',
    '',
    '| batch size | embedded manager | hand-written loop | manager / loop |',
    '|---|---|---|---|',
  );
  const ROUNDS = 2;
  for (const batchSize of [100, 500, 1_000]) {
    const loop: number[] = [];
    const manager: number[] = [];
    const onThread: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      log(`streaming, batch ${batchSize}, round ${round + 1}`);
      // Alternating, so drift of the shared machine hits both alike.
      if (round % 2 === 0) {
        loop.push(await handLoopThroughput(RECORDS, batchSize));
        manager.push(await managerThroughput(RECORDS, batchSize, workerSetup));
      } else {
        manager.push(await managerThroughput(RECORDS, batchSize, workerSetup));
        loop.push(await handLoopThroughput(RECORDS, batchSize));
      }
      if (batchSize === 1_000) onThread.push(await managerThroughput(RECORDS, batchSize, workerSetup, 'none'));
    }
    lines.push(`| ${batchSize}${batchSize === 1_000 ? ' (default)' : ''} | ${rate(median(manager))} rec/s | ${rate(median(loop))} rec/s | ${ratio(median(manager), median(loop), 0.6)} |`);
    if (batchSize === 1_000) lines.push(`| ${batchSize}, manager with \`isolation: 'none'\` | ${rate(median(onThread))} rec/s | (row above) | ${(median(onThread) / median(loop)).toFixed(2)}x |`);
  }
}

if (runs('request-response')) {
  const DURATION_MS = 3_000;
  const ROUNDS = 3;
  log('request-response');
  const servers: Record<'worker' | 'hop' | 'none' | 'hono' | 'hand', BenchServer> = {
    worker: await managerServer('worker'),
    hop: await managerServer('worker', 'node', { inlineRequestSteps: 0 }),
    none: await managerServer('none'),
    hono: await managerServer('worker', 'hono'),
    hand: await handWrittenServer(),
  };
  const results = new Map<string, { rates: number[]; latencies: number[]; busy: number[] }>();
  for (const server of Object.values(servers)) await load(server.url, 10, 1_000); // warm-up: JIT, worker, connections
  for (let round = 0; round < ROUNDS; round++) {
    for (const clients of [10, 50]) {
      // Alternating, so drift of the shared machine hits all alike.
      const order = (round % 2 === 0 ? ['worker', 'hop', 'none', 'hono', 'hand'] : ['hand', 'hono', 'none', 'hop', 'worker']) as (keyof typeof servers)[];
      for (const name of order) {
        const result = await load(servers[name].url, clients, DURATION_MS);
        if (result.failed > 0) throw new Error(`${name}: ${result.failed} requests failed`);
        const key = `${name}/${clients}`;
        const entry = results.get(key) ?? { rates: [], latencies: [], busy: [] };
        entry.rates.push(result.rate);
        entry.busy.push(result.busyMicrosPerRequest);
        // Not push(...): a fast run gives more latencies than a call takes arguments.
        for (const latency of result.latencies) entry.latencies.push(latency);
        results.set(key, entry);
      }
    }
  }
  for (const server of Object.values(servers)) await server.close();
  const cell = (name: string, clients: number) => {
    const entry = results.get(`${name}/${clients}`) as { rates: number[]; latencies: number[]; busy: number[] };
    return `${rate(median(entry.rates))} req/s (p50 ${median(entry.latencies).toFixed(2)} ms, p99 ${quantile(entry.latencies, 0.99).toFixed(2)} ms; main thread busy ${Math.round(median(entry.busy))} µs/request)`;
  };
  const rateOf = (name: string, clients: number) => median(results.get(`${name}/${clients}`)?.rates ?? []);
  lines.push(
    '',
    '### Request-response (source, variable, response), POST over keep-alive HTTP on localhost',
    '',
    `Clients in a worker thread of the same process, ${ROUNDS} alternating rounds of ${DURATION_MS / 1000} s per row and client count. The manager's endpoints are served as apps/api serves them: a \`node:http\` server whose listener hands \`/scenario/\` requests to the manager's node path (\`handleNodeRequest\`, with the API's security headers, URL check and body limit) and everything else to Hono; the hand-written server parses, checks the two typed fields, computes and answers. "Main thread busy" is the server thread's event-loop busy time per answered request (wall clock, so it grows when the machine's other jobs take the core).`,
    '',
    '| server | 10 clients | 50 clients |',
    '|---|---|---|',
    `| embedded manager, the default (this small scenario answered on the server's thread within \`inlineRequestSteps\`, its worker thread behind it) | ${cell('worker', 10)} | ${cell('worker', 50)} |`,
    `| embedded manager, every request in the scenario's worker thread (\`inlineRequestSteps: 0\`) | ${cell('hop', 10)} | ${cell('hop', 50)} |`,
    `| embedded manager, \`isolation: 'none'\` (every scenario on the server's thread, without limits) | ${cell('none', 10)} | ${cell('none', 50)} |`,
    `| through Hono's fetch-style route (\`handleRequest\`), the default otherwise | ${cell('hono', 10)} | ${cell('hono', 50)} |`,
    `| hand-written \`node:http\` server | ${cell('hand', 10)} | ${cell('hand', 50)} |`,
    `| default / hand-written, requests/s | ${ratio(rateOf('worker', 10), rateOf('hand', 10), 0.7)} | ${ratio(rateOf('worker', 50), rateOf('hand', 50), 0.7)} |`,
    `| every request in the worker / hand-written | ${(rateOf('hop', 10) / rateOf('hand', 10)).toFixed(2)}x | ${(rateOf('hop', 50) / rateOf('hand', 50)).toFixed(2)}x |`,
    `| \`isolation: 'none'\` / hand-written | ${(rateOf('none', 10) / rateOf('hand', 10)).toFixed(2)}x | ${(rateOf('none', 50) / rateOf('hand', 50)).toFixed(2)}x |`,
  );
}

if (runs('latency')) {
  const DURATION_MS = 15_000;
  const BATCH = 100;
  lines.push(
    '',
    `### Publish-to-output latency under sustained load (${DURATION_MS / 1000} s, PGlite)`,
    '',
    `One publisher sends ${BATCH}-record batches back to back, as fast as it is let; latency runs from the start of a record's publish call (a publish held back by backpressure counts its wait) to when an observer polling the output topic every 10 ms saw its output.`,
    '',
    '| maxTopicBacklog | records published | p50 | p99 | max |',
    '|---|---|---|---|---|',
  );
  for (const maxBacklog of [2_000, 10_000, 100_000_000]) {
    log(`latency, backlog ${maxBacklog}`);
    const result = await sustainedLatency(workerSetup, { maxBacklog, durationMs: DURATION_MS, publishBatch: BATCH });
    const label = maxBacklog === 100_000_000 ? 'none (no backpressure)' : `${maxBacklog.toLocaleString('en-US')}${maxBacklog === 10_000 ? ' (default)' : ''}`;
    const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
    lines.push(`| ${label} | ${result.published.toLocaleString('en-US')} | ${ms(median(result.latencies))} | ${ms(quantile(result.latencies, 0.99))} | ${ms(result.latencies.reduce((a, b) => Math.max(a, b), 0))} |`);
  }
}

if (runs('idle')) {
  log('idle transactions');
  const idle = await measureIdleTransactions(10_000);
  const perSecond = (value: number) => value.toFixed(2);
  lines.push(
    '',
    '### Database round trips of idle deployments (PGlite, default settings, 10 s window)',
    '',
    'Transactions plus statements outside one, counted by wrapping the database client the manager is given. Before: the same measurement on commit a1f92d1 (poll every 500 ms, sync and lease renewal every second), run on this machine on the same day.',
    '',
    '| manager with | before (per second) | now (per second) |',
    '|---|---|---|',
    `| no deployment | 1.00 | ${perSecond(idle.none)} |`,
    `| one idle streaming deployment | 6.75 | ${perSecond(idle.streaming)} |`,
    `| one idle request-response deployment | 1.90 | ${perSecond(idle.requestResponse)} |`,
  );
}

const loadAfter = loadavg();
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const header = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu} (${cpus().length} cores, shared with other jobs), Node ${process.version}; load average ${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before and ${loadAfter.map((l) => l.toFixed(2)).join(' / ')} after (1/5/15 min). Wall-clock figures; each table's rows were measured in the same run.`;
const section = [header, ...lines].join('\n');

const file = __BENCHMARKS_FILE__;
const start = '<!-- dm-embedded:start -->';
const end = '<!-- dm-embedded:end -->';
const heading = '## Embedded deployment manager (@scenaria/dm-embedded)';
const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n`;
const from = text.indexOf(start);
const to = text.indexOf(end);
const updated =
  from >= 0 && to > from ? `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}` : `${text.trimEnd()}\n\n${heading}\n${start}\n${section}\n${end}\n`;
// A partial run (BENCH_ONLY) prints its tables without replacing the section.
if (!only) writeFileSync(file, updated);
console.log(section);
