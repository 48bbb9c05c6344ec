import { Worker } from 'node:worker_threads';
import type { DeploymentIssue, ScenarioTestData } from '@scenaria/deployment-sdk';
import type { EventTimeOptions } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import { isWorkerFailure, ScenarioUnavailable, WorkerFailure } from '../../errors';
import type { ExecutorWork, ScenarioExecutor } from '../executor';
import type { RunOutcome } from '../run-outcome';
import type { FromWorkerMessage, ScenarioWorkerData, ToWorkerMessage, WorkerSetup } from './protocol';
import { locateWorkerScript } from './worker-script';

/** The memory of one scenario worker (node's `resourceLimits`). */
export interface WorkerLimits {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
}

/** What a scenario worker is started with. */
export interface ScenarioWorkerOptions {
  scenario: CanonicalProcess;
  fragments: Map<string, CanonicalProcess>;
  setup: WorkerSetup | undefined;
  limits: WorkerLimits;
  /** Time a worker may take to start and compile the scenario. */
  startTimeoutMs: number;
  now: number;
  eventTime: EventTimeOptions | undefined;
}

// Omit over each member of the union (a plain Omit keeps only the keys all members share).
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve(value: unknown): void; reject(error: unknown): void; deadline: number; timeoutMs: number };

/**
 * One worker thread and the calls in flight to it. A call that overruns its budget terminates the worker,
 * because only termination stops a synchronous loop; every call in flight then fails with the same
 * `WorkerFailure`, and so does every later one: a failed worker is replaced, never reused.
 */
class ScenarioWorkerThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: WorkerFailure | undefined;
  private isTerminating = false;
  /** Messages of this turn of the event loop, sent together when it ends. */
  private outbox: ToWorkerMessage[] = [];
  // One timer for every call in flight, due at the earliest deadline; a timer per call cost more than the call.
  private budgetTimer: NodeJS.Timeout | undefined;
  private budgetDueAt = Infinity;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorkerMessage) => {
      if (message.type !== 'answers') return;
      for (const answer of message.answers) {
        const call = this.pending.get(answer.id);
        if (!call) continue;
        this.pending.delete(answer.id);
        if ('failed' in answer) call.reject(new Error(answer.failed));
        else call.resolve(answer.result);
      }
      if (this.pending.size === 0) this.disarmBudget();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerFailure('WorkerOutOfMemory', 'The scenario ran out of memory; its worker was restarted', { cause: error })
          : new WorkerFailure('WorkerExited', `The scenario's worker failed: ${error.message}`, { cause: error }),
      );
    });
    worker.on('exit', (code) => {
      this.fail(new WorkerFailure('WorkerExited', `The scenario's worker exited (code ${code})`));
    });
  }

  /** Starts a worker and waits until it has compiled the scenario. */
  static async start(mode: 'live' | 'test', options: ScenarioWorkerOptions): Promise<{ ok: true; thread: ScenarioWorkerThread } | { ok: false; errors: DeploymentIssue[] }> {
    const script = await locateWorkerScript(options.setup);
    const workerData: ScenarioWorkerData = { mode, scenario: options.scenario, fragments: options.fragments, setup: options.setup, now: options.now, eventTime: options.eventTime };
    const worker = new Worker(script.url, { workerData, resourceLimits: options.limits, stdout: false, stderr: false });
    const thread = new ScenarioWorkerThread(worker);
    const first = await new Promise<FromWorkerMessage | { type: 'failure'; failure: WorkerFailure }>((resolve) => {
      const timer = setTimeout(
        () => settle({ type: 'failure', failure: new WorkerFailure('WorkerTimeout', `The scenario's worker did not start within ${options.startTimeoutMs} ms`) }),
        options.startTimeoutMs,
      );
      const settle = (value: FromWorkerMessage | { type: 'failure'; failure: WorkerFailure }) => {
        clearTimeout(timer);
        worker.off('message', settle);
        thread.onFailure = undefined;
        resolve(value);
      };
      worker.on('message', settle);
      thread.onFailure = (failure) => settle({ type: 'failure', failure });
    });
    if (first.type !== 'ready') {
      await thread.terminate();
      if (first.type === 'failure') return { ok: false, errors: [{ code: first.failure.code, message: first.failure.message }] };
      return { ok: false, errors: first.type === 'compileFailed' ? first.errors : [{ code: 'WorkerExited', message: 'The worker answered before it was ready' }] };
    }
    return { ok: true, thread };
  }

  /** Told once when the worker fails (used while starting). */
  private onFailure: ((failure: WorkerFailure) => void) | undefined;

  /**
   * Sends a message and waits for its answer, at most `timeoutMs` from now: a call still unanswered then
   * terminates the worker. Messages of one turn of the event loop go in one postMessage.
   */
  call(message: WithoutId<ToWorkerMessage>, timeoutMs: number): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const deadline = performance.now() + timeoutMs;
      this.pending.set(id, { resolve, reject, deadline, timeoutMs });
      if (deadline < this.budgetDueAt) this.armBudget(deadline);
      if (this.outbox.push({ ...message, id } as ToWorkerMessage) === 1) setImmediate(this.flush);
    });
  }

  private readonly flush = () => {
    const batch = this.outbox;
    this.outbox = [];
    if (!this.failure) this.worker.postMessage(batch);
  };

  private armBudget(deadline: number): void {
    clearTimeout(this.budgetTimer);
    this.budgetDueAt = deadline;
    this.budgetTimer = setTimeout(this.checkBudgets, Math.max(0, Math.ceil(deadline - performance.now())));
  }

  private disarmBudget(): void {
    clearTimeout(this.budgetTimer);
    this.budgetTimer = undefined;
    this.budgetDueAt = Infinity;
  }

  private readonly checkBudgets = () => {
    this.budgetTimer = undefined;
    this.budgetDueAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const call of this.pending.values()) {
      if (call.deadline <= now) {
        this.fail(new WorkerFailure('WorkerTimeout', `The scenario exceeded its time budget of ${call.timeoutMs} ms; its worker was restarted`));
        return;
      }
      next = Math.min(next, call.deadline);
    }
    if (next < Infinity) this.armBudget(next);
  };

  get failed(): WorkerFailure | undefined {
    return this.failure;
  }

  async terminate(): Promise<void> {
    this.isTerminating = true;
    this.fail(new WorkerFailure('WorkerExited', "The scenario's worker was stopped"));
    await this.worker.terminate();
  }

  private fail(failure: WorkerFailure): void {
    if (this.failure) return;
    this.failure = failure;
    this.disarmBudget();
    for (const call of this.pending.values()) call.reject(failure);
    this.pending.clear();
    this.onFailure?.(failure);
    // Termination is what stops a runaway loop; an exit or out-of-memory worker is gone already.
    if (!this.isTerminating) void this.worker.terminate();
  }
}

/** Time budgets of the work sent to a scenario worker. */
export interface WorkerBudgets {
  batchTimeoutMs: number;
  requestTimeoutMs: number;
}

/**
 * Starts a worker that compiles the scenario and runs its work: an executor whose every call is bounded by
 * the worker's memory limit and by a time budget. A failed executor stays failed; the lifecycle replaces it.
 */
export async function createWorkerExecutor(
  options: ScenarioWorkerOptions & { budgets: WorkerBudgets },
): Promise<{ ok: true; executor: ScenarioExecutor } | { ok: false; errors: DeploymentIssue[] }> {
  const started = await ScenarioWorkerThread.start('live', options);
  if (!started.ok) return started;
  const { thread } = started;
  let isClosed = false;
  const run = (work: ExecutorWork, timeoutMs: number) => {
    if (isClosed) return Promise.reject(new ScenarioUnavailable('The scenario is stopped'));
    return thread.call({ type: 'run', work }, timeoutMs) as Promise<RunOutcome>;
  };
  const { batchTimeoutMs, requestTimeoutMs } = options.budgets;
  return {
    ok: true,
    executor: {
      processRecords: (sourceId, records, now) => run({ kind: 'records', sourceId, records, now }, batchTimeoutMs),
      processRequest: (sourceId, input, now) => run({ kind: 'request', sourceId, input, now }, requestTimeoutMs),
      generate: (nodeId, firedAt, now) => run({ kind: 'generate', nodeId, firedAt, now }, batchTimeoutMs),
      advanceTime: (now) => run({ kind: 'advance', now }, batchTimeoutMs),
      restoreState: async (snapshot, now) => void (await run({ kind: 'restore', snapshot, now }, batchTimeoutMs)),
      async close() {
        isClosed = true;
        await thread.terminate();
      },
    },
  };
}

/**
 * Runs a test run in a worker of its own, with the same memory limit, stopped afterwards. A worker that dies
 * or overruns `timeoutMs` answers its failure as an issue (`WorkerOutOfMemory`, `WorkerTimeout`...).
 */
export async function runTestInWorker(
  options: ScenarioWorkerOptions,
  testData: ScenarioTestData,
  timeoutMs: number,
): Promise<unknown> {
  const started = await ScenarioWorkerThread.start('test', options);
  if (!started.ok) return { ok: false, errors: started.errors };
  try {
    return await started.thread.call({ type: 'test', testData, now: options.now }, timeoutMs);
  } catch (error) {
    if (isWorkerFailure(error)) return { ok: false, errors: [{ code: error.code, message: `The test run failed: ${error.message}` }] };
    throw error;
  } finally {
    await started.thread.terminate();
  }
}
