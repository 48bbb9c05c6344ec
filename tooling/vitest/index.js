import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { defineProject } from 'vitest/config';

/**
 * The shared vitest project preset. When SCENARIA_TEST_REPORT_DIR is set (as in CI), every package also
 * writes a JSON report there, so one script can print the whole run's "N passed, N failed" line.
 * @param {{ name?: string, testTimeout?: number, environment?: string, include?: string[], setupFiles?: string[] }} [options]
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
    },
  });
}
