#!/usr/bin/env node
// Adds up the JSON reports every package's vitest wrote (see tooling/vitest) and prints one closing line,
// so a reader of the CI log sees the whole run's count in one place, and each failed test with the first lines of
// its error right above it: a CI log is often read from its end only, where the failure itself is long gone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.SCENARIA_TEST_REPORT_DIR;
if (!dir || !existsSync(dir)) {
  console.log('no test reports collected (set SCENARIA_TEST_REPORT_DIR to collect them)');
  process.exit(0);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const p = report.numPassedTests ?? 0;
  const f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`  ${file.replace(/\.json$/, '').padEnd(28)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that failed as a whole (it did not load, a hook threw) has no failed test to name.
    if (failedTests.length === 0 && suite.status === 'failed') failures.push({ file: suite.name, test: '(the file itself)', message: suite.message ?? '' });
    for (const test of failedTests) failures.push({ file: suite.name, test: test.fullName, message: (test.failureMessages ?? []).join('\n') });
  }
  passed += p;
  failed += f;
  skipped += s;
}
// Without colours and the test runner's own frames; a few lines say what failed where.
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
const MESSAGE_LINES = 8;
for (const { file, test, message } of failures.slice(0, 20)) {
  console.log(`FAILED ${file.replace(`${process.cwd()}/`, '')} > ${test}`);
  const lines = plain(message).split('\n').filter((line) => !/node_modules|node:internal|<anonymous>/.test(line));
  for (const line of lines.slice(0, MESSAGE_LINES)) console.log(`    ${line}`);
}
if (failures.length > 20) console.log(`... and ${failures.length - 20} more failed tests`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
