import type { CanonicalNode, CanonicalProcess, CanonicalSwitchCase } from '../schemas/canonical';
import type { Edge } from '../schemas/edge';
import type { NodeData } from '../schemas/node-data';
import type { ScenarioGraph } from '../schemas/scenario-graph';
import { cloneJson } from '../json';

/** Node types that start a branch of the canonical form. */
export const START_NODE_TYPES: ReadonlySet<NodeData['type']> = new Set(['Source', 'Join', 'FragmentInputDefinition']);

/** Options of {@link toCanonical}. */
export interface ToCanonicalOptions {
  /** The scenario name the canonical form carries (`metaData.id`). */
  readonly id: string;
  /**
   * False: the result shares the graph's node fields instead of holding copies (default true). For a caller that
   * only reads the result, such as one writing its text: copying was most of the conversion's cost.
   */
  readonly copy?: boolean;
}

/**
 * Converts the flat graph to the canonical (tree) form stored in versions, naming it `id`.
 *
 * Start nodes (Source, Join, FragmentInputDefinition) each begin a branch, in the order of the node list; the
 * first becomes `nodes`, the rest `additionalBranches`. Like Nussknacker, nodes unreachable from a start
 * node are dropped, and so are edges of a kind the node cannot have, edges to missing nodes and any second
 * visit of a node (a cycle or a merge outside a Join): `findStructureProblems` reports all of these and
 * callers are expected to check it first. The first node with a given id wins.
 */
export function toCanonical(graph: ScenarioGraph, options: ToCanonicalOptions): CanonicalProcess {
  // Each node's own fields, copied unless the caller only reads the result.
  const own = options.copy === false ? <T>(value: T): T => value : cloneJson;
  const byId = new Map<string, NodeData>();
  for (const node of graph.nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const outgoing = new Map<string, Edge[]>();
  for (const edge of graph.edges) {
    const list = outgoing.get(edge.from);
    if (list) list.push(edge);
    else outgoing.set(edge.from, [edge]);
  }
  const visited = new Set<string>();

  const follow = (from: string, edge: Edge | undefined): CanonicalNode[] => {
    if (!edge) return [];
    const target = byId.get(edge.to);
    if (target?.type === 'Join') return [{ type: 'BranchEndData', definition: { id: from, joinId: target.id } }];
    return buildBranch(edge.to);
  };

  const buildBranch = (startId: string): CanonicalNode[] => {
    const branch: CanonicalNode[] = [];
    // A Filter's false branch is built after its whole true path (the same depth-first order as
    // `fromCanonical`), so the first visit of a node, and thus the result, matches that function.
    const pendingFalse: { filter: CanonicalNode & { type: 'Filter' }; edge: Edge }[] = [];
    let currentId: string | undefined = startId;
    while (currentId !== undefined) {
      const node = byId.get(currentId);
      if (!node || visited.has(currentId)) break;
      visited.add(currentId);
      const edges = outgoing.get(currentId) ?? [];
      const id: string = currentId;
      currentId = undefined;
      const next = (edge: Edge | undefined): void => {
        if (!edge) return;
        const target = byId.get(edge.to);
        if (target?.type === 'Join') branch.push({ type: 'BranchEndData', definition: { id, joinId: target.id } });
        else currentId = edge.to;
      };
      switch (node.type) {
        case 'Filter': {
          const filter = { ...own(node), nextFalse: [] as CanonicalNode[] };
          branch.push(filter);
          const falseEdge = edges.find((edge) => edge.edgeType?.type === 'FilterFalse');
          if (falseEdge) pendingFalse.push({ filter, edge: falseEdge });
          next(edges.find((edge) => edge.edgeType?.type === 'FilterTrue'));
          break;
        }
        case 'Switch': {
          const nexts: CanonicalSwitchCase[] = [];
          for (const edge of edges) {
            if (edge.edgeType?.type === 'NextSwitch') {
              nexts.push({ expression: own(edge.edgeType.condition), nodes: follow(id, edge) });
            }
          }
          const defaultNext = follow(id, edges.find((edge) => edge.edgeType?.type === 'SwitchDefault'));
          branch.push({ ...own(node), nexts, defaultNext });
          break;
        }
        case 'Split': {
          const nexts = edges.filter((edge) => !edge.edgeType).map((edge) => follow(id, edge));
          branch.push({ ...own(node), nexts });
          break;
        }
        case 'FragmentInput': {
          const outputs: Record<string, CanonicalNode[]> = {};
          for (const edge of edges) {
            if (edge.edgeType?.type === 'FragmentOutput' && !Object.hasOwn(outputs, edge.edgeType.name)) {
              outputs[edge.edgeType.name] = follow(id, edge);
            }
          }
          branch.push({ ...own(node), outputs });
          break;
        }
        case 'Sink':
        case 'FragmentOutputDefinition':
          branch.push(own(node));
          break;
        default:
          branch.push(own(node));
          next(edges.find((edge) => !edge.edgeType));
          break;
      }
    }
    while (pendingFalse.length > 0) {
      const { filter, edge } = pendingFalse.pop() as (typeof pendingFalse)[number];
      filter.nextFalse = follow(filter.id, edge);
    }
    return branch;
  };

  const branches: CanonicalNode[][] = [];
  for (const node of graph.nodes) {
    if (START_NODE_TYPES.has(node.type) && byId.get(node.id) === node && !visited.has(node.id)) {
      branches.push(buildBranch(node.id));
    }
  }
  return {
    metaData: { id: options.id, additionalFields: own(graph.properties.additionalFields) },
    nodes: branches[0] ?? [],
    additionalBranches: branches.slice(1),
  };
}
