import type { CommandHandlers, DeploymentIssue, DeploymentLogger, TestScenarioCommand } from '@scenaria/deployment-sdk';
import { runScenarioTest } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import type { ResolvedEmbeddedManagerSettings } from '../settings';
import { createInProcessExecutor } from './executor';
import { createInlineFirstExecutor, isInlineCandidate } from './inline-requests';
import type { InlineState } from './inline-requests';
import type { ScenarioExecutor } from './executor';
import { collectFragments, engineOptions, prepareLiveScenario, scenarioKindOf } from './live-scenario';
import type { LiveScenario, LiveScenarioOptions } from './live-scenario';
import { createWorkerExecutor, runTestInWorker } from './worker/scenario-worker';
import type { ScenarioWorkerOptions } from './worker/scenario-worker';
import type { WorkerSetup } from './worker/protocol';

// Compiling happens once per worker; a scenario that takes longer than this to compile is refused.
const WORKER_START_TIMEOUT_MS = 30_000;

/** The outcome of a test run, as the `testScenario` command answers it. */
export type TestOutcome = Awaited<ReturnType<CommandHandlers['testScenario']>>;

/** Starts where deployed scenarios and test runs execute: worker threads, or this thread. */
export interface ScenarioRunners {
  /** Whether scenarios run in worker threads. */
  isolated: boolean;
  /** An executor for a deployed scenario (`live` is its compilation on this thread, used when not isolated). */
  startExecutor(scenario: CanonicalProcess, live: LiveScenario): Promise<{ ok: true; executor: ScenarioExecutor } | { ok: false; errors: DeploymentIssue[] }>;
  /** Runs a test run of the `testScenario` command. */
  runTest(command: Pick<TestScenarioCommand, 'scenario' | 'testData'>): Promise<TestOutcome>;
}

/**
 * Builds the runners of one manager. Models and runtimes given as objects hold functions and cannot be sent
 * to a worker: without a `workerSetup` that builds them there, such a manager runs scenarios on its own
 * thread, and says so in its log.
 */
export function createScenarioRunners(options: {
  settings: ResolvedEmbeddedManagerSettings;
  liveOptions: LiveScenarioOptions;
  workerSetup: WorkerSetup | undefined;
  hasCustomModels: boolean;
  logger: DeploymentLogger;
}): ScenarioRunners {
  const { settings, liveOptions, workerSetup, logger } = options;
  let isolated = settings.isolation === 'worker';
  if (isolated && options.hasCustomModels && !workerSetup) {
    logger.warn('Scenarios run on the server thread: models or runtimes were given without a workerSetup to build them in a worker');
    isolated = false;
  }
  const workerOptions = (scenario: CanonicalProcess): ScenarioWorkerOptions => ({
    scenario,
    fragments: collectFragments(scenario, liveOptions.fragments),
    setup: workerSetup,
    limits: {
      maxOldGenerationSizeMb: settings.workerMaxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: settings.workerMaxYoungGenerationSizeMb,
      stackSizeMb: settings.workerStackSizeMb,
    },
    startTimeoutMs: WORKER_START_TIMEOUT_MS,
    now: liveOptions.now(),
    eventTime: liveOptions.eventTime,
  });
  // Per deployment (its compilation here), kept across worker restarts: a scenario that outgrew the inline
  // budget does not get it back with a new worker.
  const inlineOf = new WeakMap<LiveScenario, { inline: LiveScenario; state: InlineState } | null>();
  const inlineFor = (scenario: CanonicalProcess, live: LiveScenario) => {
    let found = inlineOf.get(live);
    if (found === undefined) {
      const candidate = live.kind === 'request-response' && settings.inlineRequestSteps > 0 && isInlineCandidate(scenario, liveOptions.runtimes);
      const prepared = candidate ? prepareLiveScenario(scenario, { ...liveOptions, evaluationLimits: { maxSteps: settings.inlineRequestSteps } }) : undefined;
      found = prepared?.ok ? { inline: prepared.value, state: { outgrown: false } } : null;
      inlineOf.set(live, found);
    }
    return found;
  };
  return {
    isolated,
    async startExecutor(scenario, live) {
      if (!isolated) return { ok: true, executor: createInProcessExecutor(live) };
      const started = await createWorkerExecutor({ ...workerOptions(scenario), budgets: { batchTimeoutMs: settings.batchTimeoutMs, requestTimeoutMs: settings.requestTimeoutMs } });
      const inline = started.ok ? inlineFor(scenario, live) : null;
      if (!started.ok || !inline) return started;
      return { ok: true, executor: createInlineFirstExecutor({ ...inline, isolated: started.executor, scenarioName: scenario.metaData.id, logger }) };
    },
    async runTest({ scenario, testData }) {
      const kind = scenarioKindOf(scenario);
      if (!kind) return { ok: false, errors: [{ code: 'UnsupportedScenarioType', message: `Cannot test a scenario of type ${scenario.metaData.additionalFields.metaDataType}` }] };
      if (isolated) return (await runTestInWorker(workerOptions(scenario), testData, settings.testTimeoutMs)) as TestOutcome;
      const outcome = await runScenarioTest(scenario, testData, engineOptions(kind, liveOptions));
      if (!outcome.ok) return { ok: false, errors: outcome.errors.map((e): DeploymentIssue => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
      return outcome;
    },
  };
}
