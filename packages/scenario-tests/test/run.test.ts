import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MAX_RECORDS_PER_TEST, differences, formatReport, parseScenarioFile, parseTestSuite, runTestSuite, toJUnitXml } from '../src/index';
import type { TestSuite } from '../src/index';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

function scenario() {
  const parsed = parseScenarioFile(fixture('payments.json'), 'payments');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

function suite(text = fixture('payments.test.yaml')): TestSuite {
  const parsed = parseTestSuite(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

describe('runTestSuite', () => {
  test('a passing suite: mocked enricher, sink outputs, variables, coverage of the branches taken', async () => {
    const report = await runTestSuite(suite(), scenario());
    expect(report.tests.map((t) => [t.name, t.status, t.messages])).toEqual([
      ['a large EUR payment is logged with its fee', 'passed', []],
      ['a small payment is logged and audited', 'passed', []],
    ]);
    // Every node but the "other" sink; the choice's default branch is the only branch not taken.
    expect(report.coverage.nodes).toEqual({ total: 10, covered: 9, uncovered: ['other'] });
    expect(report.coverage.edges.covered).toBe(8);
    expect(report.coverage.edges.total).toBe(9);
    expect(report.coverage.branches).toEqual({ total: 6, covered: 5, uncovered: [{ from: 'by currency', to: 'other', branch: 'default' }] });
    expect(formatReport(report)).toContain('branches: 5/6 (83.3%)');
  });

  test('a failing test lists readable differences; an unmocked failing service fails the test', async () => {
    const failing = suite(`
scenario: payments.json
tests:
  - name: wrong fee
    inputs: { payments: [{ amount: 80, currency: EUR }] }
    mocks: { services: { http: { statusCode: 200, headers: {}, body: { rate: 2.5 } } } }
    expect:
      sinks: { eur: [{ amount: 80, fee: 1.2 }] }
      variables: { by currency: [{ fee: 1.2 }], small: [{}] }
  - name: the rates service is not mocked
    inputs: { payments: [{ amount: 80, currency: PLN }] }
    expect: { sinks: { other: [PLN] } }
`);
    const report = await runTestSuite(failing, scenario());
    expect(report.failed).toBe(2);
    expect(report.tests[0]?.messages).toEqual([
      'sinks.eur[0].fee: expected 1.2, got 2',
      'variables.by currency[0].fee: expected 1.2, got 2',
      'variables.small: expected 1 record(s) to reach the node, got 0',
    ]);
    expect(report.tests[1]?.messages[0]).toMatch(/^sinks\.other\[0\]: expected "PLN", got nothing/);
    expect(report.tests[1]?.messages.some((message) => message.startsWith('errors: a record failed in rates'))).toBe(true);
  });

  test('tests naming nodes the scenario lacks are errors, not failures', async () => {
    const report = await runTestSuite(suite(`
scenario: payments.json
tests:
  - name: unknown names
    inputs: { nowhere: [1] }
    mocks: { nodes: { fee: 1 }, services: { sql: 1 } }
    expect: { sinks: { large: [] }, variables: { ghost: [] } }
`), scenario());
    expect(report.errors).toBe(1);
    expect(report.tests[0]?.messages).toEqual([
      'inputs: the scenario has no source nowhere',
      'mocks.nodes: the scenario has no enricher or processor fee',
      'mocks.services: no node of the scenario calls the service sql',
      'expect.sinks: the scenario has no sink large',
      'expect.variables: the scenario has no node ghost',
    ]);
  });

  test('JUnit XML counts tests, failures and errors and escapes names', async () => {
    const report = await runTestSuite(suite(`
scenario: payments.json
tests:
  - name: "passes <ok> & \\"quoted\\""
    inputs: { payments: [{ amount: 5, currency: EUR }] }
    expect: { sinks: { small log: [5] } }
  - name: fails
    inputs: { payments: [{ amount: 5, currency: EUR }] }
    expect: { sinks: { small log: [6] } }
`), scenario(), { name: 'payments.test.yaml' });
    const xml = toJUnitXml([report]);
    expect(xml).toContain('<testsuites name="scenaria" tests="2" failures="1" errors="0">');
    expect(xml).toContain('<testcase name="passes &lt;ok&gt; &amp; &quot;quoted&quot;" classname="payments.test.yaml"/>');
    expect(xml).toContain('<failure message="sinks.small log[0]: expected 6, got 5">');
  });
});

describe('hostile scenarios are bounded by the engine', () => {
  test('an expression that would build a huge string fails its record with the engine limit, and the run ends', async () => {
    const graph = JSON.parse(fixture('payments.json')) as { nodes: { id: string; value?: { expression: string } }[] };
    graph.nodes.find((node) => node.id === 'fee')!.value!.expression = "'x'.repeat(2000000000)";
    const parsed = parseScenarioFile(JSON.stringify(graph), 'payments');
    if (!parsed.ok) throw new Error('fixture');
    const report = await runTestSuite(suite(), parsed.value);
    expect(report.tests[0]?.status).toBe('failed');
    expect(report.tests[0]?.messages).toContainEqual('errors: a record failed in fee: String of 2000000000 characters exceeds the limit of 10000000');
  });
});

describe('differences', () => {
  test('paths, tolerance of doubles, missing and unexpected fields, and a cap on the lines', () => {
    expect(differences({ a: 0.30000000000000004, b: [1, 2] }, { a: 0.1 * 3, b: [1], c: 'x' }, 'out')).toEqual(['out.b[1]: expected 2, got nothing', 'out.c: unexpected "x"']);
    const many = differences(Array.from({ length: 30 }, (_, i) => i), Array.from({ length: 30 }, (_, i) => i + 1), 'list');
    expect(many).toHaveLength(21);
    expect(many.at(-1)).toBe('list: more differences left out');
  });
});

describe('parseTestSuite', () => {
  test('names the field of a bad suite and refuses duplicate names', () => {
    const parsed = parseTestSuite('scenario: a.json\ntests:\n  - { name: a, inputs: {}, expect: {} }\n  - { name: a, inputs: {}, expect: { sinks: 3 } }\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['tests.1.expect.sinks']));
  });

  test('hostile suites: too many records, alias bombs, syntax errors', () => {
    const many = JSON.stringify({ scenario: 'a.json', tests: [{ name: 'a', inputs: { a: new Array(MAX_RECORDS_PER_TEST).fill(1), b: [1] }, expect: {} }] });
    const tooMany = parseTestSuite(many);
    expect(tooMany.ok ? [] : tooMany.issues.map((issue) => issue.message)).toEqual([`A test feeds at most ${MAX_RECORDS_PER_TEST} records, this one ${MAX_RECORDS_PER_TEST + 1}`]);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${new Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    const bombed = parseTestSuite(bomb);
    expect(bombed.ok ? 'parsed' : bombed.issues[0]?.code).toBe('SuiteSyntax');
    expect(parseTestSuite('tests: [').ok).toBe(false);
  });
});
