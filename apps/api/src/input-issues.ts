import type { ErrorBody } from './errors';

/** What an input error is told of each schema issue (zod's issues have this shape). */
export interface InputIssue {
  code: string;
  message: string;
  path: readonly PropertyKey[];
}

/**
 * The single formatter of input errors (params, query, headers, bodies): a message naming the first problem and
 * where it is, plus every issue, each with its path under the part of the request it is in (`target`). The
 * router's validation hook answers it with 400, and so does a save whose body a validation worker parsed.
 */
export function inputIssuesError(target: string, schemaIssues: readonly InputIssue[]): ErrorBody {
  const issues = schemaIssues.map((issue) => ({
    code: issue.code,
    message: issue.message,
    path: [target, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))],
  }));
  const first = issues[0];
  const where = first ? first.path.join('.') : target;
  return { message: `Invalid ${where}: ${first?.message ?? 'bad input'}`, path: first?.path ?? [target], issues };
}

/** The answer to a JSON body that is no JSON, as the router's JSON validator gives it. */
export const MALFORMED_JSON_BODY = 'Malformed JSON in request body';
