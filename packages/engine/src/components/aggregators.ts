import type { AggregatorSpec } from '@scenaria/components';
import {
  bigDecimalDivide, isJavaBigDecimal, javaAdd, javaBigDecimal, javaCompare, javaDouble, javaEquals, toDoubleValue,
} from '@scenaria/typing/runtime';

// The BigDecimal representation of @scenaria/typing (a decimal.js Decimal).
type Decimal = ReturnType<typeof javaBigDecimal>;

function distinct(values: readonly unknown[]): unknown[] {
  const result: unknown[] = [];
  for (const value of values) if (!result.some((seen) => javaEquals(seen, value))) result.push(value);
  return result;
}

function extreme(values: readonly unknown[], sign: 1 | -1): unknown {
  let best: unknown = null;
  for (const value of values) {
    if (value === null) continue;
    if (best === null || sign * javaCompare(value, best) > 0) best = value;
  }
  return best;
}

/**
 * The aggregate of the values of one window with an aggregator chosen by `#AGG` (kinds documented in
 * @scenaria/components' `aggregatorKinds`). Nulls are skipped by the numeric aggregators; an empty window
 * gives null for sum, min, max, first, last and average.
 */
export function aggregateValues(spec: AggregatorSpec, values: readonly unknown[]): unknown {
  switch (spec.kind) {
    case 'sum': {
      let sum: unknown = null;
      for (const value of values) if (value !== null) sum = sum === null ? value : javaAdd(sum, value);
      return sum;
    }
    case 'first':
      return values.length > 0 ? values[0] : null;
    case 'last':
      return values.length > 0 ? values[values.length - 1] : null;
    case 'min':
      return extreme(values, -1);
    case 'max':
      return extreme(values, 1);
    case 'list':
      return [...values];
    case 'set':
      return new Set(distinct(values));
    case 'countWhen':
      return BigInt(values.filter((value) => value === true).length);
    case 'approxCardinality':
      return BigInt(distinct(values).length);
    case 'average': {
      const numbers = values.filter((value) => value !== null);
      if (numbers.length === 0) return null;
      if (numbers.every(isJavaBigDecimal)) {
        const sum = numbers.reduce<Decimal>((a, b) => javaAdd(a, b) as Decimal, javaBigDecimal(0));
        return bigDecimalDivide(sum, javaBigDecimal(numbers.length));
      }
      return javaDouble(numbers.reduce<number>((a, b) => a + toDoubleValue(b), 0) / numbers.length);
    }
    case 'map': {
      const result = new Map<string, unknown>();
      for (const [field, fieldSpec] of spec.fields) {
        const fieldValues = values.map((value) => (value instanceof Map ? (value.get(field) ?? null) : null));
        result.set(field, aggregateValues(fieldSpec, fieldValues));
      }
      return result;
    }
  }
}
