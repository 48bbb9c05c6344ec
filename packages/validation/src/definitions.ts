import { buildProcessDefinitionData, type Model, type ProcessDefinitionData } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { expressionEnvironment } from './expression-environment';
import { fragmentComponentsFor } from './validate-scenario';

/**
 * The `processDefinitionData` response for a model with the fragments of its processing type as palette
 * components (each fragment's parameters and outputs derived from its graph) and the classes of the model's
 * expression environment.
 * @example processDefinitionDataWithFragments(defaultModel('streaming'), { isFragment: false, fragments: { 'check-client': graph } })
 */
export function processDefinitionDataWithFragments(
  model: Model,
  options: { readonly isFragment: boolean; readonly fragments?: Readonly<Record<string, ScenarioGraph>>; readonly enrichedWithUiConfig?: boolean },
): ProcessDefinitionData {
  // Fragments cannot be used inside fragments, as in Nussknacker.
  const fragments = options.isFragment ? [] : fragmentComponentsFor(options.fragments ?? {}, model);
  return buildProcessDefinitionData(model, {
    isFragment: options.isFragment,
    fragments,
    // Every class expressions may use, the language helpers' included: what the typer whitelists.
    classNames: [...new Set(expressionEnvironment(model).registry.classes().map((definition) => definition.name))].sort(),
    ...(options.enrichedWithUiConfig === undefined ? {} : { enrichedWithUiConfig: options.enrichedWithUiConfig }),
  });
}
