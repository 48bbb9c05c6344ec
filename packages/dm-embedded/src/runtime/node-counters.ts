import type { NodeCount as SdkNodeCount } from '@scenaria/deployment-sdk';
import type { ComponentRuntimeRegistry, ExecutionListener } from '@scenaria/engine';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';

/** Counters of one node of a running scenario. */
export interface NodeCount {
  /** Records that reached the node (the designer's `all`). */
  recordsIn: number;
  /** Records the node passed on (to its next nodes), or wrote (sinks). */
  recordsOut: number;
  /** Records that failed in the node. */
  errors: number;
}

/** A time range of counts in epoch milliseconds; an open end reaches as far as there are deployments. */
export interface CountsRange {
  from?: number;
  to?: number;
}

type Edge = { kind: 'node'; nodeId: string } | { kind: 'join'; joinId: string; branchId: string };

/** Where each node passes records on, read from the tree form; sinks are marked. */
function scenarioEdges(scenario: CanonicalProcess): { edges: Map<string, Edge[]>; sinks: Set<string> } {
  const edges = new Map<string, Edge[]>();
  const sinks = new Set<string>();
  const edgeTo = (node: CanonicalNode | undefined): Edge[] => {
    if (!node) return [];
    if (node.type === 'BranchEndData') return [{ kind: 'join', joinId: node.definition.joinId, branchId: node.definition.id }];
    return [{ kind: 'node', nodeId: node.id }];
  };
  const walk = (branch: readonly CanonicalNode[]) => {
    branch.forEach((node, index) => {
      if (node.type === 'BranchEndData') return;
      const out: Edge[] = [];
      // A Switch and a Split end their list; everything else continues with the next node of the list.
      out.push(...edgeTo(branch[index + 1]));
      switch (node.type) {
        case 'Sink':
          sinks.add(node.id);
          break;
        case 'Filter':
          out.push(...edgeTo(node.nextFalse?.[0]));
          walk(node.nextFalse ?? []);
          break;
        case 'Switch':
          for (const switchCase of node.nexts ?? []) {
            out.push(...edgeTo(switchCase.nodes[0]));
            walk(switchCase.nodes);
          }
          out.push(...edgeTo(node.defaultNext?.[0]));
          walk(node.defaultNext ?? []);
          break;
        case 'Split':
          for (const next of node.nexts) {
            out.push(...edgeTo(next[0]));
            walk(next);
          }
          break;
        case 'FragmentInput':
          for (const next of Object.values(node.outputs ?? {})) {
            out.push(...edgeTo(next[0]));
            walk(next);
          }
          break;
        default:
          break;
      }
      edges.set(node.id, out);
    });
  };
  walk(scenario.nodes);
  for (const branch of scenario.additionalBranches ?? []) walk(branch);
  return { edges, sinks };
}

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Counts records per node of a running scenario. The engine reports nodes entered, failures and sink
 * outputs; what a node passed on is derived from what its next nodes received (joins count per branch).
 */
export class NodeCounters {
  private readonly entered = new Map<string, number>();
  private readonly failed = new Map<string, number>();
  private readonly written = new Map<string, number>();
  private readonly joinArrivals = new Map<string, number>();
  private readonly structure: ReturnType<typeof scenarioEdges>;

  constructor(scenario: CanonicalProcess) {
    this.structure = scenarioEdges(scenario);
  }

  /** The listener to compile the scenario with. */
  readonly listener: ExecutionListener = {
    nodeEntered: (nodeId) => void increment(this.entered, nodeId),
    expressionEvaluated: () => undefined,
    serviceInvoked: (nodeId) => {
      if (this.structure.sinks.has(nodeId)) increment(this.written, nodeId);
    },
    exceptionThrown: (nodeId) => void increment(this.failed, nodeId),
  };

  /** The runtimes with joins counting their arrivals per branch. */
  countingJoins(registry: ComponentRuntimeRegistry): ComponentRuntimeRegistry {
    const arrivals = this.joinArrivals;
    return {
      get(componentId) {
        const runtime = registry.get(componentId);
        if (runtime?.kind !== 'join') return runtime;
        return {
          kind: 'join',
          create(args) {
            const instance = runtime.create(args);
            return {
              process(branchId, context, emit) {
                increment(arrivals, `${args.nodeId}\u0000${branchId}`);
                return instance.process(branchId, context, emit);
              },
            };
          },
        };
      },
      with: (more) => this.countingJoins(registry.with(more)),
    };
  }

  /** The counts since the last call, per node that saw anything; the counters start again from zero. */
  takeDeltas(): Map<string, NodeCount> {
    // Every node of the tree: a window may pass on records whose arrival was counted in an earlier period.
    const nodes = new Set([...this.structure.edges.keys(), ...this.entered.keys(), ...this.failed.keys()]);
    const deltas = new Map<string, NodeCount>();
    for (const nodeId of nodes) {
      let recordsOut = this.written.get(nodeId) ?? 0;
      for (const edge of this.structure.edges.get(nodeId) ?? []) {
        recordsOut += edge.kind === 'node' ? (this.entered.get(edge.nodeId) ?? 0) : (this.joinArrivals.get(`${edge.joinId}\u0000${edge.branchId}`) ?? 0);
      }
      const count = { recordsIn: this.entered.get(nodeId) ?? 0, recordsOut, errors: this.failed.get(nodeId) ?? 0 };
      if (count.recordsIn + count.recordsOut + count.errors > 0) deltas.set(nodeId, count);
    }
    this.entered.clear();
    this.failed.clear();
    this.written.clear();
    this.joinArrivals.clear();
    return deltas;
  }
}

/** Adds counter deltas (as a worker sends them) into `into`. */
export function addCounts(into: Map<string, NodeCount>, deltas: Iterable<readonly [string, NodeCount]>): void {
  for (const [nodeId, delta] of deltas) {
    const count = into.get(nodeId);
    into.set(
      nodeId,
      count ? { recordsIn: count.recordsIn + delta.recordsIn, recordsOut: count.recordsOut + delta.recordsOut, errors: count.errors + delta.errors } : { ...delta },
    );
  }
}

/** One node's count in the designer's counts shape (`GET /api/processCounts/{name}`): the SDK's, as test results carry it. */
export type ProcessNodeCount = SdkNodeCount;

/**
 * Node counters in the designer's counts shape: `all` is what reached the node.
 * @example toProcessCounts(await manager.nodeCounts('fraud')) // { source: { all: 3, errors: 0, fragmentCounts: {} }, ... }
 */
export function toProcessCounts(counts: Readonly<Record<string, NodeCount>>): Record<string, ProcessNodeCount> {
  return Object.fromEntries(Object.entries(counts).map(([nodeId, count]) => [nodeId, { all: count.recordsIn, errors: count.errors, fragmentCounts: {} }]));
}
