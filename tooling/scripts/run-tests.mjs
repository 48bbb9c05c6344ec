#!/usr/bin/env node
// Runs every package's tests through turbo (one package at a time: the machines have two cores and the
// database and browser suites are heavy), then prints the run's closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const reportDir = process.env.SCENARIA_TEST_REPORT_DIR ?? resolve('.test-results');
rmSync(reportDir, { recursive: true, force: true });
const env = { ...process.env, SCENARIA_TEST_REPORT_DIR: reportDir, TURBO_TELEMETRY_DISABLED: '1' };
const extra = process.argv.slice(2);
const turbo = spawnSync('turbo', ['run', 'test', '--concurrency=1', '--continue', ...extra], { stdio: 'inherit', env, shell: false });
const summary = spawnSync(process.execPath, [resolve('tooling/scripts/summarize-tests.mjs')], { stdio: 'inherit', env });
process.exit(turbo.status !== 0 ? (turbo.status ?? 1) : (summary.status ?? 1));
