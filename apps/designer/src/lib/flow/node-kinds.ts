import { componentIdOfNode } from '@scenaria/graph';
import type { EdgeType, NodeData } from '@scenaria/graph';

/** How the designer presents a node: one kind per family of node types, each with its own colour and icon. */
export type NodeKind =
  | 'source'
  | 'sink'
  | 'filter'
  | 'choice'
  | 'split'
  | 'variable'
  | 'record-variable'
  | 'enricher'
  | 'processor'
  | 'custom'
  | 'join'
  | 'fragment'
  | 'fragment-input'
  | 'fragment-output';

export function nodeKindOf(node: NodeData): NodeKind {
  switch (node.type) {
    case 'Source':
      return 'source';
    case 'Sink':
      return 'sink';
    case 'Filter':
      return 'filter';
    case 'Switch':
      return 'choice';
    case 'Split':
      return 'split';
    case 'Variable':
      return 'variable';
    case 'VariableBuilder':
      return 'record-variable';
    case 'Enricher':
      return 'enricher';
    case 'Processor':
      return 'processor';
    case 'CustomNode':
      return 'custom';
    case 'Join':
      return 'join';
    case 'FragmentInput':
      return 'fragment';
    case 'FragmentInputDefinition':
      return 'fragment-input';
    case 'FragmentOutputDefinition':
    case 'FragmentUsageOutput':
      return 'fragment-output';
  }
}

/** The component id (`<componentType>-<name>`) a node instantiates, as the definitions key it (semantics.md §7). */
export function componentIdOf(node: NodeData): string {
  // Only the internal FragmentUsageOutput has no component of its own; it stands for a fragment's output.
  return componentIdOfNode(node) ?? 'builtin-output';
}

/** A short human name of the node's component, shown under the node id. */
export function componentLabelOf(node: NodeData): string {
  const id = componentIdOfNode(node);
  // An id is `<componentType>-<name>`; the name is what authors know the component by.
  return id === undefined ? 'fragment output' : id.slice(id.indexOf('-') + 1);
}

/** One connection point at the bottom of a node; `edgeType` is what an edge drawn from it becomes. */
export interface SourceHandle {
  id: string;
  label?: string;
  edgeType: EdgeType | null;
}

export const plainHandleId = 'out';
export const targetHandleId = 'in';

/**
 * The handles a node offers. Filters get a "true" and a "false" handle, a fragment usage gets one handle
 * per output of the fragment (names from its definition), choice and split nodes fan out from one handle.
 */
export function sourceHandlesOf(node: NodeData, fragmentOutputs: readonly string[] = []): SourceHandle[] {
  switch (node.type) {
    case 'Sink':
    case 'FragmentOutputDefinition':
      return [];
    case 'Filter':
      return [
        { id: 'true', label: 'true', edgeType: { type: 'FilterTrue' } },
        { id: 'false', label: 'false', edgeType: { type: 'FilterFalse' } },
      ];
    case 'Switch':
      return [
        {
          id: plainHandleId,
          edgeType: { type: 'NextSwitch', condition: { language: 'spel', expression: 'true' } },
        },
      ];
    case 'Split':
      return [{ id: plainHandleId, edgeType: null }];
    case 'FragmentInput':
      return fragmentOutputs.map((name) => ({
        id: fragmentOutputHandleId(name),
        label: name,
        edgeType: { type: 'FragmentOutput', name },
      }));
    default:
      return [{ id: plainHandleId, edgeType: null }];
  }
}

export function fragmentOutputHandleId(outputName: string): string {
  return `output:${outputName}`;
}

/** Which handle an existing edge leaves from. */
export function sourceHandleIdOf(edgeType: EdgeType | null | undefined): string {
  switch (edgeType?.type) {
    case 'FilterTrue':
      return 'true';
    case 'FilterFalse':
      return 'false';
    case 'FragmentOutput':
      return fragmentOutputHandleId(edgeType.name);
    default:
      return plainHandleId;
  }
}

/** The label drawn on an edge: the branch of a filter, the condition of a choice, the fragment output. */
export function edgeLabelOf(edgeType: EdgeType | null | undefined): string | undefined {
  switch (edgeType?.type) {
    case 'FilterTrue':
      return 'true';
    case 'FilterFalse':
      return 'false';
    case 'NextSwitch':
      return edgeType.condition.expression;
    case 'SwitchDefault':
      return 'default';
    case 'FragmentOutput':
      return edgeType.name;
    default:
      return undefined;
  }
}
