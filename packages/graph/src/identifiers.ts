import type { GraphIssue, GraphShapeIssueCode } from './issues';

/**
 * Identifier rules for node ids and scenario names. Nussknacker made them stricter in 1.13 without
 * documenting the exact character set, so this is our precise version, one rule set for both:
 * - not empty;
 * - no leading or trailing white space (any Unicode white space);
 * - none of `"`, `.` and `'`: ids are embedded in generated names (`$edge-<id>-<join>`, test-result context
 *   ids, metric names) and in SpEL strings, where these are separators or quotes;
 * - no control characters (U+0000-U+001F, U+007F-U+009F): invisible in the designer, harmful in logs;
 * - at most `MAX_IDENTIFIER_LENGTH` (255) characters: names travel in URL paths, where a longer one would
 *   outgrow the request line some servers and proxies accept (a 100,000-character name could be created but
 *   never addressed again), and ids end up in metric labels and generated names.
 * Inner spaces, other punctuation (`-`, `_`, `/`, `#`, `$`...) and any other Unicode letters or emoji are fine.
 */
const ILLEGAL_CHARACTERS = ['"', '.', "'"] as const;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/u;

/** The most characters (UTF-16 code units) a node id or scenario name may have. */
export const MAX_IDENTIFIER_LENGTH = 255;

/** The message of an identifier over `MAX_IDENTIFIER_LENGTH`; the graph schema's node id check shares it. */
export function identifierTooLongMessage(what: 'Node id' | 'Scenario name'): string {
  return `${what} can have at most ${MAX_IDENTIFIER_LENGTH} characters`;
}

function check(value: unknown, what: 'Node id' | 'Scenario name', path: (string | number)[]): GraphIssue<GraphShapeIssueCode>[] {
  if (typeof value !== 'string') {
    return [{ code: 'InvalidType', message: `${what} must be a string`, path }];
  }
  if (value.length === 0) {
    return [{ code: 'EmptyName', message: `${what} cannot be empty`, path }];
  }
  const issues: GraphIssue<GraphShapeIssueCode>[] = [];
  if (value.length > MAX_IDENTIFIER_LENGTH) {
    issues.push({ code: 'TooLong', message: identifierTooLongMessage(what), path });
  }
  if (value.trim() !== value) {
    issues.push({ code: 'SurroundingWhitespace', message: `${what} cannot have leading or trailing whitespace`, path });
  }
  const illegal = ILLEGAL_CHARACTERS.filter((character) => value.includes(character));
  if (illegal.length > 0) {
    issues.push({
      code: 'IllegalCharacter',
      message: `${what} contains invalid characters: ${illegal.join(' ')} are not allowed`,
      path,
    });
  }
  if (CONTROL_CHARACTER.test(value)) {
    issues.push({ code: 'IllegalCharacter', message: `${what} cannot contain control characters`, path });
  }
  return issues;
}

/** Checks a node id against the identifier rules; an empty array means it is valid. */
export function validateNodeId(id: unknown, path: (string | number)[] = []): GraphIssue<GraphShapeIssueCode>[] {
  return check(id, 'Node id', path).map((issue) =>
    typeof id === 'string' ? { ...issue, nodeIds: [id] } : issue,
  );
}

/** Checks a scenario (or fragment) name against the identifier rules; an empty array means it is valid. */
export function validateScenarioName(name: unknown, path: (string | number)[] = []): GraphIssue<GraphShapeIssueCode>[] {
  return check(name, 'Scenario name', path);
}
