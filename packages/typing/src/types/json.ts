import { z } from 'zod';
import type { Decimal } from 'decimal.js';
import type { Issue } from '@scenaria/issues';
import { decodeValueForClass, type JsonValue } from '../runtime/json-codec';
import { numberKindOf } from '../runtime/numbers';
import { formatJavaBigDecimal } from '../runtime/to-string';
import { isJavaCharacter } from '../runtime/values';
import { fromJavaClassName } from './class-names';
import { recordType } from './record';
import { JavaClassNames } from './java-classes';
import {
  dictType,
  displayType,
  nullType,
  taggedType,
  unionType,
  unknownType,
  valueType,
  type SingleTypingResult,
  type TypedClass,
  type TypingResult,
} from './typing-result';

/** The `type` discriminator values of typing-result JSON. */
export const TypingResultJsonTypeSchema = z.enum(['TypedClass', 'TypedObjectTypingResult', 'TypedObjectWithValue', 'TypedDict', 'TypedTaggedValue', 'TypedUnion', 'Unknown', 'TypedNull']);

/**
 * Any JSON value: the compile-time known `value` of a TypedObjectWithValue. One shared instance, because the
 * schema refers to itself and tools that walk schemas (the API's OpenAPI document) need one object to name.
 */
export const JsonValueSchema = z.json();

/**
 * The wire form of a typing result (semantics §6): `type`, `display` and the fields of its kind. One loose
 * object schema covers all kinds, as clients send them; `display` is optional on input because decoding
 * ignores it. Use {@link typingResultFromJson} to turn a parsed value into a TypingResult.
 */
export const TypingResultJsonSchema = z.object({
  type: TypingResultJsonTypeSchema,
  display: z.string().optional(),
  refClazzName: z.string().optional(),
  get params(): z.ZodOptional<z.ZodArray<typeof TypingResultJsonSchema>> {
    return z.array(TypingResultJsonSchema).optional();
  },
  get fields(): z.ZodOptional<z.ZodRecord<z.ZodString, typeof TypingResultJsonSchema>> {
    return z.record(z.string(), TypingResultJsonSchema).optional();
  },
  additionalInfo: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  value: JsonValueSchema.optional(),
  tag: z.string().optional(),
  get dict(): z.ZodOptional<z.ZodObject<{ id: z.ZodString; valueType: typeof TypingResultJsonSchema }>> {
    return z.object({ id: z.string(), valueType: TypingResultJsonSchema }).optional();
  },
  get union(): z.ZodOptional<z.ZodArray<typeof TypingResultJsonSchema>> {
    return z.array(TypingResultJsonSchema).optional();
  },
});

/** Typing-result JSON as sent and received. */
export type TypingResultJson = z.infer<typeof TypingResultJsonSchema>;

/** A problem in typing-result JSON sent by a client. */
export interface TypingJsonIssue extends Issue<'InvalidTypingResult' | 'UnknownClass'> {
  readonly path: readonly (string | number)[];
}

/** Outcome of decoding typing-result JSON. */
export type TypingJsonResult = { readonly ok: true; readonly value: TypingResult } | { readonly ok: false; readonly errors: readonly TypingJsonIssue[] };

function classJson(type: TypedClass): { refClazzName: string; params: TypingResultJson[] } {
  return { refClazzName: type.className, params: type.params.map(typingResultToJson) };
}

/**
 * The JSON value of a compile-time known value, or undefined when it has no faithful JSON form (then the
 * type is sent without its value, as Nussknacker does for values its encoder does not support). Longs,
 * BigIntegers and BigDecimals that a JSON number cannot hold exactly are sent as their decimal text.
 */
export function knownValueToJson(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) {
    const items = value.map(knownValueToJson);
    return items.every((item) => item !== undefined) ? (items as JsonValue[]) : undefined;
  }
  if (value instanceof Map) {
    const result: Record<string, JsonValue> = {};
    for (const [key, entry] of value) {
      const encoded = knownValueToJson(entry);
      if (typeof key !== 'string' || encoded === undefined) return undefined;
      Object.defineProperty(result, key, { value: encoded, enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  if (isJavaCharacter(value)) return value.value;
  switch (numberKindOf(value)) {
    case 'Long':
      return exactIntegral(value as bigint);
    case 'BigInteger':
      return exactIntegral((value as { value: bigint }).value);
    case 'BigDecimal': {
      const text = formatJavaBigDecimal(value as Decimal);
      return String(Number(text)) === text ? Number(text) : text;
    }
    case 'Double':
    case 'Float':
    case 'Short':
    case 'Byte': {
      const number = (value as { value: number }).value;
      return Number.isFinite(number) ? number : undefined;
    }
    default:
      return undefined;
  }
}

function exactIntegral(value: bigint): JsonValue {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/** Encodes a typing result as Nussknacker's JSON (semantics §6). */
export function typingResultToJson(type: TypingResult): TypingResultJson {
  const display = displayType(type);
  switch (type.kind) {
    case 'class':
      return { type: 'TypedClass', ...classJson(type), display };
    case 'record': {
      const fields: Record<string, TypingResultJson> = {};
      for (const [name, field] of type.fields) {
        Object.defineProperty(fields, name, { value: typingResultToJson(field), enumerable: true, writable: true, configurable: true });
      }
      return {
        type: 'TypedObjectTypingResult',
        fields,
        ...classJson(type.objType),
        ...(type.additionalInfo ? { additionalInfo: type.additionalInfo } : {}),
        display,
      };
    }
    case 'value': {
      const value = knownValueToJson(type.value);
      if (value === undefined) return typingResultToJson(type.underlying);
      return { type: 'TypedObjectWithValue', ...classJson(type.underlying), value, display };
    }
    case 'dict':
      return { type: 'TypedDict', dict: { id: type.dictId, valueType: typingResultToJson(type.valueType) }, display };
    case 'tagged': {
      const underlying = typingResultToJson(type.underlying);
      return { ...underlying, type: 'TypedTaggedValue', tag: type.tag, display };
    }
    case 'union':
      return { type: 'TypedUnion', union: type.types.map(typingResultToJson), display };
    case 'unknown':
      return { type: 'Unknown', refClazzName: JavaClassNames.Object, params: [], display };
    case 'null':
      return { type: 'TypedNull', refClazzName: JavaClassNames.Object, params: [], display };
  }
}

class TypingDecodeFailure extends Error {
  constructor(
    readonly code: TypingJsonIssue['code'],
    message: string,
    readonly path: readonly (string | number)[],
  ) {
    super(message);
  }
}

type DecodeOptions = { readonly isKnownClass?: (className: string) => boolean };

function asObject(json: unknown, path: readonly (string | number)[]): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TypingDecodeFailure('InvalidTypingResult', 'Expected a typing result object', path);
  return json as Record<string, unknown>;
}

function decodeClass(object: Record<string, unknown>, path: readonly (string | number)[], options: DecodeOptions): TypedClass | TypingResult {
  const name = object.refClazzName;
  if (typeof name !== 'string') throw new TypingDecodeFailure('InvalidTypingResult', 'refClazzName must be a string', [...path, 'refClazzName']);
  const rawParams = object.params ?? [];
  if (!Array.isArray(rawParams)) throw new TypingDecodeFailure('InvalidTypingResult', 'params must be an array', [...path, 'params']);
  const params = rawParams.map((param, i) => decode(param, [...path, 'params', i], options));
  const type = fromJavaClassName(name, params.length > 0 ? params : undefined, options.isKnownClass);
  if (type === undefined) throw new TypingDecodeFailure('UnknownClass', `Failed to load class ${name}`, [...path, 'refClazzName']);
  return type;
}

function requireClass(type: TypingResult, path: readonly (string | number)[]): TypedClass {
  if (type.kind !== 'class') throw new TypingDecodeFailure('InvalidTypingResult', 'Expected a class (java.lang.Object is not allowed here)', path);
  return type;
}

function requireSingle(type: TypingResult, path: readonly (string | number)[]): SingleTypingResult {
  if (type.kind === 'unknown' || type.kind === 'null' || type.kind === 'union') throw new TypingDecodeFailure('InvalidTypingResult', 'Expected a single type', path);
  return type;
}

/**
 * The value of a TypedObjectWithValue. A list's elements are read as its element class when that is a plain
 * class: JSON has one kind of number, and `List[Double]({1.0})` must not come back as a list of Integers.
 */
function decodeKnownValue(underlying: TypedClass, json: unknown, path: readonly (string | number)[]): unknown {
  const element = underlying.params[0];
  if (underlying.className === JavaClassNames.List && Array.isArray(json) && element?.kind === 'class' && element.params.length === 0) {
    return json.map((item, i) => (item === null ? null : decodeValue(element.className, item, [...path, i])));
  }
  return decodeValue(underlying.className, json, path);
}

function decodeValue(className: string, json: unknown, path: readonly (string | number)[]): unknown {
  const decoded = decodeValueForClass(className, json);
  if (!decoded.ok) throw new TypingDecodeFailure('InvalidTypingResult', decoded.errors[0]?.message ?? 'Invalid value', path);
  return decoded.value;
}

function decode(json: unknown, path: readonly (string | number)[], options: DecodeOptions): TypingResult {
  const object = asObject(json, path);
  switch (object.type) {
    case 'Unknown':
      return unknownType;
    case 'TypedNull':
      return nullType;
    case 'TypedClass':
      return decodeClass(object, path, options);
    case 'TypedObjectWithValue': {
      const underlying = requireClass(decodeClass(object, path, options), path);
      if (!Object.hasOwn(object, 'value')) throw new TypingDecodeFailure('InvalidTypingResult', 'TypedObjectWithValue needs a value', [...path, 'value']);
      return valueType(underlying, decodeKnownValue(underlying, object.value, [...path, 'value']));
    }
    case 'TypedObjectTypingResult': {
      const fields = asObject(object.fields, [...path, 'fields']);
      const objType = object.refClazzName === undefined ? undefined : requireClass(decodeClass(object, path, options), path);
      const additional = object.additionalInfo === undefined ? undefined : (asObject(object.additionalInfo, [...path, 'additionalInfo']) as Record<string, string | number | boolean>);
      const entries = Object.keys(fields).map((name) => [name, decode(fields[name], [...path, 'fields', name], options)] as const);
      return recordType(entries, { ...(objType ? { objType } : {}), ...(additional ? { additionalInfo: additional } : {}) });
    }
    case 'TypedDict': {
      const dict = asObject(object.dict, [...path, 'dict']);
      if (typeof dict.id !== 'string') throw new TypingDecodeFailure('InvalidTypingResult', 'dict.id must be a string', [...path, 'dict', 'id']);
      return dictType(dict.id, requireSingle(decode(dict.valueType, [...path, 'dict', 'valueType'], options), [...path, 'dict', 'valueType']));
    }
    case 'TypedTaggedValue': {
      if (typeof object.tag !== 'string') throw new TypingDecodeFailure('InvalidTypingResult', 'tag must be a string', [...path, 'tag']);
      const underlyingKind = Object.hasOwn(object, 'fields') ? 'TypedObjectTypingResult' : Object.hasOwn(object, 'value') ? 'TypedObjectWithValue' : 'TypedClass';
      const underlying = requireSingle(decode({ ...object, type: underlyingKind }, path, options), path);
      return taggedType(underlying, object.tag);
    }
    case 'TypedUnion': {
      if (!Array.isArray(object.union) || object.union.length === 0) throw new TypingDecodeFailure('InvalidTypingResult', 'union must be a non-empty array', [...path, 'union']);
      return unionType(...object.union.map((member, i) => decode(member, [...path, 'union', i], options)));
    }
    default:
      throw new TypingDecodeFailure('InvalidTypingResult', `Unknown typing result type ${JSON.stringify(object.type)}`, [...path, 'type']);
  }
}

/**
 * Decodes typing-result JSON from clients (e.g. `variableTypes` of node validation). `display` is ignored;
 * classes must be known to typing or accepted by `isKnownClass` (e.g. `registry.hasClass`), otherwise the
 * result is an `UnknownClass` issue (Nussknacker answers 400).
 */
export function typingResultFromJson(json: unknown, options: DecodeOptions = {}): TypingJsonResult {
  const parsed = TypingResultJsonSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({ code: 'InvalidTypingResult', message: issue.message, path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))) })),
    };
  }
  try {
    return { ok: true, value: decode(parsed.data, [], options) };
  } catch (error) {
    if (error instanceof TypingDecodeFailure) return { ok: false, errors: [{ code: error.code, message: error.message, path: error.path }] };
    throw error;
  }
}
