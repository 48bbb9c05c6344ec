import { AggregatorSpec } from '@scenaria/components';
import { fromTypedJson, toTypedJson } from '@scenaria/typing/runtime';
import type { JsonValue } from '@scenaria/typing/runtime';
import { freshContext, withOnlyVariables } from '../runtime/context';
import type { RuntimeContext } from '../runtime/context';

/** A runtime value as typed JSON (Long, BigDecimal, Set... keep their class). */
export function encodeValue(value: unknown): JsonValue {
  return toTypedJson(value);
}

export function decodeValue(json: JsonValue): unknown {
  const decoded = fromTypedJson(json);
  if (!decoded.ok) throw new Error(`Stored state does not decode: ${decoded.errors.map((e) => e.message).join('; ')}`);
  return decoded.value;
}

/**
 * A context a stateful node keeps (to emit later): id, event time, variables and the fragment parent. Its
 * scope is not kept: whatever emits it later gives it the scope of that moment.
 */
export function encodeContext(context: RuntimeContext): JsonValue {
  return {
    id: context.id,
    eventTime: context.eventTime,
    // Entries, not an object: a variable may be called `__proto__`.
    variables: Object.entries(context.variables).map(([name, value]) => [name, encodeValue(value)]),
    parent: context.parent ? encodeContext(context.parent) : null,
  };
}

export function decodeContext(json: JsonValue): RuntimeContext {
  const stored = json as { id: string; eventTime: number; variables: [string, JsonValue][]; parent: JsonValue };
  const variables: Record<string, unknown> = {};
  for (const [name, value] of stored.variables) Object.defineProperty(variables, name, { value: decodeValue(value), enumerable: true, writable: true, configurable: true });
  const parent = stored.parent === null ? undefined : decodeContext(stored.parent);
  return withOnlyVariables(freshContext(stored.id, stored.eventTime), variables, parent);
}

export function encodeSpec(spec: AggregatorSpec): JsonValue {
  return { kind: spec.kind, fields: [...spec.fields].map(([name, field]) => [name, encodeSpec(field)]) };
}

export function decodeSpec(json: JsonValue): AggregatorSpec {
  const stored = json as { kind: AggregatorSpec['kind']; fields: [string, JsonValue][] };
  return new AggregatorSpec(stored.kind, new Map(stored.fields.map(([name, field]) => [name, decodeSpec(field)])));
}
