/** Why a scenario could not be compiled for running (it should have been validated first). */
export interface EngineIssue {
  code:
    | 'ExpressionCompilationError'
    | 'MissingComponent'
    | 'MissingComponentRuntime'
    | 'UnknownFragment'
    | 'InvalidStructure'
    | 'ComponentError';
  message: string;
  nodeId?: string;
  fieldName?: string;
}

/** Thrown inside the compiler to stop at the first problem of a node; turned into an issue value at the top. */
export class CompilationFailed extends Error {
  constructor(readonly issue: EngineIssue) {
    super(issue.message);
  }
}
