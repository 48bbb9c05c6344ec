import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CLI_PACKAGE } from './build-binary';
import { parseSimpleXml, runScenaria } from './run-cli';

const examples = resolve(CLI_PACKAGE, 'examples');
const work = mkdtempSync(join(tmpdir(), 'scenaria-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const exampleJson = () => JSON.parse(readFileSync(join(examples, 'example-transactions.json'), 'utf8')) as { nodes: { id: string; expression?: { expression: string } }[] };
const write = (name: string, content: string) => {
  writeFileSync(join(work, name), content);
  return name;
};

describe('scenaria --help and usage errors', () => {
  test('every command has --help with its exit codes', async () => {
    const main = await runScenaria(['--help'], { cwd: work });
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/Exit codes: 0 ok, 1 failures.*2 usage or input error/);
    for (const command of ['validate', 'test', 'diff', 'pull', 'push', 'migrate']) {
      const help = await runScenaria([command, '--help'], { cwd: work });
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain(`Usage: scenaria ${command}`);
      expect(help.stdout, command).toMatch(/Exit codes: 0 .*, 1 .*, 2 usage/);
    }
  });

  test('help <command> prints the command\'s help', async () => {
    const help = await runScenaria(['help', 'diff'], { cwd: work });
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: scenaria diff <a.json> <b.json>')]);
  });

  test('no command, an unknown command or an unknown flag exit with 2', async () => {
    expect((await runScenaria([], { cwd: work })).code).toBe(2);
    const unknown = await runScenaria(['deploy'], { cwd: work });
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('unknown command deploy')]);
    const flag = await runScenaria(['validate', '--strict', 'x.json'], { cwd: work });
    expect([flag.code, flag.stderr]).toEqual([2, expect.stringContaining("Unknown option '--strict'")]);
  });
});

describe('scenaria validate', () => {
  test('a valid file exits with 0', async () => {
    const run = await runScenaria(['validate', join(examples, 'example-transactions.json')], { cwd: work });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/example-transactions\.json: valid/);
  });

  test('an invalid file exits with 1 and names the node and the problem', async () => {
    const scenario = exampleJson();
    const filter = scenario.nodes.find((node) => node.id === 'large amounts')!;
    filter.expression!.expression = '#input.amount > #limit';
    const bad = write('bad.json', JSON.stringify(scenario));
    const run = await runScenaria(['validate', join(examples, 'example-transactions.json'), bad], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('example-transactions.json: valid');
    expect(run.stdout).toMatch(/bad\.json: 1 error\(s\)\n {2}node large amounts.*limit/);
    const json = await runScenaria(['validate', '--json', bad], { cwd: work });
    expect(Object.keys(JSON.parse(json.stdout)['bad.json'].errors.invalidNodes)).toEqual(['large amounts']);
  });

  test('unreadable input exits with 2', async () => {
    const notJson = await runScenaria(['validate', write('not.json', '{"metaData": ')], { cwd: work });
    expect([notJson.code, notJson.stderr]).toEqual([2, expect.stringContaining('not.json: not a scenario')]);
    const missing = await runScenaria(['validate', 'missing.json'], { cwd: work });
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('missing.json: cannot be read (ENOENT)')]);
    const shape = await runScenaria(['validate', write('shape.json', '{"metaData": {"id": 3}, "nodes": []}')], { cwd: work });
    expect([shape.code, shape.stderr]).toEqual([2, expect.stringContaining('metaData.id')]);
  });
});

describe('scenaria test', () => {
  test('the example suite passes with full coverage and its JUnit XML counts three passing tests', async () => {
    const run = await runScenaria(['test', join(examples, 'example-transactions.test.yaml'), '--junit', 'passing.xml'], { cwd: work });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('3 passed, 0 failed, 0 errors');
    expect(run.stdout).toMatch(/nodes: +4\/4 \(100\.0%\)\n +edges: +3\/3 \(100\.0%\)\n +branches: +1\/1 \(100\.0%\)/);
    const elements = parseSimpleXml(readFileSync(join(work, 'passing.xml'), 'utf8'));
    expect(elements.find((e) => e.name === 'testsuites')?.attributes).toMatchObject({ tests: '3', failures: '0', errors: '0' });
    expect(elements.filter((e) => e.name === 'testcase')).toHaveLength(3);
  });

  test('a failing suite exits with 1, prints the differences and uncovered branches, and its JUnit XML counts them', async () => {
    const scenario = join(examples, 'example-transactions.json');
    const suite = write(
      'failing.test.yaml',
      `scenario: ${JSON.stringify(scenario)}
tests:
  - name: the fee is 2%
    inputs: { transactions: [{ amount: 100.0, currency: EUR }] }
    expect: { sinks: { log: [{ amount: 100.0, fee: 2.0 }] } }
  - name: "small & <dropped>"
    inputs: { transactions: [{ amount: 1.0, currency: EUR }] }
    expect: { sinks: { log: [] } }
  - name: a source that does not exist
    inputs: { payments: [{ amount: 1.0 }] }
    expect: {}
`,
    );
    const run = await runScenaria(['test', suite, '--junit', 'failing.xml'], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL the fee is 2%\n      sinks.log[0].fee: expected 2, got 1');
    expect(run.stdout).toContain('ERROR a source that does not exist\n      inputs: the scenario has no source payments');
    expect(run.stdout).toContain('1 passed, 1 failed, 1 errors');
    expect(run.stdout).toMatch(/nodes: +4\/4/);
    const elements = parseSimpleXml(readFileSync(join(work, 'failing.xml'), 'utf8'));
    expect(elements.find((e) => e.name === 'testsuite')?.attributes).toMatchObject({ name: 'failing.test.yaml', tests: '3', failures: '1', errors: '1' });
    expect(elements.filter((e) => e.name === 'failure').map((e) => e.attributes.message)).toEqual(['sinks.log[0].fee: expected 2, got 1']);
    expect(elements.filter((e) => e.name === 'testcase').map((e) => e.attributes.name)).toContain('small &amp; &lt;dropped&gt;');
  });

  test('coverage names the nodes and branches no test reached; --min-coverage fails below it', async () => {
    const suite = write(
      'partial.test.yaml',
      `scenario: ${JSON.stringify(join(examples, 'example-transactions.json'))}
tests:
  - name: only small amounts
    inputs: { transactions: [{ amount: 1.0, currency: EUR }] }
    expect: { sinks: { log: [] } }
`,
    );
    const run = await runScenaria(['test', suite, '--min-coverage', '50'], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/nodes: +2\/4 \(50\.0%\)\n +edges: +1\/3 \(33\.3%\)\n +branches: +0\/1 \(0\.0%\)/);
    expect(run.stdout).toContain('nodes no test reached: fee, log');
    expect(run.stdout).toContain('branches no test took: large amounts -> fee (true)');
    expect(run.stdout).toContain('branch coverage of example-transactions is below 50%');
  });

  test('a JSON suite of a scenario using a fragment runs with --fragment and is an error without it', async () => {
    const fixtures = resolve(CLI_PACKAGE, 'test/fixtures');
    const fragment = join(examples, 'example-positive-amount.json');
    const run = await runScenaria(['test', 'positive.test.json', '--fragment', fragment], { cwd: fixtures });
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('PASS positive amounts pass the fragment');
    expect(run.stdout).toMatch(/nodes: +3\/3 \(100\.0%\)\n +edges: +2\/2/);
    const without = await runScenaria(['test', 'positive.test.json'], { cwd: fixtures });
    expect([without.code, without.stdout]).toEqual([1, expect.stringContaining('ERROR positive amounts pass the fragment\n      positive only: Unknown fragment example-positive-amount')]);
    const valid = await runScenaria(['validate', 'positive.json', '--fragment', fragment], { cwd: fixtures });
    expect([valid.code, valid.stdout]).toEqual([0, 'positive.json: valid\n']);
  });

  test('a malformed suite exits with 2 naming the field', async () => {
    const suite = write('bad.test.yaml', 'scenario: x.json\ntests:\n  - name: a\n    inputs: {}\n    expect: { sinks: 3 }\n');
    const run = await runScenaria(['test', suite], { cwd: work });
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining('tests.0.expect.sinks')]);
  });
});

describe('scenaria diff', () => {
  type Node = { id: string; additionalFields?: { layoutData?: { x: number; y: number } }; expression?: { expression: string }; value?: { expression: string } };
  const original = join(examples, 'example-transactions.json');

  test('moving nodes is no difference: exit 0', async () => {
    const moved = exampleJson() as unknown as { nodes: Node[] };
    for (const node of moved.nodes) node.additionalFields = { ...node.additionalFields, layoutData: { x: 500, y: 900 } };
    const run = await runScenaria(['diff', original, write('moved.json', JSON.stringify(moved))], { cwd: work });
    expect([run.code, run.stdout]).toEqual([0, 'no differences\n']);
  });

  test('changed, added and removed nodes and edges are listed with their fields: exit 1', async () => {
    // Canonical JSON nests its edges: replacing the last node replaces the edge to it too.
    const changed = exampleJson() as unknown as { nodes: Node[] };
    changed.nodes.find((node) => node.id === 'fee')!.value!.expression = '#input.amount * 0.02';
    changed.nodes = changed.nodes.filter((node) => node.id !== 'log');
    changed.nodes.push({ id: 'audit', type: 'Sink', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: { language: 'spel', expression: '#fee' } }] } } as Node);
    const run = await runScenaria(['diff', original, write('changed.json', JSON.stringify(changed))], { cwd: work });
    expect(run.code).toBe(1);
    const printed = run.stdout.split('\n');
    expect(printed).toContain('~ node fee');
    expect(printed).toContain('    value.expression: "#input.amount * 0.01" -> "#input.amount * 0.02"');
    expect(printed).toContain(`- node log (only in ${original})`);
    expect(printed).toContain('+ node audit (only in changed.json)');
    expect(printed).toContain(`- edge fee -> log (only in ${original})`);
    expect(printed).toContain('+ edge fee -> audit (only in changed.json)');
    expect(printed).toContain('5 difference(s)');
    const json = await runScenaria(['diff', '--json', original, 'changed.json'], { cwd: work });
    expect(Object.values(JSON.parse(json.stdout)).map((d) => (d as { type: string }).type).sort()).toEqual(['EdgeNotPresentInCurrent', 'EdgeNotPresentInOther', 'NodeDifferent', 'NodeNotPresentInCurrent', 'NodeNotPresentInOther']);
  });

  test('one file only is a usage error', async () => {
    const run = await runScenaria(['diff', original], { cwd: work });
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining('diff takes two scenario files')]);
  });
});
