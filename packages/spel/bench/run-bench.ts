// Benchmark of the expression engine: compiled expressions vs the same logic hand-written in JavaScript vs
// spel2js vs Spring's own SpEL on the JVM (where one is installed: `jvm.ts`), plus parse+type time. Run with
// `pnpm bench`; it rewrites the spel section of BENCHMARKS.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { resolve } from 'node:path';
import spel2js from 'spel2js';
import { javaToString, toPlainJson } from '@scenaria/typing/runtime';
import { compileExpression, typeExpression } from '../src/index';
import { cases, corpusCases, disagreement } from './cases';
import { startJvm, type JvmMeasurement, type JvmRound } from './jvm';

/** How many distinct records each runner cycles through (a power of two). */
const RECORDS = 64;

/**
 * A measuring loop of its own for one runner, written with `new Function` as benchmark.js does: every runner
 * gets a call site that sees only it, so V8 can inline it, and no runner pays for the others' polymorphism.
 * The loop cycles through distinct copies of the record so that nothing can be hoisted out of it.
 */
function measuringLoop(run: (record: Record<string, unknown>) => unknown, record: Record<string, unknown>): (iterations: number) => unknown {
  const records = Array.from({ length: RECORDS }, () => ({ ...record }));
  const make = new Function(
    'run',
    'records',
    `return function measure(iterations) {
      let sink;
      for (let i = 0; i < iterations; i++) sink = run(records[i & ${RECORDS - 1}]);
      return sink;
    };`,
  ) as (run: unknown, records: unknown) => (iterations: number) => unknown;
  return make(run, records);
}

/**
 * Operations per second of each runner, measured in interleaved rounds (ours, JS, spel2js, ours, ...) so that
 * load changes on a shared machine hit all of them alike; the median of seven rounds of about 100 ms each.
 * `beforeRound` runs before each round (Spring's round of the same case, on the JVM).
 */
async function opsPerSecond(loops: Array<(iterations: number) => unknown>, beforeRound?: () => Promise<void>): Promise<number[]> {
  const roundMillis = 100;
  let sink: unknown;
  // Warm up and size each runner's round: iterations that take about roundMillis.
  const sizes = loops.map((loop) => {
    let iterations = 1000;
    for (;;) {
      const start = performance.now();
      sink = loop(iterations);
      const elapsed = performance.now() - start;
      if (elapsed > 20) return Math.max(1000, Math.round((iterations * roundMillis) / elapsed));
      iterations *= 4;
    }
  });
  const results: number[][] = loops.map(() => []);
  for (let round = 0; round < 7; round++) {
    if (beforeRound) await beforeRound();
    loops.forEach((loop, index) => {
      const iterations = sizes[index]!;
      const start = performance.now();
      sink = loop(iterations);
      results[index]!.push((iterations / (performance.now() - start)) * 1000);
    });
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return results.map((values) => median(values));
}

function microsecondsPer(run: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(200, iterations); i++) run();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) run();
  return ((performance.now() - start) * 1000) / iterations;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const format = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0));

interface Row {
  name: string;
  expression: string;
  ours: number;
  js: number;
  spel2js: number | undefined;
  /** Spring's SpEL on the JVM, interpreted and compiled (undefined where Spring does not compile it). */
  spring: { interpreted: number; compiled: number | undefined } | undefined;
  parseTypeMicros: number;
}

// Warm every path up first so the first case does not pay for JIT compilation of the parser and typer.
for (let round = 0; round < 300; round++) {
  for (const benchCase of [...cases, ...corpusCases]) {
    const compiled = compileExpression(benchCase.expression, { variables: benchCase.variables });
    if (compiled.ok) compiled.evaluate(benchCase.values);
  }
}

/** A runner for a spel2js expression, made per case (see `measuringLoop`). */
function spel2jsRunner(compiled: unknown, context: unknown): (locals: Record<string, unknown>) => unknown {
  const make = new Function('compiled', 'context', 'return function run(locals) { return compiled.eval(context, locals); };');
  return make(compiled, context) as (locals: Record<string, unknown>) => unknown;
}

// `BENCH_FILTER=Regex pnpm bench` measures only the cases whose name matches, without rewriting BENCHMARKS.md.
const filter = process.env.BENCH_FILTER ? new RegExp(process.env.BENCH_FILTER) : undefined;

const selected = [...cases, ...corpusCases].filter((c) => filter === undefined || filter.test(c.name));

// A JVM with every case, warmed up; its rounds of each case alternate with ours (it waits while ours run, so the two
// never share the cores, and each pair is timed seconds apart). `BENCH_JVM=off` leaves it out.
console.log(`Spring SpEL: starting a JVM with ${selected.length} cases ...`);
const jvm = process.env.BENCH_JVM === 'off' ? { unavailable: 'left out (BENCH_JVM=off)' } : await startJvm(selected, import.meta.dirname ?? '.');
if ('unavailable' in jvm) console.log(`Spring SpEL not measured: ${jvm.unavailable}`);
else console.log(`Spring SpEL ${jvm.springVersion} on Java ${jvm.javaVersion}: its rounds alternate with ours`);

/** Spring's rates for a case whose result Java prints as ours does; else why not. */
function springRates(measurement: JvmMeasurement | undefined, ours: unknown): { rates?: Row['spring']; note?: string } {
  if (measurement === undefined) return {};
  if ('failure' in measurement) return { note: `Spring fails: ${measurement.failure}` };
  const expected = javaToString(ours);
  if (measurement.result !== expected) return { note: `Spring gives ${measurement.result}, ours ${expected}` };
  return { rates: { interpreted: measurement.interpreted, compiled: measurement.compiled } };
}

/** Spring's rounds of a case, taken between ours (`opsPerSecond`'s `beforeRound`), as one measurement. */
async function springBeside(index: number): Promise<{ beforeRound?: () => Promise<void>; measurement: () => JvmMeasurement | undefined }> {
  if (!('prepare' in jvm)) return { measurement: () => undefined };
  const prepared = await jvm.prepare(index);
  if ('failure' in prepared) return { measurement: () => prepared };
  const rounds: JvmRound[] = [];
  return {
    beforeRound: async () => void rounds.push(await jvm.round(index)),
    measurement: () => {
      const compiled = rounds.map((round) => round.compiled).filter((rate): rate is number => rate !== undefined);
      return { interpreted: median(rounds.map((round) => round.interpreted)), compiled: compiled.length > 0 ? median(compiled) : undefined, result: prepared.result };
    },
  };
}

const rows: Row[] = [];
for (const [index, benchCase] of selected.entries()) {
  const compiled = compileExpression(benchCase.expression, { variables: benchCase.variables });
  if (!compiled.ok) throw new Error(`${benchCase.name}: ${JSON.stringify(compiled.errors)}`);
  const values = benchCase.values;
  const expected = benchCase.handWritten(values);
  // The three runners must compute the same thing, or the comparison means nothing.
  const problem = disagreement(benchCase, compiled.evaluate);
  if (problem !== undefined) throw new Error(problem);
  const spring = await springBeside(index);
  const loops = [measuringLoop(compiled.evaluate, values), measuringLoop(benchCase.handWritten, values)];
  let spelNote: string | undefined;
  if (benchCase.spel2js) {
    try {
      const spelCompiled = spel2js.SpelExpressionEvaluator.compile(benchCase.spel2js.expression);
      const context = spel2js.StandardContext.create({}, {});
      const locals = benchCase.spel2js.locals;
      const result = spelCompiled.eval(context, locals);
      if (JSON.stringify(result) === JSON.stringify(toPlainJson(expected))) loops.push(measuringLoop(spel2jsRunner(spelCompiled, context), locals));
      else spelNote = `spel2js gives ${JSON.stringify(result)}`;
    } catch (error) {
      spelNote = `spel2js fails: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const [ours, js, spel] = (await opsPerSecond(loops, spring.beforeRound)) as [number, number, number | undefined];
  const parseTypeMicros = microsecondsPer(() => typeExpression(benchCase.expression, { variables: benchCase.variables }), 2000);
  const springRow = springRates(spring.measurement(), compiled.evaluate(values));
  rows.push({ name: benchCase.name, expression: benchCase.expression, ours, js, spel2js: spel, spring: springRow.rates, parseTypeMicros });
  const springText = springRow.rates
    ? `, Spring ${format(springRow.rates.interpreted)}/s interpreted, ${springRow.rates.compiled ? `${format(springRow.rates.compiled)}/s compiled` : 'not compiled'}`
    : springRow.note
      ? ` (${springRow.note})`
      : '';
  console.log(
    `${benchCase.name}: ours ${format(ours)}/s, js ${format(js)}/s, spel2js ${spel ? format(spel) : 'n/a'}/s${spelNote ? ` (${spelNote})` : ''}${springText}, ` +
      `parse+type ${parseTypeMicros.toFixed(1)} µs`,
  );
}

if ('close' in jvm) await jvm.close();

const jsRatios = rows.map((row) => row.js / row.ours);
const shared = rows.filter((row) => row.spel2js !== undefined);
const spelRatios = shared.map((row) => row.ours / row.spel2js!);
// What even hand-written JS reaches over spel2js: no evaluator of these runtime values can go beyond it.
const ceilingRatios = shared.map((row) => row.js / row.spel2js!);
const corpusShared = shared.filter((row) => row.name.startsWith('corpus:'));
const parseTimes = rows.map((row) => row.parseTypeMicros);
const cpu = cpus();
const tableRow = (r: Row) =>
  `| \`${r.expression.replace(/\|/g, '\\|')}\` | ${format(r.ours)} | ${format(r.js)} | ${(r.js / r.ours).toFixed(2)}x | ` +
  `${r.spel2js ? format(r.spel2js) : 'n/a'} | ${r.spel2js ? `${(r.ours / r.spel2js).toFixed(1)}x` : 'n/a'} | ` +
  `${r.spel2js ? `${(r.js / r.spel2js).toFixed(1)}x` : 'n/a'} | ` +
  `${r.spring ? format(r.spring.interpreted) : 'n/a'} | ${r.spring ? `${(r.ours / r.spring.interpreted).toFixed(1)}x` : 'n/a'} | ` +
  `${r.spring?.compiled ? format(r.spring.compiled) : 'n/a'} | ${r.spring?.compiled ? `${(r.ours / r.spring.compiled).toFixed(2)}x` : 'n/a'} | ` +
  `${r.parseTypeMicros.toFixed(1)} |`;
const header = [
  '| expression | ours (evals/s) | hand-written JS | JS ÷ ours | spel2js | ours ÷ spel2js | JS ÷ spel2js (ceiling) | Spring interpreted | ours ÷ Spring interpreted | Spring compiled | ours ÷ Spring compiled | parse+type (µs) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const springRows = rows.filter((row) => row.spring !== undefined);
const springCompiledRows = springRows.filter((row) => row.spring!.compiled !== undefined);
const interpretedRatios = springRows.map((row) => row.ours / row.spring!.interpreted);
const compiledRatios = springCompiledRows.map((row) => row.ours / row.spring!.compiled!);
const slowerThanInterpreted = springRows.filter((row) => row.ours < row.spring!.interpreted);
const springSummary =
  'unavailable' in jvm
    ? `Spring SpEL not measured: ${jvm.unavailable}.`
    : `Beside Spring SpEL ${jvm.springVersion} on Java ${jvm.javaVersion} (${springRows.length} of ${rows.length} expressions; the others ` +
      "Spring cannot run or answers differently): ours is **" +
      `${median(interpretedRatios).toFixed(1)}x** Spring's interpreted rate on the median (min ${Math.min(...interpretedRatios).toFixed(1)}x), ` +
      `${slowerThanInterpreted.length === 0 ? '**slower than it on none**' : `**slower than it on ${slowerThanInterpreted.map((row) => `\`${row.expression.replace(/\|/g, '\\|')}\``).join(', ')}**`}; ` +
      `and ${median(compiledRatios).toFixed(2)}x its compiled rate on the median of the ${compiledRatios.length} it compiles ` +
      `(min ${Math.min(...compiledRatios).toFixed(2)}x, max ${Math.max(...compiledRatios).toFixed(2)}x).`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu[0]?.model ?? 'unknown CPU'} (${cpu.length} cores), ` +
    `Node ${process.version}, ${platform()} ${release()}, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} ` +
    '(the machine is shared, so absolute figures are noisy; each ratio compares figures taken back to back). ' +
    'Evaluations per second of one compiled expression, cycling through 64 copies of its record, each runner in a ' +
    'measuring loop of its own (median of 7 interleaved rounds of about 100 ms); "JS" is the same logic hand-written ' +
    'over the same runtime values; spel2js 0.2.9 runs on plain JS objects, n/a where it lacks the construct or gives ' +
    'another result (lists hold 1..100: spel2js mis-evaluates `#this` on a 0 element). All three results are checked ' +
    'equal before measuring. "JS ÷ spel2js" is the most any evaluator of these runtime values could reach over spel2js. ' +
    "Spring is Spring's own SpEL on the JVM (jvm/SpringSpelBench.java; one JVM, every case warmed up, its rounds " +
    'alternating with ours, each side waiting while the other runs), interpreted and compiled to ' +
    'bytecode (n/a where Spring does not compile the expression), timed the same way on the same values as Java objects ' +
    "(records as maps read by field, a method without arguments read as a property as the dialect allows, #COLLECTION and " +
    '#NUMERIC as small Java classes), each with one evaluation context per record copy made before timing (its best ' +
    'case); its result must print as ours does, or the row shows n/a. Parse+type is `typeExpression` per call.',
  '',
  'One construct per row:',
  '',
  ...header,
  ...rows.filter((r) => !r.name.startsWith('corpus:')).map(tableRow),
  '',
  'Expressions as the corpus scenarios write them (every computing expression found at least twice, one per shape):',
  '',
  ...header,
  ...rows.filter((r) => r.name.startsWith('corpus:')).map(tableRow),
  '',
  `Summary: hand-written JS is **${median(jsRatios).toFixed(2)}x** faster than ours on the median of ${rows.length} ` +
    `expressions (target ≤ 3x); ours is **${median(spelRatios).toFixed(1)}x** faster than spel2js on the median of ` +
    `${spelRatios.length} shared expressions (min ${Math.min(...spelRatios).toFixed(1)}x, max ${Math.max(...spelRatios).toFixed(1)}x; ` +
    `${median(corpusShared.map((r) => r.ours / r.spel2js!)).toFixed(1)}x on the ${corpusShared.length} corpus ones; target ≥ 10x), ` +
    `where hand-written JS itself is ${median(ceilingRatios).toFixed(1)}x faster than spel2js on the median; ` +
    `parse+type median **${median(parseTimes).toFixed(1)} µs** (max ${Math.max(...parseTimes).toFixed(1)} µs; target < 50 µs).`,
  '',
  springSummary,
];

if (filter !== undefined) {
  console.log('\nFiltered run: BENCHMARKS.md left as it is.');
  process.exit(0);
}

// The recorded section is the comparison with Spring that the engine is held to: a machine without a JVM or the
// Spring jars (a fresh one, until they are installed) would replace it with a table whose Spring columns are empty.
if ('unavailable' in jvm && process.env.BENCH_WRITE_WITHOUT_SPRING !== '1') {
  console.log('\nSpring was not measured: BENCHMARKS.md left as it is (BENCH_WRITE_WITHOUT_SPRING=1 writes it anyway).');
  process.exit(0);
}

const file = resolve(import.meta.dirname ?? '.', '../../../BENCHMARKS.md');
const section = `<!-- spel:start -->\n${lines.join('\n')}\n<!-- spel:end -->`;
const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
const updated = /<!-- spel:start -->[\s\S]*<!-- spel:end -->/.test(existing)
  ? existing.replace(/<!-- spel:start -->[\s\S]*<!-- spel:end -->/, section)
  : `${existing.trimEnd()}\n\n## Expression engine (@scenaria/spel)\n${section}\n`;
writeFileSync(file, updated);
console.log(`\n${lines.at(-3)}\n${lines.at(-1)}\nWrote ${file}`);
