import { standardClassRegistry, type TypingResult, type TypingResultJson, TypingResultJsonSchema, typingResultToJson, unknownType } from '@scenaria/typing';
import { z } from 'zod';
import { builtinsFor } from './builtins';
import { type ComponentDefinition, componentId, resolveParameters } from './component';
import { ParameterEditorSchema } from './editors';
import type { Model } from './model';
import { isAllowedInMode } from './processing-mode';
import { ExpressionValueSchema, isRequired, type ParameterDefinition, type UIParameter, UIParameterSchema } from './parameter';
import { ScenarioPropertyConfigJsonSchema, scenarioPropertyConfigToJson } from './scenario-properties';

/** One component in the definitions response. */
export const UIComponentDefinitionSchema = z.object({
  parameters: z.array(UIParameterSchema),
  returnType: TypingResultJsonSchema.nullable(),
  icon: z.string(),
  docsUrl: z.string().nullable(),
  outputParameters: z.array(z.string()).nullable(),
});

/** A palette entry: component id, label and the node template dropped onto the canvas. */
export const ComponentNodeTemplateSchema = z.object({
  componentId: z.string(),
  label: z.string(),
  node: z.record(z.string(), z.unknown()),
  branchParametersTemplate: z.array(z.object({ name: z.string(), expression: ExpressionValueSchema })),
});

/** Edge kinds a node of a component may have. */
export const NodeEdgesSchema = z.object({
  componentId: z.string(),
  edges: z.array(z.record(z.string(), z.unknown())),
  canChooseNodes: z.boolean(),
  isForInputDefinition: z.boolean(),
});

/** The `processDefinitionData` response (semantics.md §7). */
export const ProcessDefinitionDataSchema = z.object({
  components: z.record(z.string(), UIComponentDefinitionSchema),
  componentGroups: z.array(z.object({ name: z.string(), components: z.array(ComponentNodeTemplateSchema) })),
  classes: z.array(TypingResultJsonSchema),
  scenarioProperties: z.object({
    propertiesConfig: z.record(z.string(), ScenarioPropertyConfigJsonSchema),
    docsUrl: z.string().nullable(),
  }),
  edgesForNodes: z.array(NodeEdgesSchema),
  customActions: z.array(
    z.object({
      name: z.string(),
      allowedStateStatusNames: z.array(z.string()),
      icon: z.string().nullable(),
      parameters: z.array(z.object({ name: z.string(), editor: ParameterEditorSchema })),
    }),
  ),
});
/** The definitions response the designer loads for a processing type. */
export type ProcessDefinitionData = z.infer<typeof ProcessDefinitionDataSchema>;

/** A parameter in the served form. */
export function toUIParameter(parameter: ParameterDefinition): UIParameter {
  const additionalVariables: Record<string, TypingResultJson> = {};
  for (const [name, type] of Object.entries(parameter.additionalVariables)) additionalVariables[name] = typingResultToJson(type);
  return {
    name: parameter.name,
    typ: typingResultToJson(parameter.type),
    editor: parameter.editor,
    defaultValue: parameter.defaultValue,
    additionalVariables,
    variablesToHide: [...parameter.variablesToHide],
    branchParam: parameter.isBranchParameter,
    hintText: parameter.hintText ?? null,
    label: parameter.label ?? parameter.name,
    requiredParam: isRequired(parameter),
  };
}

function staticReturnType(component: ComponentDefinition): TypingResult | null {
  if (component.output === undefined) return null;
  // A computed output has no type before a node exists; Unknown tells the designer there will be one.
  return typeof component.output.type === 'function' ? unknownType : component.output.type;
}

const parameterEntry = (p: ParameterDefinition) => ({ name: p.name, expression: p.defaultValue });

/** The node a palette entry drops onto the canvas (NodeData JSON with default parameters). */
export function nodeTemplate(component: ComponentDefinition): Record<string, unknown> {
  const parameters = resolveParameters(component);
  const plain = parameters.filter((p) => !p.isBranchParameter).map(parameterEntry);
  const id = component.name;
  switch (component.type) {
    case 'source':
      return { type: 'Source', id, ref: { typ: component.name, parameters: plain } };
    case 'sink':
      return { type: 'Sink', id, ref: { typ: component.name, parameters: plain } };
    case 'service':
      return component.output === undefined
        ? { type: 'Processor', id, service: { id: component.name, parameters: plain } }
        : { type: 'Enricher', id, service: { id: component.name, parameters: plain }, output: 'output' };
    case 'custom':
      return component.inputs === 'branches'
        ? { type: 'Join', id, outputVar: component.output === undefined ? null : 'output', nodeType: component.name, parameters: plain, branchParameters: [] }
        : { type: 'CustomNode', id, outputVar: component.output === undefined ? null : 'output', nodeType: component.name, parameters: plain };
    case 'fragment':
      return { type: 'FragmentInput', id, ref: { id: component.name, parameters: plain, outputVariableNames: {} } };
    case 'builtin':
      return builtinTemplate(component.name);
  }
}

function builtinTemplate(name: string): Record<string, unknown> {
  const empty = { language: 'spel', expression: '' };
  switch (name) {
    case 'filter':
      return { type: 'Filter', id: 'filter', expression: { language: 'spel', expression: 'true' } };
    case 'choice':
      return { type: 'Switch', id: 'choice', expression: null, exprVal: null };
    case 'split':
      return { type: 'Split', id: 'split' };
    case 'variable':
      return { type: 'Variable', id: 'variable', varName: 'varName', value: empty };
    case 'record-variable':
      return { type: 'VariableBuilder', id: 'record-variable', varName: 'varName', fields: [] };
    case 'input':
      return { type: 'FragmentInputDefinition', id: 'input', parameters: [] };
    case 'output':
      return { type: 'FragmentOutputDefinition', id: 'output', outputName: 'output', fields: [] };
    default:
      throw new Error(`No template for built-in ${name}`);
  }
}

function edgesFor(component: ComponentDefinition): z.infer<typeof NodeEdgesSchema> | undefined {
  const id = componentId(component);
  if (component.type === 'builtin' && component.name === 'filter') {
    return { componentId: id, edges: [{ type: 'FilterTrue' }, { type: 'FilterFalse' }], canChooseNodes: false, isForInputDefinition: false };
  }
  if (component.type === 'builtin' && component.name === 'choice') {
    return {
      componentId: id,
      edges: [{ type: 'NextSwitch', condition: { language: 'spel', expression: 'true' } }, { type: 'SwitchDefault' }],
      canChooseNodes: true,
      isForInputDefinition: false,
    };
  }
  if (component.type === 'fragment') {
    return {
      componentId: id,
      edges: Object.keys(component.fragmentOutputs ?? {}).map((name) => ({ type: 'FragmentOutput', name })),
      canChooseNodes: false,
      isForInputDefinition: false,
    };
  }
  return undefined;
}

/** Inputs of {@link buildProcessDefinitionData}. */
export interface DefinitionsOptions {
  readonly isFragment: boolean;
  /** Fragments usable in this processing type, as components (see the validation package's `fragmentComponent`). */
  readonly fragments?: readonly ComponentDefinition[];
  /** Names of the classes expressions may use, listed in `classes`; default: the standard classes and the model's. */
  readonly classNames?: readonly string[];
  /** Whether to apply UI configuration (groups, icons, docs); `false` serves bare definitions. */
  readonly enrichedWithUiConfig?: boolean;
}

/**
 * The definitions response for a model: every component usable in the model's processing mode (built-ins
 * first), palette groups (hidden components and groups left out), classes, scenario properties, edges.
 */
export function buildProcessDefinitionData(model: Model, options: DefinitionsOptions): ProcessDefinitionData {
  const enriched = options.enrichedWithUiConfig ?? true;
  const all = [...builtinsFor(options.isFragment), ...model.components, ...(options.fragments ?? [])].filter((c) =>
    isAllowedInMode(c.allowedProcessingModes, model.processingMode),
  );
  const components: ProcessDefinitionData['components'] = {};
  const groups = new Map<string, z.infer<typeof ComponentNodeTemplateSchema>[]>();
  for (const component of all) {
    const id = componentId(component);
    const returnType = staticReturnType(component);
    const parameters = resolveParameters(component);
    components[id] = {
      parameters: parameters.map(toUIParameter),
      returnType: returnType === null ? null : typingResultToJson(returnType),
      icon: enriched ? component.icon : '',
      docsUrl: enriched ? component.docsUrl : null,
      outputParameters: component.type === 'fragment' ? Object.keys(component.fragmentOutputs ?? {}) : null,
    };
    const groupName = enriched ? component.componentGroup : defaultGroup(component);
    if (component.isHidden || model.hiddenComponentGroups.includes(groupName)) continue;
    const entries = groups.get(groupName) ?? [];
    entries.push({
      componentId: id,
      label: component.label,
      node: nodeTemplate(component),
      branchParametersTemplate: parameters.filter((p) => p.isBranchParameter).map(parameterEntry),
    });
    groups.set(groupName, entries);
  }
  const properties = options.isFragment ? model.fragmentProperties : model.scenarioProperties;
  const propertiesConfig: Record<string, z.infer<typeof ScenarioPropertyConfigJsonSchema>> = {};
  for (const [name, config] of Object.entries(properties)) propertiesConfig[name] = scenarioPropertyConfigToJson(config);
  return {
    components,
    componentGroups: [...groups].map(([name, entries]) => ({ name, components: entries })),
    classes: (options.classNames ?? defaultClassNames(model)).map((name) => typingResultToJson({ kind: 'class', className: name, params: [] })),
    scenarioProperties: { propertiesConfig, docsUrl: model.scenarioPropertiesDocsUrl },
    edgesForNodes: all.map(edgesFor).filter((e) => e !== undefined),
    customActions: model.customActions.map((a) => ({
      name: a.name,
      allowedStateStatusNames: [...a.allowedStateStatusNames],
      icon: a.icon,
      parameters: a.parameters.map((p) => ({ name: p.name, editor: p.editor })),
    })),
  };
}

function defaultClassNames(model: Model): string[] {
  const names = new Set(standardClassRegistry.extend(model.classes).classes().map((c) => c.name));
  return [...names].sort();
}

function defaultGroup(component: ComponentDefinition): string {
  if (component.type === 'service') return component.output === undefined ? 'services' : 'enrichers';
  return { source: 'sources', sink: 'sinks', custom: 'custom', fragment: 'fragments', builtin: 'base' }[component.type];
}
