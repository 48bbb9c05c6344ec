import { classType } from '@scenaria/typing';
import { editors } from '../editors';
import { T } from '../internal/type-helpers';
import { param, type ParameterDefinition } from '../parameter';
import { AGGREGATE_HELPER_CLASS, aggregatorKinds } from './aggregates';

/** The parameters every aggregate shares: the key, the `#AGG` aggregator and the aggregated value. */
export function aggregateParameters(): ParameterDefinition[] {
  return [
    param('groupBy', T.string(), { evaluation: 'lazy', editor: editors.raw() }),
    // Unknown rather than the aggregator class: `#AGG.map({...})` is a record of aggregators, which the
    // output type function checks field by field.
    param('aggregator', T.unknown(), {
      additionalVariables: { AGG: classType(AGGREGATE_HELPER_CLASS) },
      editor: editors.dual(
        {
          type: 'FixedValuesParameterEditor',
          possibleValues: Object.keys(aggregatorKinds).map((kind) => ({ expression: `#AGG.${kind}`, label: kind })),
        },
        'SIMPLE',
      ),
    }),
    param('aggregateBy', T.unknown(), { evaluation: 'lazy' }),
  ];
}

