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

/**
 * How deeply JSON that Scenaria reads (request bodies, imported files, requests to deployed scenarios) may
 * nest arrays and objects. The deepest real scenario JSON, a canonical process with branches inside branches,
 * uses about three levels per branch, so this leaves room for hundreds of nested branches.
 */
export const MAX_JSON_DEPTH = 1000;

/** What `inspectJsonText` found in a JSON text before it is parsed. */
export interface JsonTextInspection {
  /** Arrays and objects are nested deeper than the given limit (the scan stopped there). */
  readonly tooDeep: boolean;
  /** A string holds U+0000, raw or as the `\u0000` escape. */
  readonly hasNulCharacter: boolean;
}

/**
 * One cheap pass over a JSON text, before `JSON.parse`: how deep its brackets nest outside strings and whether
 * a string holds a NUL. Parsing a deeply nested text works, but every recursive step after it (schemas,
 * copies, the engine) then overflows the stack; and PostgreSQL text cannot hold NUL. Malformed text is not
 * judged here: `JSON.parse` reports it.
 * @example inspectJsonText('[[1]]', 1) // { tooDeep: true, hasNulCharacter: false }
 */
export function inspectJsonText(text: string, maxDepth: number = MAX_JSON_DEPTH): JsonTextInspection {
  let depth = 0;
  let hasNulCharacter = false;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) {
        // `\u0000` is NUL; any other escape is skipped whole so an escaped quote does not end the string.
        if (text.charCodeAt(index + 1) === 0x75 /* u */ && text.startsWith('0000', index + 2)) hasNulCharacter = true;
        index++;
      } else if (code === 0x22 /* " */) {
        inString = false;
      } else if (code === 0) {
        hasNulCharacter = true;
      }
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > maxDepth) return { tooDeep: true, hasNulCharacter };
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return { tooDeep: false, hasNulCharacter };
}
