/** Offsets into an expression's text; `end` is exclusive. */
export interface SourceRange {
  start: number;
  end: number;
}

/**
 * One problem found in user input, as plain data. Every package's issue type extends it, so callers (the
 * API, the designer, a CLI) read every library's problems with the same field names.
 *
 * @example
 * type GraphIssueCode = 'DanglingEdge' | 'Cycle';
 * interface GraphIssue extends Issue<GraphIssueCode> { readonly nodeIds?: string[] }
 */
export interface Issue<Code extends string = string> {
  /** A stable identifier in PascalCase. Tests and callers match on it, never on `message`. */
  readonly code: Code;
  /** Human-readable text, for people; its wording may change. */
  readonly message: string;
  /** The node the problem is about, when there is one. */
  readonly nodeId?: string;
  /** The parameter (or field) of that node; what the wire format calls `fieldName`. */
  readonly paramName?: string;
  /** Where in an expression's text the problem sits. */
  readonly range?: SourceRange;
  /** Where in a JSON document (or a text's lines) the problem sits; `[]` for the whole document. */
  readonly path?: readonly (string | number)[];
  /** Anything more a client may show (the cells of a bad table, the allowed values...). */
  readonly details?: unknown;
}

/**
 * A table with exactly one entry per code: adding a code to the union without an entry, or an entry for
 * a code that does not exist, is a compile error. `Entry` is a message, a message template or a richer record.
 *
 * @example
 * const messages = { Blank: 'Label cannot be blank', TooLong: (max: number) => `At most ${max} characters` } satisfies
 *   MessageCatalogue<LabelIssueCode, string | ((max: number) => string)>;
 */
export type MessageCatalogue<Code extends string, Entry = string> = { readonly [C in Code]: Entry };

/**
 * Checks a catalogue against its code union (as `satisfies MessageCatalogue<Code, Entry>` does) and freezes
 * it, so a table shared by every caller cannot be changed by one of them.
 *
 * @example
 * const descriptions = defineMessages<CustomActionIssueCode>({ UnknownParameter: 'The action has no such parameter.', ... });
 */
export function defineMessages<Code extends string, Entry = string>(catalogue: MessageCatalogue<Code, Entry>): MessageCatalogue<Code, Entry> {
  return Object.freeze({ ...catalogue });
}

/**
 * Issues as one line of text for an error message or a log: each `message`, after its node id when it has
 * one, joined by `; `.
 *
 * @example
 * formatIssues([{ code: 'MissingComponent', message: 'No component x', nodeId: 'enrich' }]); // 'enrich: No component x'
 */
export function formatIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => (issue.nodeId ? `${issue.nodeId}: ${issue.message}` : issue.message)).join('; ');
}
