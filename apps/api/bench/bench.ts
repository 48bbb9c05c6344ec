// Drives a freshly started server (dist/main.js in its own process, PGlite in a temporary directory, or a fresh
// PostgreSQL database when DATABASE_URL is set) over loopback with a bounded number of concurrent requests, and
// writes the API section of BENCHMARKS.md. Any unexpected status or failed request fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { measuredLine, writeSection } from './benchmarks-file.mjs';
import { serverNodeFlags } from './server-command.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SCENARIOS = 1000;
const CONCURRENCY = 50;
// Stored graphs have between these many nodes (inclusive), spread evenly over the scenarios.
const MIN_NODES = 10;
const MAX_NODES = 20;
// Each target row is measured this many times, each time right after its own health-check row, and judged by
// the median of its ratios: on a shared machine one draw of a p99 moves by several times between runs.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
// Only these rows (by key, comma-separated), for measuring one change quickly; such a run writes no BENCHMARKS.md.
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
// Node options for the server's process alone (for example `--cpu-prof --cpu-prof-dir=/tmp/profiles`): Node
// refuses profiling flags in NODE_OPTIONS, and there they would profile the client too.
// As `pnpm start` starts the server, and whatever a run adds (to measure a flag before it goes into the script).
const SERVER_NODE_ARGS = [...serverNodeFlags(), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '')];
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
  /** Which round (from 1) of the run measured it. */
  round?: number;
  requests: number;
  p50: number;
  p99: number;
  throughput: number;
  /** CPU time per request, in ms: the bench's own process, and the server's (all its threads; not a PostgreSQL server's). */
  clientCpuMs?: number;
  serverCpuMs?: number;
  /** Of the server's: its main thread (HTTP, routing, database driver), the rest being its workers and V8's helpers. */
  serverMainCpuMs?: number;
  /** A PostgreSQL server's processes on this machine (they share its cores); undefined for PGlite or a remote one. */
  postgresCpuMs?: number;
  /** The mean size of an answer's body, in bytes (as the client read it). */
  bodyBytes?: number;
}

// Linux reports a process's CPU time in clock ticks of 1/100 s (USER_HZ) in /proc/<pid>/stat.
const TICKS_PER_MS = 100 / 1000;

/** The CPU time (user and system) a process has used so far, in ms; undefined where /proc cannot tell. */
function processCpuMs(pid: number | undefined, statFile = `/proc/${pid}/stat`): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(statFile, 'utf8');
    // The command name (in parentheses) may hold spaces: the fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return undefined;
  }
}

/** The CPU time one thread of a process has used so far, in ms (the main thread's id is the process id). */
function threadCpuMs(pid: number | undefined, tid: number | undefined): number | undefined {
  return pid === undefined || tid === undefined ? undefined : processCpuMs(pid, `/proc/${pid}/task/${tid}/stat`);
}

/**
 * The CPU time of every process of a PostgreSQL server on this machine, in ms (its backends, writers and
 * checkpointer: all that its clients' statements cost it). Other databases of the same server count too: the bench's
 * figure is for a machine with nothing else on that server.
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuMs(Number(entry)) ?? 0;
  }
  return total;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Reads a body to its last byte without keeping it, as load generators do. The client shares the machine's cores
 * with the server: collecting each body into one buffer (`arrayBuffer()`) cost the client more CPU per list
 * than the server spent answering it, and that time was taken from the server, so big answers were measured with
 * the client's copying in them while the health check's tiny one was not.
 */
async function drain(response: Response): Promise<number> {
  if (!response.body) return 0;
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return bytes;
}

/**
 * Runs `total` requests with at most CONCURRENCY in flight; every answer must have the expected status. With the
 * server's process id it also reports the CPU time each request cost the client and the server: where the client
 * costs as much as the server, a row measures the client too.
 */
async function measure(name: string, total: number, request: (index: number) => Promise<Response>, expected: number, serverPid?: number, postgres = false): Promise<Measurement> {
  const latencies: number[] = [];
  let bodyBytes = 0;
  let next = 0;
  const clientCpu = process.cpuUsage();
  const serverCpu = processCpuMs(serverPid);
  const serverMainCpu = threadCpuMs(serverPid, serverPid);
  const postgresCpu = postgres ? postgresCpuMs() : undefined;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const begin = performance.now();
      const response = await request(index);
      // Read before adding: `bodyBytes += await ...` would add to the total as it was before the wait.
      const bytes = await drain(response);
      bodyBytes += bytes;
      latencies.push(performance.now() - begin);
      if (response.status !== expected) throw new Error(`${name}: status ${response.status} (expected ${expected})`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(clientCpu);
  const serverCpuAfter = processCpuMs(serverPid);
  const serverMainCpuAfter = threadCpuMs(serverPid, serverPid);
  const postgresCpuAfter = postgres ? postgresCpuMs() : undefined;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    throughput: total / elapsed,
    clientCpuMs: (user + system) / 1000 / total,
    bodyBytes: bodyBytes / total,
    ...(serverCpu !== undefined && serverCpuAfter !== undefined ? { serverCpuMs: (serverCpuAfter - serverCpu) / total } : {}),
    ...(serverMainCpu !== undefined && serverMainCpuAfter !== undefined ? { serverMainCpuMs: (serverMainCpuAfter - serverMainCpu) / total } : {}),
    ...(postgresCpu !== undefined && postgresCpuAfter !== undefined ? { postgresCpuMs: (postgresCpuAfter - postgresCpu) / total } : {}),
  };
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
  /** A PostgreSQL server on this machine, whose processes' CPU the rows report. */
  localPostgres?: boolean;
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
    localPostgres: ['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname),
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
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, join(here, 'main.js')], {
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
    // The first round runs each row after 100 unrecorded requests of the same kind on other data: the row measures
    // compiled code (V8 optimises a path after it has run for a while), not the first calls, and no measured
    // scenario is read or cached by them.
    const run = async (round: number, key: string, name: string, total: number, request: (index: number) => Promise<Response>, expected: number, warmUp?: (index: number) => Promise<Response>) => {
      if (ONLY && key !== 'health' && !ONLY.has(key)) return;
      if (warmUp && round === 1) await measure(`warm-up: ${name}`, 100, warmUp, expected);
      const result = await measure(`${name} [${target.label}]`, total, request, expected, server.pid, target.localPostgres);
      Object.assign(result, { key, database: target.label, round });
      const part = (label: string, ms: number | undefined) => (ms === undefined ? '' : `, ${label} ${ms.toFixed(2)} ms`);
      const cpu = `CPU per request: client ${result.clientCpuMs!.toFixed(2)} ms${part('server', result.serverCpuMs)}${part('its main thread', result.serverMainCpuMs)}${part('PostgreSQL', result.postgresCpuMs)}`;
      console.log(`round ${round}: ${result.name}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.throughput.toFixed(0)} req/s, ${cpu}`);
      results.push(result);
    };
    const health = (round: number) => run(round, 'health', 'baseline: GET /api/app/healthCheck', 2000, () => call('GET', '/api/app/healthCheck'), 200);
    // Each round reads details of scenarios no earlier round read (a permutation of all of them, split by round).
    const perRound = Math.floor(SCENARIOS / ROUNDS);
    const detailsOf = (round: number, index: number) => `bench-${(((round - 1) * perRound + (index % perRound)) * 7919) % SCENARIOS}`;
    const warmDetails = (index: number) => call('GET', `/api/processes/${examples[index % examples.length]}`);
    for (let round = 1; round <= ROUNDS; round++) {
      // Every target row gets a health-check row just before it: the ratio compares two draws of the same minute.
      await health(round);
      await run(round, 'details', 'scenario details (validated): GET /api/processes/{name}', perRound, (index) => call('GET', `/api/processes/${detailsOf(round, index)}`), 200, warmDetails);
      // The same scenarios again: their validation results are now cached (the row before validated each once).
      await run(round, 'details-again', 'scenario details again (validated, cached): GET /api/processes/{name}', perRound, (index) => call('GET', `/api/processes/${detailsOf(round, index)}`), 200);
      await run(round, 'details-raw', 'scenario details: GET /api/processes/{name}?skipValidateAndResolve=true', 1000, (index) => call('GET', `/api/processes/bench-${(index * 7919) % SCENARIOS}?skipValidateAndResolve=true`), 200);
      await health(round);
      // The warm-up lists with another filter: the measured list's text is still written the first time it is
      // asked (from the records the warm-up read into the list mirror).
      await run(round, 'list', `list of all ${SCENARIOS + 3} scenarios: GET /api/processes`, 200, () => call('GET', '/api/processes'), 200, () => call('GET', '/api/processes?isFragment=false'));
      await health(round);
      // Saves warm up on the last hundred scenarios; the measured ones are the first hundred.
      await run(round, 'save', 'save (new version, validated): PUT /api/processes/{name}', 500, (index) => call('PUT', `/api/processes/bench-${index % 100}`, { scenarioGraph: graph(`save-${round}-${index}`, nodesOf(index % 100)), comment: 'bench' }), 200, (index) =>
        call('PUT', `/api/processes/bench-${SCENARIOS - 100 + index}`, { scenarioGraph: graph(`warm-${index}`, nodesOf(index)), comment: 'warm-up' }),
      );
      await run(round, 'validation', 'validation: POST /api/processValidation/{name}', 500, (index) => call('POST', `/api/processValidation/bench-${index % 100}`, { scenarioGraph: graph(`validate-${round}-${index}`, nodesOf(index % 100)) }), 200);
    }
    // Last, once: its answers are about 14 MB each (every graph and validation result), 50 at once, and the garbage they
    // leave would be collected during whatever row came next.
    await run(1, 'list-graphs', 'list with graphs: GET /api/processesDetails', 50, () => call('GET', '/api/processesDetails'), 200);
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
  // A partial run is for measuring one change: the recorded figures stay those of a whole run.
  if (ONLY) console.log('BENCH_ONLY is set: BENCHMARKS.md is left as it is');
  else writeApiSection(results);
  writeFileSync(join(here, 'bench-results.json'), JSON.stringify(results, null, 1));
  for (const row of ratioRows(results)) console.log(row);
}

const TARGETS: Array<{ key: string; label: string; within: number }> = [
  { key: 'details', label: 'scenario details (validated, first time)', within: 3 },
  { key: 'details-again', label: 'scenario details (validated, again)', within: 3 },
  { key: 'save', label: 'save', within: 5 },
  { key: 'list', label: 'list of all scenarios', within: 5 },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The CPU a request cost its server in all: the server's process and a local PostgreSQL's (PGlite is the server's). */
function serverSideCpuMs(row: Measurement): number | undefined {
  return row.serverCpuMs === undefined ? undefined : row.serverCpuMs + (row.postgresCpuMs ?? 0);
}

/** The CPU time a request cost in all, in ms: the client's and the server side's. */
function totalCpuMs(row: Measurement): number | undefined {
  const serverSide = serverSideCpuMs(row);
  return row.clientCpuMs === undefined || serverSide === undefined ? undefined : row.clientCpuMs + serverSide;
}

const p99Ratio = (row: Measurement, health: Measurement) => row.p99 / health.p99;

/** A request's cost (as `cost` measures it) as a multiple of the health check's in the same rows. */
const costRatio = (cost: (row: Measurement) => number | undefined) => (row: Measurement, health: Measurement) => {
  const own = cost(row);
  const baseline = cost(health);
  return own === undefined || baseline === undefined || baseline === 0 ? undefined : own / baseline;
};

// Where every core is busy, a ratio of p99s tends to this one on a quiet machine: it shows how far a target is
// from what the requests cost, apart from the tails of one draw.
const cpuRatio = costRatio(totalCpuMs);

// The same without the client: the load generator's own cost per request (undici's, several times the server's
// for a health check) sits in both terms of `cpuRatio` and pulls it towards 1, so this shows what the server's
// work for the request costs against its work for a health check.
const serverCpuRatio = costRatio(serverSideCpuMs);

/**
 * `of` each round's row against the health-check row measured just before it (same database, same round): by
 * default the ratio of their p99s. Results written by earlier versions of the bench have no rounds: there it is
 * the one health row.
 */
function roundRatios(
  results: Measurement[],
  database: string | undefined,
  key: string,
  of: (row: Measurement, health: Measurement) => number | undefined = p99Ratio,
): number[] {
  const ratios: number[] = [];
  let lastHealth: Measurement | undefined;
  for (const row of results) {
    if (row.database !== database) continue;
    if (row.key === 'health') lastHealth = row;
    else if (row.key === key && lastHealth && (lastHealth.round ?? 1) === (row.round ?? 1)) {
      const value = of(row, lastHealth);
      if (value !== undefined) ratios.push(value);
    }
  }
  return ratios;
}

function ratio(
  results: Measurement[],
  database: string | undefined,
  key: string,
  of: (row: Measurement, health: Measurement) => number | undefined = p99Ratio,
): number | undefined {
  const ratios = roundRatios(results, database, key, of);
  return ratios.length > 0 ? median(ratios) : undefined;
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
      const rounds = roundRatios(results, database, key)
        .map((value) => `${value.toFixed(1)}x`)
        .join(', ');
      const times = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(1)}x`);
      const cpu = ratio(results, database, key, cpuRatio);
      const serverCpu = ratio(results, database, key, serverCpuRatio);
      return [`| ${database} | ${label} |${earlier} ${rounds} | ${now.toFixed(1)}x | ${times(cpu)} | ${times(serverCpu)} | ${within}x | ${now <= within ? 'yes' : 'no'} |`];
    }),
  );
}

/** One line per request and database: medians over its rounds, and each round's p99. */
function summaryRows(results: Measurement[]): string[] {
  const groups = new Map<string, Measurement[]>();
  for (const row of results) groups.set(row.name, [...(groups.get(row.name) ?? []), row]);
  return [...groups.entries()].map(([name, rows]) => {
    const p99s = rows.map((r) => r.p99.toFixed(1)).join(', ');
    const cpu = (of: (row: Measurement) => number | undefined) => {
      const values = rows.map(of).filter((value): value is number => value !== undefined);
      return values.length > 0 ? median(values).toFixed(2) : '-';
    };
    const sizes = rows.map((r) => r.bodyBytes).filter((value): value is number => value !== undefined);
    const size = sizes.length > 0 ? `${(median(sizes) / 1000).toFixed(1)}` : '-';
    return `| ${name} | ${rows.length} x ${rows[0]!.requests} | ${median(rows.map((r) => r.p50)).toFixed(1)} | ${median(rows.map((r) => r.p99)).toFixed(1)} | ${p99s} | ${median(rows.map((r) => r.throughput)).toFixed(0)} | ${size} | ${cpu((r) => r.clientCpuMs)} | ${cpu((r) => r.serverCpuMs)} | ${cpu((r) => r.serverMainCpuMs)} | ${cpu((r) => r.postgresCpuMs)} |`;
  });
}

function writeApiSection(results: Measurement[]): void {
  writeSection('api', 'API server (apps/api)', [
    measuredLine(),
    `\`pnpm bench\` in apps/api: the built server (dist/main.js, PGlite on disk or a fresh PostgreSQL database, default`,
    `config, basic auth) in its own process, driven over loopback by a bounded loop with ${CONCURRENCY} requests in flight;`,
    `${SCENARIOS} scenarios of ${MIN_NODES}-${MAX_NODES} nodes (a chain of filters and variables) are created and saved first (the default`,
    'trial configuration also seeds 3 examples). The health check is the baseline: the same stack (HTTP, routing,',
    'auth headers) with no database work. Details and saves include scenario validation unless skipped; "list"',
    'is every scenario without graphs, "list with graphs" every scenario with its graph. Any error fails the run.',
    'The client reads each body to its last byte without keeping it, as load generators do (it shares the cores',
    'with the server; collecting every list into one buffer cost it more than the server spent answering). "Answer kB"',
    'is the mean size of a body as the client read it.',
    'PostgreSQL rows appear when DATABASE_URL is set. The first time a row runs it follows 100 unrecorded requests of',
    'the same kind on other data (details of the seeded examples, the list with another filter, saves of other',
    'scenarios), so it measures optimised code; the first-time details still read and validate nothing the warm-up',
    'touched. The first list writes its text the first time it is asked, from the records the warm-up read into the',
    'server\'s list mirror; the later rounds\' lists follow 100 saves each, so their first request reads those again.',
    `Every row but the last runs ${ROUNDS} times (rounds), and each target row right after a health-check row`,
    "of its own: its ratio is its p99 over that health row's p99, and a target is judged by the median of its rounds'",
    'ratios (one draw of a p99 on a shared machine moves by several times). "List with graphs" runs once, last: its',
    'answers (every graph and its validation result, 50 at once) leave garbage that the next row would pay for.',
    'The CPU columns are the time each request cost, from /proc: the bench\'s process; the server\'s (all its threads);',
    'of that, the server\'s main thread (HTTP, routing, the database driver; the rest is its validation and PGlite',
    'workers and V8\'s collector and compiler threads); and a PostgreSQL server\'s processes when it runs on this',
    'machine. Where the client costs as much as the server, the row measures the client too: the client, the server',
    'and PostgreSQL share the machine\'s cores, and on a saturated machine a ratio of p99s follows the ratio of the',
    'CPU the two requests cost in all.',
    '',
    '| request | rounds x requests | p50 ms (median) | p99 ms (median) | p99 ms of each round | req/s (median) | answer kB (median) | client CPU ms/req | server CPU ms/req | server main thread CPU ms/req | PostgreSQL CPU ms/req |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|',
    ...summaryRows(results),
    '',
    "p99 as a multiple of the health-check p99 measured just before it (issue #15's targets). Beside it, the CPU a",
    "request cost in all (client, server and a local PostgreSQL) as a multiple of a health check's in the same rows:",
    'where every core is busy, the p99 ratio tends to it on a quiet machine, and comes out below it where the host\'s',
    "noise lengthens the health check's tail more than the other request's. Last, the same for the server's side",
    "alone (the server's process and a local PostgreSQL, without the client's): the load generator's own cost per",
    "request is in both terms of the CPU ratio, and for a health check it is more than the server's own.",
    '',
    before
      ? '| database | request | before (median) | each round | p99 / health p99 (median) | CPU / health CPU (median) | server-side CPU / health\'s (median) | target | met |'
      : '| database | request | each round | p99 / health p99 (median) | CPU / health CPU (median) | server-side CPU / health\'s (median) | target | met |',
    before ? '|---|---|---:|---|---:|---:|---:|---:|---|' : '|---|---|---|---:|---:|---:|---:|---|',
    ...ratioRows(results),
  ]);
  console.log('wrote the api section of BENCHMARKS.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
