import { cloneJson } from '../json';
import type { Edge } from '../schemas/edge';
import type { NodeData } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { uniqueNodeId } from './ids';

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

/** Options of `pasteSelection`. */
export type PasteOptions = {
  /** Moves pasted nodes on the canvas by this much (nodes without a position stay without one). */
  offset?: { x: number; y: number };
};

/**
 * Adds a copied selection to a graph, renaming pasted nodes whose ids are taken (`filter` -> `filter 2`) and
 * rewriting edges and Join branch parameters to the new ids. Returns the new graph, the old->new id map and
 * the ids of the pasted nodes; the input graph is not modified.
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
    graph: {
      properties: cloneJson(graph.properties),
      nodes: [...graph.nodes.map((node) => cloneJson(node)), ...pastedNodes],
      edges: [...graph.edges.map((edge) => cloneJson(edge)), ...pastedEdges],
    },
    idMap,
    pastedIds: pastedNodes.map((node) => node.id),
  };
}

/** Removes nodes and every edge touching them (Join branch parameters of removed inputs too). */
export function removeNodes(graph: ScenarioGraph, nodeIds: Iterable<string>): ScenarioGraph {
  const removed = new Set(nodeIds);
  return {
    properties: cloneJson(graph.properties),
    nodes: graph.nodes
      .filter((node) => !removed.has(node.id))
      .map((original) => {
        const node = cloneJson(original);
        if (node.type === 'Join') node.branchParameters = node.branchParameters.filter((branch) => !removed.has(branch.branchId));
        return node;
      }),
    edges: graph.edges.filter((edge) => !removed.has(edge.from) && !removed.has(edge.to)).map((edge) => cloneJson(edge)),
  };
}

/**
 * Renames a node, rewriting edges and Join branch parameters that refer to it. The caller checks the new id
 * (`validateNodeId`, uniqueness) first; renaming onto an existing id is refused by returning `undefined`.
 */
export function renameNode(graph: ScenarioGraph, from: string, to: string): ScenarioGraph | undefined {
  if (from === to) return cloneJson(graph);
  if (graph.nodes.some((node) => node.id === to)) return undefined;
  const swap = (id: string): string => (id === from ? to : id);
  return {
    properties: cloneJson(graph.properties),
    nodes: graph.nodes.map((original) => {
      const node = cloneJson(original);
      node.id = swap(node.id);
      if (node.type === 'Join') node.branchParameters = node.branchParameters.map((branch) => ({ ...branch, branchId: swap(branch.branchId) }));
      return node;
    }),
    edges: graph.edges.map((edge) => ({ ...cloneJson(edge), from: swap(edge.from), to: swap(edge.to) })),
  };
}
