import type { ClassDefinitionInput, TypingResult } from '@scenaria/typing';
import { builtinsFor } from './builtins';
import { type ComponentDefinition, componentId } from './component';
import { defaultDictionaries } from './dictionaries';
import type { DictionaryDefinition } from './dictionaries';
import { aggregationClasses } from './default-model/aggregation-classes';
import { defaultComponents, type DefaultModelOptions } from './default-model/components';
import type { ParameterEditor } from './editors';
import { isAllowedInMode, type ProcessingMode, processingModeOfScenarioType, type ScenarioType } from './processing-mode';
import { defaultFragmentProperties, defaultScenarioProperties, type ScenarioPropertyConfig } from './scenario-properties';

/** A custom action a deployment offers (served in `customActions`). */
export interface CustomActionDefinition {
  readonly name: string;
  readonly allowedStateStatusNames: readonly string[];
  readonly icon: string | null;
  readonly parameters: readonly { name: string; editor: ParameterEditor }[];
}

/** Everything the designer and the engine know about one processing type: its components and settings. */
export interface Model {
  readonly processingMode: ProcessingMode;
  /** Components besides the built-ins (which every model has). */
  readonly components: readonly ComponentDefinition[];
  /** Classes the expressions may use besides the standard ones (helper classes of components). */
  readonly classes: readonly ClassDefinitionInput[];
  /** Global variables besides the expression language's standard helpers and `#meta`. */
  readonly globalVariables: Readonly<Record<string, TypingResult>>;
  readonly scenarioProperties: Readonly<Record<string, ScenarioPropertyConfig>>;
  readonly fragmentProperties: Readonly<Record<string, ScenarioPropertyConfig>>;
  readonly scenarioPropertiesDocsUrl: string | null;
  /** Group names hidden from the palette (their components still validate). */
  readonly hiddenComponentGroups: readonly string[];
  readonly customActions: readonly CustomActionDefinition[];
  /** Switches of the expression typer (Nussknacker's `expressionConfig`); unset ones keep their defaults. */
  readonly expressionConfig: Readonly<Partial<Record<ExpressionConfigSwitch, boolean>>>;
  /** Dictionaries by id, for `DictParameterEditor` parameters and dictionary fragment inputs. */
  readonly dictionaries?: Readonly<Record<string, DictionaryDefinition>>;
}

/** Names of the expression typer's switches (strict methods, static calls, calls and property access on Unknown). */
export type ExpressionConfigSwitch =
  | 'strictMethodsChecking'
  | 'staticMethodInvocationsChecking'
  | 'methodExecutionForUnknownAllowed'
  | 'dynamicPropertyAccessAllowed';

/**
 * The default model for a scenario type: its sources, sinks, services and custom components (those whose
 * allowed processing modes include the type's mode), its scenario properties and helper classes.
 * @example const model = defaultModel('streaming', { topics: { transactions: recordType({ amount: Types.Long }) } });
 */
export function defaultModel(scenarioType: ScenarioType, options: DefaultModelOptions = {}): Model {
  const processingMode: ProcessingMode = processingModeOfScenarioType(scenarioType);
  return {
    processingMode,
    components: defaultComponents(options).filter((c) => isAllowedInMode(c.allowedProcessingModes, processingMode)),
    classes: aggregationClasses,
    globalVariables: {},
    scenarioProperties: defaultScenarioProperties(scenarioType),
    fragmentProperties: defaultFragmentProperties(),
    scenarioPropertiesDocsUrl: null,
    hiddenComponentGroups: [],
    customActions: [],
    expressionConfig: {},
    dictionaries: defaultDictionaries(),
  };
}

/** All components of a model usable in a scenario (or a fragment), built-ins and extra ones (fragments) included, by id. */
export function componentsById(
  model: Model,
  options: { isFragment: boolean; extra?: readonly ComponentDefinition[] },
): Map<string, ComponentDefinition> {
  const all = [...builtinsFor(options.isFragment), ...model.components, ...(options.extra ?? [])];
  return new Map(all.map((c) => [componentId(c), c]));
}
