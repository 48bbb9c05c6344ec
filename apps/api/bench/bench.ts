// Drives a freshly started server (dist/main.js in its own process, PGlite in a temporary directory, or a fresh
// PostgreSQL database when DATABASE_URL is set) over loopback with a bounded number of concurrent requests, and
// writes the API section of BENCHMARKS.md. Any unexpected status or failed request fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem, tmpdir, platform, release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const loadAtStart = loadavg();
const SCENARIOS = 1000;
const CONCURRENCY = 50;
// Stored graphs have between these many nodes (inclusive), spread evenly over the scenarios.
const MIN_NODES = 10;
const MAX_NODES = 20;
const authorization = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A straight chain: a source, alternating filters and variables, a sink; `nodeCount` nodes in all. */
function graph(marker: string, nodeCount: number) {
  const spel = (expression: string) => ({ language: 'spel', expression });
  const middle = Array.from({ length: nodeCount - 2 }, (_, index) =>
    index % 2 === 0
      ? { type: 'Filter', id: `filter-${index}`, expression: spel(`#input > ${index}`) }
      : { type: 'Variable', id: `var-${index}`, varName: `v${index}`, value: spel(index === 1 ? `'${marker}'` : `#v${index - 2} + '-${index}'`) },
  );
  const nodes = [
    {
      type: 'Source',
      id: 'source',
      ref: { typ: 'event-generator', parameters: [{ name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") }, { name: 'value', expression: spel('1') }] },
    },
    ...middle,
    { type: 'Sink', id: 'sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel(nodeCount > 3 ? '#v1' : "'none'") }] } },
  ];
  const edges = nodes.slice(1).map((node, index) => ({
    from: nodes[index]!.id,
    to: node.id,
    edgeType: nodes[index]!.type === 'Filter' ? { type: 'FilterTrue' } : null,
  }));
  return {
    properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes,
    edges,
  };
}

const nodesOf = (index: number) => MIN_NODES + (index % (MAX_NODES - MIN_NODES + 1));

interface Measurement {
  name: string;
  /** Which request this row measures (for the ratios), and on which database. */
  key?: string;
  database?: string;
  requests: number;
  p50: number;
  p99: number;
  throughput: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `total` requests with at most CONCURRENCY in flight; every answer must have the expected status. */
async function measure(name: string, total: number, request: (index: number) => Promise<Response>, expected: number): Promise<Measurement> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const begin = performance.now();
      const response = await request(index);
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      if (response.status !== expected) throw new Error(`${name}: status ${response.status} (expected ${expected})`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, requests: total, p50: percentile(latencies, 50), p99: percentile(latencies, 99), throughput: total / elapsed };
}

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

// The stored graphs must be valid, or the bench would time the error path of validation.
async function expectValid(call: Call, name: string): Promise<void> {
  const response = await call('GET', `/api/processes/${name}`);
  const body = (await response.json()) as { validationResult?: { errors?: { invalidNodes?: object; processPropertiesErrors?: unknown[]; globalErrors?: unknown[] } } };
  const errors = body.validationResult?.errors;
  const count = Object.keys(errors?.invalidNodes ?? {}).length + (errors?.processPropertiesErrors?.length ?? 0) + (errors?.globalErrors?.length ?? 0);
  if (response.status !== 200 || !errors || count > 0) throw new Error(`${name}: the bench graph is not valid: ${JSON.stringify(errors)}`);
}

interface Target {
  label: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-bench-'));
  return { label: 'PGlite', env: { SCENARIA_DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

// A fresh PostgreSQL database for the run, dropped afterwards.
async function postgresTarget(url: string): Promise<Target> {
  const { default: postgres } = await import('postgres');
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // Other runs (CI, other checkouts) may bench the same server at once: the name must not collide.
  const name = `scenaria_bench_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-bench-'));
  return {
    label: 'PostgreSQL',
    env: { SCENARIA_DATA_DIR: dataDir, DATABASE_URL: target.toString() },
    cleanup: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runAgainst(target: Target): Promise<Measurement[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(here, 'main.js')], {
    env: { ...process.env, ...target.env, PORT: String(port), SCENARIA_STATIC_DIR: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => server.once('exit', done));
  try {
    await new Promise<void>((ready, fail) => {
      server.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) ready();
      });
      server.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
    });
    const call: Call = (method, path, body) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    // Signs in once, as a client does: the sign-in limits count concurrent first attempts as failures until one succeeds.
    const signIn = await call('GET', '/api/processes?isArchived=false');
    if (signIn.status !== 200) throw new Error(`sign-in: status ${signIn.status}`);
    // The seeded examples: the details warm-up reads them, never a measured scenario.
    const examples = ((await signIn.json()) as Array<{ name: string }>).map((record) => record.name);
    if (examples.length === 0) throw new Error('no seeded scenarios to warm up on');
    console.log(`${target.label}: creating ${SCENARIOS} scenarios of ${MIN_NODES}-${MAX_NODES} nodes ...`);
    await measure('setup: create', SCENARIOS, (index) => call('POST', '/api/processes', { name: `bench-${index}`, isFragment: false, category: 'Default' }), 201);
    await measure('setup: first save', SCENARIOS, (index) => call('PUT', `/api/processes/bench-${index}`, { scenarioGraph: graph('initial', nodesOf(index)) }), 200);
    await expectValid(call, 'bench-0');
    await expectValid(call, `bench-${MAX_NODES - MIN_NODES}`);

    const results: Measurement[] = [];
    // Before each row, the same request on other data, unrecorded: the row measures compiled code (V8 optimises
    // a path after it has run for a while), not the first calls, and no measured scenario is read or cached by it.
    const run = async (key: string, name: string, total: number, request: (index: number) => Promise<Response>, expected: number, warmUp?: (index: number) => Promise<Response>) => {
      if (warmUp) await measure(`warm-up: ${name}`, 100, warmUp, expected);
      const result = await measure(`${name} [${target.label}]`, total, request, expected);
      result.key = key;
      result.database = target.label;
      console.log(`${result.name}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.throughput.toFixed(0)} req/s`);
      results.push(result);
    };
    await run('health', 'baseline: GET /api/app/healthCheck', 2000, () => call('GET', '/api/app/healthCheck'), 200);
    const warmDetails = (index: number) => call('GET', `/api/processes/${examples[index % examples.length]}`);
    await run('details', 'scenario details (validated): GET /api/processes/{name}', 1000, (index) => call('GET', `/api/processes/bench-${(index * 7919) % SCENARIOS}`), 200, warmDetails);
    // The same scenarios again: their validation results are now cached (the first pass validated each once).
    await run('details-again', 'scenario details again (validated, cached): GET /api/processes/{name}', 1000, (index) => call('GET', `/api/processes/bench-${(index * 7919) % SCENARIOS}`), 200);
    await run('details-raw', 'scenario details: GET /api/processes/{name}?skipValidateAndResolve=true', 1000, (index) => call('GET', `/api/processes/bench-${(index * 7919) % SCENARIOS}?skipValidateAndResolve=true`), 200);
    // The warm-up lists with another filter: the measured list is still computed the first time it is asked.
    await run('list', `list of all ${SCENARIOS + 3} scenarios: GET /api/processes`, 200, () => call('GET', '/api/processes'), 200, () => call('GET', '/api/processes?isFragment=false'));
    // Saves warm up on the last hundred scenarios; the measured ones are the first hundred.
    await run('save', 'save (new version, validated): PUT /api/processes/{name}', 500, (index) => call('PUT', `/api/processes/bench-${index % 100}`, { scenarioGraph: graph(`save-${index}`, nodesOf(index % 100)), comment: 'bench' }), 200, (index) =>
      call('PUT', `/api/processes/bench-${SCENARIOS - 100 + index}`, { scenarioGraph: graph(`warm-${index}`, nodesOf(index)), comment: 'warm-up' }),
    );
    await run('validation', 'validation: POST /api/processValidation/{name}', 500, (index) => call('POST', `/api/processValidation/bench-${index % 100}`, { scenarioGraph: graph(`validate-${index}`, nodesOf(index % 100)) }), 200);
    // Last: its answers are 45 MB each (every graph and validation result), 50 at once, and the garbage they leave
    // would be collected during whatever row came next.
    await run('list-graphs', 'list with graphs: GET /api/processesDetails', 50, () => call('GET', '/api/processesDetails'), 200);
    return results;
  } finally {
    server.kill('SIGTERM');
    await exited;
    await target.cleanup();
  }
}

async function main(): Promise<void> {
  const results = await runAgainst(await pgliteTarget());
  if (process.env.DATABASE_URL) results.push(...(await runAgainst(await postgresTarget(process.env.DATABASE_URL))));
  writeSection(results);
  writeFileSync(join(here, 'bench-results.json'), JSON.stringify(results, null, 1));
  for (const row of ratioRows(results)) console.log(row);
}

const TARGETS: Array<{ key: string; label: string; within: number }> = [
  { key: 'details', label: 'scenario details (validated, first time)', within: 3 },
  { key: 'details-again', label: 'scenario details (validated, again)', within: 3 },
  { key: 'save', label: 'save', within: 5 },
  { key: 'list', label: 'list of all scenarios', within: 5 },
];

function ratio(results: Measurement[], database: string | undefined, key: string): number | undefined {
  const of = (wanted: string) => results.find((r) => r.database === database && r.key === wanted);
  const health = of('health');
  const row = of(key);
  return health && row ? row.p99 / health.p99 : undefined;
}

// An earlier run's results (BENCH_BEFORE=<file written by a run>) shown beside this one's ratios, so a change
// is reported as measured before and after on the same machine.
const before: Measurement[] | undefined = process.env.BENCH_BEFORE ? (JSON.parse(readFileSync(process.env.BENCH_BEFORE, 'utf8')) as Measurement[]) : undefined;

function ratioRows(results: Measurement[]): string[] {
  const databases = [...new Set(results.map((r) => r.database))];
  return databases.flatMap((database) =>
    TARGETS.flatMap(({ key, label, within }) => {
      const now = ratio(results, database, key);
      if (now === undefined) return [];
      const then = before ? ratio(before, database, key) : undefined;
      const earlier = before ? ` ${then === undefined ? '-' : `${then.toFixed(1)}x`} |` : '';
      return [`| ${database} | ${label} |${earlier} ${now.toFixed(1)}x | ${within}x | ${now <= within ? 'yes' : 'no'} |`];
    }),
  );
}

function writeSection(results: Measurement[]): void {
  const file = resolve(here, '../../../BENCHMARKS.md');
  const start = '<!-- api:start -->';
  const end = '<!-- api:end -->';
  const cpu = cpus();
  const machine = `${cpu[0]?.model ?? 'unknown CPU'} (${cpu.length} cores), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${platform()} ${release()}, Node ${process.version}, load average ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')} at start (the machine is shared)`;
  const rows = results.map((r) => `| ${r.name} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.throughput.toFixed(0)} |`);
  const section = [
    start,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`,
    `\`pnpm bench\` in apps/api: the built server (dist/main.js, PGlite on disk or a fresh PostgreSQL database, default`,
    `config, basic auth) in its own process, driven over loopback by a bounded loop with ${CONCURRENCY} requests in flight;`,
    `${SCENARIOS} scenarios of ${MIN_NODES}-${MAX_NODES} nodes (a chain of filters and variables) are created and saved first (the default`,
    'trial configuration also seeds 3 examples). The health check is the baseline: the same stack (HTTP, routing,',
    'auth headers) with no database work. Details and saves include scenario validation unless skipped; "list"',
    'is every scenario without graphs, "list with graphs" every scenario with its graph. Any error fails the run.',
    'PostgreSQL rows appear when DATABASE_URL is set. Each row follows 100 unrecorded requests of the same kind on',
    'other data (details of the seeded examples, the list with another filter, saves of other scenarios), so it',
    'measures optimised code; the first-time rows still read and validate nothing the warm-up touched. "List with',
    'graphs" runs last: its answers (about 45 MB each, 50 at once) leave garbage that the next row would pay for.',
    '',
    '| request | requests | p50 ms | p99 ms | req/s |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
    "p99 as a multiple of the same run's health-check p99 (issue #15's targets):",
    '',
    before ? '| database | request | before | p99 / health p99 | target | met |' : '| database | request | p99 / health p99 | target | met |',
    before ? '|---|---|---:|---:|---:|---|' : '|---|---|---:|---:|---|',
    ...ratioRows(results),
    end,
  ].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n## API server (apps/api)\n' + `${start}\n${end}\n`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n## API server (apps/api)\n${section}\n`;
  writeFileSync(file, next);
  console.log(`wrote the api section of ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
