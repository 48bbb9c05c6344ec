import type { CanonicalProcess } from '@scenaria/graph';
import type { CommandOutcome, DeploymentData, ScenarioTestData } from '../commands';
import type {
  DeployedScenarioData,
  DeploymentManager,
  DeploymentManagerDependencies,
  ScenarioActivityToSave,
} from '../manager';
import { computeStatusDetails } from '../status/reconcile';
import { createStatusDefinitions } from '../status/status-definitions';
import type { ProcessVersion, StateActionSummary, StatusDetails } from '../status/status-types';

/** A persistent world (directory, database, broker...) in which managers can be created again and again. */
export interface ConformanceEnvironment {
  /** Creates a manager; called again after `close()` to prove state survives a restart. */
  createManager(dependencies: DeploymentManagerDependencies): Promise<DeploymentManager>;
  /** Removes whatever the environment created. */
  dispose?(): Promise<void>;
}

/** What the conformance suite needs from a manager package. */
export interface DeploymentManagerConformanceOptions {
  /** Shown in test names. */
  name: string;
  /** Creates a fresh environment; each check gets its own. */
  setup(): Promise<ConformanceEnvironment> | ConformanceEnvironment;
  /** A scenario the manager deploys and keeps running (unbounded), named `scenarioName`. */
  validScenario(scenarioName: string): CanonicalProcess;
  /** A scenario the manager must refuse to deploy. */
  invalidScenario(scenarioName: string): CanonicalProcess;
  /** Test data for `validScenario`; when given, the suite also checks the `testScenario` command. */
  testData?: (scenarioName: string) => ScenarioTestData;
  /** How long a status may take to appear; default 10 s. */
  timeoutMs?: number;
  /** Default 25 ms. */
  pollIntervalMs?: number;
}

/** One thing a manager did wrong in a check. */
export interface ConformanceFinding {
  check: string;
  message: string;
}

// Timers exist in every runtime the testkit runs in (Node, browsers) but not in the ES library typings.
declare function setTimeout(callback: () => void, ms: number): unknown;

const user = { id: 'conformance', username: 'conformance' };

/**
 * Plays the designer's part around a manager: remembers actions the way the designer's action table does,
 * computes the scenario state with the SDK's reconciliation, and restarts the manager on demand.
 */
export class ConformanceHarness {
  manager!: DeploymentManager;
  readonly activities: ScenarioActivityToSave[] = [];
  readonly findings: ConformanceFinding[] = [];
  private readonly lastStateActions = new Map<string, StateActionSummary>();
  private readonly deployed = new Map<string, DeployedScenarioData>();
  private deploymentCounter = 0;

  constructor(
    readonly check: string,
    readonly options: DeploymentManagerConformanceOptions,
    readonly environment: ConformanceEnvironment,
  ) {}

  async start(): Promise<void> {
    this.manager = await this.environment.createManager(this.dependencies());
  }

  private dependencies(): DeploymentManagerDependencies {
    const silent = () => undefined;
    return {
      scenarioActivityManager: { saveActivity: async (activity) => void this.activities.push(activity) },
      clock: { now: () => Date.now() },
      logger: { debug: silent, info: silent, warn: silent, error: silent },
      deployedScenarios: async () => [...this.deployed.values()],
    };
  }

  fail(message: string): void {
    this.findings.push({ check: this.check, message });
  }

  processVersion(scenarioName: string, versionId: number): ProcessVersion {
    return { versionId, processName: scenarioName, labels: [], user: user.username, modelVersion: null };
  }

  deploymentData(): DeploymentData {
    this.deploymentCounter += 1;
    return {
      deploymentId: `conformance-deployment-${this.deploymentCounter}`,
      user,
      additionalDeploymentData: {},
      nodesData: {},
    };
  }

  /** Deploys like the designer: validate, run, then record the finished DEPLOY action. */
  async deploy(scenarioName: string, versionId: number, scenario: CanonicalProcess): Promise<CommandOutcome<unknown>> {
    const processVersion = this.processVersion(scenarioName, versionId);
    const deploymentData = this.deploymentData();
    const validation = await this.manager.processCommand({ type: 'validate', processVersion, deploymentData, scenario });
    if (!validation.ok) return validation;
    const outcome = await this.manager.processCommand({
      type: 'runDeployment',
      processVersion,
      deploymentData,
      scenario,
      updateStrategy: {
        type: 'replaceDeploymentWithSameScenarioName',
        stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' },
      },
    });
    if (outcome.ok) {
      this.lastStateActions.set(scenarioName, { actionName: 'DEPLOY', state: 'FINISHED', processVersionId: versionId, user: user.username });
      this.deployed.set(scenarioName, { processVersion, deploymentId: deploymentData.deploymentId, scenario });
    }
    return outcome;
  }

  async cancel(scenarioName: string): Promise<CommandOutcome<unknown>> {
    const outcome = await this.manager.processCommand({ type: 'cancelScenario', scenarioName, user });
    if (outcome.ok) {
      const versionId = this.deployed.get(scenarioName)?.processVersion.versionId ?? 1;
      this.lastStateActions.set(scenarioName, { actionName: 'CANCEL', state: 'FINISHED', processVersionId: versionId, user: user.username });
      this.deployed.delete(scenarioName);
    }
    return outcome;
  }

  async statuses(scenarioName: string): Promise<readonly StatusDetails[]> {
    return this.manager.getScenarioStatuses(scenarioName);
  }

  /** The state the designer would show. */
  async state(scenarioName: string): Promise<StatusDetails> {
    let engineState: { ok: true; statuses: readonly StatusDetails[] } | { ok: false; error: string };
    try {
      engineState = { ok: true, statuses: await this.statuses(scenarioName) };
    } catch (error) {
      engineState = { ok: false, error: String(error) };
    }
    return computeStatusDetails({
      isArchived: false,
      lastStateAction: this.lastStateActions.get(scenarioName) ?? null,
      inProgressActionNames: [],
      engineState,
    }, createStatusDefinitions(this.manager.statusDefinitions));
  }

  /** Polls the designer-visible state until `accept` holds; records a finding and returns false on timeout. */
  async waitForState(
    scenarioName: string,
    description: string,
    accept: (state: StatusDetails) => boolean,
  ): Promise<boolean> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const pollMs = this.options.pollIntervalMs ?? 25;
    const deadline = Date.now() + timeoutMs;
    let last: StatusDetails | undefined;
    for (;;) {
      last = await this.state(scenarioName);
      if (accept(last)) return true;
      if (Date.now() >= deadline) break;
      await new Promise<void>((resolve) => setTimeout(() => resolve(), pollMs));
    }
    this.fail(`expected ${description} within ${timeoutMs} ms, last state: ${describeState(last)}`);
    return false;
  }

  /** Closes the manager and creates a new one over the same environment, as a designer restart would. */
  async restart(): Promise<void> {
    await this.manager.close();
    await this.start();
  }

  /** Cancels what the check left running and releases the environment; cleanup problems are findings too. */
  async finish(): Promise<void> {
    for (const scenarioName of [...this.deployed.keys()]) {
      try {
        await this.cancel(scenarioName);
      } catch (error) {
        this.fail(`cleanup cancel of ${scenarioName} threw: ${String(error)}`);
      }
    }
    try {
      await this.manager?.close();
    } finally {
      await this.environment.dispose?.();
    }
  }
}

/** `RUNNING (version 2)` or `PROBLEM: message`, for findings. */
export function describeState(state: StatusDetails | undefined): string {
  if (!state) return 'none';
  const version = state.version ? ` (version ${state.version.versionId})` : '';
  const problem = state.status.description ? `: ${state.status.description}` : '';
  return `${state.status.name}${version}${problem}`;
}
