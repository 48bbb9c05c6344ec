import { UpdateScenarioRequestSchema } from '@scenaria/api-contract';
import type { UpdateScenarioRequest } from '@scenaria/api-contract';
import type { GraphIssue } from '@scenaria/graph';
import { validateScenarioLabels } from '@scenaria/validation';
import type { LabelValidationRule } from '@scenaria/validation';
import type { ErrorBody } from '../errors';
import { inputIssuesError, MALFORMED_JSON_BODY } from '../input-issues';

/**
 * The rules of a save's request that are checked where its body is read: by a validation worker, which takes
 * the body's text (the server's thread then never holds the graph as objects), or by the server when it has no
 * validator. Each gives the 400 answer (`ErrorBody`) that the server sends.
 */

/** A save's body as the contract's schema parsed it, or the answer to a body that is no such request. */
export type ParsedSaveBody = { request: UpdateScenarioRequest } | { refusal: ErrorBody };

/** Parses a save's body as the router parses JSON bodies: malformed JSON, then the schema's issues, under `json`. */
export function parseSaveBody(text: string): ParsedSaveBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refusal: { message: MALFORMED_JSON_BODY } };
  }
  const parsed = UpdateScenarioRequestSchema.safeParse(json);
  return parsed.success ? { request: parsed.data } : { refusal: inputIssuesError('json', parsed.error.issues) };
}

/** Why labels a save or a migration gives break the configured label rules, or undefined when they do not. */
export function labelsRefusal(labels: readonly string[], rules: readonly LabelValidationRule[]): ErrorBody | undefined {
  const problems = validateScenarioLabels(labels, rules);
  if (problems.length === 0) return undefined;
  const text = problems.map((problem) => `${problem.label}: ${problem.messages.join(', ')}`).join('; ');
  return { message: `Invalid scenario labels: ${text}`, path: ['scenarioLabels'] };
}

/** The labels a save is validated with: those its body gives (each once, sorted), or else the stored ones. */
export function labelsToValidate(given: readonly string[] | undefined, stored: readonly string[]): string[] {
  return given ? [...new Set(given)].sort() : [...stored];
}

/** Why a graph cannot be stored (its `canonicalFormProblems`), or undefined when it can. */
export function unstorableRefusal(problems: readonly GraphIssue[]): ErrorBody | undefined {
  const first = problems[0];
  if (!first) return undefined;
  return { message: `Scenario cannot be saved: ${problems.map((issue) => issue.message).join('; ')}`, path: ['scenarioGraph', ...first.path] };
}
