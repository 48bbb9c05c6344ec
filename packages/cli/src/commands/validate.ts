import { parseArgs } from 'node:util';
import { validateScenarioGraph } from '@scenaria/api-contract';
import { hasErrors, validateScenario } from '@scenaria/validation';
import type { ValidationResult } from '@scenaria/validation';
import { DESIGNER_HELP, designerClient, designerOptions, expectOk } from '../designer';
import type { CliIo } from '../io';
import { EXIT, UsageError } from '../io';
import { builtInModel, readFragments, readScenario } from '../scenarios';

export const VALIDATE_HELP = `Usage: scenaria validate <files...> [options]

Validates scenario files (exported JSON, or graphs) against the built-in default model, or against a designer's
model with --designer (the scenario must exist there: it is validated with its processing type).

Options:
  --fragment FILE     a fragment the scenarios use (repeatable; built-in model only)
  --json              print the validation results as JSON
${DESIGNER_HELP}
  -h, --help          show this help

Exit codes: 0 every file is valid, 1 some file has errors, 2 usage or input error.`;

function errorLines(result: ValidationResult): string[] {
  const lines: string[] = [];
  for (const error of result.errors.processPropertiesErrors) lines.push(`properties${error.fieldName ? `.${error.fieldName}` : ''}: ${error.message}`);
  for (const { error, nodeIds } of result.errors.globalErrors) lines.push(`${nodeIds.length > 0 ? `${nodeIds.join(', ')}: ` : ''}${error.message}`);
  for (const [nodeId, errors] of Object.entries(result.errors.invalidNodes)) {
    for (const error of errors) lines.push(`node ${nodeId}${error.fieldName ? ` (${error.fieldName})` : ''}: ${error.message}`);
  }
  return lines;
}

/** `scenaria validate`. */
export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...designerOptions, fragment: { type: 'string', multiple: true }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(`${VALIDATE_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('No scenario files given');
  const designer = values.designer !== undefined || io.env.SCENARIA_DESIGNER !== undefined ? designerClient(io, values) : undefined;
  const fragments = await readFragments(io, values.fragment);
  const fragmentGraphs = Object.fromEntries([...fragments].map(([name, fragment]) => [name, fragment.graph]));
  const results: Record<string, ValidationResult> = {};
  let invalid = 0;
  for (const path of positionals) {
    const scenario = await readScenario(io, path);
    const result = designer
      ? await expectOk(
          `validating ${scenario.name} on ${designer.url}`,
          designer.client.call(validateScenarioGraph, { params: { scenarioName: scenario.name }, json: { processName: scenario.name, scenarioGraph: scenario.graph } }),
        )
      : validateScenario(scenario.graph, builtInModel(scenario), { scenarioName: scenario.name, fragments: fragmentGraphs, skipNodeResults: true });
    results[path] = result;
    const lines = errorLines(result);
    if (hasErrors(result)) invalid++;
    if (!values.json) {
      io.stdout(hasErrors(result) ? `${path}: ${lines.length} error(s)\n${lines.map((line) => `  ${line}\n`).join('')}` : `${path}: valid\n`);
    }
  }
  if (values.json) io.stdout(`${JSON.stringify(results, null, 2)}\n`);
  return invalid > 0 ? EXIT.failures : EXIT.ok;
}
