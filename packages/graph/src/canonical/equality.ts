import type { CanonicalProcess } from '../schemas/canonical';

// Keys whose absence Nussknacker decodes as an empty or false default: written either way, they are the
// same scenario. (Every nullable field of the format is also optional, so `null` and absent are the same
// value too.) `isDisabled: false` is deliberately not here: Nussknacker keeps it apart from absent. A Map, so that
// a user's key named like an Object method (a property called `constructor`) is no default.
const DEFAULT_WHEN_ABSENT = new Map<string, (value: unknown) => boolean>([
  ['outputVariableNames', isEmptyObject],
  ['outputs', isEmptyObject],
  ['properties', isEmptyObject],
  ['fields', isEmptyArray],
  ['nextFalse', isEmptyArray],
  ['defaultNext', isEmptyArray],
  ['nexts', isEmptyArray],
  ['additionalBranches', isEmptyArray],
  ['showDescription', (value) => value === false],
  ['required', (value) => value === false],
]);

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
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
    if (DEFAULT_WHEN_ABSENT.get(key)?.(normalized)) continue;
    result[key] = normalized;
  }
  return result;
}

/**
 * The same key for any part of a scenario (a node, an edge, the properties): JSON text with sorted keys,
 * nulls and decoding defaults dropped. Version compare uses it so that `null` and absent are no change.
 */
export function jsonComparisonKey(value: unknown): string {
  return JSON.stringify(normalize(value)) ?? 'undefined';
}

/**
 * The comparison key of a canonical process: JSON text with sorted keys, nulls dropped and fields equal to
 * their decoding default dropped. Two scenarios with the same key are the same version (semantics.md §3:
 * saving creates a version only when the canonical form changed). The name (`metaData.id`) is included;
 * blank it first to compare content only.
 */
export function canonicalComparisonKey(canonical: CanonicalProcess): string {
  return JSON.stringify(normalize(canonical));
}

/** Whether two canonical processes are the same scenario version (see `canonicalComparisonKey`). */
export function canonicalProcessEquals(a: CanonicalProcess, b: CanonicalProcess): boolean {
  return canonicalComparisonKey(a) === canonicalComparisonKey(b);
}
