import { ProcessDefinitionDataSchema, type ProcessDefinitionData, type ValidationResult } from '@scenaria/api-contract';
import { NodeDataSchema, type NodeData } from '@scenaria/graph';

// The response of `GET /api/processDefinitionData/{processingType}` (semantics.md §7) is the contract's
// ProcessDefinitionData, which is the components library's schema: the server builds it with the same one.

/** A palette group of the definitions. */
export type ComponentGroup = ProcessDefinitionData['componentGroups'][number];
/** A palette entry: component id, label and the node template dropped onto the canvas. */
export type PaletteComponent = ComponentGroup['components'][number];

/**
 * Checks a definitions answer against the contract's schema. The typed client trusts the server's answers;
 * the palette, the parameter editors and fragment outputs are all built from this one, so an answer of another
 * shape (a server of another version) is reported here rather than breaking them later.
 */
export function readDefinitions(json: unknown): { ok: true; value: ProcessDefinitionData } | { ok: false; message: string } {
  const parsed = ProcessDefinitionDataSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, message: `Unexpected definitions from the server${issue ? ` at ${issue.path.join('.')}: ${issue.message}` : ''}.` };
}

/** The node a palette entry drops, or `undefined` when its template is not a node the graph schema accepts. */
export function templateNode(component: PaletteComponent): NodeData | undefined {
  const parsed = NodeDataSchema.safeParse(component.node);
  return parsed.success ? parsed.data : undefined;
}

/** What validation says about one node: the variables in scope and the type of each expression field. */
export type NodeTypingResult = ValidationResult['nodeResults'][string];

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
export function fragmentOutputsOf(
  // Only `outputParameters` is read, so partial definitions (tests, a fragment's own) do as well.
  definitions: (Partial<Omit<ProcessDefinitionData, 'components'>> & { components: Record<string, Partial<ProcessDefinitionData['components'][string]>> }) | undefined,
  componentId: string,
): string[] {
  return [...(definitions?.components[componentId]?.outputParameters ?? [])];
}

/** Human name of a palette group id such as `optionalEndings`. */
export function groupTitle(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, (_, lower: string, upper: string) => `${lower} ${upper.toLowerCase()}`).replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
