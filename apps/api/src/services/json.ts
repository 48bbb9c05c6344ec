/** JSON text with object keys sorted, so two documents that differ only in key order compare equal. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

/** Drops null and undefined fields, deeply: scenario records never carry nulls (rest-api.md, conventions). */
export function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropNulls(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && item !== undefined) copy[key] = dropNulls(item);
    }
    return copy as T;
  }
  return value;
}
