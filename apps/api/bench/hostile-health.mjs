// Issue 12's health-check figure: runs the hostile suites against the real server (they assert by structure that
// the health check answers while each hostile request is in flight) and reports how long those health checks
// took, beside the same server's health check with nothing else in flight, in BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredLine, writeSection } from './benchmarks-file.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const suites = ['test/hostile-server.test.ts', 'test/scenario-workers.test.ts'];
const dir = mkdtempSync(join(tmpdir(), 'scenaria-health-'));
const file = join(dir, 'latencies.jsonl');

const run = spawnSync('pnpm', ['exec', 'vitest', 'run', ...suites], {
  cwd: resolve(here, '..'),
  env: { ...process.env, SCENARIA_HEALTH_LATENCY_FILE: file },
  stdio: 'inherit',
});
if (run.status !== 0) {
  rmSync(dir, { recursive: true, force: true });
  console.error('the hostile suites failed: no figures written');
  process.exit(1);
}
const samples = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
rmSync(dir, { recursive: true, force: true });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const rows = [
  ['idle (baseline): nothing else in flight', 'idle'],
  ['while a hostile request was still in flight', 'during'],
  ['the hostile request had already been answered', 'after'],
].map(([label, kind]) => {
  const values = samples.filter((sample) => sample.kind === kind).map((sample) => sample.milliseconds).sort((a, b) => a - b);
  return `| ${label} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${(values.at(-1) ?? 0).toFixed(1)} |`;
});
const during = samples.filter((sample) => sample.kind === 'during').map((sample) => sample.milliseconds);
const over = during.filter((value) => value > 100).length;

const section = writeSection('api-hostile', 'Health check under hostile input (apps/api)', [
  measuredLine(),
  '`node bench/hostile-health.mjs` in apps/api (part of its `pnpm bench`): the hostile suites',
  `(${suites.join(', ')}) against the real server; for each hostile request the health check is asked while it is`,
  'in flight. Latency of those health checks, against the same server idle:',
  '',
  '| health check | count | p50 ms | p99 ms | max ms |',
  '|---|---:|---:|---:|---:|',
  ...rows,
  '',
  `${over} of ${during.length} health checks asked during a hostile request took over 100 ms.`,
]);
console.log(section);
