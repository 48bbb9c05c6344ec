import { getProcessCounts, type ResultsWithCounts } from '@scenaria/api-contract';
import { countEdges, type NodeRecordCount } from '@scenaria/graph';
import { getContext, setContext } from 'svelte';
import type { ScenarioSession } from '$lib/editor/scenario-session.svelte';
import { labelSlotsOf } from '$lib/flow/edge-labels';
import type { ScenarioFlowEdge } from '$lib/flow/scenario-flow';
import { countsQueryOf, type CountsRangeChoice } from './counts-range';
import type { PinnedRecord } from './pinned-input';

/** Which counts the canvas draws: none, the last test run's, or the running deployment's. */
export type CountsShown = 'off' | 'test' | 'live';

type TestRecord = ResultsWithCounts['results']['nodeResults'][string][number];

/** How many records a hover card lists; the Test tab lists more. */
export const HOVER_RECORDS = 5;
const LIVE_POLL_MS = 5000;

/**
 * What the canvas draws over the graph: counts on nodes and edges (of the last test or of the running
 * deployment, in a time range) and the records a test run left at each node and edge. The numbers come from
 * the server and the edge rule from `@scenaria/graph`; this only chooses, fetches and keeps them.
 */
export class CanvasInsight {
  readonly #scenario: ScenarioSession;
  shown = $state<CountsShown>('off');
  range = $state<CountsRangeChoice>({ preset: 'deployment' });
  liveCounts = $state.raw<Record<string, NodeRecordCount> | undefined>(undefined);
  liveProblem = $state<string | undefined>(undefined);
  /** The node or edge under the pointer, whose records the hover card lists. */
  hovered = $state<{ kind: 'node' | 'edge'; id: string; x: number; y: number } | undefined>(undefined);
  /** Test records kept to be run again through the ad-hoc form, newest first. */
  pinned = $state.raw<PinnedRecord[]>([]);
  #poll: ReturnType<typeof setInterval> | undefined;
  #lastTest: ResultsWithCounts | undefined;

  constructor(scenario: ScenarioSession) {
    this.#scenario = scenario;
  }

  /** Shows the counts of a test run as soon as one arrives (called from an effect watching the results). */
  followTestResults(results: ResultsWithCounts | undefined): void {
    if (results && results !== this.#lastTest && this.shown !== 'live') this.shown = 'test';
    this.#lastTest = results;
  }

  get counts(): Record<string, NodeRecordCount | undefined> | undefined {
    if (this.shown === 'test') return this.#scenario.testResults?.counts;
    if (this.shown === 'live') return this.liveCounts;
    return undefined;
  }

  nodeCount(id: string): NodeRecordCount | undefined {
    const counts = this.counts;
    return counts ? (counts[id] ?? { all: 0, errors: 0 }) : undefined;
  }

  /** Which row above its target each edge label takes (see `labelSlotsOf`). */
  labelSlots = $derived.by(() => labelSlotsOf(this.#scenario.editing.edges));

  /** Counts per canvas edge id; edges whose count node counts cannot tell are left out. */
  edgeCounts = $derived.by((): ReadonlyMap<string, number> => {
    const counts = this.counts;
    if (!counts) return new Map();
    const edges = this.#scenario.editing.edges;
    const results = this.shown === 'test' ? this.#scenario.testResults?.results : undefined;
    const recordIdsAt = results ? (nodeId: string) => results.nodeResults[nodeId]?.map((record) => record.id) : undefined;
    const perEdge = countEdges(
      edges.map((edge) => ({ from: edge.source, to: edge.target })),
      counts,
      recordIdsAt,
    );
    const byId = new Map<string, number>();
    edges.forEach((edge, index) => {
      const count = perEdge[index];
      if (count !== undefined) byId.set(edge.id, count);
    });
    return byId;
  });

  /** Whether a test run left records to show on hover. */
  get hasTestRecords(): boolean {
    return this.#scenario.testResults !== undefined;
  }

  /** Records of the last test run that reached a node. */
  recordsAt(nodeId: string): TestRecord[] {
    return this.#scenario.testResults?.results.nodeResults[nodeId] ?? [];
  }

  /** Records of the last test run that went along an edge: those at its target that came from its source. */
  recordsOn(edge: Pick<ScenarioFlowEdge, 'source' | 'target'>): TestRecord[] {
    const atTarget = this.recordsAt(edge.target);
    const onlyIncoming = this.#scenario.editing.edges.filter((other) => other.target === edge.target).length === 1;
    if (onlyIncoming) return atTarget;
    const fromSource = new Set(this.recordsAt(edge.source).map((record) => record.id));
    return atTarget.filter((record) => fromSource.has(record.id));
  }

  /** Keeps a test record (its `#input`) to fill the next ad-hoc run with; pinning it again changes nothing. */
  pin(nodeId: string, record: TestRecord): void {
    if (this.isPinned(record.id)) return;
    this.pinned = [{ id: record.id, nodeId, input: record.variables['input']?.pretty }, ...this.pinned].slice(0, 20);
  }

  unpin(id: string): void {
    this.pinned = this.pinned.filter((pinned) => pinned.id !== id);
  }

  isPinned(id: string): boolean {
    return this.pinned.some((pinned) => pinned.id === id);
  }

  async show(next: CountsShown): Promise<void> {
    this.shown = next;
    clearInterval(this.#poll);
    this.#poll = undefined;
    if (next !== 'live') return;
    await this.refreshLive();
    // Live counts keep moving while the deployment runs; a custom range is fixed, so it is read once.
    if (this.range.preset !== 'custom') this.#poll = setInterval(() => void this.refreshLive(), LIVE_POLL_MS);
  }

  async chooseRange(range: CountsRangeChoice): Promise<void> {
    this.range = range;
    if (this.shown === 'live') await this.show('live');
  }

  async refreshLive(): Promise<void> {
    const result = await this.#scenario.api.call(getProcessCounts, {
      params: { scenarioName: this.#scenario.name },
      query: countsQueryOf(this.range, new Date()),
    });
    if (result.ok) {
      this.liveCounts = result.data;
      this.liveProblem = undefined;
    } else {
      this.liveCounts = undefined;
      this.liveProblem = result.error.message;
    }
  }

  dispose(): void {
    clearInterval(this.#poll);
  }
}

const key = Symbol('canvas-insight');

/** Makes the canvas insight available to the nodes and edges drawn inside the editor. */
export function provideCanvasInsight(insight: CanvasInsight): void {
  setContext(key, insight);
}

/** The editor's canvas insight, or undefined where nodes are drawn outside the editor (the compare view). */
export function findCanvasInsight(): CanvasInsight | undefined {
  return getContext<CanvasInsight | undefined>(key);
}

/** The open scenario's canvas insight: counts and test records to draw. */
export function useCanvasInsight(): CanvasInsight {
  const insight = findCanvasInsight();
  if (!insight) throw new Error('useCanvasInsight() called outside the scenario editor');
  return insight;
}
