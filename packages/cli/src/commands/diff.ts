import { parseArgs } from 'node:util';
import { compareScenarios, fieldDifferences } from '@scenaria/graph';
import type { ScenarioDifference } from '@scenaria/graph';
import type { CliIo } from '../io';
import { EXIT, UsageError } from '../io';
import { readScenario } from '../scenarios';

export const DIFF_HELP = `Usage: scenaria diff <a.json> <b.json> [options]

Compares two scenario files as the designer's version compare does: nodes, edges and properties that were added,
removed or changed, with the changed fields of each. Moving nodes on the canvas is not a change.

Options:
  --json              print the comparison as JSON (the designer's compare response)
  -h, --help          show this help

Exit codes: 0 no differences, 1 differences found, 2 usage or input error.`;

const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

function lines(difference: ScenarioDifference, a: string, b: string): string[] {
  const fields = (current: unknown, other: unknown) => fieldDifferences(current, other).map((field) => `    ${field.path}: ${show(field.current)} -> ${show(field.other)}`);
  switch (difference.type) {
    case 'NodeNotPresentInOther':
      return [`- node ${difference.nodeId} (only in ${a})`];
    case 'NodeNotPresentInCurrent':
      return [`+ node ${difference.nodeId} (only in ${b})`];
    case 'NodeDifferent':
      return [`~ node ${difference.nodeId}`, ...fields(difference.currentNode, difference.otherNode)];
    case 'EdgeNotPresentInOther':
      return [`- edge ${difference.fromId} -> ${difference.toId} (only in ${a})`];
    case 'EdgeNotPresentInCurrent':
      return [`+ edge ${difference.fromId} -> ${difference.toId} (only in ${b})`];
    case 'EdgeDifferent':
      return [`~ edge ${difference.fromId} -> ${difference.toId}`, ...fields(difference.currentEdge, difference.otherEdge)];
    case 'PropertiesDifferent':
      return ['~ properties', ...fields(difference.currentProperties, difference.otherProperties)];
  }
}

/** `scenaria diff`. */
export async function diffCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    io.stdout(`${DIFF_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new UsageError('diff takes two scenario files');
  const [a, b] = positionals as [string, string];
  const comparison = compareScenarios((await readScenario(io, a)).graph, (await readScenario(io, b)).graph);
  const differences = Object.values(comparison);
  if (values.json) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`);
  else if (differences.length === 0) io.stdout('no differences\n');
  else io.stdout(`${differences.flatMap((difference) => lines(difference, a, b)).join('\n')}\n${differences.length} difference(s)\n`);
  return differences.length === 0 ? EXIT.ok : EXIT.failures;
}
