import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { defineProject } from 'vitest/config';

/**
 * The shared vitest project preset. When SCENARIA_TEST_REPORT_DIR is set (as in CI), every package also
 * writes a JSON report there, so one script can print the whole run's "N passed, N failed" line.
 *
 * A suite that mostly waits (on databases, servers, child processes and timers) says so with `waits: true`: it
 * runs two test files at once even on two cores, where vitest's default (one fewer than the cores) runs one at a
 * time and leaves the other core idle while a file waits. On this project's two-core machines that took the api
 * suite from 768 to 563 s and dm-embedded's from 371 to 252 s; suites that compute stay at the default.
 *
 * Test files share their worker's modules (vitest's `isolate: false`): loading the app's module graph again for
 * every file was a quarter of the api suite (146 of its 580 s, summed over files), and code V8 had optimised in one
 * file was thrown away before the next. The api suite went from 580 to 391 s, dm-embedded's from 261 to 185 s and
 * the designer's browser tests from 269 to 186 s here. Tests therefore leave no module state behind them (timers
 * restored, servers closed); a suite that cannot says `isolate: true`.
 * @param {{ name?: string, testTimeout?: number, environment?: string, include?: string[], setupFiles?: string[], waits?: boolean, isolate?: boolean }} [options]
 */
export function scenariaProject(options = {}) {
  const name = options.name ?? basename(process.cwd());
  const reportDir = process.env.SCENARIA_TEST_REPORT_DIR;
  /** @type {any[]} */
  const reporters = ['default'];
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    reporters.push(['json', { outputFile: resolve(reportDir, `${name.replace(/[^a-z0-9-]/gi, '_')}.json`) }]);
  }
  return defineProject({
    test: {
      name,
      include: options.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: options.environment ?? 'node',
      testTimeout: options.testTimeout ?? 20_000,
      hookTimeout: options.testTimeout ?? 60_000,
      setupFiles: options.setupFiles ?? [],
      reporters,
      isolate: options.isolate ?? false,
      ...(options.waits ? { maxWorkers: Math.max(2, availableParallelism() - 1) } : {}),
    },
  });
}
