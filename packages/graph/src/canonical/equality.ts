import type { CanonicalProcess } from '../schemas/canonical';

// Keys whose absence Nussknacker decodes as an empty or false default, with that default's JSON text: written
// either way, they are the same scenario. (Every nullable field of the format is also optional, so `null` and
// absent are the same value too.) `isDisabled: false` is deliberately not here: Nussknacker keeps it apart from
// absent. A Map, so that a user's key named like an Object method (a property called `constructor`) is no default.
const DEFAULT_WHEN_ABSENT = new Map<string, string>([
  ['outputVariableNames', '{}'],
  ['outputs', '{}'],
  ['properties', '{}'],
  ['fields', '[]'],
  ['nextFalse', '[]'],
  ['defaultNext', '[]'],
  ['nexts', '[]'],
  ['additionalBranches', '[]'],
  ['showDescription', 'false'],
  ['required', 'false'],
]);

// Whether a normalized value's JSON text is `text`, without writing out a whole subtree to find out.
function writesAs(normalized: unknown, text: string): boolean {
  if (normalized === null || typeof normalized !== 'object') return JSON.stringify(normalized) === text;
  if (Array.isArray(normalized)) return normalized.length === 0 && text === '[]';
  return Object.keys(normalized).length === 0 && text === '{}';
}

/** A value with sorted keys, nulls and decoding defaults dropped: what comparisons of scenario parts see. */
export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === null || item === undefined) continue;
    const normalized = normalize(item);
    const absentAs = DEFAULT_WHEN_ABSENT.get(key);
    if (absentAs !== undefined && writesAs(normalized, absentAs)) continue;
    result[key] = normalized;
  }
  return result;
}

// Keys as they are written, quoted and followed by a colon: a scenario names few distinct keys, many times over.
const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 4096;

// Sorted keys as an object built in that order lists them: array-index keys ("2", "10") first, in numeric order.
function inObjectOrder(sorted: string[]): string[] {
  if (!sorted.some(isArrayIndex)) return sorted;
  const indices = sorted.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...sorted.filter((key) => !isArrayIndex(key))];
}

function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}

/**
 * `JSON.stringify(normalize(value))` of a JSON value, written in one pass: a save computes the key of every
 * version it writes, and the normalized copy (with a sorted array of keys per object) was a sixth of what a
 * validation worker allocated per save.
 */
function comparisonText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += comparisonText(value[index]) ?? 'null';
    }
    return text + ']';
  }
  let text = '{';
  let first = true;
  for (const key of inObjectOrder(Object.keys(value).sort())) {
    const item = (value as Record<string, unknown>)[key];
    if (item === null || item === undefined) continue;
    const itemText = comparisonText(item);
    if (itemText === undefined || itemText === DEFAULT_WHEN_ABSENT.get(key)) continue;
    let quoted = QUOTED_KEYS.get(key);
    if (quoted === undefined) {
      quoted = `${JSON.stringify(key)}:`;
      if (QUOTED_KEYS.size < MAX_QUOTED_KEYS) QUOTED_KEYS.set(key, quoted);
    }
    text += first ? quoted + itemText : `,${quoted}${itemText}`;
    first = false;
  }
  return text + '}';
}

/**
 * The same key for any part of a scenario (a node, an edge, the properties): JSON text with sorted keys,
 * nulls and decoding defaults dropped. Version compare uses it so that `null` and absent are no change.
 */
export function jsonComparisonKey(value: unknown): string {
  return comparisonText(value) ?? 'undefined';
}

/**
 * The comparison key of a canonical process: JSON text with sorted keys, nulls dropped and fields equal to
 * their decoding default dropped. Two scenarios with the same key are the same version (semantics.md §3:
 * saving creates a version only when the canonical form changed). The name (`metaData.id`) is included;
 * blank it first to compare content only.
 */
export function canonicalComparisonKey(canonical: CanonicalProcess): string {
  return comparisonText(canonical)!;
}

/** Whether two canonical processes are the same scenario version (see `canonicalComparisonKey`). */
export function canonicalProcessEquals(a: CanonicalProcess, b: CanonicalProcess): boolean {
  return canonicalComparisonKey(a) === canonicalComparisonKey(b);
}
