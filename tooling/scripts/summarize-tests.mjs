#!/usr/bin/env node
// Adds up the JSON reports every package's vitest wrote (see tooling/vitest) and prints one closing line,
// so a reader of the CI log sees the whole run's count in one place.
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
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const p = report.numPassedTests ?? 0;
  const f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`  ${file.replace(/\.json$/, '').padEnd(28)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
