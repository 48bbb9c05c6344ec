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
