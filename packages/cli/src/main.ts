import { DIFF_HELP, diffCommand } from './commands/diff';
import { migrateCommand, MIGRATE_HELP } from './commands/migrate';
import { PULL_HELP, PUSH_HELP, pullCommand, pushCommand } from './commands/pull-push';
import { TEST_HELP, testCommand } from './commands/test';
import { VALIDATE_HELP, validateCommand } from './commands/validate';
import { DesignerError } from './designer';
import type { CliIo } from './io';
import { EXIT, UsageError } from './io';

const COMMANDS: Record<string, { run: (args: string[], io: CliIo) => Promise<number>; help: string; summary: string }> = {
  validate: { run: validateCommand, help: VALIDATE_HELP, summary: 'validate scenario files against the default model or a designer' },
  test: { run: testCommand, help: TEST_HELP, summary: 'run scenario test suites, with coverage and JUnit XML' },
  diff: { run: diffCommand, help: DIFF_HELP, summary: 'compare two scenario files as the designer compares versions' },
  pull: { run: pullCommand, help: PULL_HELP, summary: 'export a scenario from a designer to a file' },
  push: { run: pushCommand, help: PUSH_HELP, summary: 'save a scenario file on a designer with a comment' },
  migrate: { run: migrateCommand, help: MIGRATE_HELP, summary: 'copy a scenario from one designer to another' },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return `Usage: scenaria <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`)
  .join('\n')}

Run "scenaria <command> --help" (or "scenaria help <command>") for a command's options.

Exit codes: 0 ok, 1 failures (invalid scenarios, failing tests, differences, a designer's refusal), 2 usage or input error.`;
}

/**
 * Runs the scenaria command line with the given arguments (without `node` and the script) and answers its exit
 * code. Never throws: bad input is exit code 2 with a message on stderr.
 * @example process.exitCode = await runCli(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, cwd: process.cwd() });
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  const helped = name === 'help' && args[0] !== undefined ? COMMANDS[args[0]] : undefined;
  if (helped) {
    io.stdout(`${helped.help}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${mainHelp()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`scenaria: unknown command ${name}\n\n${mainHelp()}\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof DesignerError) {
      io.stderr(`scenaria ${name}: ${error.message}\n`);
      return EXIT.failures;
    }
    // parseArgs reports unknown and malformed options with codes of its own.
    const code = (error as { code?: unknown }).code;
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`scenaria ${name}: ${(error as Error).message}\n(see scenaria ${name} --help)\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
