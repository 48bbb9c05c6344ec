import type { DeploymentIssue, ScenarioTestData } from '@scenaria/deployment-sdk';
import type { ComponentRuntime, EventTimeOptions } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import type { ExecutorWork } from '../executor';
import type { EmbeddedModels } from '../live-scenario';

/**
 * How a worker thread gets the models and component runtimes the host compiles with. They hold functions, so
 * they cannot be sent; the worker imports `module` (an ES module, by file URL or path) and calls its
 * `createWorkerEnvironment(data)`. Without it a worker uses the default models and runtimes.
 */
export interface WorkerSetup {
  module: string;
  /** Structured-cloneable data handed to `createWorkerEnvironment` (e.g. the topics' JSON schemas). */
  data?: unknown;
}

/** What a worker setup module builds: the same models (and extra runtimes) the host validates with. */
export interface WorkerEnvironment {
  models?: EmbeddedModels;
  runtimes?: Readonly<Record<string, ComponentRuntime>>;
}

/** The shape of a worker setup module. */
export interface WorkerSetupModule {
  createWorkerEnvironment(data: unknown): WorkerEnvironment | Promise<WorkerEnvironment>;
}

/** What a worker thread starts with (its `workerData`). */
export interface ScenarioWorkerData {
  /** `live` compiles the scenario at once and runs work on it; `test` runs one test run per message. */
  mode: 'live' | 'test';
  scenario: CanonicalProcess;
  fragments: Map<string, CanonicalProcess>;
  setup: WorkerSetup | undefined;
  now: number;
  eventTime: EventTimeOptions | undefined;
}

/** Messages to a worker; the host sends them in arrays, every message sent in one turn of its event loop together. */
export type ToWorkerMessage =
  | { type: 'run'; id: number; work: ExecutorWork }
  | { type: 'test'; id: number; testData: ScenarioTestData; now: number };

/** The answer to one message: its result, or the message of what it threw. */
export type WorkerAnswer = { id: number; result: unknown } | { id: number; failed: string };

/** Messages from a worker: answers come in arrays, every answer made in one turn of the worker's loop together. */
export type FromWorkerMessage =
  | { type: 'ready' }
  | { type: 'compileFailed'; errors: DeploymentIssue[] }
  | { type: 'answers'; answers: WorkerAnswer[] };
