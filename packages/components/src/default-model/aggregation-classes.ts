import { classType, type ClassDefinitionInput, displayType, recordType, type TypingResult, unknownType } from '@scenaria/typing';
import {
  AGGREGATE_HELPER_CLASS,
  AGGREGATOR_CLASS,
  aggregatorKinds,
  aggregatorType,
  type AggregatorKind,
  SESSION_TRIGGER_CLASS,
  TUMBLING_TRIGGER_CLASS,
} from './aggregates';

/**
 * Runtime value of an aggregator chosen with `#AGG`: a kind, or for `#AGG.map` the aggregator of each field.
 * The engine reads it to build the aggregation.
 */
export class AggregatorSpec {
  constructor(
    readonly kind: AggregatorKind | 'map',
    readonly fields: ReadonlyMap<string, AggregatorSpec> = new Map(),
  ) {
    Object.freeze(this);
  }
}

/** Runtime values of the tumbling window's emit modes (static fields of the trigger class). */
export const tumblingWindowTriggers = ['OnEvent', 'OnEnd', 'OnEndWithExtraWindow'] as const;

/** Runtime values of the session window's emit modes. */
export const sessionWindowTriggers = ['OnEvent', 'OnEnd'] as const;

function mapResult(_target: TypingResult, args: readonly TypingResult[]): TypingResult | { error: string } {
  const fields = args[0];
  if (fields === undefined || fields.kind === 'unknown') return unknownType;
  if (fields.kind !== 'record') return { error: `#AGG.map expects a record of aggregators, got ${displayType(fields)}` };
  for (const [name, type] of fields.fields) {
    if (type.kind !== 'tagged') return { error: `Field '${name}' of #AGG.map is not an aggregator` };
  }
  // The record of tagged aggregators is itself the type: the aggregate node reads the field tags from it.
  return recordType(fields.fields);
}

/** Classes the default model adds to the expression language: the `#AGG` helper and window triggers. */
export const aggregationClasses: readonly ClassDefinitionInput[] = [
  {
    name: AGGREGATE_HELPER_CLASS,
    simpleName: 'AggregateHelper',
    superTypes: ['java.lang.Object'],
    description: 'Aggregators for aggregate components, available as #AGG in their aggregator parameter.',
    methods: [
      ...(Object.keys(aggregatorKinds) as AggregatorKind[]).map((kind) => ({
        name: kind,
        params: [],
        varArgs: false,
        description: aggregatorKinds[kind],
        result: aggregatorType(kind),
        invoke: () => new AggregatorSpec(kind),
      })),
      {
        name: 'map',
        params: [{ name: 'fields', type: classType('java.util.Map') }],
        varArgs: false,
        description: 'aggregates each field of a record with its own aggregator; aggregateBy must be a record with the same fields',
        result: mapResult,
        invoke: (_target: unknown, args: readonly unknown[]) => {
          const fields = args[0];
          const specs = new Map<string, AggregatorSpec>();
          if (fields instanceof Map) {
            for (const [name, spec] of fields) if (spec instanceof AggregatorSpec) specs.set(String(name), spec);
          }
          return new AggregatorSpec('map', specs);
        },
      },
    ],
  },
  { name: AGGREGATOR_CLASS, simpleName: 'Aggregator', superTypes: ['java.lang.Object'] },
  {
    name: TUMBLING_TRIGGER_CLASS,
    simpleName: 'TumblingWindowTrigger',
    superTypes: ['java.lang.Object'],
    staticFields: tumblingWindowTriggers.map((name) => ({ name, type: classType(TUMBLING_TRIGGER_CLASS), value: name })),
  },
  {
    name: SESSION_TRIGGER_CLASS,
    simpleName: 'SessionWindowTrigger',
    superTypes: ['java.lang.Object'],
    staticFields: sessionWindowTriggers.map((name) => ({ name, type: classType(SESSION_TRIGGER_CLASS), value: name })),
  },
];
