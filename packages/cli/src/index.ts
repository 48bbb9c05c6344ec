/** The command line as a function: arguments in, exit code out. */
export { runCli } from './main';
/** What the commands write to and read from; exit codes. */
export { EXIT } from './io';
export type { CliIo } from './io';
