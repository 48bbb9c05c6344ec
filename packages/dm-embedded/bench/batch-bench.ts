// Rows per second of a batch scenario (table -> filter -> aggregate by key -> table) in the batch manager
// against the same work written by hand in SQL (INSERT ... SELECT ... GROUP BY, the limit), side by side in
// one run on the real PostgreSQL; writes the batch section of BENCHMARKS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { RunDeploymentCommand } from '@scenaria/deployment-sdk';
import { deploymentData, processVersion } from '../test/support';
import { aggregateByKey, batchManager, batchScenario, openBatchDatabase, tableSink, tableSource } from '../test/batch/support';

declare const __BENCHMARKS_FILE__: string;

const ROWS = Number(process.env['BATCH_BENCH_ROWS'] ?? 200_000);
const ROUNDS = 3;

const env = await openBatchDatabase();
const loadBefore = loadavg()[0] ?? 0;
const results: { scenario: number[]; sql: number[] } = { scenario: [], sql: [] };
try {
  await env.sql.unsafe(`
    create table orders (id bigint primary key, customer text not null, amount numeric(12,2) not null);
    insert into orders select g, 'c' || (g % 1000), (g % 97) + 0.25 from generate_series(1, ${ROWS}) g;
    create table totals (key text primary key, total numeric(14,2) not null, orders bigint not null);
    create table totals_sql (key text primary key, total numeric(14,2) not null, orders bigint not null);
    analyze orders;`);
  const scenario = batchScenario('bench', [
    tableSource('orders', 'warehouse.public.orders'),
    { type: 'Filter', id: 'big', expression: { language: 'spel', expression: '#input.amount > 10' } },
    aggregateByKey('per-customer', '#input.customer', '#input.amount'),
    tableSink('totals', 'warehouse.public.totals', { key: '#agg.key', total: '#agg.total', orders: '#agg.orders' }),
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    await env.sql.unsafe('truncate totals, totals_sql');
    const manager = await batchManager(env.db, [env.data]);
    let started = performance.now();
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('bench'), deploymentData: deploymentData(`d-${round}`), scenario, updateStrategy: { type: 'dontReplaceDeployment' } } satisfies RunDeploymentCommand);
    if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    await manager.idle();
    results.scenario.push(performance.now() - started);
    const [status] = await manager.getScenarioStatuses('bench');
    if (status?.status.name !== 'FINISHED') throw new Error(`The run ended ${JSON.stringify(status)}`);
    await manager.close();
    started = performance.now();
    await env.sql.unsafe('insert into totals_sql select customer, sum(amount), count(*) from orders where amount > 10 group by customer');
    results.sql.push(performance.now() - started);
    const differing = await env.sql.unsafe('select key from totals full join totals_sql using (key) where totals.total is distinct from totals_sql.total or totals.orders is distinct from totals_sql.orders');
    if (differing.length > 0) throw new Error(`The scenario and the SQL disagree on ${differing.length} keys`);
  }
} finally {
  await env.dispose();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const rate = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en-US');
const scenarioMs = median(results.scenario);
const sqlMs = median(results.sql);
const section = `<!-- batch:start -->
Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}, PostgreSQL at 127.0.0.1 (the same machine); load average ${loadBefore.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end (the machine is shared with other workers). ${ROWS.toLocaleString('en-US')}-row table, 1,000 keys, ${ROUNDS} alternating rounds, median wall-clock time; both write the same 1,000 rows (checked each round).

| table -> filter -> aggregate by key -> table | median time | rows/s |
|---|---|---|
| batch scenario in the batch manager (this thread, 10,000-row keyset chunks) | ${(scenarioMs / 1000).toFixed(2)} s | ${rate(scenarioMs)} |
| the same SQL by hand: \`INSERT ... SELECT customer, sum(amount), count(*) ... WHERE amount > 10 GROUP BY customer\` | ${(sqlMs / 1000).toFixed(2)} s | ${rate(sqlMs)} |
| scenario / SQL time | ${(scenarioMs / sqlMs).toFixed(1)}x | |
<!-- batch:end -->`;

const file = __BENCHMARKS_FILE__;
const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
const heading = '## Batch scenarios over SQL tables (@scenaria/dm-embedded)';
const updated = text.includes('<!-- batch:start -->')
  ? text.replace(/<!-- batch:start -->[\s\S]*<!-- batch:end -->/, section)
  : `${text.trimEnd()}\n\n${heading}\n${section}\n`;
writeFileSync(file, updated);
console.log(section);
