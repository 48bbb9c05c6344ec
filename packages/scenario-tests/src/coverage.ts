import type { ScenarioGraph } from '@scenaria/graph';
import type { TestResults } from '@scenaria/deployment-sdk';
import type { Coverage, CoverageEdge } from './report-schema';

/** What the runs reached so far: node ids and `from\u0000to` edge keys. */
export interface CoverageTrace {
  nodes: Set<string>;
  edges: Set<string>;
}

const edgeKey = (from: string, to: string) => `${from}\u0000${to}`;

function branchOf(graph: ScenarioGraph, edge: ScenarioGraph['edges'][number]): string | undefined {
  const type = edge.edgeType;
  if (type?.type === 'FilterTrue') return 'true';
  if (type?.type === 'FilterFalse') return 'false';
  if (type?.type === 'NextSwitch') return type.condition.expression;
  if (type?.type === 'SwitchDefault') return 'default';
  const source = graph.nodes.find((node) => node.id === edge.from);
  return source?.type === 'Split' ? 'split' : undefined;
}

/**
 * Adds what one run reached. A node is reached when a record entered it; an edge when some record that
 * entered its start also entered its end, told by the context id, which filters, choices and splits keep
 * (a custom node deriving contexts extends the id, hence the prefix match).
 */
export function traceRun(trace: CoverageTrace, graph: ScenarioGraph, results: TestResults): void {
  for (const [nodeId, contexts] of Object.entries(results.nodeResults)) if (contexts.length > 0) trace.nodes.add(nodeId);
  for (const edge of graph.edges) {
    const at = results.nodeResults[edge.to];
    const before = results.nodeResults[edge.from];
    if (!at || !before) continue;
    const ids = new Set(before.map((context) => context.id));
    if (at.some((context) => ids.has(context.id) || [...ids].some((id) => context.id.startsWith(`${id}-`)))) trace.edges.add(edgeKey(edge.from, edge.to));
  }
}

/** The coverage of a graph by what the runs reached. */
export function coverageOf(graph: ScenarioGraph, trace: CoverageTrace): Coverage {
  const uncoveredNodes = graph.nodes.filter((node) => !trace.nodes.has(node.id)).map((node) => node.id);
  const edges: CoverageEdge[] = graph.edges.map((edge) => {
    const branch = branchOf(graph, edge);
    return branch === undefined ? { from: edge.from, to: edge.to } : { from: edge.from, to: edge.to, branch };
  });
  const uncoveredEdges = edges.filter((edge) => !trace.edges.has(edgeKey(edge.from, edge.to)));
  const branches = edges.filter((edge) => edge.branch !== undefined);
  const uncoveredBranches = uncoveredEdges.filter((edge) => edge.branch !== undefined);
  return {
    nodes: { total: graph.nodes.length, covered: graph.nodes.length - uncoveredNodes.length, uncovered: uncoveredNodes },
    edges: { total: edges.length, covered: edges.length - uncoveredEdges.length, uncovered: uncoveredEdges },
    branches: { total: branches.length, covered: branches.length - uncoveredBranches.length, uncovered: uncoveredBranches },
  };
}
