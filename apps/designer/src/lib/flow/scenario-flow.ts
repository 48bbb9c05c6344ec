import type { Edge as FlowEdge, Node as FlowNode } from '@xyflow/svelte';
import type { Edge, EdgeType, NodeData, ProcessProperties, ScenarioGraph } from '@scenaria/graph';
import { edgeLabelOf, sourceHandleIdOf, sourceHandlesOf, targetHandleId } from './node-kinds';

/** What a canvas node carries: the scenario node itself, untouched except for its position. */
export type ScenarioNodeData = { node: NodeData };
export type ScenarioFlowNode = FlowNode<ScenarioNodeData, 'scenario'>;

/** What a canvas edge carries: the edge kind of the scenario edge. */
export type ScenarioEdgeData = { edgeType: EdgeType | null };
export type ScenarioFlowEdge = FlowEdge<ScenarioEdgeData>;

export interface Position {
  x: number;
  y: number;
}

export function layoutOf(node: NodeData): Position | undefined {
  const layout = node.additionalFields?.layoutData;
  return layout ? { x: layout.x, y: layout.y } : undefined;
}

export function toFlowNode(node: NodeData, position: Position): ScenarioFlowNode {
  return { id: node.id, type: 'scenario', position, data: { node } };
}

/**
 * Edge ids must be unique on the canvas, but a scenario may hold two edges between the same nodes (two
 * choice conditions leading to one sink), so the id counts repeats.
 */
export function toFlowEdges(edges: readonly Edge[]): ScenarioFlowEdge[] {
  const taken = new Set<string>();
  return edges.map((edge) => {
    const id = uniqueFlowEdgeId(edge, taken);
    taken.add(id);
    return toFlowEdge(edge, id);
  });
}

/** A canvas id for `edge` that none of `taken` uses: source, handle and target, plus a counter for repeats. */
export function uniqueFlowEdgeId(edge: Edge, taken: ReadonlySet<string>): string {
  const base = `${edge.from}\u0000${sourceHandleIdOf(edge.edgeType)}\u0000${edge.to}`;
  let id = base;
  for (let counter = 1; taken.has(id); counter += 1) id = `${base}\u0000${counter}`;
  return id;
}

/**
 * The scenario edge a connection drawn on the canvas stands for: its kind follows from the handle it leaves
 * (a filter's "false", a fragment's output). `undefined` when the node offers no such handle; whether the
 * graph may hold the edge is `checkNewEdge`'s to say.
 */
export function edgeOfConnection(
  source: NodeData,
  connection: { sourceHandle?: string | null; target: string },
  fragmentOutputs: readonly string[],
): Edge | undefined {
  const handles = sourceHandlesOf(source, fragmentOutputs);
  const handle = connection.sourceHandle ? handles.find((candidate) => candidate.id === connection.sourceHandle) : handles[0];
  return handle && { from: source.id, to: connection.target, edgeType: handle.edgeType };
}

export function toFlowEdge(edge: Edge, id: string): ScenarioFlowEdge {
  const edgeType = edge.edgeType ?? null;
  return {
    id,
    type: 'smoothstep',
    label: edgeLabelOf(edgeType),
    class: `scenario-edge edge-${edgeType?.type ?? 'plain'}`,
    source: edge.from,
    target: edge.to,
    sourceHandle: sourceHandleIdOf(edge.edgeType),
    targetHandle: targetHandleId,
    data: { edgeType },
  };
}

/**
 * Canvas nodes for a graph. Nodes without stored layout get `fallback` positions (the automatic layout);
 * nodes with layout keep theirs.
 */
export function toFlowNodes(nodes: readonly NodeData[], fallback: ReadonlyMap<string, Position>): ScenarioFlowNode[] {
  return nodes.map((node, index) => toFlowNode(node, layoutOf(node) ?? fallback.get(node.id) ?? { x: 0, y: index * 120 }));
}

/** Whether the graph needs an automatic layout: at least one node has no stored position. */
export function needsLayout(nodes: readonly NodeData[]): boolean {
  return nodes.some((node) => !layoutOf(node));
}

/** Positions go back into `additionalFields.layoutData` as whole numbers (the reference stores longs). */
export function withLayout(node: NodeData, position: Position): NodeData {
  const layoutData = { x: Math.round(position.x), y: Math.round(position.y) };
  const current = node.additionalFields?.layoutData;
  if (current && current.x === layoutData.x && current.y === layoutData.y) return node;
  return { ...node, additionalFields: { ...(node.additionalFields ?? {}), layoutData } };
}

/** The scenario graph the canvas shows: node order and edge order are kept (choice conditions are ordered). */
export function toScenarioGraph(
  properties: ProcessProperties,
  nodes: readonly ScenarioFlowNode[],
  edges: readonly ScenarioFlowEdge[],
): ScenarioGraph {
  return {
    properties,
    nodes: nodes.map((flowNode) => withLayout(flowNode.data.node, flowNode.position)),
    edges: edges.map((edge) => ({ from: edge.source, to: edge.target, edgeType: edge.data?.edgeType ?? null })),
  };
}
