import type { EdgeType, Expression, FixedExpressionValue, NodeData, Parameter } from '@scenaria/graph';

// The response of `GET /api/processDefinitionData/{processingType}` (semantics.md §7). The API contract does
// not describe it yet, so the designer reads only the parts it uses and tolerates anything extra.

/** A typing result in its JSON form (semantics.md §6); `display` is what the user reads. */
export type TypingResultJson = { type: string; display?: string; refClazzName?: string; params?: TypingResultJson[]; [key: string]: unknown };

export type ParameterEditor =
  | { type: 'FixedValuesParameterEditor' | 'FixedValuesWithIconParameterEditor'; possibleValues: FixedExpressionValue[] }
  | { type: 'DualParameterEditor'; simpleEditor: ParameterEditor; defaultMode: 'SIMPLE' | 'RAW' }
  | { type: 'DictParameterEditor'; dictId: string }
  | { type: string; [key: string]: unknown };

export interface UIParameter {
  name: string;
  typ: TypingResultJson;
  editor: ParameterEditor;
  defaultValue?: Expression | null;
  additionalVariables?: Record<string, TypingResultJson>;
  variablesToHide?: string[];
  branchParam?: boolean;
  hintText?: string | null;
  label?: string | null;
  requiredParam?: boolean;
}

export interface ComponentDefinition {
  parameters: UIParameter[] | null;
  returnType: TypingResultJson | null;
  icon?: string | null;
  docsUrl?: string | null;
  outputParameters?: string[] | null;
}

export interface PaletteComponent {
  componentId: string;
  label: string;
  node: NodeData;
  branchParametersTemplate?: Parameter[];
}

export interface ComponentGroup {
  name: string;
  components: PaletteComponent[];
}

export interface EdgesForNode {
  componentId: string;
  edges: EdgeType[];
  canChooseNodes: boolean;
  isForInputDefinition: boolean;
}

export interface PropertyConfig {
  editor: ParameterEditor;
  label?: string | null;
  hintText?: string | null;
  defaultValue?: string | null;
}

export interface UIDefinitions {
  components: Record<string, ComponentDefinition>;
  componentGroups: ComponentGroup[];
  classes?: TypingResultJson[];
  scenarioProperties?: { propertiesConfig: Record<string, PropertyConfig>; docsUrl?: string | null };
  edgesForNodes?: EdgesForNode[];
  customActions?: unknown[];
}

/** What validation says about one node: the variables in scope and the type of each expression field. */
export interface NodeTypingResult {
  variableTypes?: Record<string, TypingResultJson>;
  parameters?: UIParameter[] | null;
  typingInfo?: Record<string, TypingResultJson>;
}

/** Palette groups narrowed to the components whose label matches every word of `search`. */
export function filterPalette(groups: readonly ComponentGroup[], search: string): ComponentGroup[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return groups
    .map((group) => ({
      ...group,
      components: group.components.filter((component) => {
        const text = `${component.label} ${component.componentId} ${group.name}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.components.length > 0);
}

/** The output names a fragment usage offers (its definition's `outputParameters`). */
export function fragmentOutputsOf(definitions: UIDefinitions | undefined, componentId: string): string[] {
  return definitions?.components[componentId]?.outputParameters ?? [];
}

/** Human name of a palette group id such as `optionalEndings`. */
export function groupTitle(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, (_, lower: string, upper: string) => `${lower} ${upper.toLowerCase()}`).replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
