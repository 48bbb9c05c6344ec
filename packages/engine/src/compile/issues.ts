import type { Issue } from '@scenaria/issues';

/** Codes of the reasons a scenario cannot be compiled for running. */
export type EngineIssueCode =
  | 'ExpressionCompilationError'
  | 'MissingComponent'
  | 'MissingComponentRuntime'
  | 'UnknownFragment'
  | 'InvalidStructure'
  | 'ComponentError';

/** Why a scenario could not be compiled for running (it should have been validated first). */
export type EngineIssue = Issue<EngineIssueCode>;

/** Thrown inside the compiler to stop at the first problem of a node; turned into an issue value at the top. */
export class CompilationFailed extends Error {
  constructor(readonly issue: EngineIssue) {
    super(issue.message);
  }
}
