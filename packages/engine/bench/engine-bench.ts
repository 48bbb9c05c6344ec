// Records per second through a 6-node scenario (source, filter, variable, record-variable, choice, sink)
// compared with the same logic written by hand, measured side by side in one run. Writes only the engine's
// section of BENCHMARKS.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { componentsById, defaultModel } from '@scenaria/components';
import type { CanonicalProcess } from '@scenaria/graph';
import { compileExpression } from '@scenaria/spel';
import { Types, recordType } from '@scenaria/typing';
import { fromPlainJson } from '@scenaria/typing/runtime';
import { compileScenario, createSpelCompilerFactory, defaultComponentRuntimes } from '../src/index';

/** The repository's BENCHMARKS.md, set by bench/run.mjs when bundling. */
declare const __BENCHMARKS_FILE__: string;

const spel = (expression: string) => ({ language: 'spel', expression });
const param = (name: string, expression: string) => ({ name, expression: spel(expression) });
const sink = (id: string, value: string) => ({
  type: 'Sink' as const,
  id,
  ref: { typ: 'kafka', parameters: [param('Topic', "'out'"), param('Schema version', "'latest'"), param('Key', ''), param('Raw editor', 'true'), param('Value validation mode', "'strict'"), param('Value', value)] },
});

const scenario: CanonicalProcess = {
  metaData: { id: 'bench', additionalFields: { metaDataType: 'StreamMetaData', properties: {} } },
  nodes: [
    { type: 'Source', id: 'source', ref: { typ: 'kafka', parameters: [param('Topic', "'transactions'"), param('Schema version', "'latest'")] } },
    { type: 'Filter', id: 'positive', expression: spel('#input.amount > 10') },
    { type: 'Variable', id: 'fee', varName: 'fee', value: spel('#input.amount * 2') },
    { type: 'VariableBuilder', id: 'summary', varName: 'summary', fields: [{ name: 'total', expression: spel('#input.amount + #fee') }, { name: 'client', expression: spel('#input.clientId') }] },
    {
      type: 'Switch',
      id: 'route',
      nexts: [{ expression: spel('#summary.total > 300'), nodes: [sink('big', '#summary')] }],
      defaultNext: [sink('small', '#summary')],
    },
  ],
  additionalBranches: [],
};

const model = defaultModel('streaming', { topics: { transactions: recordType({ amount: Types.Integer, clientId: Types.String }) } });
const compiled = compileScenario(scenario, {
  components: componentsById(model, { isFragment: false }),
  runtimes: defaultComponentRuntimes(),
  expressionCompilers: createSpelCompilerFactory({ classes: model.classes }),
});
if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
const engine = compiled.value;

const RECORDS = 50_000;
const records = Array.from({ length: RECORDS }, (_, i) => ({ amount: i % 200, clientId: `client-${i % 50}` }));

// The same logic by hand: decode into the same runtime values (records are Maps), filter, compute, route.
function handWritten(record: { amount: number; clientId: string }, outputs: { nodeId: string; value: unknown }[]) {
  const input = new Map<string, unknown>([['amount', record.amount], ['clientId', record.clientId]]);
  const amount = input.get('amount') as number;
  if (!(amount > 10)) return;
  const fee = amount * 2;
  const summary = new Map<string, unknown>([['total', amount + fee], ['client', input.get('clientId')]]);
  outputs.push({ nodeId: (summary.get('total') as number) > 300 ? 'big' : 'small', value: summary });
}

// Rounds alternate between the two so that load from other processes hits both alike; medians are compared.
// The same logic by hand but with every expression evaluated by @scenaria/spel and the record decoded as
// the engine decodes it: the floor the engine can reach with this expression evaluator.
const inputType = recordType({ amount: Types.Integer, clientId: Types.String });
const expression = (text: string, variables: Record<string, ReturnType<typeof recordType> | typeof Types.Integer>) => {
  const result = compileExpression(text, { variables });
  if (!result.ok) throw new Error(text);
  return result;
};
const isPositive = expression('#input.amount > 10', { input: inputType });
const feeOf = expression('#input.amount * 2', { input: inputType });
const totalOf = expression('#input.amount + #fee', { input: inputType, fee: Types.Integer });
const clientOf = expression('#input.clientId', { input: inputType });
const summaryType = recordType({ total: Types.Integer, client: Types.String });
const isBig = expression('#summary.total > 300', { summary: summaryType });
const valueOf = expression('#summary', { summary: summaryType });
function handWrittenWithSpel(record: { amount: number; clientId: string }, outputs: { nodeId: string; value: unknown }[]) {
  const input = fromPlainJson(record);
  if (isPositive.evaluate({ input }) !== true) return;
  const fee = feeOf.evaluate({ input });
  const summary = new Map<string, unknown>([['total', totalOf.evaluate({ input, fee })], ['client', clientOf.evaluate({ input })]]);
  outputs.push({ nodeId: isBig.evaluate({ summary }) === true ? 'big' : 'small', value: valueOf.evaluate({ summary }) });
}

function measureAll(runs: (() => number)[], rounds = 15): number[] {
  const rates: number[][] = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    runs.forEach((run, which) => {
      // CPU time of this process rather than wall time: other processes on a shared machine then slow
      // neither side down (they only add noise through caches).
      const start = process.cpuUsage();
      const produced = run();
      const used = process.cpuUsage(start);
      const seconds = (used.user + used.system) / 1e6;
      if (produced === 0) throw new Error('benchmark produced nothing');
      rates[which]?.push(RECORDS / seconds);
    });
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
  return rates.map(median);
}

const runEngine = () => {
  let produced = 0;
  for (const record of records) {
    const scope = engine.processRecord('source', record);
    if (scope instanceof Promise) throw new Error('the benchmark scenario must run synchronously');
    produced += scope.outputs.length;
  }
  return produced;
};
const runHandWithSpel = () => {
  const outputs: { nodeId: string; value: unknown }[] = [];
  for (const record of records) handWrittenWithSpel(record, outputs);
  return outputs.length;
};
const runHand = () => {
  const outputs: { nodeId: string; value: unknown }[] = [];
  for (const record of records) handWritten(record, outputs);
  return outputs.length;
};

// Same outputs from both, or the comparison means nothing.
const engineOutputs = records.flatMap((r) => (engine.processRecord('source', r) as { outputs: { nodeId: string; value: unknown }[] }).outputs.map((o) => [o.nodeId, [...(o.value as Map<string, unknown>)]]));
const handOutputs: { nodeId: string; value: unknown }[] = [];
for (const record of records) handWritten(record, handOutputs);
if (JSON.stringify(engineOutputs) !== JSON.stringify(handOutputs.map((o) => [o.nodeId, [...(o.value as Map<string, unknown>)]]))) {
  throw new Error('engine and hand-written outputs differ');
}

measureAll([runEngine, runHandWithSpel, runHand], 3); // warm-up
const [engineRate, spelFloorRate, handRate] = measureAll([runEngine, runHandWithSpel, runHand]) as [number, number, number];
const ratio = handRate / engineRate;

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const format = (n: number) => Math.round(n).toLocaleString('en-US');
const section = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu} (${cpus().length} cores), Node ${process.version}; median of 15 alternating rounds of ${format(RECORDS)} records each, timed in CPU time of the process (the machine is shared).`,
  '',
  '| 6-node scenario (source, filter, variable, record-variable, choice, sink) | records per CPU second |',
  '|---|---|',
  `| @scenaria/engine (compiled once, SpEL via @scenaria/spel) | ${format(engineRate)} |`,
  `| same logic hand-written, expressions evaluated by @scenaria/spel (the engine's floor) | ${format(spelFloorRate)} |`,
  `| same logic hand-written in JavaScript | ${format(handRate)} |`,
  `| hand-written / engine | ${ratio.toFixed(1)}x (target: within 2x) |`,
  `| hand-written with spel / engine (the engine's own overhead) | ${(spelFloorRate / engineRate).toFixed(1)}x |`,
].join('\n');

const file = __BENCHMARKS_FILE__;
const start = '<!-- engine:start -->';
const end = '<!-- engine:end -->';
const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n## Scenario engine (@scenaria/engine)\n${start}\n${end}\n`;
const from = text.indexOf(start);
const to = text.indexOf(end);
const updated =
  from >= 0 && to > from
    ? `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}`
    : `${text.trimEnd()}\n\n## Scenario engine (@scenaria/engine)\n${start}\n${section}\n${end}\n`;
writeFileSync(file, updated);
console.log(section);
