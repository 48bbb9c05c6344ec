// Request-response latency of the embedded manager with scenarios in worker threads against on the server's
// thread (`isolation: 'none'`, the figure before workers), side by side in one run; writes the dm-embedded
// section of BENCHMARKS.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { createEmbeddedDeploymentManager } from '../src/index';
import type { EmbeddedDatabase, EmbeddedDeploymentManager } from '../src/index';
import { deploymentData, dependencies, processVersion, requestResponseScenario } from '../test/support';

/** The repository's BENCHMARKS.md, set by bench/run.mjs when bundling. */
declare const __BENCHMARKS_FILE__: string;

const ROUNDS = 9;
const REQUESTS_PER_ROUND = 400;
const CONCURRENCY = 8;

async function startManager(isolation: 'none' | 'worker'): Promise<{ manager: EmbeddedDeploymentManager; url: string; close(): Promise<void> }> {
  const client = new PGlite();
  const manager = await createEmbeddedDeploymentManager({ db: drizzle(client) as unknown as EmbeddedDatabase, port: 0, isolation }, dependencies());
  const scenario = requestResponseScenario('fees', { slug: 'fees' });
  const deployed = await manager.processCommand({
    type: 'runDeployment',
    processVersion: processVersion('fees'),
    deploymentData: deploymentData(),
    scenario,
    updateStrategy: { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } },
  });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
  return {
    manager,
    url: manager.scenarioUrl('fees') as string,
    async close() {
      await manager.close();
      await client.close();
    },
  };
}

const body = JSON.stringify({ amount: 7, currency: 'EUR' });

async function request(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (response.status !== 200) throw new Error(`status ${response.status}`);
  await response.arrayBuffer();
}

/** Latencies (ms) of requests sent one after another. */
async function sequential(url: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await request(url);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Requests per second with `CONCURRENCY` clients. */
async function concurrent(url: string, count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) await request(url);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const median = (values: number[]) => quantile(values, 0.5);

const inProcess = await startManager('none');
const inWorker = await startManager('worker');
// Warm up both (JIT, connections, the worker's compiled code).
await sequential(inProcess.url, 300);
await sequential(inWorker.url, 300);

const latencies = { none: [] as number[], worker: [] as number[] };
const throughputs = { none: [] as number[], worker: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternating, so drift of the shared machine hits both alike.
  const order: ('none' | 'worker')[] = round % 2 === 0 ? ['none', 'worker'] : ['worker', 'none'];
  for (const isolation of order) {
    const url = isolation === 'none' ? inProcess.url : inWorker.url;
    latencies[isolation].push(...(await sequential(url, REQUESTS_PER_ROUND)));
    throughputs[isolation].push(await concurrent(url, REQUESTS_PER_ROUND));
  }
}
await inProcess.close();
await inWorker.close();

const ms = (value: number) => `${value.toFixed(3)} ms`;
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const ratio = median(latencies.worker) / median(latencies.none);
const section = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu} (${cpus().length} cores), Node ${process.version}; ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND} requests each over HTTP on localhost (client in the same process), wall-clock time (the machine is shared).`,
  '',
  '| request-response scenario (source, variable, response) | median latency | p99 latency | requests/s with 8 clients |',
  '|---|---|---|---|',
  `| on the server's thread (\`isolation: 'none'\`, before workers) | ${ms(median(latencies.none))} | ${ms(quantile(latencies.none, 0.99))} | ${rate(median(throughputs.none))} |`,
  `| in a worker thread (\`isolation: 'worker'\`, the default) | ${ms(median(latencies.worker))} | ${ms(quantile(latencies.worker, 0.99))} | ${rate(median(throughputs.worker))} |`,
  `| worker / server thread, median latency | ${ratio.toFixed(2)}x (target: within 1.3x) | | |`,
].join('\n');

const file = __BENCHMARKS_FILE__;
const start = '<!-- dm-embedded:start -->';
const end = '<!-- dm-embedded:end -->';
const heading = '## Embedded deployment manager (@scenaria/dm-embedded)';
const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n`;
const from = text.indexOf(start);
const to = text.indexOf(end);
const updated =
  from >= 0 && to > from ? `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}` : `${text.trimEnd()}\n\n${heading}\n${start}\n${section}\n${end}\n`;
writeFileSync(file, updated);
console.log(section);
