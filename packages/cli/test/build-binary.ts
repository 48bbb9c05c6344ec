import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package directory of @scenaria/cli. */
export const CLI_PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The built binary, as `npm i -g @scenaria/cli` would install it. */
export const CLI_BINARY = resolve(CLI_PACKAGE, 'dist/bin.js');

/**
 * Builds the binary from the current sources with the package's own tsup config, so the tests never run a
 * stale dist. Used as a vitest global setup here and called by apps/api's CLI test.
 */
export function buildCliBinary(): void {
  const tsup = resolve(dirname(createRequire(resolve(CLI_PACKAGE, 'package.json')).resolve('tsup/package.json')), 'dist/cli-default.js');
  execFileSync(process.execPath, [tsup, '--silent'], { cwd: CLI_PACKAGE, env: { ...process.env, SCENARIA_CLI_SKIP_DTS: '1' }, stdio: 'pipe' });
}

export default function setup(): void {
  buildCliBinary();
}
