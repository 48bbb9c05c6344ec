import { displayType, type TypingResult, taggedType, classType, withoutValue, setType, listType, recordType, Types, unknownType } from '@scenaria/typing';
import type { ComponentIssue, OutputTypeContext, OutputTypeResult } from '../component';

/** Class of the `#AGG` helper visible in the `aggregator` parameter. */
export const AGGREGATE_HELPER_CLASS = 'pl.touk.nussknacker.engine.flink.util.transformer.aggregate.AggregateHelper';
/** Class of an aggregator value; the aggregator kind travels as the type's tag. */
export const AGGREGATOR_CLASS = 'pl.touk.nussknacker.engine.flink.util.transformer.aggregate.Aggregator';
/** Class whose static fields are the tumbling window's emit modes. */
export const TUMBLING_TRIGGER_CLASS = 'pl.touk.nussknacker.engine.flink.util.transformer.aggregate.TumblingWindowTrigger';

/** Class whose static fields are the session window's emit modes. */
export const SESSION_TRIGGER_CLASS = 'pl.touk.nussknacker.engine.flink.util.transformer.aggregate.SessionWindowTrigger';

/** Aggregators of `#AGG` and what each computes (used by the docs and by the engine). */
export const aggregatorKinds = {
  sum: 'sum of the values (nulls skipped); type of the input number',
  first: 'first value seen in the window',
  last: 'last value seen in the window',
  min: 'smallest value (Comparable)',
  max: 'largest value (Comparable)',
  list: 'all values in arrival order, as a List',
  set: 'distinct values, as a Set',
  countWhen: 'number of true values of a Boolean input (Long)',
  average: 'arithmetic mean of the numbers (Double; BigDecimal for BigDecimal input)',
  approxCardinality: 'number of distinct values (Long); exact in this implementation',
} as const;

/** An aggregator kind of `#AGG`. */
export type AggregatorKind = keyof typeof aggregatorKinds;

/** The type `#AGG.<kind>` has: an aggregator tagged with its kind. */
export function aggregatorType(kind: AggregatorKind): TypingResult {
  return taggedType(classType(AGGREGATOR_CLASS), kind);
}

const NUMBER_CLASSES = new Set(['Integer', 'Long', 'Short', 'Byte', 'Float', 'Double', 'BigDecimal', 'BigInteger', 'Number']);

function isNumberType(type: TypingResult): boolean {
  return NUMBER_CLASSES.has(displayType(withoutValue(type)));
}

function resultOf(kind: string, input: TypingResult, field: string | undefined): TypingResult | ComponentIssue {
  const plain = withoutValue(input);
  const where = field === undefined ? '' : ` (field '${field}')`;
  switch (kind) {
    case 'sum':
      if (plain.kind === 'unknown') return unknownType;
      return isNumberType(plain) ? plain : { code: 'InvalidAggregateType', message: `Invalid aggregate type: ${displayType(plain)}, should be: Number${where}`, paramName: 'aggregateBy' };
    case 'first':
    case 'last':
    case 'min':
    case 'max':
      return plain;
    case 'list':
      return listType(plain);
    case 'set':
      return setType(plain);
    case 'countWhen':
      if (plain.kind === 'unknown' || displayType(plain) === 'Boolean') return Types.Long;
      return { code: 'InvalidAggregateType', message: `Invalid aggregate type: ${displayType(plain)}, should be: Boolean${where}`, paramName: 'aggregateBy' };
    case 'average':
      if (plain.kind === 'unknown') return Types.Double;
      if (!isNumberType(plain)) return { code: 'InvalidAggregateType', message: `Invalid aggregate type: ${displayType(plain)}, should be: Number${where}`, paramName: 'aggregateBy' };
      return displayType(plain) === 'BigDecimal' ? Types.BigDecimal : Types.Double;
    case 'approxCardinality':
      return Types.Long;
    default:
      return { code: 'UnknownAggregator', message: `Unknown aggregator '${kind}'`, paramName: 'aggregator' };
  }
}

/**
 * The output type of an aggregate node from the typed `aggregator` and `aggregateBy` parameters: a single
 * aggregator gives its result type; `#AGG.map({f: #AGG.x, ...})` gives a record whose fields aggregate the
 * same fields of an `aggregateBy` record.
 */
export function aggregateOutputType(context: OutputTypeContext): OutputTypeResult {
  const aggregator = context.parameters.aggregator?.type;
  const input = context.parameters.aggregateBy?.type;
  if (aggregator === undefined || input === undefined) return { ok: true, type: unknownType };
  if (aggregator.kind === 'tagged') {
    const result = resultOf(aggregator.tag, input, undefined);
    return 'message' in result ? { ok: false, errors: [result] } : { ok: true, type: result };
  }
  if (aggregator.kind === 'record') {
    const plainInput = withoutValue(input);
    const errors: ComponentIssue[] = [];
    const fields: [string, TypingResult][] = [];
    for (const [name, fieldAggregator] of aggregator.fields) {
      if (fieldAggregator.kind !== 'tagged') {
        errors.push({ code: 'UnknownAggregator', message: `Field '${name}' of the aggregator is not an aggregator`, paramName: 'aggregator' });
        continue;
      }
      const fieldInput =
        plainInput.kind === 'record' ? plainInput.fields.get(name) : plainInput.kind === 'unknown' ? unknownType : undefined;
      if (fieldInput === undefined) {
        errors.push({ code: 'MissingAggregateField', message: `aggregateBy has no field '${name}' required by the aggregator`, paramName: 'aggregateBy' });
        continue;
      }
      const result = resultOf(fieldAggregator.tag, fieldInput, name);
      if ('message' in result) errors.push(result);
      else fields.push([name, result]);
    }
    return errors.length > 0 ? { ok: false, errors } : { ok: true, type: recordType(fields) };
  }
  if (aggregator.kind === 'unknown') return { ok: true, type: unknownType };
  return { ok: false, errors: [{ code: 'UnknownAggregator', message: `Expected an aggregator (#AGG...), got ${displayType(aggregator)}`, paramName: 'aggregator' }] };
}
