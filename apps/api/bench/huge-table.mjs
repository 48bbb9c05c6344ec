// A list over a huge table: 100,000 scenarios written straight into the database, then, three times, a scenario
// created (which makes the next list read every scenario again) and the list of all asked, while the health check
// is asked every 5 ms. Reports how long the list took and how long the health checks asked meanwhile waited,
// beside the same server's health check with nothing else to do, in BENCHMARKS.md. PGlite always, PostgreSQL
// when DATABASE_URL is set. Then once the list with every graph (unvalidated), with the server's memory meanwhile.
// BENCH_DIST runs another build of the server (an earlier commit's, for a before/after).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredLine, writeSection } from './benchmarks-file.mjs';
import { serverNodeFlags } from './server-command.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = resolve(process.env.BENCH_DIST ?? join(here, '../dist'));
const SCENARIOS = Number(process.env.HUGE_SCENARIOS ?? 100_000);
const ROUNDS = 3;
const HEALTH_EVERY_MS = 5;
const authorization = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

// Every scenario gets the text of a seeded example's version: the records are as large as real ones.
const seedSql = `
  insert into scenarios (name, is_fragment, processing_type, category, latest_version_id, created_by)
    select 'huge-' || lpad(g::text, 6, '0'), false, s.processing_type, s.category, 1, 'bench'
    from generate_series(1, ${SCENARIOS}) g, (select processing_type, category from scenarios where not is_fragment order by id limit 1) s;
  insert into scenario_versions (scenario_id, version_id, canonical_json, created_by)
    select id, 1, (select canonical_json from scenario_versions order by id limit 1), 'bench' from scenarios where name like 'huge-%';`;

async function startServer(env) {
  const port = await freePort();
  const server = spawn(process.execPath, [...serverNodeFlags(), join(dist, 'main.js')], { env: { ...process.env, ...env, PORT: String(port), SCENARIA_STATIC_DIR: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ready, fail) => {
    server.stdout.on('data', (chunk) => chunk.toString().includes('listening') && ready());
    server.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  const call = async (method, path, body) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const bytes = await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${method} ${path}: status ${response.status}`);
    return bytes.byteLength;
  };
  const stop = async () => {
    server.removeAllListeners('exit');
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  };
  // The server's resident memory in MB (its threads, PGlite's included, are one process).
  const rss = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  };
  return { call, stop, rss };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
};

// Health checks one after another, HEALTH_EVERY_MS apart, until `until` settles; their latencies.
async function healthWhile(call, until) {
  let settled = false;
  until.then(
    () => (settled = true),
    () => (settled = true),
  );
  const latencies = [];
  while (!settled) {
    const begin = performance.now();
    await call('GET', '/api/app/healthCheck');
    latencies.push(performance.now() - begin);
    await new Promise((done) => setTimeout(done, HEALTH_EVERY_MS));
  }
  return latencies;
}

async function measure(label, server) {
  const { call } = server;
  await call('GET', '/api/processes');
  const idle = await healthWhile(call, new Promise((done) => setTimeout(done, 2000)));
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await call('POST', '/api/processes', { name: `zz-created-${round}`, isFragment: false, category: 'Default' });
    const begin = performance.now();
    const listed = call('GET', '/api/processes').then((bytes) => ({ bytes, milliseconds: performance.now() - begin }));
    const during = await healthWhile(call, listed);
    const { bytes, milliseconds } = await listed;
    rounds.push({ milliseconds, bytes, health: summary(during) });
    console.log(`${label} round ${round}: list ${milliseconds.toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB); health meanwhile ${JSON.stringify(summary(during))}`);
  }
  return { database: label, idle: summary(idle), rounds, graphs: await measureGraphs(server) };
}

// The list with every graph, unvalidated (100,000 validations are minutes of work of their own): how long, how
// large, the health checks meanwhile, and how far the server's memory grew.
async function measureGraphs({ call, rss }) {
  const memoryBefore = rss();
  let peak = memoryBefore;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rss());
    } catch {
      // The server is gone: the request below reports it.
    }
  }, 50);
  const begin = performance.now();
  const listed = call('GET', '/api/processesDetails?skipValidateAndResolve=true').then((bytes) => ({ bytes, milliseconds: performance.now() - begin }));
  const during = await healthWhile(call, listed).catch(() => []);
  clearInterval(sampler);
  try {
    const { bytes, milliseconds } = await listed;
    const result = { milliseconds, bytes, memoryBefore, memoryPeak: peak, health: summary(during) };
    console.log(`list with graphs: ${milliseconds.toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB); server memory ${memoryBefore.toFixed(0)} -> ${peak.toFixed(0)} MB; health meanwhile ${JSON.stringify(result.health)}`);
    return result;
  } catch (error) {
    console.log(`list with graphs failed: ${error}; server memory ${memoryBefore.toFixed(0)} -> ${peak.toFixed(0)} MB at least`);
    return { failed: String(error?.cause?.message ?? error?.message ?? error), memoryBefore, memoryPeak: peak };
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-huge-'));
  const env = { SCENARIA_DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    // The server creates and migrates the database; the rows are written while it is stopped (one process per data directory).
    const first = await startServer(env);
    await first.call('GET', '/api/processes');
    await first.stop();
    const { PGlite } = await import(require.resolve('@electric-sql/pglite', { paths: [dist] }));
    const database = new PGlite(join(dataDir, 'pglite'));
    await database.exec(seedSql);
    await database.close();
    const server = await startServer(env);
    try {
      return await measure('PGlite', server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url) {
  const { default: postgres } = await import(require.resolve('postgres', { paths: [dist] }));
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `scenaria_huge_${Date.now()}_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'scenaria-huge-'));
  try {
    const server = await startServer({ SCENARIA_DATA_DIR: dataDir, DATABASE_URL: target.toString() });
    try {
      await server.call('GET', '/api/processes');
      const seeding = postgres(target.toString(), { max: 1, onnotice: () => {} });
      await seeding.unsafe(seedSql);
      await seeding.end();
      return await measure('PostgreSQL', server);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await onPglite()];
if (process.env.DATABASE_URL) results.push(await onPostgres(process.env.DATABASE_URL));
writeFileSync(join(dist, 'huge-table-results.json'), JSON.stringify(results, null, 1));
const before = process.env.BENCH_BEFORE ? JSON.parse(readFileSync(process.env.BENCH_BEFORE, 'utf8')) : undefined;

const ms = (value) => value.toFixed(0);
const rows = results.flatMap(({ database, idle, rounds }) => {
  const earlier = before?.find((result) => result.database === database);
  const row = (label, health, list, then) =>
    `| ${database} | ${label} | ${list ?? ''} | ${health.count} | ${health.p50.toFixed(1)} | ${health.p99.toFixed(1)} | ${ms(health.max)} | ${then ?? ''} |`;
  return [
    row('idle (baseline)', idle, undefined, earlier && `max ${ms(earlier.idle.max)}`),
    ...rounds.map((round, index) => {
      const then = earlier?.rounds[index];
      return row(`round ${index + 1}: list after a creation`, round.health, ms(round.milliseconds), then && `list ${ms(then.milliseconds)}, max ${ms(then.health.max)}`);
    }),
  ];
});
const graphRows = results.map(({ database, graphs }) => {
  const earlier = before?.find((result) => result.database === database)?.graphs;
  const describe = (graphs) =>
    graphs.failed
      ? `failed (${graphs.failed}); memory ${ms(graphs.memoryBefore)} -> ${ms(graphs.memoryPeak)} MB`
      : `${ms(graphs.milliseconds)} ms, ${(graphs.bytes / 1e6).toFixed(0)} MB; memory ${ms(graphs.memoryBefore)} -> ${ms(graphs.memoryPeak)} MB; health max ${ms(graphs.health.max)} ms`;
  return `| ${database} | ${describe(graphs)} | ${earlier ? describe(earlier) : ''} |`;
});
const lines = [
  measuredLine(),
  `\`node bench/huge-table.mjs\` in apps/api (part of its \`pnpm bench\`): ${SCENARIOS.toLocaleString('en')} scenarios written straight into the`,
  "database (each with a seeded example's version), then three times: a scenario created, which makes the next list",
  `read every scenario again, and the list of all asked while the health check is asked every ${HEALTH_EVERY_MS} ms, one at a time.`,
  'Milliseconds; "list" includes sending its answer and the client reading it.',
  ...(before ? ['"Before" is an earlier build run by the same script just before, on the same machine.'] : []),
  '',
  '| database | health check | list ms | health checks | p50 ms | p99 ms | max ms | before |',
  '|---|---|---:|---:|---:|---:|---:|---|',
  ...rows,
  '',
  'Then once `GET /api/processesDetails?skipValidateAndResolve=true` (every scenario with its graph), with the server\'s',
  'resident memory (all its threads) before it and at its highest meanwhile, sampled every 50 ms:',
  '',
  '| database | list with graphs | before |',
  '|---|---|---|',
  ...graphRows,
];
// Another build's figures are for comparing: the recorded ones stay those of this checkout's build.
if (process.env.BENCH_DIST) console.log(`BENCH_DIST is set: BENCHMARKS.md is left as it is\n${lines.join('\n')}`);
else console.log(writeSection('api-huge', 'A list over 100,000 scenarios (apps/api)', lines));
