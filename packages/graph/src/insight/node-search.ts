import type { NodeData } from '../schemas/node-data';

/** Where a node matched a search: its id, or an expression at a path of its fields. */
export interface NodeSearchMatch {
  /** `id`, or the dotted path of the expression in the node (`expression`, `parameters.0.expression`). */
  field: string;
  text: string;
}

/** A node that matched, with every place it matched. */
export interface NodeSearchResult {
  nodeId: string;
  matches: NodeSearchMatch[];
}

// A node is small, but pasted JSON may nest deeply: the walk stops at this depth rather than recurse without bound.
const MAX_DEPTH = 32;

function collectExpressions(value: unknown, path: string, depth: number, into: NodeSearchMatch[]): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record['expression'] === 'string' && typeof record['language'] === 'string') {
    into.push({ field: path, text: record['expression'] });
    return;
  }
  for (const [key, inner] of Object.entries(record)) {
    // layout and descriptions are not what a user searches for on the canvas
    if (key === 'additionalFields') continue;
    collectExpressions(inner, path ? `${path}.${key}` : key, depth + 1, into);
  }
}

/** Every expression of a node with the path it sits at, in field order. */
export function expressionsOf(node: NodeData): NodeSearchMatch[] {
  const found: NodeSearchMatch[] = [];
  collectExpressions(node, '', 0, found);
  return found.map((match) => ({ ...match, field: match.field || 'expression' }));
}

/**
 * Nodes whose id or any expression contains `query` (case-insensitive), in node order; the canvas search
 * focuses the first. An empty query finds nothing.
 *
 * @example searchNodes(graph.nodes, '#input.amount') // [{ nodeId: 'large', matches: [{ field: 'expression', text: '#input.amount > 100' }] }]
 */
export function searchNodes(nodes: readonly NodeData[], query: string): NodeSearchResult[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const results: NodeSearchResult[] = [];
  for (const node of nodes) {
    const matches: NodeSearchMatch[] = [];
    if (node.id.toLowerCase().includes(needle)) matches.push({ field: 'id', text: node.id });
    for (const expression of expressionsOf(node)) if (expression.text.toLowerCase().includes(needle)) matches.push(expression);
    if (matches.length > 0) results.push({ nodeId: node.id, matches });
  }
  return results;
}
