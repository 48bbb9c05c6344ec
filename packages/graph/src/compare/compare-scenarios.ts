import { jsonComparisonKey, normalize } from '../canonical/equality';
import type { Edge } from '../schemas/edge';
import type { NodeData } from '../schemas/node-data';
import type { ScenarioComparison, ScenarioDifference } from '../schemas/scenario-difference';
import type { ScenarioGraph } from '../schemas/scenario-graph';

/** The key of a node's difference in a comparison: `Node '<id>'`. */
export function nodeDifferenceKey(nodeId: string): string {
  return `Node '${nodeId}'`;
}

/** The key of an edge's difference in a comparison: `Edge from '<from>' to '<to>'`. */
export function edgeDifferenceKey(fromId: string, toId: string): string {
  return `Edge from '${fromId}' to '${toId}'`;
}

/** The key of the properties' difference in a comparison. */
export const PROPERTIES_DIFFERENCE_KEY = 'Properties';

/**
 * A node without its canvas position: what a version compare looks at. An `additionalFields` left with
 * nothing but nulls is dropped too, so a node that only gained or lost a position is unchanged.
 */
export function withoutLayout(node: NodeData): NodeData {
  const fields = node.additionalFields;
  if (fields === undefined || fields === null) return node;
  const { layoutData: _layout, ...rest } = fields;
  const keep = Object.values(rest).some((value) => value !== undefined && value !== null);
  const { additionalFields: _fields, ...bare } = node;
  return (keep ? { ...bare, additionalFields: rest } : bare) as NodeData;
}

function nodeKey(node: NodeData): string {
  return jsonComparisonKey(withoutLayout(node));
}

/**
 * The differences between two scenario graphs, in Nussknacker's shape (see `ScenarioComparisonSchema`):
 * nodes matched by id, edges by their two ends, then the properties. `left` is "current", `right`
 * "other". Unlike the original, a node that only moved on the canvas is not different. Linear in the size
 * of both graphs: each node and edge is indexed once and normalized once.
 */
export function compareScenarios(left: ScenarioGraph, right: ScenarioGraph): ScenarioComparison {
  const result: ScenarioComparison = {};
  const add = (key: string, difference: ScenarioDifference): void => {
    result[key] = difference;
  };

  // Like the original's maps, a duplicate id (or edge ends) keeps the last one.
  const rightNodes = new Map<string, NodeData>();
  for (const node of right.nodes) rightNodes.set(node.id, node);
  const leftNodes = new Map<string, NodeData>();
  for (const node of left.nodes) leftNodes.set(node.id, node);

  for (const [id, current] of leftNodes) {
    const other = rightNodes.get(id);
    if (other === undefined) {
      add(nodeDifferenceKey(id), { type: 'NodeNotPresentInOther', nodeId: id, currentNode: current });
    } else if (nodeKey(current) !== nodeKey(other)) {
      add(nodeDifferenceKey(id), { type: 'NodeDifferent', nodeId: id, currentNode: current, otherNode: other });
    }
  }
  for (const [id, other] of rightNodes) {
    if (!leftNodes.has(id)) add(nodeDifferenceKey(id), { type: 'NodeNotPresentInCurrent', nodeId: id, otherNode: other });
  }

  const rightEdges = indexEdges(right.edges);
  const leftEdges = indexEdges(left.edges);
  for (const [key, current] of leftEdges) {
    const other = rightEdges.get(key);
    const { from: fromId, to: toId } = current;
    if (other === undefined) {
      add(edgeDifferenceKey(fromId, toId), { type: 'EdgeNotPresentInOther', fromId, toId, currentEdge: current });
    } else if (jsonComparisonKey(current) !== jsonComparisonKey(other)) {
      add(edgeDifferenceKey(fromId, toId), { type: 'EdgeDifferent', fromId, toId, currentEdge: current, otherEdge: other });
    }
  }
  for (const [key, other] of rightEdges) {
    const { from: fromId, to: toId } = other;
    if (!leftEdges.has(key)) add(edgeDifferenceKey(fromId, toId), { type: 'EdgeNotPresentInCurrent', fromId, toId, otherEdge: other });
  }

  if (jsonComparisonKey(left.properties) !== jsonComparisonKey(right.properties)) {
    add(PROPERTIES_DIFFERENCE_KEY, {
      type: 'PropertiesDifferent',
      currentProperties: left.properties,
      otherProperties: right.properties,
    });
  }
  return result;
}

function indexEdges(edges: readonly Edge[]): Map<string, Edge> {
  const index = new Map<string, Edge>();
  // JSON of the pair, so that ids containing any separator cannot collide.
  for (const edge of edges) index.set(JSON.stringify([edge.from, edge.to]), edge);
  return index;
}

/** One field that differs between two versions of a node (or of an edge, or of the properties). */
export interface FieldDifference {
  /** Path of the field, e.g. `expression.expression` or `ref.parameters[0].name`. */
  path: string;
  /** The value in the current version; `undefined` when absent there. */
  current: unknown;
  /** The value in the other version; `undefined` when absent there. */
  other: unknown;
}

/**
 * The fields that differ between two versions of a node, edge or properties record, path by path, in
 * path order. Nulls and decoding defaults count as absent (as in `compareScenarios`); a node's canvas
 * position is left out. Either side may be missing (a node present in one version only).
 */
export function fieldDifferences(current: unknown, other: unknown): FieldDifference[] {
  const currentFields = flatten(normalize(stripLayout(current)));
  const otherFields = flatten(normalize(stripLayout(other)));
  const paths = new Set([...currentFields.keys(), ...otherFields.keys()]);
  const differences: FieldDifference[] = [];
  for (const path of [...paths].sort()) {
    const a = currentFields.get(path);
    const b = otherFields.get(path);
    if (JSON.stringify(a) !== JSON.stringify(b)) differences.push({ path, current: a, other: b });
  }
  return differences;
}

function stripLayout(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'string' && typeof record.type === 'string') return withoutLayout(record as NodeData);
  return value;
}

// Leaves are primitives and empty containers; containers are walked with an explicit stack because
// stored scenarios are depth-limited on parse, but the walk should not rely on it.
function flatten(value: unknown): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const stack: Array<[string, unknown]> = [['', value]];
  while (stack.length > 0) {
    const [path, item] = stack.pop() as [string, unknown];
    if (item === undefined || item === null) continue;
    if (Array.isArray(item)) {
      if (item.length === 0) leaves.set(path, item);
      item.forEach((child, index) => stack.push([`${path}[${index}]`, child]));
    } else if (typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>);
      if (entries.length === 0) leaves.set(path, item);
      for (const [key, child] of entries) stack.push([path === '' ? key : `${path}.${key}`, child]);
    } else {
      leaves.set(path, item);
    }
  }
  return leaves;
}
