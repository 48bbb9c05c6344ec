import type { NodeCount, ResultValue, ResultsWithCounts } from '@scenaria/deployment-sdk';
import type { FragmentNodeOrigin } from '../compile/compile-scenario';
import type { RuntimeContext } from '../runtime/context';
import { setVariable } from '../runtime/context';
import type { ExecutionListener } from '../runtime/listener';
import { toPlainJson } from '@scenaria/typing/runtime';

interface ContextResult {
  id: string;
  variables: Record<string, ResultValue>;
}

/** Collects what a test run shows per node; `results()` gives the reference's ResultsWithCounts JSON. */
export interface TestResultsCollector extends ExecutionListener {
  /**
   * The results, lists sorted by context id, with counts per node of the scenario (nodes inlined from
   * fragments counted under their usage node's `fragmentCounts`).
   */
  results(fragmentNodes?: ReadonlyMap<string, FragmentNodeOrigin>): ResultsWithCounts;
}

/**
 * How much a test run may show. A value built within the expression budget can still be large, and the
 * collector repeats it at every node it passes (every variable at every node), so without a bound twenty
 * records carrying a few million characters make results no JSON text can hold (V8's string limit) and
 * block whoever serialises them.
 */
export interface TestResultsLimits {
  /** Longest value shown, in characters of its JSON; a longer one is replaced by a note. Default 100,000. */
  readonly maxValueChars?: number;
  /** All values shown together, in characters; past it, values are replaced by a note. Default 5,000,000. */
  readonly maxTotalChars?: number;
}

/** Characters of a plain JSON value's text, counted only up to `limit` (cheap: strings by their length). */
function jsonCharsUpTo(value: unknown, limit: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= limit) {
    const item = pending.pop();
    if (typeof item === 'string') count += item.length + 2;
    else if (Array.isArray(item)) {
      count += 2 + item.length;
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        count += key.length + 4;
        pending.push(inner);
      }
      count += 2;
    } else count += String(item).length;
  }
  return count;
}

function contextResult(context: RuntimeContext, wrap: (value: unknown, original?: string) => ResultValue): ContextResult {
  const variables: Record<string, ResultValue> = {};
  const { original, input } = context.scope;
  for (const [name, value] of Object.entries(context.variables)) {
    // The record as read keeps its raw text next to the decoded value while it is unchanged.
    setVariable(variables, name, wrap(value, name === 'input' && original !== undefined && value === input ? original : undefined));
  }
  return { id: context.id, variables };
}

const idParts = (id: string) => id.split('-').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Orders context ids part by part, numbers numerically, so `s-0-10` comes after `s-0-9`. */
export function compareContextIds(a: string, b: string): number {
  const left = idParts(a);
  const right = idParts(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const l = left[i] as string | number;
    const r = right[i] as string | number;
    if (l === r) continue;
    if (typeof l === 'number' && typeof r === 'number') return l - r;
    return String(l) < String(r) ? -1 : 1;
  }
  return left.length - right.length;
}

/** A listener that records everything a test run shows. */
export function createTestResultsCollector(limits: TestResultsLimits = {}): TestResultsCollector {
  const maxValueChars = limits.maxValueChars ?? 100_000;
  const maxTotalChars = limits.maxTotalChars ?? 5_000_000;
  let totalChars = 0;
  const wrap = (value: unknown, original?: string): ResultValue => {
    const pretty = toPlainJson(value);
    const chars = jsonCharsUpTo(pretty, maxValueChars) + (original?.length ?? 0);
    if (chars > maxValueChars) return { pretty: `(a value of more than ${maxValueChars} characters, left out of the test results)` };
    if (totalChars + chars > maxTotalChars) return { pretty: `(left out: the test results already hold ${maxTotalChars} characters)` };
    totalChars += chars;
    return original === undefined ? { pretty } : { original, pretty };
  };
  const nodeResults = new Map<string, ContextResult[]>();
  const invocationResults = new Map<string, { contextId: string; name: string; value: ResultValue }[]>();
  const externalInvocationResults = new Map<string, { contextId: string; name: string; value: ResultValue }[]>();
  const exceptions: { context: ContextResult; nodeId: string; throwable: string | null }[] = [];
  const push = <T>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  const sortedObject = <T>(map: Map<string, T[]>, idOf: (item: T) => string) =>
    Object.fromEntries([...map].map(([key, list]) => [key, [...list].sort((a, b) => compareContextIds(idOf(a), idOf(b)))]));

  return {
    nodeEntered(nodeId, context) {
      push(nodeResults, nodeId, contextResult(context, wrap));
    },
    expressionEvaluated(nodeId, name, context, value) {
      push(invocationResults, nodeId, { contextId: context.id, name, value: wrap(value) });
    },
    serviceInvoked(nodeId, name, context, value) {
      push(externalInvocationResults, nodeId, { contextId: context.id, name, value: wrap(value) });
    },
    exceptionThrown(nodeId, context, error) {
      const message = error instanceof Error ? error.message : error === undefined || error === null ? null : String(error);
      exceptions.push({ context: contextResult(context, wrap), nodeId, throwable: message });
    },
    results(fragmentNodes = new Map()) {
      const counts: Record<string, NodeCount> = {};
      const countOf = (nodeId: string): NodeCount => {
        const origin = fragmentNodes.get(nodeId);
        if (origin) {
          const parent = countOf(origin.usageNodeId);
          return (parent.fragmentCounts[origin.innerNodeId] ??= { all: 0, errors: 0, fragmentCounts: {} });
        }
        return (counts[nodeId] ??= { all: 0, errors: 0, fragmentCounts: {} });
      };
      for (const [nodeId, list] of nodeResults) countOf(nodeId).all += list.length;
      for (const exception of exceptions) countOf(exception.nodeId).errors += 1;
      return {
        results: {
          nodeResults: sortedObject(nodeResults, (r) => r.id),
          invocationResults: sortedObject(invocationResults, (r) => r.contextId),
          externalInvocationResults: sortedObject(externalInvocationResults, (r) => r.contextId),
          exceptions: [...exceptions].sort((a, b) => compareContextIds(a.context.id, b.context.id)),
        },
        counts,
      };
    },
  };
}
