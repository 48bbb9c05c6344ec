#!/usr/bin/env node
import { runCli } from './main';

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});
// exitCode rather than exit(): pending writes to a piped stdout are flushed first.
process.exitCode = code;
