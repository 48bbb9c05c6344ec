import type { EdgeType, NodeData } from '@scenaria/graph';
import { acceptsInput, hasOutput, sourceHandlesOf } from './node-kinds';

export interface ProposedConnection {
  source: string;
  sourceHandle: string | null | undefined;
  target: string;
}

export interface ExistingEdge {
  source: string;
  sourceHandle?: string | null;
  target: string;
}

export type ConnectionCheck = { ok: true; edgeType: EdgeType | null } | { ok: false; reason: string };

/**
 * Whether an edge may be drawn, and what kind it becomes. Mirrors the structure rules of the reference:
 * start nodes take no input, endings have no output, only a join takes several inputs, and each handle of
 * a filter or fragment usage (and the only output of an ordinary node) leads to one node.
 */
export function checkConnection(
  nodeById: (id: string) => NodeData | undefined,
  edges: readonly ExistingEdge[],
  connection: ProposedConnection,
  fragmentOutputs: (node: NodeData) => readonly string[] = () => [],
): ConnectionCheck {
  const source = nodeById(connection.source);
  const target = nodeById(connection.target);
  if (!source || !target) return { ok: false, reason: 'Unknown node.' };
  if (source.id === target.id) return { ok: false, reason: 'A node cannot connect to itself.' };
  if (!hasOutput(source)) return { ok: false, reason: `${source.id} ends the scenario and has no output.` };
  if (!acceptsInput(target)) return { ok: false, reason: `${target.id} starts the scenario and takes no input.` };
  const handles = sourceHandlesOf(source, fragmentOutputs(source));
  const handle = connection.sourceHandle ? handles.find((h) => h.id === connection.sourceHandle) : handles[0];
  if (!handle) return { ok: false, reason: `${source.id} has no output named ${connection.sourceHandle ?? ''}.` };
  if (edges.some((edge) => edge.source === source.id && edge.target === target.id && target.type === 'Join')) {
    return { ok: false, reason: `${source.id} already leads into ${target.id}.` };
  }
  if (!handle.isMultiple && edges.some((edge) => edge.source === source.id && (edge.sourceHandle ?? handles[0]?.id) === handle.id)) {
    return { ok: false, reason: `That output of ${source.id} is already connected.` };
  }
  if (target.type !== 'Join' && edges.some((edge) => edge.target === target.id)) {
    return { ok: false, reason: `${target.id} already has an input.` };
  }
  return { ok: true, edgeType: handle.edgeType };
}
