/**
 * `processCommand` of a manager that was closed, typically one its host replaced (a configuration reload builds
 * new managers): the command did nothing, and the manager now in its place can take it. Hosts answer it as a
 * temporary refusal (the designer API: 503 with Retry-After) and match on `code`, never on the class.
 */
export class DeploymentManagerClosed extends Error {
  override readonly name = 'DeploymentManagerClosed';
  readonly code = 'DeploymentManagerClosed';
}

/** Whether an error is a closed manager's refusal of a command, by its `code` (two copies of the SDK still agree). */
export function isDeploymentManagerClosed(error: unknown): error is DeploymentManagerClosed {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'DeploymentManagerClosed';
}

/**
 * A manager could not reach what it drives (its broker or runtime down, its connection lost or closing), so
 * whether a command took effect is not known; the scenario's status says, and the caller may try again. Hosts
 * answer it as a temporary refusal (the designer API: 503 with Retry-After) and match on `code`.
 */
export class DeploymentManagerUnavailable extends Error {
  override readonly name = 'DeploymentManagerUnavailable';
  readonly code = 'DeploymentManagerUnavailable';
}

/** Whether an error is a manager's report that it could not reach its runtime, by its `code`. */
export function isDeploymentManagerUnavailable(error: unknown): error is DeploymentManagerUnavailable {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'DeploymentManagerUnavailable';
}

/**
 * The first error in `error`'s chain of causes (itself first) that `matches`, looking at most `maxDepth` errors
 * deep: hosts and managers wrap errors (a driver's, a client's) and must still recognise the one inside, and a
 * chain may loop.
 */
export function findCause<T extends Error>(error: unknown, matches: (cause: Error) => cause is T, maxDepth?: number): T | undefined;
export function findCause(error: unknown, matches: (cause: Error) => boolean, maxDepth?: number): Error | undefined;
export function findCause(error: unknown, matches: (cause: Error) => boolean, maxDepth = 5): Error | undefined {
  let cause = error;
  for (let depth = 0; depth < maxDepth && cause instanceof Error; depth++) {
    if (matches(cause)) return cause;
    cause = cause.cause;
  }
  return undefined;
}
