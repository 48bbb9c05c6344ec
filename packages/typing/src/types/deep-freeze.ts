/**
 * Freezes every object reachable from `value` that is not frozen yet, and answers how many it froze. For data
 * shared between readers (parse trees, the JSON of types): one reader must not change it under another's feet,
 * and a mutation throws instead. Objects already frozen are taken as frozen all the way down and not entered.
 */
export function deepFreeze(value: unknown): number {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return 0;
  Object.freeze(value);
  let frozen = 1;
  for (const child of Object.values(value)) frozen += deepFreeze(child);
  return frozen;
}
