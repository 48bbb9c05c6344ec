import { type ComponentDefinition, defineComponent } from './component';

const builtin = (name: string, label: string, summary: string, semantics: string, extra: Partial<ComponentDefinition> = {}) =>
  defineComponent({
    type: 'builtin',
    name,
    label,
    parameters: [],
    docs: { summary, semantics },
    canBeEnding: false,
    ...extra,
  });

/**
 * The built-in nodes. Their expressions live in the node itself (`expression`, `value`, `fields`, edge
 * conditions), not in parameters, so their parameter lists are empty, as in Nussknacker's definitions.
 */
export const builtinComponents: readonly ComponentDefinition[] = [
  builtin(
    'filter',
    'filter',
    'Passes on records for which a condition holds.',
    'Evaluates the Boolean `$expression` against the record. True sends the record along the FilterTrue edge; false or null sends it along the FilterFalse edge if there is one, otherwise the record is dropped. A disabled filter passes every record to the FilterTrue edge.',
  ),
  builtin(
    'choice',
    'choice',
    'Routes each record to the first branch whose condition holds (stored as Switch).',
    'Evaluates the conditions of the NextSwitch edges in the order of the edge list and sends the record to the first edge whose condition is true; if none is true, to the SwitchDefault edge if present, otherwise the record is dropped. Legacy nodes with `exprVal` first bind `#<exprVal>` to the value of `expression`.',
  ),
  builtin(
    'split',
    'split',
    'Sends a copy of each record to every outgoing branch.',
    'Each outgoing edge receives the same context; branches run independently in edge-list order.',
  ),
  builtin(
    'variable',
    'variable',
    'Defines a variable from an expression.',
    'Evaluates `value` and binds it as `#<varName>` for the following nodes; the name must not already be defined.',
  ),
  builtin(
    'record-variable',
    'record-variable',
    'Defines a record variable from named fields (stored as VariableBuilder).',
    'Evaluates each field expression in order and binds `#<varName>` to a record (ordered map) of the results, typed Record{field: type}.',
  ),
  builtin(
    'input',
    'input',
    'Start of a fragment; declares its parameters.',
    "Each fragment parameter becomes a variable of the declared type. Inside the fragment only these variables and the globals are visible; the using scenario's context is not.",
    { allowedProcessingModes: 'all' },
  ),
  builtin(
    'output',
    'output',
    'An exit of a fragment.',
    'Continues the using scenario along the FragmentOutput edge of the same name, with the context the fragment node received plus `outputVariableNames[outputName]` bound to a record of the evaluated `fields` (when fields are given).',
    { canBeEnding: true },
  ),
];

/** Built-ins available in a scenario (all but fragment input/output) or in a fragment (all of them). */
export function builtinsFor(isFragment: boolean): ComponentDefinition[] {
  return builtinComponents.filter((c) => isFragment || (c.name !== 'input' && c.name !== 'output'));
}
