/**
 * Why a scenario's worker thread stopped: it ran out of its memory limit, overran its time budget (and was
 * terminated), or exited on its own. Callers match on `code`, never on the message or the class.
 */
export type WorkerFailureCode = 'WorkerOutOfMemory' | 'WorkerTimeout' | 'WorkerExited';

/** A scenario's worker died or was terminated while (or before) running the work asked of it. */
export class WorkerFailure extends Error {
  override readonly name = 'WorkerFailure';
  constructor(
    readonly code: WorkerFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The scenario cannot take work now: its worker is being restarted after a failure. */
export class ScenarioUnavailable extends Error {
  override readonly name = 'ScenarioUnavailable';
  readonly code = 'ScenarioUnavailable';
}

const UNAVAILABLE_CODES: ReadonlySet<unknown> = new Set(['WorkerOutOfMemory', 'WorkerTimeout', 'WorkerExited', 'ScenarioUnavailable']);

/** Whether an error means the scenario's worker is down (a 503 for a request), by its `code`. */
export function isScenarioUnavailable(error: unknown): error is WorkerFailure | ScenarioUnavailable {
  return typeof error === 'object' && error !== null && 'code' in error && UNAVAILABLE_CODES.has(error.code);
}

/** Whether an error is a worker's failure (memory, time, exit), by its `code`. */
export function isWorkerFailure(error: unknown): error is WorkerFailure {
  return isScenarioUnavailable(error) && error.code !== 'ScenarioUnavailable';
}
