/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Deep copy of JSON data, dropping `undefined`-valued keys (JSON has no such thing). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) copy[key] = cloneJson(item);
    }
    return copy as T;
  }
  return value;
}

/** Whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
