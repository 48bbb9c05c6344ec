import { z } from 'zod';
import { cloneJson } from '../json';
import { EdgeSchema, type Edge } from '../schemas/edge';
import { NodeDataSchema, type NodeData } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { uniqueNodeId } from './ids';

// The editing helpers return new graphs but keep every node and edge they do not change as the same object
// (and the same `properties`), so a UI holding the graph in reactive state re-renders only what changed.

/** A copied part of a graph: the selected nodes and the edges between them. */
export type GraphSelection = { nodes: NodeData[]; edges: Edge[] };

/** Copies the selected nodes and the edges running between selected nodes (the order of the graph kept). */
export function copySelection(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>, nodeIds: Iterable<string>): GraphSelection {
  const selected = new Set(nodeIds);
  return {
    nodes: graph.nodes.filter((node) => selected.has(node.id)).map((node) => cloneJson(node)),
    edges: graph.edges.filter((edge) => selected.has(edge.from) && selected.has(edge.to)).map((edge) => cloneJson(edge)),
  };
}

// Marks our own clipboard text, so pasting text from another application is not mistaken for nodes.
const clipboardKind = 'scenaria/nodes';
const ClipboardTextSchema = z.object({ kind: z.literal(clipboardKind), nodes: z.array(NodeDataSchema), edges: z.array(EdgeSchema) });

/** A selection as text for the system clipboard, read back by `parseSelection`. */
export function serializeSelection(selection: GraphSelection): string {
  return JSON.stringify({ kind: clipboardKind, ...selection });
}

/** A selection written by `serializeSelection`; `undefined` for any other text (plain text, other apps, broken nodes). */
export function parseSelection(text: string): GraphSelection | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = ClipboardTextSchema.safeParse(json);
  return parsed.success ? { nodes: parsed.data.nodes, edges: parsed.data.edges } : undefined;
}

/** Options of `pasteSelection`. */
export type PasteOptions = {
  /** Moves pasted nodes on the canvas by this much (nodes without a position stay without one). */
  offset?: { x: number; y: number };
};

/**
 * Adds a copied selection to a graph, renaming pasted nodes whose ids are taken (`filter` -> `filter 2`) and
 * rewriting edges and Join branch parameters to the new ids. Returns the new graph, the old->new id map and
 * the ids of the pasted nodes. The pasted nodes and edges come after the graph's own, which stay the same
 * objects; the input graph is not modified.
 */
export function pasteSelection(
  graph: ScenarioGraph,
  selection: GraphSelection,
  options: PasteOptions = {},
): { graph: ScenarioGraph; idMap: Map<string, string>; pastedIds: string[] } {
  const taken = new Set(graph.nodes.map((node) => node.id));
  const idMap = new Map<string, string>();
  for (const node of selection.nodes) {
    if (idMap.has(node.id)) continue;
    const id = uniqueNodeId(node.id, taken);
    taken.add(id);
    idMap.set(node.id, id);
  }
  const rename = (id: string): string => idMap.get(id) ?? id;
  const pastedNodes = selection.nodes.map((original) => {
    const node = cloneJson(original);
    node.id = rename(node.id);
    if (node.type === 'Join') {
      // Branches from nodes outside the selection do not come along, so their parameters would dangle.
      node.branchParameters = node.branchParameters
        .filter((branch) => idMap.has(branch.branchId))
        .map((branch) => ({ ...branch, branchId: rename(branch.branchId) }));
    }
    const layout = node.additionalFields?.layoutData;
    if (options.offset && layout) {
      node.additionalFields = {
        ...node.additionalFields,
        layoutData: { x: layout.x + options.offset.x, y: layout.y + options.offset.y },
      };
    }
    return node;
  });
  const pastedEdges = selection.edges
    .filter((edge) => idMap.has(edge.from) && idMap.has(edge.to))
    .map((edge) => ({ ...cloneJson(edge), from: rename(edge.from), to: rename(edge.to) }));
  return {
    graph: { properties: graph.properties, nodes: [...graph.nodes, ...pastedNodes], edges: [...graph.edges, ...pastedEdges] },
    idMap,
    pastedIds: pastedNodes.map((node) => node.id),
  };
}

/** Removes nodes and every edge touching them (Join branch parameters of removed inputs too). */
export function removeNodes(graph: ScenarioGraph, nodeIds: Iterable<string>): ScenarioGraph {
  const removed = new Set(nodeIds);
  return {
    properties: graph.properties,
    nodes: graph.nodes
      .filter((node) => !removed.has(node.id))
      .map((node) => {
        if (node.type !== 'Join' || !node.branchParameters.some((branch) => removed.has(branch.branchId))) return node;
        return { ...node, branchParameters: node.branchParameters.filter((branch) => !removed.has(branch.branchId)) };
      }),
    edges: graph.edges.filter((edge) => !removed.has(edge.from) && !removed.has(edge.to)),
  };
}

/**
 * Renames a node, rewriting edges and Join branch parameters that refer to it. The caller checks the new id
 * (`validateNodeId`, uniqueness) first; renaming onto an existing id is refused by returning `undefined`.
 */
export function renameNode(graph: ScenarioGraph, from: string, to: string): ScenarioGraph | undefined {
  if (from === to) return graph;
  if (graph.nodes.some((node) => node.id === to)) return undefined;
  const swap = (id: string): string => (id === from ? to : id);
  return {
    properties: graph.properties,
    nodes: graph.nodes.map((node) => {
      const renamed = node.id === from ? { ...node, id: to } : node;
      if (renamed.type === 'Join' && renamed.branchParameters.some((branch) => branch.branchId === from)) {
        return { ...renamed, branchParameters: renamed.branchParameters.map((branch) => ({ ...branch, branchId: swap(branch.branchId) })) };
      }
      return renamed;
    }),
    edges: graph.edges.map((edge) => (edge.from === from || edge.to === from ? { ...edge, from: swap(edge.from), to: swap(edge.to) } : edge)),
  };
}
