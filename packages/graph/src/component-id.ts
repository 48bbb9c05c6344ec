import type { NodeData } from './schemas/node-data';

/**
 * The component id (`<componentType>-<name>`) a node instantiates, as the definitions response keys components
 * (scenario-graph.md §3); undefined for the internal FragmentUsageOutput, which stands for no component.
 */
export function componentIdOfNode(node: NodeData): string | undefined {
  switch (node.type) {
    case 'Source':
      return `source-${node.ref.typ}`;
    case 'Sink':
      return `sink-${node.ref.typ}`;
    case 'Enricher':
    case 'Processor':
      return `service-${node.service.id}`;
    case 'CustomNode':
    case 'Join':
      return `custom-${node.nodeType}`;
    case 'FragmentInput':
      return `fragment-${node.ref.id}`;
    case 'Filter':
      return 'builtin-filter';
    case 'Switch':
      return 'builtin-choice';
    case 'Split':
      return 'builtin-split';
    case 'Variable':
      return 'builtin-variable';
    case 'VariableBuilder':
      return 'builtin-record-variable';
    case 'FragmentInputDefinition':
      return 'builtin-input';
    case 'FragmentOutputDefinition':
      return 'builtin-output';
    default:
      return undefined;
  }
}
