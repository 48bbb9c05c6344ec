import { ResultsWithCountsSchema } from '../test-results';
import { ConformanceHarness } from './harness';
import type { ConformanceFinding, DeploymentManagerConformanceOptions } from './harness';

type Check = (harness: ConformanceHarness) => Promise<void>;

const runningInVersion = (versionId: number) => (state: { status: { name: string }; version?: { versionId: number } | null }) =>
  state.status.name === 'RUNNING' && state.version?.versionId === versionId;

const notFinal = (name: string) => !['FINISHED', 'CANCELED', 'DURING_CANCEL'].includes(name);

const scenarioName = (check: string) => `conformance-${check}`;

/** The checks of the suite, each a plain async function over a harness (so they can be run and fail outside vitest). */
export const conformanceChecks = {
  /** A valid scenario validates, deploys and its state becomes RUNNING in the deployed version. */
  async deployReachesRunning(harness) {
    const name = scenarioName('deploy');
    const outcome = await harness.deploy(name, 1, harness.options.validScenario(name));
    if (!outcome.ok) return harness.fail(`deploy of a valid scenario was refused: ${JSON.stringify(outcome.errors)}`);
    await harness.waitForState(name, 'RUNNING in version 1', runningInVersion(1));
  },

  /** Deploying a new version replaces the running one: one job, running the new version. */
  async redeployReplaces(harness) {
    const name = scenarioName('redeploy');
    const first = await harness.deploy(name, 1, harness.options.validScenario(name));
    if (!first.ok) return harness.fail(`first deploy was refused: ${JSON.stringify(first.errors)}`);
    if (!(await harness.waitForState(name, 'RUNNING in version 1', runningInVersion(1)))) return;
    const second = await harness.deploy(name, 2, harness.options.validScenario(name));
    if (!second.ok) return harness.fail(`redeploy was refused: ${JSON.stringify(second.errors)}`);
    if (!(await harness.waitForState(name, 'RUNNING in version 2', runningInVersion(2)))) return;
    const active = (await harness.statuses(name)).filter((s) => notFinal(s.status.name));
    if (active.length !== 1) harness.fail(`expected exactly one active job after redeploy, found ${active.length}`);
  },

  /** Cancel stops the job: the state becomes CANCELED and no job runs. */
  async cancelStops(harness) {
    const name = scenarioName('cancel');
    const outcome = await harness.deploy(name, 1, harness.options.validScenario(name));
    if (!outcome.ok) return harness.fail(`deploy was refused: ${JSON.stringify(outcome.errors)}`);
    if (!(await harness.waitForState(name, 'RUNNING in version 1', runningInVersion(1)))) return;
    const canceled = await harness.cancel(name);
    if (!canceled.ok) return harness.fail(`cancel was refused: ${JSON.stringify(canceled.errors)}`);
    if (!(await harness.waitForState(name, 'CANCELED', (s) => s.status.name === 'CANCELED'))) return;
    const running = (await harness.statuses(name)).filter((s) => s.status.name === 'RUNNING');
    if (running.length > 0) harness.fail(`a job still reports RUNNING after cancel`);
  },

  /** A manager created again over the same environment reports the deployment it did not start. */
  async statusSurvivesRestart(harness) {
    const name = scenarioName('restart');
    const outcome = await harness.deploy(name, 1, harness.options.validScenario(name));
    if (!outcome.ok) return harness.fail(`deploy was refused: ${JSON.stringify(outcome.errors)}`);
    if (!(await harness.waitForState(name, 'RUNNING in version 1', runningInVersion(1)))) return;
    await harness.restart();
    if (!(await harness.waitForState(name, 'RUNNING in version 1 after a restart', runningInVersion(1)))) return;
    const canceled = await harness.cancel(name);
    if (!canceled.ok) return harness.fail(`cancel after restart was refused: ${JSON.stringify(canceled.errors)}`);
    await harness.waitForState(name, 'CANCELED after a restart', (s) => s.status.name === 'CANCELED');
  },

  /** An invalid scenario is refused by validate and by runDeployment (as values), and nothing starts. */
  async badScenarioRefused(harness) {
    const name = scenarioName('invalid');
    const scenario = harness.options.invalidScenario(name);
    const processVersion = harness.processVersion(name, 1);
    const validation = await harness.manager.processCommand({
      type: 'validate',
      processVersion,
      deploymentData: harness.deploymentData(),
      scenario,
    });
    if (validation.ok) harness.fail('validate accepted the invalid scenario');
    else if (validation.errors.length === 0) harness.fail('validate refused the invalid scenario without any error');
    const run = await harness.manager.processCommand({
      type: 'runDeployment',
      processVersion,
      deploymentData: harness.deploymentData(),
      scenario,
      updateStrategy: { type: 'dontReplaceDeployment' },
    });
    if (run.ok) harness.fail('runDeployment accepted the invalid scenario');
    const active = (await harness.statuses(name)).filter((s) => notFinal(s.status.name));
    if (active.length > 0) harness.fail(`the invalid scenario has ${active.length} active job(s)`);
    const state = await harness.state(name);
    if (state.status.name !== 'NOT_DEPLOYED') harness.fail(`expected NOT_DEPLOYED for the refused scenario, got ${state.status.name}`);
  },

  /** Cancelling a scenario that was never deployed answers a value (done or refused), never a throw. */
  async cancelWithoutDeployment(harness) {
    const name = scenarioName('cancel-nothing');
    const outcome = await harness.manager.processCommand({ type: 'cancelScenario', scenarioName: name, user: { id: 'conformance', username: 'conformance' } });
    if (typeof outcome !== 'object' || outcome === null || typeof outcome.ok !== 'boolean') harness.fail('cancel of a never deployed scenario did not answer an outcome');
    const state = await harness.state(name);
    if (state.status.name !== 'NOT_DEPLOYED') harness.fail(`expected NOT_DEPLOYED for a never deployed scenario, got ${state.status.name}`);
  },

  /** Testing the valid scenario with the given test data answers results in the ResultsWithCounts shape. */
  async testAnswersResults(harness) {
    const name = scenarioName('test');
    const testData = harness.options.testData?.(name);
    if (!testData) return;
    const outcome = await harness.manager.processCommand({ type: 'testScenario', scenarioName: name, scenario: harness.options.validScenario(name), testData });
    if (!outcome.ok) return harness.fail(`testing the valid scenario was refused: ${JSON.stringify(outcome.errors)}`);
    const parsed = ResultsWithCountsSchema.safeParse(outcome.value);
    if (!parsed.success) return harness.fail(`test results do not have the ResultsWithCounts shape: ${parsed.error.message}`);
    const sourceCounts = Object.values(parsed.data.counts).map((count) => count.all);
    if (testData.records.length > 0 && !sourceCounts.some((all) => all > 0)) harness.fail('no node counted any of the test records');
  },

  /** An action name the manager does not define is refused as a value. */
  async unknownCustomActionRefused(harness) {
    const name = scenarioName('custom-action');
    const outcome = await harness.manager.processCommand({
      type: 'customAction',
      actionName: 'no-such-action-in-conformance',
      processVersion: harness.processVersion(name, 1),
      user: { id: 'conformance', username: 'conformance' },
      params: {},
      comment: null,
    });
    if (outcome.ok) harness.fail('an unknown custom action was reported as performed');
  },
} satisfies Record<string, Check>;

/** Names of the conformance checks. */
export type ConformanceCheckName = keyof typeof conformanceChecks;

/** Names of all checks, in the order the suite runs them. */
export const conformanceCheckNames = Object.keys(conformanceChecks) as ConformanceCheckName[];

/** Runs one check in a fresh environment and returns what went wrong (empty = conforms). */
export async function runConformanceCheck(
  check: ConformanceCheckName,
  options: DeploymentManagerConformanceOptions,
): Promise<ConformanceFinding[]> {
  const harness = new ConformanceHarness(check, options, await options.setup());
  try {
    await harness.start();
    await conformanceChecks[check](harness);
  } catch (error) {
    harness.fail(`threw: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    try {
      await harness.finish();
    } catch (error) {
      harness.fail(`cleanup threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return harness.findings;
}

/** Runs every check; the result lists findings per check. */
export async function runDeploymentManagerConformance(
  options: DeploymentManagerConformanceOptions,
): Promise<Record<ConformanceCheckName, ConformanceFinding[]>> {
  const report = {} as Record<ConformanceCheckName, ConformanceFinding[]>;
  for (const check of conformanceCheckNames) report[check] = await runConformanceCheck(check, options);
  return report;
}
