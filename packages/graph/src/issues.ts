import type { Issue } from '@scenaria/issues';
import type { z } from 'zod';

/** Codes of problems in the shape of scenario JSON and in identifiers. */
export type GraphShapeIssueCode =
  // shape of the JSON
  | 'InvalidType'
  | 'MissingField'
  | 'InvalidValue'
  | 'UnknownNodeType'
  | 'UnknownEdgeType'
  | 'UnknownValueEditorType'
  | 'InvalidTailOfBranch'
  // identifiers
  | 'EmptyName'
  | 'SurroundingWhitespace'
  | 'IllegalCharacter'
  | 'TooLong';

/** Codes of problems in the structure of a graph (`findStructureProblems`, `checkNewEdge`). */
export type GraphStructureIssueCode =
  | 'EmptyScenario'
  | 'MissingStartNode'
  | 'DuplicateNodeId'
  | 'DanglingEdge'
  | 'DuplicateEdge'
  | 'Cycle'
  | 'LooseNode'
  | 'UnexpectedIncomingEdge'
  | 'MultipleIncomingEdges'
  | 'MissingOutgoingEdge'
  | 'UnexpectedOutgoingEdge'
  | 'InvalidEdgeType'
  | 'DuplicateFragmentOutput'
  | 'JoinWithoutInputs'
  | 'JoinBranchMismatch';

/** Stable codes of every problem this package reports. Tests and callers match on these, never on messages. */
export type GraphIssueCode = GraphShapeIssueCode | GraphStructureIssueCode;

/** A problem found in scenario JSON or in a graph: an `Issue` that always has a JSON path and, where known, node ids. */
export interface GraphIssue<Code extends GraphIssueCode = GraphIssueCode> extends Issue<Code> {
  /** JSON path into the input (or the graph) where the problem sits; `[]` for the whole document. */
  readonly path: (string | number)[];
  /** Ids of the nodes involved, for problems about nodes (a cycle or a duplicate id spans several). */
  readonly nodeIds?: string[];
}

/** The outcome of a parse: the typed value or every issue found. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: GraphIssue[] };

function valueAt(root: unknown, path: readonly PropertyKey[]): { present: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return { present: false, value: undefined };
    }
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { present: true, value: current };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function toJsonPath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((key) => (typeof key === 'number' ? key : String(key)));
}

/** Turns zod's issues into ours, looking at the input to tell a missing field from a wrong one. */
export function issuesFromZod(error: z.ZodError, input: unknown, prefix: (string | number)[] = []): GraphIssue[] {
  const issues: GraphIssue[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...toJsonPath(issue.path)];
    const at = valueAt(input, issue.path);
    const shown = path.length === 0 ? 'the document' : `'${path.join('.')}'`;
    if (issue.code === 'invalid_union' && 'discriminator' in issue) {
      const options = (issue as { options?: unknown[] }).options ?? [];
      const parentKey = issue.path[issue.path.length - 2];
      const isEdgeType = parentKey === 'edgeType';
      const isValueEditor = parentKey === 'valueEditor';
      const what = isEdgeType ? 'edge type' : isValueEditor ? 'value editor type' : 'node type';
      if (!at.present) {
        issues.push({ code: 'MissingField', message: `Missing ${what} ${shown}; expected one of ${options.join(', ')}`, path });
        continue;
      }
      const found = JSON.stringify(at.value);
      issues.push({
        code: isEdgeType ? 'UnknownEdgeType' : isValueEditor ? 'UnknownValueEditorType' : 'UnknownNodeType',
        message: `Unknown ${what} ${found} at ${shown}; expected one of ${options.join(', ')}`,
        path,
      });
    } else if (issue.code === 'invalid_type') {
      if (!at.present) {
        issues.push({ code: 'MissingField', message: `Missing field ${shown} (${issue.expected})`, path });
      } else {
        issues.push({
          code: 'InvalidType',
          message: `Expected ${issue.expected} at ${shown}, found ${describe(at.value)}`,
          path,
        });
      }
    } else {
      issues.push({ code: 'InvalidValue', message: `${issue.message} at ${shown}`, path });
    }
  }
  return issues;
}
