// Measures validateScenario on generated scenarios of 100, 1,000 and 5,000 nodes and rewrites the
// validation section of BENCHMARKS.md. Run with `pnpm bench`; never part of the test suite.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModel } from '@scenaria/components';
import { it } from 'vitest';
import { hasErrors, validateScenario } from '../src/index';
import { generateScenario } from './generate';

const benchmarksFile = join(dirname(fileURLToPath(import.meta.url)), '../../../BENCHMARKS.md');
const START = '<!-- validation:start -->';
const END = '<!-- validation:end -->';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

it('benchmarks scenario validation', () => {
  const model = defaultModel('streaming');
  const sizes = [100, 1000, 5000];
  const runs: Record<number, number> = { 100: 50, 1000: 15, 5000: 5 };
  // Warm-up: let the JIT settle and fill per-model caches, so the first size is not penalised.
  for (let i = 0; i < 20; i++) validateScenario(generateScenario(100), model);
  const rows: { nodes: number; msPerScenario: number; usPerNode: number }[] = [];
  for (const size of sizes) {
    const graph = generateScenario(size);
    const first = validateScenario(graph, model);
    if (hasErrors(first)) throw new Error(`generated scenario of ${size} nodes is not valid: ${JSON.stringify(first.errors).slice(0, 500)}`);
    const times: number[] = [];
    for (let i = 0; i < (runs[size] ?? 5); i++) {
      const start = performance.now();
      validateScenario(graph, model);
      times.push(performance.now() - start);
    }
    const ms = median(times);
    rows.push({ nodes: graph.nodes.length, msPerScenario: ms, usPerNode: (ms * 1000) / graph.nodes.length });
  }
  const [small, medium, large] = rows;
  if (small === undefined || medium === undefined || large === undefined) throw new Error('three sizes expected');
  const growth = large.usPerNode / medium.usPerNode;
  // Linear means the time per node does not grow with the size; a fixed cost per scenario (properties,
  // #meta, the first expressions) makes the smallest scenario the most expensive per node.
  const verdict = `${growth < 1.5 ? 'linear' : 'NOT linear'}: the time per node at ${large.nodes} nodes is ${growth.toFixed(2)}× that at ${medium.nodes} nodes and ${(large.usPerNode / small.usPerNode).toFixed(2)}× that at ${small.nodes} nodes (where a fixed cost per scenario weighs more)`;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const section = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}.`,
    'Generated streaming scenarios (one event-generator source, a split, branches of filter, variable, record-variable,',
    'for-each, choice, variable and two sinks; 8 expressions per branch), validated with the default model, full',
    'expression typing and node results. Median of repeated runs after warm-up.',
    '',
    '| nodes | ms per scenario | µs per node |',
    '|---:|---:|---:|',
    ...rows.map((r) => `| ${r.nodes} | ${r.msPerScenario.toFixed(2)} | ${r.usPerNode.toFixed(1)} |`),
    '',
    `Growth: ${verdict}.`,
    END,
  ].join('\n');
  const current = existsSync(benchmarksFile) ? readFileSync(benchmarksFile, 'utf8') : '# Benchmarks\n';
  const startAt = current.indexOf(START);
  const endAt = current.indexOf(END);
  const next =
    startAt >= 0 && endAt > startAt
      ? current.slice(0, startAt) + section + current.slice(endAt + END.length)
      : `${current.trimEnd()}\n\n## Scenario validation (@scenaria/validation)\n${section}\n`;
  writeFileSync(benchmarksFile, next);
  console.log(section);
});
