import type { TypingResult } from '@scenaria/typing';
import { T } from './internal/type-helpers';

/** The outcome of reading a JSON schema as a type. */
export type JsonSchemaTypeResult = { ok: true; type: TypingResult } | { ok: false; message: string };

/**
 * The type of values described by a JSON schema text, as the request source and response sink use it:
 * `object` with `properties` -> record, `object` without -> Map[String, Unknown], `array` -> List of the
 * items' type, `string` -> String, `integer` -> Long, `number` -> BigDecimal (JSON numbers are exact
 * decimals), `boolean` -> Boolean, `null` -> Null, `anyOf`/`oneOf` and type lists -> union, `{}` -> Unknown.
 * An empty text means "no schema" and types as Unknown.
 */
export function jsonSchemaTextToType(text: string | undefined): JsonSchemaTypeResult {
  if (text === undefined || text.trim() === '') return { ok: true, type: T.unknown() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON schema: ${(error as Error).message}` };
  }
  return jsonSchemaToType(parsed);
}

/** The type of values described by a parsed JSON schema (see {@link jsonSchemaTextToType}). */
export function jsonSchemaToType(schema: unknown): JsonSchemaTypeResult {
  if (schema === true) return { ok: true, type: T.unknown() };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, message: 'Invalid JSON schema: a schema must be an object' };
  }
  const s = schema as Record<string, unknown>;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    const types: TypingResult[] = [];
    for (const alternative of alternatives) {
      const result = jsonSchemaToType(alternative);
      if (!result.ok) return result;
      types.push(result.type);
    }
    return { ok: true, type: T.union(types) };
  }
  if (Array.isArray(s.enum) && s.type === undefined) {
    return { ok: true, type: s.enum.every((x) => typeof x === 'string') ? T.string() : T.unknown() };
  }
  const declared = s.type ?? (s.properties !== undefined ? 'object' : undefined);
  if (Array.isArray(declared)) {
    const types: TypingResult[] = [];
    for (const single of declared) {
      const result = jsonSchemaToType({ ...s, type: single });
      if (!result.ok) return result;
      types.push(result.type);
    }
    return { ok: true, type: T.union(types) };
  }
  switch (declared) {
    case undefined:
      return { ok: true, type: T.unknown() };
    case 'string':
      return { ok: true, type: T.string() };
    case 'integer':
      return { ok: true, type: T.long() };
    case 'number':
      return { ok: true, type: T.bigDecimal() };
    case 'boolean':
      return { ok: true, type: T.boolean() };
    case 'null':
      return { ok: true, type: T.null() };
    case 'array': {
      if (s.items === undefined) return { ok: true, type: T.list(T.unknown()) };
      const items = jsonSchemaToType(s.items);
      return items.ok ? { ok: true, type: T.list(items.type) } : items;
    }
    case 'object': {
      if (typeof s.properties !== 'object' || s.properties === null) {
        return { ok: true, type: T.map(T.string(), T.unknown()) };
      }
      const fields: Record<string, TypingResult> = {};
      for (const [name, property] of Object.entries(s.properties as Record<string, unknown>)) {
        const field = jsonSchemaToType(property);
        if (!field.ok) return { ok: false, message: `${field.message} (property '${name}')` };
        fields[name] = field.type;
      }
      return { ok: true, type: T.record(fields) };
    }
    default:
      return { ok: false, message: `Invalid JSON schema: unsupported type '${String(declared)}'` };
  }
}
