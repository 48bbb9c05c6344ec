import type { Coverage, CoverageEdge, SuiteReport } from './report-schema';

const percent = (covered: number, total: number) => (total === 0 ? '100.0%' : `${((covered / total) * 100).toFixed(1)}%`);

function edgeText(edge: CoverageEdge): string {
  return edge.branch === undefined ? `${edge.from} -> ${edge.to}` : `${edge.from} -> ${edge.to} (${edge.branch})`;
}

/** The coverage lines of a report: the figures, then what no test reached. */
export function formatCoverage(coverage: Coverage): string[] {
  const lines = [
    `  nodes:    ${coverage.nodes.covered}/${coverage.nodes.total} (${percent(coverage.nodes.covered, coverage.nodes.total)})`,
    `  edges:    ${coverage.edges.covered}/${coverage.edges.total} (${percent(coverage.edges.covered, coverage.edges.total)})`,
    `  branches: ${coverage.branches.covered}/${coverage.branches.total} (${percent(coverage.branches.covered, coverage.branches.total)})`,
  ];
  if (coverage.nodes.uncovered.length > 0) lines.push(`  nodes no test reached: ${coverage.nodes.uncovered.join(', ')}`);
  if (coverage.branches.uncovered.length > 0) lines.push(`  branches no test took: ${coverage.branches.uncovered.map(edgeText).join(', ')}`);
  return lines;
}

/**
 * A suite's report as text for a terminal or a CI log: one line per test, the differences of failed tests
 * indented below them, the totals and the coverage.
 * @example console.log(formatReport(await runTestSuite(suite, scenario)));
 */
export function formatReport(report: SuiteReport): string {
  const lines = [`${report.name} (scenario ${report.scenarioName})`];
  for (const test of report.tests) {
    const mark = test.status === 'passed' ? 'PASS' : test.status === 'failed' ? 'FAIL' : 'ERROR';
    lines.push(`  ${mark} ${test.name}`);
    for (const message of test.messages) lines.push(`      ${message}`);
  }
  lines.push(`  ${report.passed} passed, ${report.failed} failed, ${report.errors} errors`);
  lines.push('coverage:', ...formatCoverage(report.coverage));
  return lines.join('\n');
}

// XML 1.0 admits no control characters but tab, newline and carriage return, even escaped.
function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML of suites, the format CI systems read (one `<testsuite>` per suite, a `<failure>` per failed test,
 * an `<error>` per test that could not run). Coverage figures go into each suite's `<properties>`.
 * @example await writeFile('junit.xml', toJUnitXml([report]));
 */
export function toJUnitXml(reports: readonly SuiteReport[]): string {
  const sum = (pick: (report: SuiteReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="scenaria" tests="${sum((r) => r.tests.length)}" failures="${sum((r) => r.failed)}" errors="${sum((r) => r.errors)}">`,
  ];
  for (const report of reports) {
    const name = escapeXml(report.name);
    lines.push(`  <testsuite name="${name}" tests="${report.tests.length}" failures="${report.failed}" errors="${report.errors}" skipped="0">`);
    const { nodes, edges, branches } = report.coverage;
    lines.push('    <properties>');
    lines.push(`      <property name="scenario" value="${escapeXml(report.scenarioName)}"/>`);
    lines.push(`      <property name="coverage.nodes" value="${nodes.covered}/${nodes.total}"/>`);
    lines.push(`      <property name="coverage.edges" value="${edges.covered}/${edges.total}"/>`);
    lines.push(`      <property name="coverage.branches" value="${branches.covered}/${branches.total}"/>`);
    lines.push('    </properties>');
    for (const test of report.tests) {
      const open = `    <testcase name="${escapeXml(test.name)}" classname="${name}"`;
      if (test.status === 'passed') {
        lines.push(`${open}/>`);
        continue;
      }
      const element = test.status === 'failed' ? 'failure' : 'error';
      const first = test.messages[0] ?? test.status;
      lines.push(`${open}>`);
      lines.push(`      <${element} message="${escapeXml(first)}">${escapeXml(test.messages.join('\n'))}</${element}>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
