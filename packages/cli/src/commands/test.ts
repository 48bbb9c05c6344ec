import { writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport, parseTestSuite, runTestSuite, toJUnitXml } from '@scenaria/scenario-tests';
import type { SuiteReport } from '@scenaria/scenario-tests';
import type { CliIo } from '../io';
import { EXIT, UsageError, readInput } from '../io';
import { builtInModel, readFragments, readScenario } from '../scenarios';

export const TEST_HELP = `Usage: scenaria test <suite files...> [options]

Runs scenario test suites (YAML or JSON; each names its scenario file, relative to the suite) in the engine
with the built-in default model, prints each test's outcome with the differences found, and the node, edge and
branch coverage of each scenario (the nodes and branches no test reached).

Options:
  --junit FILE        also write JUnit XML for CI systems
  --fragment FILE     a fragment the scenarios use (repeatable)
  --min-coverage N    fail (exit 1) when a scenario's branch coverage is below N percent
  -h, --help          show this help

Exit codes: 0 every test passed, 1 a test failed or could not run (or coverage is too low), 2 usage or input error.`;

/** `scenaria test`. */
export async function testCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { junit: { type: 'string' }, fragment: { type: 'string', multiple: true }, 'min-coverage': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(`${TEST_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('No suite files given');
  const minCoverage = values['min-coverage'] === undefined ? undefined : Number(values['min-coverage']);
  if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 100)) throw new UsageError('--min-coverage takes a percentage from 0 to 100');
  const fragments = await readFragments(io, values.fragment);
  const fragmentProcesses = Object.fromEntries([...fragments].map(([name, fragment]) => [name, fragment.canonical]));
  // Every suite is read first, so a bad file stops the run before any report is printed.
  const loaded = [];
  for (const path of positionals) {
    const parsed = parseTestSuite(await readInput(io, path));
    if (!parsed.ok) throw new UsageError(`${path}: not a test suite: ${parsed.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ')}`);
    const scenarioPath = relative(io.cwd, resolve(io.cwd, dirname(path), parsed.value.scenario));
    loaded.push({ path, suite: parsed.value, scenario: await readScenario(io, scenarioPath) });
  }
  const reports: SuiteReport[] = [];
  let belowMinimum = false;
  for (const { path, suite, scenario } of loaded) {
    const report = await runTestSuite(suite, scenario, { name: path, modelFor: () => builtInModel(scenario), fragments: fragmentProcesses });
    reports.push(report);
    io.stdout(`${formatReport(report)}\n\n`);
    const { covered, total } = report.coverage.branches;
    if (minCoverage !== undefined && total > 0 && (covered / total) * 100 < minCoverage) {
      io.stdout(`branch coverage of ${scenario.name} is below ${minCoverage}%\n`);
      belowMinimum = true;
    }
  }
  const sum = (pick: (report: SuiteReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  io.stdout(`${reports.length} suite(s): ${sum((r) => r.passed)} passed, ${sum((r) => r.failed)} failed, ${sum((r) => r.errors)} errors\n`);
  if (values.junit) await writeFile(resolve(io.cwd, values.junit), toJUnitXml(reports));
  return sum((r) => r.failed + r.errors) > 0 || belowMinimum ? EXIT.failures : EXIT.ok;
}
