import type { CanonicalNode, CanonicalProcess } from '../schemas/canonical';
import type { Edge, EdgeType } from '../schemas/edge';
import type { NodeData } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { cloneJson } from '../json';

/** The flat node data of a canonical element: the element without its nested branches. */
export function flatNodeData(node: Exclude<CanonicalNode, { type: 'BranchEndData' }>): NodeData {
  const copy = cloneJson(node) as Record<string, unknown>;
  switch (node.type) {
    case 'Filter':
      delete copy.nextFalse;
      break;
    case 'Switch':
      delete copy.nexts;
      delete copy.defaultNext;
      break;
    case 'Split':
      delete copy.nexts;
      break;
    case 'FragmentInput':
      delete copy.outputs;
      break;
    default:
      break;
  }
  return copy as NodeData;
}

function edgeTargetOf(branch: readonly CanonicalNode[]): string | undefined {
  const first = branch[0];
  if (!first) return undefined;
  return first.type === 'BranchEndData' ? first.definition.joinId : first.id;
}

/**
 * Converts the canonical (tree) form to the flat graph.
 *
 * Ordering (depth first, so the result is stable and `toCanonical` reproduces the input): nodes are listed
 * branch by branch (`nodes` first, then `additionalBranches` in order); inside a branch a node comes before
 * its continuation, a Filter's true path (the rest of its list) before its false branch, a Switch's cases in
 * order before its default, Split branches and fragment outputs in order. Each node's outgoing edges are
 * listed together when the node is listed: FilterTrue then FilterFalse; NextSwitch cases in order then
 * SwitchDefault; Split edges in order; FragmentOutput edges in the order of `outputs`.
 */
export function fromCanonical(canonical: CanonicalProcess): { graph: ScenarioGraph; id: string } {
  const nodes: NodeData[] = [];
  const edges: Edge[] = [];

  const addEdge = (from: string, branch: readonly CanonicalNode[], edgeType: EdgeType | null): void => {
    const to = edgeTargetOf(branch);
    if (to !== undefined) edges.push({ from, to, edgeType });
  };

  const visitBranch = (branch: readonly CanonicalNode[]): void => {
    // Filter false branches are visited after the whole true path; a stack gives the depth-first order
    // without recursing once per node of a long chain.
    const pendingFalseBranches: CanonicalNode[][] = [];
    for (let index = 0; index < branch.length; index++) {
      const node = branch[index] as CanonicalNode;
      if (node.type === 'BranchEndData') break;
      const rest = branch.slice(index + 1, index + 2);
      nodes.push(flatNodeData(node));
      switch (node.type) {
        case 'Filter': {
          addEdge(node.id, rest, { type: 'FilterTrue' });
          const nextFalse = node.nextFalse ?? [];
          addEdge(node.id, nextFalse, { type: 'FilterFalse' });
          if (nextFalse.length > 0) pendingFalseBranches.push(nextFalse);
          break;
        }
        case 'Switch': {
          for (const switchCase of node.nexts ?? []) {
            addEdge(node.id, switchCase.nodes, { type: 'NextSwitch', condition: cloneJson(switchCase.expression) });
          }
          addEdge(node.id, node.defaultNext ?? [], { type: 'SwitchDefault' });
          for (const switchCase of node.nexts ?? []) visitBranch(switchCase.nodes);
          visitBranch(node.defaultNext ?? []);
          break;
        }
        case 'Split':
          for (const next of node.nexts) addEdge(node.id, next, null);
          for (const next of node.nexts) visitBranch(next);
          break;
        case 'FragmentInput': {
          const outputs = Object.entries(node.outputs ?? {});
          for (const [name, next] of outputs) addEdge(node.id, next, { type: 'FragmentOutput', name });
          for (const [, next] of outputs) visitBranch(next);
          break;
        }
        default:
          addEdge(node.id, rest, null);
          break;
      }
    }
    while (pendingFalseBranches.length > 0) visitBranch(pendingFalseBranches.pop() as CanonicalNode[]);
  };

  visitBranch(canonical.nodes);
  for (const branch of canonical.additionalBranches ?? []) visitBranch(branch);

  return {
    id: canonical.metaData.id,
    graph: { properties: { additionalFields: cloneJson(canonical.metaData.additionalFields) }, nodes, edges },
  };
}
