import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportScenario, getScenario, listActivities, runStoredTestSuite, updateScenario } from '@scenaria/api-contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCliBinary, CLI_PACKAGE } from '../../../packages/cli/test/build-binary';
import { runScenaria } from '../../../packages/cli/test/run-cli';
import { seedExamples } from '../src/seed/examples';
import { DATABASES, startTestServer } from './harness';
import type { TestServer } from './harness';

// `scenaria pull`, `push`, `migrate` and `validate --designer` run as child processes against real servers,
// each on its own database; the primary is seeded with the example scenarios as a fresh designer is.
describe.each(DATABASES)('the scenaria CLI against a designer (%s)', (kind) => {
  let primary: TestServer;
  let secondary: TestServer;
  let work: string;
  const admin = { SCENARIA_USER: 'admin', SCENARIA_PASSWORD: 'admin' };
  const scenaria = (args: string[], env: Record<string, string> = admin) => runScenaria(args, { cwd: work, env });

  beforeAll(async () => {
    buildCliBinary();
    work = mkdtempSync(join(tmpdir(), 'scenaria-cli-api-'));
    primary = await startTestServer(kind);
    secondary = await startTestServer(kind);
    await seedExamples(primary.database.db, primary.config, primary.built.services.scenarios);
  });
  afterAll(async () => {
    await primary?.close();
    await secondary?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('pull writes the designer export; the committed CI example is that export, and its suite passes on it', async () => {
    const run = await scenaria(['pull', 'example-transactions', '--designer', primary.baseUrl]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe('example-transactions written to example-transactions.json\n');
    const pulled = JSON.parse(readFileSync(join(work, 'example-transactions.json'), 'utf8'));
    const exported = await primary.call('admin', exportScenario, { params: { scenarioName: 'example-transactions' } });
    expect(exported.ok && exported.data).toEqual(pulled);
    // The README's CI example: the suite committed beside the committed scenario file tests what the designer holds.
    expect(JSON.parse(readFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.json'), 'utf8'))).toEqual(pulled);
    const fragment = await scenaria(['pull', 'example-positive-amount', '--designer', primary.baseUrl, '--out', '-']);
    expect(JSON.parse(readFileSync(resolve(CLI_PACKAGE, 'examples/example-positive-amount.json'), 'utf8'))).toEqual(JSON.parse(fragment.stdout));
    copyFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.test.yaml'), join(work, 'example-transactions.test.yaml'));
    const tested = await scenaria(['test', 'example-transactions.test.yaml', '--junit', 'junit.xml']);
    expect([tested.code, tested.stdout]).toEqual([0, expect.stringContaining('3 passed, 0 failed, 0 errors')]);
  });

  test('pull to standard output, an older version, and the errors of a missing scenario or wrong credentials', async () => {
    const out = await scenaria(['pull', 'example-greeting', '--designer', primary.baseUrl, '--out', '-', '--version', '1']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).metaData.id).toBe('example-greeting');
    const missing = await scenaria(['pull', 'nothing-here', '--designer', primary.baseUrl]);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/exporting nothing-here from .*: 404 /)]);
    const refused = await scenaria(['pull', 'example-greeting', '--designer', primary.baseUrl], { SCENARIA_USER: 'admin', SCENARIA_PASSWORD: 'wrong' });
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining(': 401 ')]);
    const noDesigner = await scenaria(['pull', 'example-greeting']);
    expect([noDesigner.code, noDesigner.stderr]).toEqual([2, expect.stringContaining('No designer given')]);
  });

  test('push saves a changed file as a new version with its comment, and an unchanged one as no version', async () => {
    const file = join(work, 'push.json');
    const scenario = JSON.parse(readFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.json'), 'utf8'));
    const fee = scenario.nodes.find((node: { id: string }) => node.id === 'fee');
    fee.value.expression = '#input.amount * 0.02';
    writeFileSync(file, JSON.stringify(scenario));
    const pushed = await scenaria(['push', 'push.json', '--designer', primary.baseUrl, '--comment', 'fee is 2%']);
    expect([pushed.code, pushed.stderr]).toEqual([0, '']);
    expect(pushed.stdout).toMatch(/^example-transactions: saved as version 3 on /);
    const details = await primary.call('admin', getScenario, { params: { scenarioName: 'example-transactions' } });
    expect(details.ok && details.data.scenarioGraph?.nodes.find((node) => node.id === 'fee')).toMatchObject({ value: { expression: '#input.amount * 0.02' } });
    const activities = await primary.call('admin', listActivities, { params: { scenarioName: 'example-transactions' } });
    const comments = activities.ok ? activities.data.activities.map((activity) => activity.comment?.content) : [];
    expect(comments).toContainEqual({ status: 'AVAILABLE', value: 'fee is 2%' });
    const again = await scenaria(['push', 'push.json', '--designer', primary.baseUrl, '--comment', 'again']);
    expect([again.code, again.stdout]).toEqual([0, expect.stringMatching(/^example-transactions: unchanged \(version 3\)/)]);
    const noComment = await scenaria(['push', 'push.json', '--designer', primary.baseUrl]);
    expect([noComment.code, noComment.stderr]).toEqual([2, expect.stringContaining('push needs --comment')]);
  });

  test('push --suite stores a suite with the scenario, the designer runs it, pull --suites writes it back for scenaria test', async () => {
    const scenarioFile = join(work, 'example-transactions.json');
    copyFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.json'), scenarioFile);
    copyFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.test.yaml'), join(work, 'example-transactions.test.yaml'));
    const pushed = await scenaria(['push', 'example-transactions.json', '--suite', 'example-transactions.test.yaml', '--designer', primary.baseUrl, '--comment', 'with its suite']);
    expect([pushed.code, pushed.stderr]).toEqual([0, '']);
    expect(pushed.stdout).toContain('test suite example-transactions stored with example-transactions');
    const report = await primary.call('reader', runStoredTestSuite, { params: { scenarioName: 'example-transactions', suiteName: 'example-transactions' } });
    expect(report.ok && [report.data.failed, report.data.errors, report.data.passed > 0]).toEqual([0, 0, true]);

    const pulled = await scenaria(['pull', 'example-transactions', '--suites', '--designer', primary.baseUrl, '--out', 'pulled.json']);
    expect([pulled.code, pulled.stderr]).toEqual([0, '']);
    const suite = JSON.parse(readFileSync(join(work, 'example-transactions.test.json'), 'utf8'));
    expect(suite.scenario).toBe('pulled.json');
    const tested = await scenaria(['test', 'example-transactions.test.json']);
    expect([tested.code, tested.stderr]).toEqual([0, '']);

    // A malformed suite stops the push before anything is saved.
    writeFileSync(join(work, 'broken.test.yaml'), 'tests: []\n');
    const broken = await scenaria(['push', 'example-transactions.json', '--suite', 'broken.test.yaml', '--designer', primary.baseUrl, '--comment', 'broken']);
    expect([broken.code, broken.stderr]).toEqual([2, expect.stringContaining('broken.test.yaml')]);
  });

  test('push to a designer without the scenario needs a category, then creates it; a reader is refused', async () => {
    const source = resolve(CLI_PACKAGE, 'examples/example-transactions.json');
    const uncategorised = await scenaria(['push', source, '--designer', secondary.baseUrl, '--comment', 'first']);
    expect([uncategorised.code, uncategorised.stderr]).toEqual([2, expect.stringContaining('has no scenario example-transactions: give --category to create it')]);
    const reader = await scenaria(['push', source, '--designer', secondary.baseUrl, '--comment', 'first', '--category', 'Default'], { SCENARIA_USER: 'reader', SCENARIA_PASSWORD: 'reader' });
    expect([reader.code, reader.stderr]).toEqual([1, expect.stringMatching(/creating example-transactions on .*: 403 /)]);
    const created = await scenaria(['push', source, '--designer', secondary.baseUrl, '--comment', 'first', '--category', 'Default', '--label', 'from-git']);
    expect([created.code, created.stdout]).toEqual([0, expect.stringMatching(/^example-transactions: created, saved as version 2 on /)]);
    const details = await secondary.call('admin', getScenario, { params: { scenarioName: 'example-transactions' } });
    expect(details.ok && [details.data.processCategory, details.data.labels]).toEqual(['Default', ['from-git']]);
  });

  test('migrate hands a request-response scenario and a fragment to the target POST /api/migrate, with labels, recorded there', async () => {
    const labelled = await primary.call('admin', getScenario, { params: { scenarioName: 'example-greeting' } });
    if (!labelled.ok || !labelled.data.scenarioGraph) throw new Error('example-greeting missing');
    await primary.call('admin', updateScenario, { params: { scenarioName: 'example-greeting' }, json: { scenarioGraph: labelled.data.scenarioGraph, scenarioLabels: ['greeting'] } });
    const toSecondary = { SCENARIA_FROM_USER: 'admin', SCENARIA_FROM_PASSWORD: 'admin', SCENARIA_TO_USER: 'writer', SCENARIA_TO_PASSWORD: 'writer' };
    for (const name of ['example-greeting', 'example-positive-amount']) {
      const run = await scenaria(['migrate', name, '--from', primary.baseUrl, '--to', secondary.baseUrl, '--source-environment', 'test-primary'], toSecondary);
      expect([run.code, run.stderr], name).toEqual([0, '']);
      expect(run.stdout, name).toContain('(request version 2)');
      const [before, after] = await Promise.all([
        primary.call('admin', getScenario, { params: { scenarioName: name } }),
        secondary.call('admin', getScenario, { params: { scenarioName: name } }),
      ]);
      if (!before.ok || !after.ok) throw new Error(`${name} missing`);
      expect([after.data.processCategory, after.data.isFragment, after.data.labels, after.data.scenarioGraph]).toEqual([
        before.data.processCategory,
        before.data.isFragment,
        before.data.labels,
        before.data.scenarioGraph,
      ]);
      const activities = await secondary.call('admin', listActivities, { params: { scenarioName: name } });
      const incoming = activities.ok ? activities.data.activities.find((activity) => activity.type === 'INCOMING_MIGRATION') : undefined;
      expect(incoming?.additionalFields).toEqual(
        expect.arrayContaining([
          { name: 'sourceEnvironment', value: 'test-primary' },
          { name: 'sourceUser', value: 'admin' },
          { name: 'sourceScenarioVersionId', value: String(before.data.processVersionId) },
        ]),
      );
    }
    const greeting = await secondary.call('admin', getScenario, { params: { scenarioName: 'example-greeting' } });
    expect(greeting.ok && greeting.data.labels).toEqual(['greeting']);
    const refused = await scenaria(['migrate', 'example-greeting', '--from', primary.baseUrl, '--to', secondary.baseUrl], { ...toSecondary, SCENARIA_TO_USER: 'reader', SCENARIA_TO_PASSWORD: 'reader' });
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/migrating example-greeting to .*: 401 /)]);
  });

  test('validate --designer validates against the designer model of the scenario', async () => {
    const valid = await scenaria(['validate', resolve(CLI_PACKAGE, 'examples/example-transactions.json'), '--designer', primary.baseUrl]);
    expect([valid.code, valid.stdout]).toEqual([0, expect.stringContaining('example-transactions.json: valid')]);
    const scenario = JSON.parse(readFileSync(resolve(CLI_PACKAGE, 'examples/example-transactions.json'), 'utf8'));
    scenario.nodes[1].expression.expression = '#input.amount > #nothing';
    writeFileSync(join(work, 'invalid.json'), JSON.stringify(scenario));
    const invalid = await scenaria(['validate', 'invalid.json', '--designer', primary.baseUrl]);
    expect([invalid.code, invalid.stdout]).toEqual([1, expect.stringMatching(/node large amounts.*nothing/)]);
  });
});
