import type { Issue } from '@scenaria/issues';
import type { TypingResult } from '@scenaria/typing';
import type { AllowedProcessingModes } from './processing-mode';
import type { ExpressionValue, ParameterDefinition } from './parameter';

/** Component types; the id of a component is `<type>-<name>`. */
export type ComponentType = 'source' | 'sink' | 'service' | 'custom' | 'fragment' | 'builtin';

/** Text a component carries for people and for the engine that runs it. */
export interface ComponentDocs {
  /** One line for the palette and tooltips. */
  readonly summary: string;
  /** What running the component does, precisely enough to implement it from this text. */
  readonly semantics: string;
}

/** A parameter after typing, handed to dynamic parameter and output functions. */
export interface TypedParameterValue {
  readonly expression: ExpressionValue;
  /** Type of the expression, `undefined` when it did not type (errors are reported elsewhere). */
  readonly type: TypingResult | undefined;
}

/** What a dynamic parameter list may depend on: the node's raw parameter expressions and scenario properties. */
export interface ParameterResolutionContext {
  readonly nodeParameters: ReadonlyMap<string, ExpressionValue>;
  readonly scenarioProperties: Readonly<Record<string, string>>;
}

/** Codes the built-in components report; other components bring codes of their own. */
export type ComponentIssueCode = 'InvalidAggregateType' | 'UnknownAggregator' | 'MissingAggregateField' | 'InvalidJsonSchema';

/**
 * A problem a component reports about its own configuration, at the parameter (or scenario property) named
 * by `paramName` (validation reports it as `CustomNodeError`).
 */
// `string & {}` keeps the code open to other components while editors still offer the built-in ones.
export type ComponentIssue = Issue<ComponentIssueCode | (string & {})>;

/** Inputs of an output-type function: the typed parameters and, for joins, the typed branch parameters. */
export interface OutputTypeContext {
  readonly parameters: Readonly<Record<string, TypedParameterValue>>;
  /** branch id (the `from` node of the edge into the join) -> parameter name -> typed value. */
  readonly branchParameters: Readonly<Record<string, Readonly<Record<string, TypedParameterValue>>>>;
  readonly scenarioProperties: Readonly<Record<string, string>>;
  /** Variables visible at the node (for a join: those of each branch). */
  readonly variables: Readonly<Record<string, TypingResult>>;
}

/** The outcome of computing an output type. */
export type OutputTypeResult = { ok: true; type: TypingResult } | { ok: false; errors: ComponentIssue[] };

/**
 * What the component puts into the context. `variable` is `#input` for sources and the node's output
 * variable for services and custom components; its type is fixed or computed from the parameters
 * (Nussknacker's dynamic components). `context: 'clear'` means the component starts a new context
 * holding only its output (windowed aggregates, unions).
 */
export interface ComponentOutput {
  readonly type: TypingResult | ((context: OutputTypeContext) => OutputTypeResult);
  readonly context: 'keep' | 'clear';
}

/** How many inputs a component takes: none (sources), one, or several named branches (joins). */
export type ComponentInputs = 'none' | 'single' | 'branches';

/** A component as the model author declares it. */
export interface ComponentDefinition {
  readonly type: ComponentType;
  readonly name: string;
  readonly label: string;
  readonly allowedProcessingModes: AllowedProcessingModes;
  readonly componentGroup: string;
  readonly icon: string;
  readonly docsUrl: string | null;
  /** Hidden components validate and run but are left out of the palette. */
  readonly isHidden: boolean;
  readonly docs: ComponentDocs;
  /** Parameters, fixed or depending on the node's other parameters and the scenario properties. */
  readonly parameters: readonly ParameterDefinition[] | ((context: ParameterResolutionContext) => ParameterDefinition[]);
  /** Absent when the component adds nothing to the context (sinks, processors, most built-ins). */
  readonly output?: ComponentOutput;
  readonly inputs: ComponentInputs;
  /** Whether a node of this component may be the last one of a branch (sinks; custom nodes without output). */
  readonly canBeEnding: boolean;
  /** Names of the outputs of a fragment (its `FragmentOutput` edges) with the type of each output's record. */
  readonly fragmentOutputs?: Readonly<Record<string, TypingResult>>;
}

/** The id of a component: `<type>-<name>`. */
export function componentId(component: Pick<ComponentDefinition, 'type' | 'name'>): string {
  return `${component.type}-${component.name}`;
}

/** Parameters of a component for a node, resolving dynamic parameter lists. */
export function resolveParameters(
  component: ComponentDefinition,
  context: ParameterResolutionContext = { nodeParameters: new Map(), scenarioProperties: {} },
): ParameterDefinition[] {
  return typeof component.parameters === 'function' ? component.parameters(context) : [...component.parameters];
}

/** Options of {@link defineComponent}: the fields that have defaults may be left out. */
export type ComponentOptions = Omit<
  ComponentDefinition,
  'label' | 'allowedProcessingModes' | 'componentGroup' | 'icon' | 'docsUrl' | 'isHidden' | 'inputs' | 'canBeEnding'
> &
  Partial<ComponentDefinition>;

const defaultGroups: Record<ComponentType, string> = {
  source: 'sources',
  sink: 'sinks',
  service: 'services',
  custom: 'custom',
  fragment: 'fragments',
  builtin: 'base',
};

/**
 * Declares a component, filling in the defaults of Nussknacker: group by type (`enrichers` for services
 * with an output), an icon per type, every processing mode, one input (none for sources).
 * @example defineComponent({ type: 'sink', name: 'dead-end', parameters: [], docs: { summary: '...', semantics: '...' } })
 */
export function defineComponent(options: ComponentOptions): ComponentDefinition {
  const group =
    options.componentGroup ??
    (options.type === 'service' && options.output !== undefined ? 'enrichers' : defaultGroups[options.type]);
  return {
    ...options,
    label: options.label ?? options.name,
    allowedProcessingModes: options.allowedProcessingModes ?? 'all',
    componentGroup: group,
    icon: options.icon ?? `/assets/components/${iconName(options)}.svg`,
    docsUrl: options.docsUrl ?? null,
    isHidden: options.isHidden ?? false,
    inputs: options.inputs ?? (options.type === 'source' ? 'none' : 'single'),
    canBeEnding: options.canBeEnding ?? (options.type === 'sink' || (options.type !== 'source' && options.output === undefined)),
  };
}

const builtinIcons: Readonly<Record<string, string>> = {
  filter: 'Filter',
  choice: 'Switch',
  split: 'Split',
  variable: 'Variable',
  'record-variable': 'VariableBuilder',
  input: 'FragmentInputDefinition',
  output: 'FragmentOutputDefinition',
};

function iconName(options: ComponentOptions): string {
  switch (options.type) {
    case 'source':
      return 'Source';
    case 'sink':
      return 'Sink';
    case 'service':
      return options.output === undefined ? 'Processor' : 'Enricher';
    case 'custom':
      return 'CustomNode';
    case 'fragment':
      return 'FragmentInput';
    case 'builtin':
      // Built-in icons are named after the node type they create (reference: `/assets/components/Filter.svg`).
      return builtinIcons[options.name] ?? options.name;
  }
}
