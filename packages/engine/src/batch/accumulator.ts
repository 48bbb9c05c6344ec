import type { AggregatorSpec } from '@scenaria/components';
import type { JsonValue } from '@scenaria/typing/runtime';
import { bigDecimalDivide, isJavaBigDecimal, javaAdd, javaBigDecimal, javaCompare, javaDouble, toDoubleValue } from '@scenaria/typing/runtime';
import { aggregateValues } from '../components/aggregators';
import { decodeSpec, decodeValue, encodeSpec, encodeValue } from '../state/codecs';
import type { StateCodec } from '../state/keyed-state';

/**
 * What an aggregator keeps of the values it saw. Numeric aggregators fold as they go, so a group of a million
 * rows costs one value; list, set and cardinality keep the values and finish with `aggregateValues`, so every
 * aggregator answers exactly as the windowed aggregates do.
 */
export interface Accumulator {
  spec: AggregatorSpec;
  count: number;
  /** sum, min, max, first, last; the decimal sum of average while every value is a BigDecimal. */
  value: unknown;
  /** average: the sum as doubles; countWhen: the trues. */
  number: number;
  isAllDecimal: boolean;
  values: unknown[];
  fields: Map<string, Accumulator>;
}

const KEEPS_VALUES = new Set(['list', 'set', 'approxCardinality']);

/** An empty accumulator for an aggregator. */
export function emptyAccumulator(spec: AggregatorSpec): Accumulator {
  const fields = new Map<string, Accumulator>();
  for (const [name, field] of spec.fields) fields.set(name, emptyAccumulator(field));
  return { spec, count: 0, value: null, number: 0, isAllDecimal: true, values: [], fields };
}

/** Folds one value in. */
export function accumulate(acc: Accumulator, value: unknown): void {
  const { kind } = acc.spec;
  acc.count += 1;
  if (KEEPS_VALUES.has(kind)) {
    acc.values.push(value);
    return;
  }
  switch (kind) {
    case 'sum':
      if (value !== null) acc.value = acc.value === null ? value : javaAdd(acc.value, value);
      return;
    case 'first':
      if (acc.count === 1) acc.value = value;
      return;
    case 'last':
      acc.value = value;
      return;
    case 'min':
    case 'max':
      if (value !== null && (acc.value === null || (kind === 'max' ? 1 : -1) * javaCompare(value, acc.value) > 0)) acc.value = value;
      return;
    case 'countWhen':
      if (value === true) acc.number += 1;
      return;
    case 'average':
      if (value === null) {
        acc.count -= 1;
        return;
      }
      acc.number += toDoubleValue(value);
      if (acc.isAllDecimal && isJavaBigDecimal(value)) acc.value = javaAdd(acc.value ?? javaBigDecimal(0), value);
      else acc.isAllDecimal = false;
      return;
    case 'map':
      for (const [name, field] of acc.fields) accumulate(field, value instanceof Map ? (value.get(name) ?? null) : null);
      return;
  }
}

/** The aggregate of what was folded in (what `aggregateValues` gives for the same values). */
export function accumulatorResult(acc: Accumulator): unknown {
  const { kind } = acc.spec;
  if (KEEPS_VALUES.has(kind)) return aggregateValues(acc.spec, acc.values);
  switch (kind) {
    case 'countWhen':
      return BigInt(acc.number);
    case 'average':
      if (acc.count === 0) return null;
      return acc.isAllDecimal ? bigDecimalDivide(acc.value as ReturnType<typeof javaBigDecimal>, javaBigDecimal(acc.count)) : javaDouble(acc.number / acc.count);
    case 'map': {
      const result = new Map<string, unknown>();
      for (const [name, field] of acc.fields) result.set(name, accumulatorResult(field));
      return result;
    }
    default:
      return acc.value;
  }
}

function encodeAccumulator(acc: Accumulator): JsonValue {
  return {
    spec: encodeSpec(acc.spec),
    count: acc.count,
    value: encodeValue(acc.value),
    number: acc.number,
    isAllDecimal: acc.isAllDecimal,
    values: acc.values.map(encodeValue),
    fields: [...acc.fields].map(([name, field]) => [name, encodeAccumulator(field)]),
  };
}

function decodeAccumulator(json: JsonValue): Accumulator {
  const stored = json as { spec: JsonValue; count: number; value: JsonValue; number: number; isAllDecimal: boolean; values: JsonValue[]; fields: [string, JsonValue][] };
  return {
    spec: decodeSpec(stored.spec),
    count: stored.count,
    value: decodeValue(stored.value),
    number: stored.number,
    isAllDecimal: stored.isAllDecimal,
    values: stored.values.map(decodeValue),
    fields: new Map(stored.fields.map(([name, field]) => [name, decodeAccumulator(field)])),
  };
}

/** How a group's accumulator is kept in the keyed state at rest. */
export const accumulatorCodec: StateCodec<Accumulator> = { encode: encodeAccumulator, decode: decodeAccumulator };
