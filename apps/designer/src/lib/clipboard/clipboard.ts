import type { Edge, NodeData } from '@scenaria/graph';

/** What copy puts on the clipboard: the selected nodes (with their positions) and the edges among them. */
export interface ClipboardContent {
  nodes: NodeData[];
  edges: Edge[];
}

const clipboardMarker = 'scenaria/nodes';

/** Picks the selected nodes and only the edges whose both ends are selected. */
export function copySelection(nodes: readonly NodeData[], edges: readonly Edge[], selectedIds: ReadonlySet<string>): ClipboardContent {
  return {
    nodes: nodes.filter((node) => selectedIds.has(node.id)),
    edges: edges.filter((edge) => selectedIds.has(edge.from) && selectedIds.has(edge.to)),
  };
}

export function serializeClipboard(content: ClipboardContent): string {
  return JSON.stringify({ kind: clipboardMarker, ...content });
}

/** Reads clipboard text written by `serializeClipboard`; anything else (plain text, other apps) is `undefined`. */
export function parseClipboard(text: string): ClipboardContent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const candidate = parsed as { kind?: unknown; nodes?: unknown; edges?: unknown };
  if (candidate.kind !== clipboardMarker || !Array.isArray(candidate.nodes) || !Array.isArray(candidate.edges)) return undefined;
  const isNode = (value: unknown) =>
    !!value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { type?: unknown }).type === 'string';
  const isEdge = (value: unknown) =>
    !!value && typeof value === 'object' && typeof (value as { from?: unknown }).from === 'string' && typeof (value as { to?: unknown }).to === 'string';
  if (!candidate.nodes.every(isNode) || !candidate.edges.every(isEdge)) return undefined;
  return { nodes: candidate.nodes as NodeData[], edges: candidate.edges as Edge[] };
}

/** `base`, or `base 1`, `base 2`, ... : the first id not taken yet (the way the reference names copies). */
export function uniqueNodeId(base: string, taken: ReadonlySet<string>): string {
  const trimmed = base.trim() || 'node';
  if (!taken.has(trimmed)) return trimmed;
  const stem = trimmed.replace(/ \d+$/, '');
  for (let counter = 1; ; counter += 1) {
    const candidate = `${stem} ${counter}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface PastedNodes extends ClipboardContent {
  /** Old id -> new id, for selecting the pasted nodes. */
  renamed: Map<string, string>;
}

/**
 * Makes clipboard content ready to insert: fresh ids where they clash, edges and join branch ids
 * following the renames, and positions shifted by `offset` so the copy does not hide the original.
 */
export function preparePaste(content: ClipboardContent, existingIds: ReadonlySet<string>, offset: { x: number; y: number }): PastedNodes {
  const taken = new Set(existingIds);
  const renamed = new Map<string, string>();
  for (const node of content.nodes) {
    const id = uniqueNodeId(node.id, taken);
    taken.add(id);
    renamed.set(node.id, id);
  }
  const idOf = (id: string) => renamed.get(id) ?? id;
  const nodes = content.nodes.map((node): NodeData => {
    const layout = node.additionalFields?.layoutData;
    const moved: NodeData = {
      ...node,
      id: idOf(node.id),
      additionalFields: {
        ...(node.additionalFields ?? {}),
        layoutData: { x: Math.round((layout?.x ?? 0) + offset.x), y: Math.round((layout?.y ?? 0) + offset.y) },
      },
    };
    if (moved.type === 'Join') {
      return { ...moved, branchParameters: moved.branchParameters.map((branch) => ({ ...branch, branchId: idOf(branch.branchId) })) };
    }
    return moved;
  });
  const edges = content.edges
    .filter((edge) => renamed.has(edge.from) && renamed.has(edge.to))
    .map((edge) => ({ ...edge, from: idOf(edge.from), to: idOf(edge.to) }));
  return { nodes, edges, renamed };
}
